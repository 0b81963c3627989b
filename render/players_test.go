package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/render/pdftest"

	"github.com/ledongthuc/pdf"
)

// circle is a filled circle on a page, in PDF points (y up).
type circle struct {
	cx, cy, r float64
	fill      string // "r g b" as written, three decimals
}

// circles reads the filled circles of page n from its content stream:
// fpdf draws one as "x y m", six Bézier "c" segments and "B" (or "f"),
// after setting the fill with "r g b rg". Nothing else on these pages is
// a move followed by exactly six curves.
func circles(t *testing.T, r *pdf.Reader, n int) []circle {
	t.Helper()
	data := pdftest.Content(t, r, n)
	var out []circle
	var fill string
	var xs, ys []float64
	curves := -1 // -1: not in a path that started with a move
	num := func(f []string, i int) float64 {
		v, _ := strconv.ParseFloat(f[i], 64)
		return v
	}
	for line := range strings.SplitSeq(data, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch op := f[len(f)-1]; {
		case op == "rg" && len(f) == 4:
			fill = strings.Join(f[:3], " ")
		case op == "m" && len(f) == 3:
			xs, ys, curves = []float64{num(f, 0)}, []float64{num(f, 1)}, 0
		case op == "c" && len(f) == 7 && curves >= 0:
			xs, ys, curves = append(xs, num(f, 4)), append(ys, num(f, 5)), curves+1
		case (op == "B" || op == "f") && curves == 6:
			lo, hi := slicesMinMax(xs)
			ylo, yhi := slicesMinMax(ys)
			out = append(out, circle{(lo + hi) / 2, (ylo + yhi) / 2, (hi - lo) / 2, fill})
			curves = -1
		default:
			curves = -1
		}
	}
	return out
}

func slicesMinMax(v []float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, x := range v {
		lo, hi = min(lo, x), max(hi, x)
	}
	return lo, hi
}

// rgOf is a palette colour as fpdf writes it in an rg operator.
func rgOf(hex string) string {
	c := parseColor(hex, white)
	return fmt.Sprintf("%.3f %.3f %.3f", float64(c.r)/255, float64(c.g)/255, float64(c.b)/255)
}

// piecesDoc prints only six players' pieces: a chip each and four
// markers each, as Mice Heist has them.
func piecesDoc() *Document {
	doc := smallDoc()
	doc.Cards = nil
	six := gamedata.PlayerPalette[:6]
	doc.Components = []Component{
		{Kind: "tokens", Title: "Player chips", Diameter: 18, Count: 1, Players: six},
		{Kind: "tokens", Title: "Markers", Diameter: 12, Count: 4, Players: six},
	}
	return doc
}

// Each player's set is printed in its own colour, and every piece also
// carries its colour's name, read back from the PDF: each name lies in
// circles of that name's colour only, one chip and four markers per
// colour, the four markers in one row.
func TestPerPlayerSets(t *testing.T) {
	for _, paper := range []string{"a4", "letter"} {
		r, _ := pnpPDF(t, piecesDoc(), Options{Paper: paper})
		if r.NumPage() != guidePages+1 {
			t.Fatalf("%s: %d pages, want the pieces on one after the guide", paper, r.NumPage())
		}
		text, cs := pdftest.PageText(t, r, guidePages+1), circles(t, r, guidePages+1)
		fills := map[string]bool{}
		for _, p := range gamedata.PlayerPalette[:6] {
			fill := rgOf(p.Color)
			if fills[fill] {
				t.Fatalf("two players share the fill %s", fill)
			}
			fills[fill] = true
			chips, markers := 0, map[float64]int{}
			for _, s := range pdftest.Find(text, p.Name) {
				in := -1
				for i, c := range cs {
					if math.Hypot(s.X-c.cx, s.Y-c.cy) < c.r {
						in = i
					}
				}
				if in < 0 {
					t.Errorf("%s: %q at %.1f,%.1f is in no token", paper, p.Name, s.X, s.Y)
					continue
				}
				c := cs[in]
				if c.fill != fill {
					t.Errorf("%s: %q is on a token filled %s, want %s", paper, p.Name, c.fill, fill)
				}
				switch d := 2 * c.r * 25.4 / 72; {
				case math.Abs(d-18) < 0.1:
					chips++
				case math.Abs(d-12) < 0.1:
					markers[math.Round(c.cy)]++
				default:
					t.Errorf("%s: %q on a token of %.2f mm", paper, p.Name, d)
				}
			}
			if chips != 1 || len(markers) != 1 {
				t.Errorf("%s: %s: %d chips and markers in rows %v, want 1 chip and 4 markers in one row", paper, p.Name, chips, markers)
			}
			for _, n := range markers {
				if n != 4 {
					t.Errorf("%s: %s: %d markers, want 4", paper, p.Name, n)
				}
			}
		}
		// The fills of all tokens are the six players' and nothing else.
		for _, c := range cs {
			if !fills[c.fill] {
				t.Errorf("%s: a token filled %s, not a player colour", paper, c.fill)
			}
		}
		if len(cs) != 30 {
			t.Errorf("%s: %d tokens, want 30", paper, len(cs))
		}
	}
}

// Two-sided per-player tokens keep their player's colour and name on the
// back, behind their front (mirrored for long-edge duplex).
func TestPerPlayerBacks(t *testing.T) {
	doc := piecesDoc()
	doc.Components = []Component{{Kind: "tokens", Title: "Workers", Diameter: 16, Players: gamedata.PlayerPalette[:3],
		Faces: []TokenFace{{Label: "X", Back: "Tired", Count: 2}}}}
	r, _ := pnpPDF(t, doc, Options{})
	pageW, _ := pdftest.MediaBox(r, 1)
	pageW *= 72 / 25.4
	front, back := circles(t, r, guidePages+1), circles(t, r, guidePages+2)
	if len(front) != 6 || len(back) != 6 {
		t.Fatalf("%d fronts and %d backs, want 6 each", len(front), len(back))
	}
	for _, f := range front {
		found := false
		for _, b := range back {
			found = found || math.Abs(b.cx-(pageW-f.cx)) < 0.05 && math.Abs(b.cy-f.cy) < 0.05 && b.fill == f.fill
		}
		if !found {
			t.Errorf("no back of fill %s behind the front at %.1f,%.1f", f.fill, f.cx, f.cy)
		}
	}
	for n, label := range map[int]string{guidePages + 1: "X", guidePages + 2: "Tired"} {
		text := pdftest.PageText(t, r, n)
		for s, want := range map[string]int{label: 6, "Blue": 2, "Orange": 2, "Green": 2} {
			if got := len(pdftest.Find(text, s)); got != want {
				t.Errorf("page %d: %q printed %d times, want %d", n, s, got, want)
			}
		}
	}
}

// A track labels each copy with its own label, and folds a track too
// long for the page's width into rows of one piece; only a copy taller
// than the page is cut into numbered pieces.
func TestTrackLabelsAndRows(t *testing.T) {
	doc := piecesDoc()
	doc.Components = []Component{{Kind: "track", Title: "Contribution tracks", Label: "Job", Labels: []string{"Job A", "Job B", "Job C", "Job D"},
		Spaces: 20, Start: 1, SpaceSize: 13, Count: 4}}
	r, _ := pnpPDF(t, doc, Options{})
	if r.NumPage() != guidePages+1 {
		t.Fatalf("%d pages, want 1 after the guide", r.NumPage())
	}
	count := map[string]int{}
	for _, w := range words(pdftest.PageText(t, r, guidePages+1)) {
		count[w.S]++
	}
	for _, l := range []string{"Job A", "Job B", "Job C", "Job D"} {
		if count[l] != 1 {
			t.Errorf("%q printed %d times, want once: %v", l, count[l], count)
		}
	}
	for n := 1; n <= 20; n++ {
		if count[strconv.Itoa(n)] != 4 {
			t.Errorf("space %d printed %d times, want 4", n, count[strconv.Itoa(n)])
		}
	}
	for w := range count {
		if strings.Contains(w, "/") {
			t.Errorf("a track that fits the page is cut into pieces: %q", w)
		}
	}

	// 500 spaces of 20 mm: far taller than a page when folded.
	doc.Components = []Component{{Kind: "track", Label: "Loot", Spaces: 500, Start: 1, SpaceSize: 20, Count: 1}}
	r, _ = pnpPDF(t, doc, Options{})
	seen := map[int]bool{}
	pieces := 0
	for n := guidePages + 1; n <= r.NumPage(); n++ {
		for _, w := range words(pdftest.PageText(t, r, n)) {
			if strings.HasPrefix(w.S, "Loot ") {
				pieces++
			}
			if v, err := strconv.Atoi(w.S); err == nil {
				if seen[v] {
					t.Errorf("space %d printed twice", v)
				}
				seen[v] = true
			}
		}
	}
	// One-sided pages, each with a blank back but the last.
	if sheets := (r.NumPage() - guidePages + 1) / 2; pieces < 2 || pieces != sheets || !(count["Loot"] == 0) {
		t.Errorf("%d numbered pieces on %d sheets, want one a sheet and more than one", pieces, sheets)
	}
	if len(seen) != 500 {
		t.Errorf("%d spaces printed, want 500", len(seen))
	}
}

// Bad player colours, names the fonts cannot draw and sizes at the edges
// never panic: a piece still prints, with what can be drawn.
func TestPerPlayerHostile(t *testing.T) {
	bad := []gamedata.PlayerColor{{Name: "😀", Color: "nope", Shape: "blob"}, {Name: "\xff\x00" + strings.Repeat("W", 60)}, {}}
	doc := piecesDoc()
	doc.Components = append(doc.Components,
		Component{Kind: "tokens", Diameter: 300, Count: 2, Players: bad},
		Component{Kind: "tokens", Diameter: 0.1, Count: 200, Players: gamedata.PlayerPalette},
		Component{Kind: "tokens", Count: -1, Players: bad},
		Component{Kind: "tokens", Players: bad, Faces: []TokenFace{{Label: "😀", Back: strings.Repeat("x", 50), Count: 3}, {Count: -2}}},
		Component{Kind: "track", Labels: []string{"😀", strings.Repeat("Job ", 80), ""}, Spaces: 3, Count: 5},
	)
	for _, paper := range []string{"a4", "letter"} {
		if _, err := PnP(doc, Options{Paper: paper, Bleed: 3}); err != nil {
			t.Fatal(err)
		}
	}
}
