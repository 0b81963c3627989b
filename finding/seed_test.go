package finding

import (
	"encoding/json"
	"testing"
)

func TestSeedJSONIsADecimalString(t *testing.T) {
	b, err := json.Marshal(Finding{Code: "X", Seed: ptr(Seed(13757245211066428519))})
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	if raw["seed"] != "13757245211066428519" {
		t.Errorf("seed is %#v in %s, want the decimal string", raw["seed"], b)
	}
}

// Reports written before seeds were strings hold a number; it must read
// back exactly, above 2^53 too (not through a float64).
func TestSeedReadsStringOrEarlierNumber(t *testing.T) {
	for _, in := range []string{`{"seed":"18446744073709551615"}`, `{"seed":18446744073709551615}`} {
		var f Finding
		if err := json.Unmarshal([]byte(in), &f); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if f.Seed == nil || *f.Seed != 18446744073709551615 {
			t.Errorf("%s: seed %v", in, f.Seed)
		}
	}
	for _, in := range []string{`{"seed":"18446744073709551616"}`, `{"seed":-1}`, `{"seed":1.5}`, `{"seed":"1e3"}`, `{"seed":""}`, `{"seed":true}`} {
		var f Finding
		if err := json.Unmarshal([]byte(in), &f); err == nil {
			t.Errorf("%s: read as %v, want an error", in, *f.Seed)
		}
	}
}

func TestParseSeed(t *testing.T) {
	for in, want := range map[string]Seed{
		"13757245211066428519":   13757245211066428519,
		`"13757245211066428519"`: 13757245211066428519, // pasted from JSON
		" 7\n":                   7,
		"010":                    10, // decimal, as printed, not octal
		"0x10":                   16, // as --seed took before
		"0":                      0,
	} {
		got, err := ParseSeed(in)
		if err != nil || got != want {
			t.Errorf("ParseSeed(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", `""`, "-1", "+1", "1_000", "1.5", "1e3", "18446744073709551616", `"5`, "seed 5"} {
		if got, err := ParseSeed(in); err == nil {
			t.Errorf("ParseSeed(%q) = %d, want an error", in, got)
		}
	}
}

func ptr[T any](v T) *T { return &v }
