package icon

import (
	"reflect"
	"testing"
)

func TestScan(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"Gain 2 :coin:.", []string{"coin"}},
		{":coin::star:", []string{"coin", "star"}},
		{"a:b:c", []string{"b"}},
		{"::", nil},
		{"Note: see :phase-a: then", []string{"phase-a"}},
		{"at 10:30:00", nil},
		{"a: b: c", nil},
		{":x y:", nil},
		{":num-12::", []string{"num-12"}},
		{"::coin::", []string{"coin"}},
		{":-x:", nil},
		{"trailing :coin", nil},
	} {
		var got []string
		for _, tk := range Scan(c.in) {
			got = append(got, tk.Name)
			if c.in[tk.Start:tk.End] != ":"+tk.Name+":" {
				t.Errorf("%q: token %v does not span :%s:", c.in, tk, tk.Name)
			}
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Scan(%q) = %v, want %v", c.in, got, c.want)
		}
		if Has(c.in) != (len(c.want) > 0) {
			t.Errorf("Has(%q) = %v", c.in, Has(c.in))
		}
	}
}

func TestBuiltin(t *testing.T) {
	for _, name := range []string{"coin", "star", "heart", "shield", "flame", "clock", "gem", "skull", "bolt", "eye", "hand", "paw", "cheese", "lock", "key"} {
		if s, ok := Builtin(name); !ok || s.Draw == nil {
			t.Errorf("no built-in %q", name)
		}
	}
	for name, letter := range map[string]string{"phase-a": "A", "letter-z": "Z", "num-0": "0", "num-42": "42"} {
		if s, ok := Builtin(name); !ok || s.Letter != letter {
			t.Errorf("Builtin(%q) = %+v, want letter %q", name, s, letter)
		}
	}
	for _, name := range []string{"phase-", "phase-aa", "num-100", "num-07", "letter-A", "Coin"} {
		if _, ok := Builtin(name); ok {
			t.Errorf("Builtin(%q) should not exist", name)
		}
	}
	for _, name := range Known() {
		if _, ok := Builtin(name); !ok {
			t.Errorf("Known lists %q, which Builtin does not know", name)
		}
	}
}

// bounds records the extent of everything a design traces.
type bounds struct{ minX, minY, maxX, maxY float64 }

func (b *bounds) pt(x, y float64) {
	b.minX, b.minY = min(b.minX, x), min(b.minY, y)
	b.maxX, b.maxY = max(b.maxX, x), max(b.maxY, y)
}
func (b *bounds) MoveTo(x, y float64) { b.pt(x, y) }
func (b *bounds) LineTo(x, y float64) { b.pt(x, y) }
func (b *bounds) CurveTo(x1, y1, x2, y2, x, y float64) {
	b.pt(x1, y1)
	b.pt(x2, y2)
	b.pt(x, y)
}
func (b *bounds) Close() {}

// Every design stays inside its 1-em square and fills most of it, so
// icons line up with the text around them.
func TestShapesInSquare(t *testing.T) {
	for name, s := range shapes {
		b := &bounds{1, 1, 0, 0}
		s.Draw(b)
		if b.minX < 0 || b.minY < 0 || b.maxX > 1 || b.maxY > 1 {
			t.Errorf("%s leaves the unit square: %+v", name, *b)
		}
		if w, h := b.maxX-b.minX, b.maxY-b.minY; max(w, h) < .8 || min(w, h) < .35 {
			t.Errorf("%s is too small: %+v", name, *b)
		}
	}
}

func TestWords(t *testing.T) {
	for in, want := range map[string]string{
		"Gain 9 :money:. Take 2 :heat:.": "Gain 9 money. Take 2 heat.",
		":phase-a: Draw":                 "phase a Draw",
		"10:30 and a: b":                 "10:30 and a: b",
	} {
		if got := Words(in); got != want {
			t.Errorf("Words(%q) = %q, want %q", in, got, want)
		}
	}
}
