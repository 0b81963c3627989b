package gamedata

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/testfont"

	"golang.org/x/image/font/gofont/gosmallcaps"
)

// typeGame is a game without an engine with a font of its own, two decks
// (one with its own front and back face) and icons; edit changes one file
// before it is loaded.
func typeGame(t *testing.T, edit func(files map[string]string)) (*Data, []finding.Finding) {
	t.Helper()
	return typeGameWithFont(t, gosmallcaps.TTF, edit)
}

// typeGameWithFont is typeGame with ttf as its font's file, fonts/d.ttf.
func typeGameWithFont(t *testing.T, ttf []byte, edit func(files map[string]string)) (*Data, []finding.Finding) {
	t.Helper()
	files := map[string]string{
		"game.yaml": `id: typeset
title: Typeset
players: {min: 2, max: 4}
files: {cards: [cards.yaml], layout: layout.yaml, reference: reference.yaml}
fonts:
  - {id: display, regular: fonts/d.ttf}
icons:
  - {id: heat, builtin: flame, color: "#e0533d"}
decks:
  - {id: a, name: A, back: plain, fields: [{name: rules, type: text}]}
  - {id: b, name: B, back: plain, fields: [{name: rules, type: text}]}
print:
  card: poker
  backs:
    plain: {title: T}
`,
		"cards.yaml": `cards:
  - id: one
    deck: a
    name: One
    rules: |
      First line
      then :nope: and :heat:
  - id: two
    deck: b
    name: Two
    rules: "Pay \u0041 :nope: twice :nope:"
`,
		"layout.yaml": `front:
  font: display
  elements:
    - {field: name, box: [5, 5, 53, 10], size: 12}
    - {field: rules, font: go, box: [5, 20, 53, 40], size: 10}
decks:
  b:
    front:
      elements:
        - {field: name, box: [5, 5, 53, 10], size: 12}
    back_face:
      font: go
      elements:
        - {field: name, font: display, box: [5, 5, 53, 10], size: 12}
        - {field: rules, box: [5, 20, 53, 40], size: 10}
`,
		"reference.yaml": `title: Typeset
sections:
  - heading: "Play :star:"
    items: ["Gain :heat:."]
`,
	}
	if edit != nil {
		edit(files)
	}
	dir := filepath.Join(t.TempDir(), "typeset")
	if err := os.MkdirAll(filepath.Join(dir, "fonts"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fonts", "d.ttf"), ttf, 0o644); err != nil {
		t.Fatal(err)
	}
	for name, s := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return Load(dir, nil)
}

// errorsOf keeps the errors, as "line:col CODE message".
func errorsOf(fs []finding.Finding) []finding.Finding {
	var out []finding.Finding
	for _, f := range fs {
		if f.Severity == finding.Error {
			out = append(out, f)
		}
	}
	return out
}

// Each element names the font it is set in: its own, else its face's,
// else its deck's front's (a back face), else the top-level front's.
func TestFontsResolve(t *testing.T) {
	g, fs := typeGame(t, func(files map[string]string) {
		files["cards.yaml"] = strings.ReplaceAll(files["cards.yaml"], ":nope:", ":heat:")
	})
	if errs := errorsOf(fs); len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	if g.Fonts["display"] == nil || g.Fonts["display"].Regular.Name != "Go Smallcaps" {
		t.Fatalf("fonts %v", g.Fonts)
	}
	got := func(f Front) []string {
		var out []string
		for _, el := range f.Elements {
			out = append(out, el.Field+"="+el.Font)
		}
		return out
	}
	for _, c := range []struct {
		face Front
		want string
	}{
		{g.Layout.Front, "name=display rules=go"},
		{*g.Layout.Decks["b"].Front, "name=display"},
		{*g.Layout.Decks["b"].BackFace, "name=display rules=go"},
	} {
		if s := strings.Join(got(c.face), " "); s != c.want {
			t.Errorf("got %s, want %s", s, c.want)
		}
	}
	if _, ok := g.Icons["heat"]; !ok || !g.IconKnown("coin") || !g.IconKnown("phase-c") || g.IconKnown("nope") {
		t.Errorf("icons %v", g.Icons)
	}
}

// An unknown icon is reported at its own line and column, in a block
// scalar too; a quoted one whose text the file writes differently is
// reported where it can be found, else at its value.
func TestUnknownIconsAtTheirColumn(t *testing.T) {
	_, fs := typeGame(t, nil)
	var got []string
	for _, f := range errorsOf(fs) {
		if !CodeIconUnknown.Is(f) {
			t.Errorf("unexpected %v", f)
			continue
		}
		got = append(got, filepath.Base(f.File)+":"+strconv.Itoa(f.Line)+":"+strconv.Itoa(f.Col))
	}
	// cards.yaml line 7 "      then :nope: and :heat:"; line 11
	// `    rules: "Pay \u0041 :nope: twice :nope:"`: both occurrences.
	want := "cards.yaml:7:12 cards.yaml:11:24 cards.yaml:11:37"
	if s := strings.Join(got, " "); s != want {
		t.Errorf("got %s, want %s", s, want)
	}
}

// A font file that breaks the format is FONT_DAMAGED, one past
// cardpress's limits FONT_UNSUPPORTED, each once, at the line of game.yaml
// that names the file, and the game loads no font for it.
func TestBadFontsAtTheLineNamingThem(t *testing.T) {
	for _, c := range []struct {
		name string
		ttf  []byte
		code *finding.Code
		msg  string
	}{
		{"self-containing composite", testfont.SelfComposite(gosmallcaps.TTF, 'O'), CodeFontDamaged, "(U+004F O) is made of itself (a composite glyph that contains itself)"},
		{"bad loca", testfont.Loca(gosmallcaps.TTF, 'O', "decreasing"), CodeFontDamaged, "(U+004F O) ends before it starts (loca table)"},
		{"exponential composites", testfont.Chain(gosmallcaps.TTF, 'O', 30, 2), CodeFontFile, "components (counting those of the composite glyphs in it, each time they occur), and cardpress reads at most that"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, fs := typeGameWithFont(t, c.ttf, nil)
			var got []string
			for _, f := range fs {
				if f.Code == CodeFontDamaged.ID || f.Code == CodeFontFile.ID {
					got = append(got, fmt.Sprintf("%s:%d:%d %s %s", filepath.Base(f.File), f.Line, f.Col, f.Code, f.Message))
				}
			}
			// game.yaml line 6: "  - {id: display, regular: fonts/d.ttf}"
			want := fmt.Sprintf("game.yaml:6:28 %s font ", c.code.ID)
			if len(got) != 1 || !strings.HasPrefix(got[0], want) || !strings.Contains(got[0], "typeset/fonts/d.ttf: ") || !strings.Contains(got[0], c.msg) {
				t.Errorf("got %q, want one %q…%q", got, want, c.msg)
			}
			if g.Fonts["display"] != nil {
				t.Error("the bad font was loaded")
			}
		})
	}
}

// A font file over the asset limit is not read: ASSET_TOO_LARGE at the
// line naming it.
func TestFontOverTheSizeLimit(t *testing.T) {
	_, fs := typeGameWithFont(t, make([]byte, MaxAssetBytes+1), nil)
	var got []string
	for _, f := range errorsOf(fs) {
		if f.Code != CodeIconUnknown.ID { // the cards' own mistakes
			got = append(got, fmt.Sprintf("%s:%d:%d %s %s", filepath.Base(f.File), f.Line, f.Col, f.Code, f.Message))
		}
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "game.yaml:6:28 ASSET_TOO_LARGE font file ") || !strings.HasSuffix(got[0], "typeset/fonts/d.ttf is 16.0 MiB; the limit is 16.0 MiB") {
		t.Errorf("got %q", got)
	}
}
