package finding

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func sample() []Finding {
	seed := Seed(13757245211066428519) // above 2^53: JSON must carry it as a string
	fs := []Finding{
		{Pos: Pos{File: "b.yaml", Line: 3, Col: 1}, Severity: Warning, Code: "SEAT_ADVANTAGE", Message: "seat 1 wins 40% of 300 games"},
		{Pos: Pos{File: "a.yaml", Line: 10, Col: 5}, Code: "SCHEMA_TYPE", Message: "got text, want integer"},
		{Pos: Pos{File: "a.yaml", Line: 2, Col: 7}, Code: "DUPLICATE_ID", Message: `duplicate card id "x"`},
		{Pos: Pos{File: "a.yaml", Line: 10, Col: 5}, Code: "SCHEMA_TYPE", Message: "got text, want integer"}, // exact duplicate
		{Pos: Pos{File: "game.yaml"}, Code: "GAME_NO_END", Message: "no end"},
	}
	fs[4].Seed, fs[4].Players = &seed, 4
	return fs
}

func TestSortOrdersAndDeduplicates(t *testing.T) {
	fs := Sort(sample())
	var order []string
	for _, f := range fs {
		order = append(order, f.Pos.String()+" "+f.Code)
	}
	want := []string{"a.yaml:2:7 DUPLICATE_ID", "a.yaml:10:5 SCHEMA_TYPE", "b.yaml:3:1 SEAT_ADVANTAGE", "game.yaml:1:1 GAME_NO_END"}
	if len(order) != len(want) {
		t.Fatalf("got %v, want %v", order, want)
	}
	for i := range want {
		if order[i] != want[i] {
			t.Errorf("%d: got %q, want %q", i, order[i], want[i])
		}
	}
	if e, w := Count(fs); e != 3 || w != 1 {
		t.Errorf("Count = %d errors, %d warnings", e, w)
	}
}

// The printers are an interface for scripts and CI: golden files pin them.
func TestPrintGolden(t *testing.T) {
	for _, format := range Formats {
		var b bytes.Buffer
		if err := Print(&b, format, Sort(sample())); err != nil {
			t.Fatal(err)
		}
		golden := "testdata/print." + format
		if *update {
			if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b.Bytes(), want) {
			t.Errorf("%s output differs from %s:\n%s", format, golden, b.String())
		}
	}
	if err := Print(&bytes.Buffer{}, "xml", nil); err == nil {
		t.Error("unknown format accepted")
	}
}
