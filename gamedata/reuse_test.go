package gamedata

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
)

// reuseLayout is the own game's layout written with reuse: a group of
// corner indexes, a top-level front that inserts it, the goals deck's front
// extending it and changing elements by name, and the runners' own backs
// extending the runners' front (the top-level one).
const reuseLayout = `# yaml-language-server: $schema=schema/layout.schema.json
groups:
  corners:
    - {name: tl, field: points, box: [4, 4, 8, 8], size: 10}
    - {name: br, field: points, box: [51, 76, 8, 8], size: 10, align: right}
front:
  background: "#ffffff"
  elements:
    - {name: title, field: name, box: [5, 5, 53, 10], size: 12, color: "#111111"}
    - {name: body, field: rules, box: [5, 40, 53, 30], size: 9, min_size: 6}
    - {group: corners}
decks:
  goals:
    front:
      extends: front
      background: "#eeeeee"
      elements:
        - {name: title, color: "#c00000", box: [4, 4, 60, 10]}
        - {name: body, field: target, box: [4, 16, 60, 20], min_size: 7}
        - {name: br, box: [56, 32, 8, 8]}
        - &flavor {field: flavor, box: [4, 36, 40, 5], size: 6}
  runners:
    back_face:
      extends: runners
      elements:
        - {name: title, size: 20}
        - *flavor
`

// reuseWith is the own game with reuseLayout, edited (old, new pairs).
func reuseWith(t *testing.T, edits ...string) map[string]string {
	t.Helper()
	files := ownWith(t)
	files["cards/own/layout.yaml"] = reuseLayout
	for i := 0; i+1 < len(edits); i += 2 {
		if n := strings.Count(files["cards/own/layout.yaml"], edits[i]); n != 1 {
			t.Fatalf("%q occurs %d times in the layout", edits[i], n)
		}
		files["cards/own/layout.yaml"] = strings.Replace(files["cards/own/layout.yaml"], edits[i], edits[i+1], 1)
	}
	return withSchemas(t, files)
}

// elementAt is a resolved element's field, box and where its parts are.
type elementAt struct {
	field          string
	box            []float64
	line, fieldAt  int // the element's line, its field's
	boxAt, colorAt int // its box's line (0: not checked)
}

func checkElements(t *testing.T, face string, got []Element, want []elementAt) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s has %d elements, want %d: %+v", face, len(got), len(want), got)
	}
	for i, w := range want {
		el := got[i]
		if el.Field != w.field || !slices.Equal(el.Box, w.box) || el.Pos.Line != w.line || el.FieldPos.Line != w.fieldAt ||
			w.boxAt != 0 && el.BoxPos.Line != w.boxAt {
			t.Errorf("%s element %d: field %q box %v at line %d (field %d, box %d), want %+v",
				face, i, el.Field, el.Box, el.Pos.Line, el.FieldPos.Line, el.BoxPos.Line, w)
		}
	}
}

// Extends, overrides by name and groups resolve to plain faces, each key
// of an element positioned at the line that gave it: an override's own
// keys at the override, the rest at the base (or the group) they came
// from.
func TestReuseResolvesFaces(t *testing.T) {
	g, fs := Load("cards/own", workspace(t, reuseWith(t)))
	if len(fs) != 0 {
		t.Fatalf("findings:\n%s", lines(fs))
	}
	lay := g.Layout
	checkElements(t, "front", lay.Front.Elements, []elementAt{
		{"name", []float64{5, 5, 53, 10}, 9, 9, 9, 0},
		{"rules", []float64{5, 40, 53, 30}, 10, 10, 10, 0},
		{"points", []float64{4, 4, 8, 8}, 4, 4, 4, 0},
		{"points", []float64{51, 76, 8, 8}, 5, 5, 5, 0},
	})
	goals := lay.FrontOf("goals")
	checkElements(t, "goals front", goals.Elements, []elementAt{
		{"name", []float64{4, 4, 60, 10}, 18, 9, 18, 0},
		{"target", []float64{4, 16, 60, 20}, 19, 19, 19, 0},
		{"points", []float64{4, 4, 8, 8}, 4, 4, 4, 0},
		{"points", []float64{56, 32, 8, 8}, 20, 5, 20, 0},
		{"flavor", []float64{4, 36, 40, 5}, 21, 21, 21, 0},
	})
	title := goals.Elements[0]
	if title.Color.Color != "#c00000" || title.Size != 12 || title.Name != "title" {
		t.Errorf("goals title: colour %v size %v name %q, want the override's colour and the base's size", title.Color, title.Size, title.Name)
	}
	if body := goals.Elements[1]; body.Size != 9 || body.MinSize != 7 {
		t.Errorf("goals body: size %v min %v, want 9 from the base and 7 from the override", body.Size, body.MinSize)
	}
	if br := goals.Elements[3]; br.Align != "right" || br.Size != 10 {
		t.Errorf("goals br kept %q %v, want the group's right and 10", br.Align, br.Size)
	}
	if goals.Background.Color != "#eeeeee" || goals.Extends != "front" {
		t.Errorf("goals face: background %v extends %q", goals.Background, goals.Extends)
	}
	back := lay.BackFaceOf("runners")
	checkElements(t, "runners back", back.Elements, []elementAt{
		{"name", []float64{5, 5, 53, 10}, 26, 9, 9, 0},
		{"rules", []float64{5, 40, 53, 30}, 10, 10, 10, 0},
		{"points", []float64{4, 4, 8, 8}, 4, 4, 4, 0},
		{"points", []float64{51, 76, 8, 8}, 5, 5, 5, 0},
		{"flavor", []float64{4, 36, 40, 5}, 27, 21, 21, 0}, // an alias: the element where it is used, its keys where they are written
	})
	if back.Elements[0].Size != 20 || back.Background.Color != "#ffffff" {
		t.Errorf("runners back: title size %v, background %q; want 20 and the front's", back.Elements[0].Size, back.Background)
	}
	if !lay.Reuse.Extended["front"] || !lay.Reuse.Inserted["corners"] {
		t.Errorf("reuse recorded %+v", lay.Reuse)
	}
}

// The merge knows no element key: any key an override gives replaces the
// base's, whatever its type (a map, a bool, a font, a kind), and one the
// base does not give is added.
func TestReuseMergesAnyKey(t *testing.T) {
	g, fs := Load("cards/own", workspace(t, reuseWith(t,
		`{name: title, color: "#c00000", box: [4, 4, 60, 10]}`,
		`{name: title, color_by: speed, colors: {fast: "#00aa00"}, style: bolditalic, align: right, font: go, phase_badges: true}`)))
	if len(fs) != 0 {
		t.Fatalf("findings:\n%s", lines(fs))
	}
	title := g.Layout.FrontOf("goals").Elements[0]
	want := Element{Field: "name", Box: []float64{5, 5, 53, 10}, Size: 12, Color: PlainColor("#111111"), Style: "bolditalic", Align: "right",
		ColorBy: "speed", Colors: map[string]string{"fast": "#00aa00"}, PhaseBadges: true, Font: GoFont, Name: "title"}
	got := title
	got.Pos, got.FieldPos, got.BoxPos, got.ColorByPos, got.FontPos = finding.Pos{}, finding.Pos{}, finding.Pos{}, finding.Pos{}, finding.Pos{}
	got.Color.ByPos, got.Fill.ByPos, got.Stroke.ByPos, got.WhenPos = finding.Pos{}, finding.Pos{}, finding.Pos{}, finding.Pos{}
	got.text, got.when = template{}, template{}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("merged title\n got %+v\nwant %+v", got, want)
	}
	if title.ColorByPos.Line != 18 || title.BoxPos.Line != 9 {
		t.Errorf("color_by at line %d, box at %d: want the override's 18 and the base's 9", title.ColorByPos.Line, title.BoxPos.Line)
	}
}

// Each mistake in reuse is one finding at the line and column to fix.
func TestReuseFindings(t *testing.T) {
	cases := []struct {
		name  string
		edits []string
		want  []string
		msg   string
	}{
		{name: "unknown base", edits: []string{"extends: runners", "extends: runers"},
			want: []string{"cards/own/layout.yaml:24:16 LAYOUT_EXTENDS"}, msg: `extends "runers": no such face; a face extends front (the top-level front) or a deck id (that deck's front) (did you mean "runners"?)`},
		{name: "faces in a circle", edits: []string{"  runners:\n    back_face:", "  runners:\n    front:\n      extends: goals\n      elements: []\n    back_face:", "extends: front", "extends: runners"},
			// No face extends the top-level front any more, and the faces
			// built on the circle say nothing more.
			want: []string{"cards/own/layout.yaml:6:1 LAYOUT_UNUSED", "cards/own/layout.yaml:24:16 LAYOUT_EXTENDS"}, msg: "faces extend each other in a circle: decks.goals.front → decks.runners.front → decks.goals.front"},
		{name: "a face extending itself", edits: []string{"front:\n  background", "front:\n  extends: front\n  background"},
			want: []string{"cards/own/layout.yaml:7:12 LAYOUT_EXTENDS"}, msg: "a face cannot extend itself (front)"},
		{name: "unknown group", edits: []string{"{group: corners}", "{group: corner}"},
			want: []string{"cards/own/layout.yaml:3:3 LAYOUT_UNUSED", "cards/own/layout.yaml:11:15 LAYOUT_GROUP"}, msg: `no group "corner" in layout.yaml groups (did you mean "corners"?)`},
		{name: "groups in a circle", edits: []string{"  corners:\n", "  corners:\n    - {group: more}\n  more:\n    - {group: corners}\n"},
			want: []string{"cards/own/layout.yaml:6:15 LAYOUT_GROUP"}, msg: "groups insert each other in a circle: groups.corners → groups.more → groups.corners"},
		{name: "a name twice", edits: []string{"{name: body, field: rules", "{name: title, field: rules"},
			want: []string{"cards/own/layout.yaml:10:14 LAYOUT_NAME"}, msg: `two elements of this face are named "title" (the first is at line 9)`},
		{name: "a group inserted twice", edits: []string{"    - {group: corners}\n", "    - {group: corners}\n    - {group: corners}\n"},
			want: []string{"cards/own/layout.yaml:12:15 LAYOUT_NAME"}, msg: `this group brings a second element named "tl" into the face (the first is at line 4)`},
		{name: "an override naming no element", edits: []string{"{name: br, box: [56, 32, 8, 8]}", "{name: rb, align: left}"},
			// The base's br, unchanged, no longer fits the goals' card.
			want: []string{"cards/own/layout.yaml:5:38 LAYOUT_BOX", "cards/own/layout.yaml:20:18 LAYOUT_NAME"},
			msg:  `element "rb" is not whole (missing required field "box"; needs one of: field, text), so it changes an element of front, but that face has no element named "rb" (did you mean "br"?)`},
		{name: "an override without extends", edits: []string{"      extends: front\n", ""},
			// body is whole: a new element of its own.
			want: []string{"cards/own/layout.yaml:17:18 LAYOUT_NAME", "cards/own/layout.yaml:19:18 LAYOUT_NAME"},
			msg:  `element "title" is not whole (needs one of: field, text): a named element may leave keys out only to change the element of its name in the face this face extends, and this face extends none`},
		// A named element that is not whole can only change one; a merge
		// is checked whole, at the key that breaks it.
		{name: "a new named element without a field", edits: []string{"&flavor {field: flavor,", "&flavor {name: extra,"},
			want: []string{"cards/own/layout.yaml:21:26 LAYOUT_NAME"}, msg: `element "extra" is not whole (needs one of: field, text), so it changes an element of front`},
		{name: "an override that makes the whole wrong", edits: []string{"{name: br, box: [56, 32, 8, 8]}", "{name: br, box: [56, 32, 8, 8], src: art.png}"},
			want: []string{"cards/own/layout.yaml:20:43 SCHEMA_UNKNOWN_FIELD"}, msg: `field "src" is not used when kind is "text"`},
		{name: "a group entry with other keys", edits: []string{"{group: corners}", "{group: corners, size: 9}"},
			want: []string{"cards/own/layout.yaml:11:7 SCHEMA"}, msg: "allows at most 1 field, has 2"},
		{name: "an override's key checked as written", edits: []string{"{name: title, size: 20}", "{name: title, sise: 20}"},
			want: []string{"cards/own/layout.yaml:26:25 SCHEMA_UNKNOWN_FIELD"}, msg: `unknown field "sise" (did you mean "size"?)`},
		{name: "a merged box off the card", edits: []string{"{name: br, box: [56, 32, 8, 8]}", "{name: br}"},
			want: []string{"cards/own/layout.yaml:5:38 LAYOUT_BOX"}, msg: `box [51, 76, 8, 8] leaves the card of deck "goals" (68 × 44 mm) on the bottom by 40 mm`},
		{name: "a field typo in a group", edits: []string{"{name: tl, field: points", "{name: tl, field: pionts"},
			want: []string{"cards/own/layout.yaml:4:25 LAYOUT_FIELD"}, msg: `field "pionts" is not a field of deck "runners" (did you mean "points"?)`},
		// Unused blocks warn, and their elements are still checked against
		// every deck's fields. (The goals' br now changes nothing.)
		{name: "an unused group", edits: []string{"    - {group: corners}\n", ""},
			want: []string{"cards/own/layout.yaml:3:3 LAYOUT_UNUSED", "cards/own/layout.yaml:19:18 LAYOUT_NAME"}, msg: `group "corners" is inserted by no face; remove it, or insert it with {group: corners}`},
		{name: "a field typo in an unused group", edits: []string{"    - {group: corners}\n", "", "{name: tl, field: points", "{name: tl, field: pionts"},
			want: []string{"cards/own/layout.yaml:3:3 LAYOUT_UNUSED", "cards/own/layout.yaml:4:25 LAYOUT_FIELD", "cards/own/layout.yaml:19:18 LAYOUT_NAME"}, msg: `field "pionts" is not a field of any deck (did you mean "points"?)`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, fs := Load("cards/own", workspace(t, reuseWith(t, tc.edits...)))
			if got := briefs(fs); !slices.Equal(got, tc.want) {
				t.Errorf("got  %q\nwant %q\n%s", got, tc.want, lines(fs))
			}
			if !slices.ContainsFunc(fs, func(f finding.Finding) bool { return strings.Contains(f.Message, tc.msg) }) {
				t.Errorf("no message contains %q:\n%s", tc.msg, lines(fs))
			}
		})
	}
}

// The issue's own case: in the game `cardpress new` writes, no deck prints
// the top-level front, so a typo there passed. It is checked against every
// deck's fields; the player aid takes its frame, so it is not unused.
func TestUnusedFrontIsChecked(t *testing.T) {
	files := withSchemas(t, ownWith(t, "layout.yaml", "front:\n  elements:\n", "front:\n  elements:\n    - {field: nmae, box: [5, 75, 53, 8], size: 8}\n",
		"layout.yaml", "decks:\n", "decks:\n  runners:\n    front:\n      elements:\n        - {field: name, box: [5, 5, 53, 10], size: 12}\n"))
	_, fs := Load("cards/own", workspace(t, files))
	want := []string{"cards/own/layout.yaml:2:1 LAYOUT_UNUSED", "cards/own/layout.yaml:4:15 LAYOUT_FIELD"}
	if got := briefs(fs); !slices.Equal(got, want) || fs[0].Severity != finding.Warning || !strings.Contains(fs[1].Message, `field "nmae" is not a field of any deck (did you mean "name"?)`) {
		t.Errorf("got %q, want %q:\n%s", got, want, lines(fs))
	}
	// With a player aid, the front is used: only the typo is reported.
	files["cards/own/game.yaml"] = strings.Replace(files["cards/own/game.yaml"], "  layout: layout.yaml\n", "  layout: layout.yaml\n  reference: reference.yaml\n", 1)
	files["cards/own/reference.yaml"] = "# yaml-language-server: $schema=schema/reference.schema.json\ntitle: Own\nsections:\n  - {heading: Play, items: [Run.]}\nplayer_aid:\n  title: Turn\n  items: [Run.]\n"
	_, fs = Load("cards/own", workspace(t, files))
	if got := briefs(fs); !slices.Equal(got, want[1:]) {
		t.Errorf("with a player aid: got %q, want %q:\n%s", got, want[1:], lines(fs))
	}
}

// A resolved face is capped like a face as written, however its groups
// nest: each level of groups inserting groups would otherwise multiply.
func TestReuseCapsElements(t *testing.T) {
	var b strings.Builder
	b.WriteString("# yaml-language-server: $schema=schema/layout.schema.json\ngroups:\n  g0:\n")
	for i := range 10 {
		fmt.Fprintf(&b, "    - {field: name, box: [5, 5, 53, 10], size: %d}\n", 6+i)
	}
	for level := 1; level <= 3; level++ {
		fmt.Fprintf(&b, "  g%d:\n", level)
		for range 10 {
			fmt.Fprintf(&b, "    - {group: g%d}\n", level-1)
		}
	}
	b.WriteString("front:\n  elements:\n    - {group: g3}\n")
	files := ownWith(t)
	files["cards/own/layout.yaml"] = b.String()
	g, fs := Load("cards/own", workspace(t, withSchemas(t, files)))
	if n := len(g.Layout.Front.Elements); n != MaxFaceElements {
		t.Errorf("the front has %d elements, want the most, %d", n, MaxFaceElements)
	}
	if !slices.ContainsFunc(fs, func(f finding.Finding) bool {
		return CodeLayoutGroup.Is(f) && strings.Contains(f.Message, fmt.Sprintf("past %d elements", MaxFaceElements))
	}) {
		t.Errorf("no LAYOUT_GROUP for the cap:\n%s", lines(fs))
	}
}

// MaxFaceElements is the schema's limit on a face's elements as written.
func TestMaxFaceElementsIsTheSchemas(t *testing.T) {
	data, err := os.ReadFile("../schema/layout.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Defs struct {
			Face struct {
				Properties struct {
					Elements struct{ MaxItems int }
				}
			}
		} `json:"$defs"`
		Properties struct {
			Groups struct {
				PatternProperties map[string]struct{ MaxItems int }
			}
		}
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if got := s.Defs.Face.Properties.Elements.MaxItems; got != MaxFaceElements {
		t.Errorf("a face's elements: maxItems %d, MaxFaceElements %d", got, MaxFaceElements)
	}
	for re, g := range s.Properties.Groups.PatternProperties {
		if g.MaxItems != MaxFaceElements {
			t.Errorf("groups %s: maxItems %d, MaxFaceElements %d", re, g.MaxItems, MaxFaceElements)
		}
	}
}

// FuzzLayoutReuse loads the own game with any layout.yaml: a layout from a
// pull request is hostile input. Resolving its extends and groups must not
// panic, every face stays within MaxFaceElements, and every finding in the
// layout points at a line of it.
func FuzzLayoutReuse(f *testing.F) {
	f.Add(reuseLayout)
	f.Add(strings.Replace(reuseLayout, "extends: front", "extends: runners", 1) + "  runners:\n    front: {extends: goals}\n")
	f.Add("groups:\n  a: [{group: b}, {group: a}]\n  b: [{group: a}]\nfront:\n  extends: front\n  elements: [{group: a}, {name: x}, {name: x, box: [1, 1, 1, 1]}]\n")
	f.Add("front:\n  elements: &e [{name: t, field: name, box: [5, 5, 50, 10]}]\ndecks:\n  goals:\n    front: {<<: {extends: front}, elements: *e}\n")
	dir := f.TempDir()
	files := map[string]string{}
	for name, data := range own {
		files[name] = data
	}
	f.Fuzz(func(t *testing.T, layout string) {
		game, err := os.MkdirTemp(dir, "own")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(game)
		files["layout.yaml"] = layout
		for name, data := range files {
			if err := os.WriteFile(filepath.Join(game, name), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		g, fs := Load(game, nil)
		if g == nil {
			return
		}
		for _, fc := range g.faces() {
			if n := len(fc.front.Elements); n > MaxFaceElements {
				t.Errorf("%v has %d elements", fc.path, n)
			}
		}
		lines := strings.Count(layout, "\n") + 1
		for _, fd := range fs {
			if filepath.Base(fd.File) == "layout.yaml" && fd.Line > lines {
				t.Errorf("finding past the layout's %d lines: %v", lines, fd)
			}
		}
	})
}

// BenchmarkLayoutReuse loads a game at reuse's limits, its 50 decks' fronts
// extending one another in a chain, the first inserting a group of ten,
// each changing one element and adding two while there is room (the last
// faces hold MaxFaceElements), against the same faces written out in
// full: resolving must cost less than reading what it saves writing.
func BenchmarkLayoutReuse(b *testing.B) {
	const decks = 50
	var man, chain, flat strings.Builder
	man.WriteString("id: chain\ntitle: Chain\nplayers: {min: 2, max: 4}\nprint: {card: poker}\nfiles:\n  cards: [cards.yaml]\n  layout: layout.yaml\ndecks:\n")
	chain.WriteString("groups:\n  ten:\n")
	el := func(w *strings.Builder, indent string, y int) {
		fmt.Fprintf(w, "%s- {name: e%d, field: name, box: [5, %d, 50, 5], size: 8}\n", indent, y, 5+y%70)
	}
	for i := range 10 {
		el(&chain, "    ", 1000+i)
	}
	chain.WriteString("front:\n  elements:\n")
	flat.WriteString("front:\n  elements:\n")
	el(&chain, "    ", 0)
	el(&flat, "    ", 0)
	chain.WriteString("decks:\n")
	flat.WriteString("decks:\n")
	written := []int{0} // the elements of the face before, by number
	for d := range decks {
		fmt.Fprintf(&man, "  - {id: d%d, name: D%d}\n", d, d)
		base := "front"
		if d > 0 {
			base = fmt.Sprintf("d%d", d-1)
		}
		// Each face changes the first element, and adds two while there is room.
		fmt.Fprintf(&chain, "  d%d:\n    front:\n      extends: %s\n      elements:\n        - {name: e0, size: %d}\n", d, base, 6+d%10)
		fmt.Fprintf(&flat, "  d%d:\n    front:\n      elements:\n", d)
		if d == 0 {
			chain.WriteString("        - {group: ten}\n")
			for i := range 10 {
				written = append(written, 1000+i)
			}
		}
		for _, y := range []int{2*d + 1, 2*d + 2} {
			if len(written) < MaxFaceElements {
				el(&chain, "        ", y)
				written = append(written, y)
			}
		}
		for _, y := range written {
			el(&flat, "        ", y)
		}
	}
	cards := "cards:\n  - {id: a, name: A, deck: d0}\n"
	for _, c := range []struct{ name, layout string }{{"extends-chain", chain.String()}, {"written-out", flat.String()}} {
		b.Run(c.name, func(b *testing.B) {
			dir := b.TempDir()
			for name, data := range map[string]string{"game.yaml": man.String(), "cards.yaml": cards, "layout.yaml": c.layout} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
					b.Fatal(err)
				}
			}
			g, fs := Load(dir, nil)
			if errs, _ := finding.Count(fs); errs > 0 {
				b.Fatalf("%d errors:\n%s", errs, lines(fs))
			}
			if n := len(g.Layout.FrontOf(fmt.Sprintf("d%d", decks-1)).Elements); n != MaxFaceElements {
				b.Fatalf("the last face has %d elements", n)
			}
			b.ReportAllocs()
			for b.Loop() {
				Load(dir, nil)
			}
		})
	}
}

// A top-level front nothing prints that gives only the game's font draws
// nothing and is not reported; with elements too, the warning says to keep
// the font.
func TestUnusedFrontWithTheGamesFont(t *testing.T) {
	layout := `# yaml-language-server: $schema=schema/layout.schema.json
front:
  font: go
  elements: []
decks:
  runners: {front: {elements: [{field: name, box: [5, 5, 53, 10], size: 12}]}}
  goals: {front: {elements: [{field: name, box: [4, 4, 60, 10], size: 12}]}}
`
	files := ownWith(t)
	files["cards/own/layout.yaml"] = layout
	if _, fs := Load("cards/own", workspace(t, withSchemas(t, files))); len(fs) != 0 {
		t.Errorf("a front with the font alone is reported:\n%s", lines(fs))
	}
	files["cards/own/layout.yaml"] = strings.Replace(layout, "elements: []", "elements: [{field: flavor, box: [5, 70, 53, 10], size: 8}]", 1)
	_, fs := Load("cards/own", workspace(t, withSchemas(t, files)))
	if got := briefs(fs); !slices.Equal(got, []string{"cards/own/layout.yaml:2:1 LAYOUT_UNUSED"}) || !strings.Contains(fs[0].Message, "keep only its font (the game's), or extend it") {
		t.Errorf("got %q:\n%s", got, lines(fs))
	}
}

// Merge keys count like keys written out: an override built with <<
// changes the base's element of its name, and a face built with << may
// extend another.
func TestReuseWithMergeKeys(t *testing.T) {
	g, fs := Load("cards/own", workspace(t, reuseWith(t,
		`    - {name: title, field: name,`, `    - &title {name: title, field: name,`,
		`        - {name: title, color: "#c00000", box: [4, 4, 60, 10]}`, `        - {<<: *title, color: "#c00000", box: [4, 4, 60, 10]}`,
		"    front:\n      extends: front\n", "    front:\n      <<: {extends: front}\n")))
	if len(fs) != 0 {
		t.Fatalf("findings:\n%s", lines(fs))
	}
	goals := g.Layout.FrontOf("goals")
	if n := len(goals.Elements); n != 5 || goals.Elements[0].Color.Color != "#c00000" || goals.Elements[0].Box[0] != 4 || goals.Extends != "front" {
		t.Errorf("goals front: %d elements, the first %+v", n, goals.Elements[0])
	}
}

// An element a face gets from the face it extends is a copy: its when is
// compiled on the copy too, so the runners' back leaves the hare's speed
// label out as its front does (it was drawn on every back before).
func TestReuseCompilesWhenInEveryCopy(t *testing.T) {
	g, fs := Load("cards/own", workspace(t, reuseWith(t,
		`    - {group: corners}
decks:`, `    - {group: corners}
    - {name: slow, text: "Slow", when: "speed == 'slow'", box: [5, 30, 53, 8], size: 9}
decks:`)))
	if len(fs) != 0 {
		t.Fatalf("findings:\n%s", lines(fs))
	}
	hare := g.Cards[slices.IndexFunc(g.Cards, func(c Card) bool { return c.ID == "hare" })]
	for _, side := range []struct {
		name string
		els  []Element
	}{{"front", g.Layout.FrontOf("runners").Elements}, {"back", g.Layout.BackFaceOf("runners").Elements}} {
		i := slices.IndexFunc(side.els, func(e Element) bool { return e.Name == "slow" })
		if i < 0 {
			t.Fatalf("%s: no element slow", side.name)
		}
		if el := side.els[i]; el.Cond == nil || el.Cond.Holds(hare) {
			t.Errorf("%s: the fast hare's slow label is drawn (compiled: %v)", side.name, el.Cond != nil)
		}
	}
}
