package fonts

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gosmallcaps"
)

func TestCovers(t *testing.T) {
	for _, r := range "Aé$—·→×€•" {
		if !GoCovers(r) || !Covers(r) {
			t.Errorf("%q (U+%04X) should be drawable", r, r)
		}
	}
	// ★ is missing from the Go fonts but the fallback has it; anything
	// above U+FFFF cannot be encoded by the PDF writer at all.
	if GoCovers('★') || !Covers('★') || !Fallback().Covers('★') {
		t.Errorf("★: Go %v, default %v; want false, true", GoCovers('★'), Covers('★'))
	}
	for _, r := range []rune{0x1F600, 0x10000, '中', 'क'} {
		if Covers(r) {
			t.Errorf("U+%04X should not be drawable", r)
		}
	}
}

func TestParse(t *testing.T) {
	f, err := Parse(gosmallcaps.TTF)
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "Go Smallcaps" || !f.Covers('A') || f.Covers('★') {
		t.Errorf("name %q, covers A %v, ★ %v", f.Name, f.Covers('A'), f.Covers('★'))
	}
	if g, _ := Parse(gosmallcaps.TTF); g.Key() != f.Key() {
		t.Errorf("the same file got keys %q and %q", f.Key(), g.Key())
	}
	if Fallback().Name != "DejaVu Sans" {
		t.Errorf("fallback %q", Fallback().Name)
	}
}

func TestParseRejects(t *testing.T) {
	otf := append([]byte("OTTO"), make([]byte, 40)...)
	noGlyf := withoutTable(t, gosmallcaps.TTF, "glyf")
	locked := withFSType(t, gosmallcaps.TTF, 2)
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "not a font file"},
		{"OTTO without outlines", otf, `it has no "CFF " table`},
		{"collection", append([]byte("ttcf"), make([]byte, 40)...), "collection"},
		{"woff", append([]byte("wOFF"), make([]byte, 40)...), "WOFF"},
		{"png", append([]byte("\x89PNG"), make([]byte, 40)...), "not a TrueType"},
		{"truncated", gosmallcaps.TTF[:200], "damaged"},
		{"no glyf", noGlyf, `no "glyf" table`},
		{"no embedding", locked, "forbids embedding"},
	} {
		_, err := Parse(c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
}

// withoutTable renames a table in the directory, as if it were missing.
func withoutTable(t *testing.T, ttf []byte, name string) []byte {
	out := bytes.Clone(ttf)
	tables, err := tableDirectory(out)
	if err != nil {
		t.Fatal(err)
	}
	n := int(binary.BigEndian.Uint16(out[4:]))
	for i := range n {
		if string(out[12+16*i:12+16*i+4]) == name {
			copy(out[12+16*i:], "zzzz")
		}
	}
	if _, ok := tables[name]; !ok {
		t.Fatalf("no %s table to remove", name)
	}
	return out
}

func withFSType(t *testing.T, ttf []byte, v uint16) []byte {
	out := bytes.Clone(ttf)
	tables, err := tableDirectory(out)
	if err != nil {
		t.Fatal(err)
	}
	binary.BigEndian.PutUint16(out[tables["OS/2"].off+8:], v)
	return out
}

func TestTag(t *testing.T) {
	f, err := Parse(gosmallcaps.TTF)
	if err != nil {
		t.Fatal(err)
	}
	pdf := []byte("<</BaseFont /utf8" + f.Key() + "\n>> /FontName /utf8" + f.Key() + "\n /utf8go\n")
	got := Tag(bytes.Clone(pdf))
	if len(got) != len(pdf) {
		t.Fatalf("Tag changed the length: %d → %d", len(pdf), len(got))
	}
	s := string(got)
	if !strings.Contains(s, "/BaseFont /") || !strings.Contains(s, "+GoSmallcaps\n") || strings.Contains(s, f.Key()) || !strings.Contains(s, "/utf8go\n") {
		t.Errorf("Tag gave %q", s)
	}
}
