package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cardpress/cardpress/internal/testart"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/render/pdftest"
)

// shapesGame copies testdata/shapes (a game without an engine that draws
// with shapes, colours taken from card values and pictures chosen by
// value) into a workspace as ws/shapes and returns ws.
func shapesGame(t *testing.T) string { return testGame(t, "shapes") }

// findingAt is where a finding about text names it, file:line:col: the
// first text after the first after in file (after "" for the file's
// start), the column counted in characters like findings count it.
func findingAt(t *testing.T, ws, file, after, text string) string {
	t.Helper()
	s := string(readFile(t, filepath.Join(ws, file)))
	from := strings.Index(s, after)
	i := strings.Index(s[max(from, 0):], text)
	if from < 0 || i < 0 {
		t.Fatalf("%q (after %q) not in %s", text, after, file)
	}
	i += from
	start := strings.LastIndexByte(s[:i], '\n') + 1
	return file + ":" + itoa(1+strings.Count(s[:i], "\n")) + ":" + itoa(1+utf8.RuneCountInString(s[start:i])) + ":"
}

func TestShapesGameRendersEveryPictureItNames(t *testing.T) {
	ws := shapesGame(t)
	if code, out, errOut := run(t, ws, "validate", "shapes"); code != 0 || !strings.Contains(out, "1 game, 7 cards, no problems") {
		t.Fatalf("validate: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := run(t, ws, "render", "shapes", "--out", "out"); code != 0 {
		t.Fatalf("render: exit %d\n%s%s", code, out, errOut)
	}
	data, err := os.ReadFile(filepath.Join(ws, "out", "shapes", "shapes-pnp.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	// Five spells' art, the three type icons, the three stage badges and
	// the two realms' backgrounds, each picture a width of its own; the
	// earth background is checked but no card draws it.
	r := pdftest.Read(t, data)
	var widths []int
	for n := 1; n <= r.NumPage(); n++ {
		for _, p := range pdftest.Images(t, r, n) {
			widths = append(widths, p.Width)
		}
	}
	slices.Sort(widths)
	want := []int{64, 64, 66, 66, 68, 70, 70, 72, 72, 74, 310, 312, 314, 316, 318, 390, 392}
	if !slices.Equal(widths, want) {
		t.Errorf("the sheets draw pictures %v pixels wide, want %v", widths, want)
	}
	if n := imageObjects(data); n != 13 {
		t.Errorf("the PDF embeds %d pictures, want 13 (each once)", n)
	}
	if code, _, _ := run(t, ws, "render", "shapes", "--out", "again"); code != 0 {
		t.Fatal("render again failed")
	}
	if again, _ := os.ReadFile(filepath.Join(ws, "again", "shapes", "shapes-pnp.pdf")); !bytes.Equal(again, data) {
		t.Error("the same cards gave other bytes the second time")
	}
}

// Every way a shape, a colour value or a picture by value can be wrong is
// one finding at its exact line and column: in layout.yaml where the
// layout is wrong, in the card file at the value of the card whose value
// names a picture that is missing or broken.
func TestShapesProblemsAtTheirPlace(t *testing.T) {
	const layout, cards = "shapes/layout.yaml", "shapes/cards.yaml"
	cases := []struct {
		name           string
		file, old, new string // the edit
		setup          func(t *testing.T, game string)
		atFile, after  string // where the finding is: the first text after after
		at, code, msg  string
		exit           int
	}{
		{name: "a colour that is not one", file: layout, old: `fill: "#f1c40f"`, new: `fill: "#12345"`,
			atFile: layout, at: `"#12345"`, code: "SCHEMA", msg: `"#12345" is not valid: write colours as #rrggbb`, exit: 1},
		{name: "a colour that is a word", file: layout, old: `fill: "#f1c40f"`, new: `fill: reddish`,
			atFile: layout, at: `reddish`, code: "SCHEMA", msg: `"reddish" is not valid: write colours as #rrggbb`, exit: 1},
		{name: "a bad colour in a value map", file: layout, old: `water: "#2471a3"}, default: "#7d6608"}, stroke: "#1b1b1b"`, new: `water: "#2471zz"}, default: "#7d6608"}, stroke: "#1b1b1b"`,
			atFile: layout, at: `"#2471zz"`, code: "SCHEMA", msg: `"#2471zz" is not valid: write colours as #rrggbb`, exit: 1},
		{name: "a key of another kind of shape", file: layout, old: `{kind: ellipse, box`, new: `{kind: ellipse, radius: 2, box`,
			atFile: layout, at: `radius: 2`, code: "SCHEMA_UNKNOWN_FIELD", msg: `field "radius" is not used when kind is "ellipse"`, exit: 1},
		{name: "a text key on a shape", file: layout, old: `{kind: rect, box`, new: `{kind: rect, size: 9, box`,
			atFile: layout, at: `size: 9`, code: "SCHEMA_UNKNOWN_FIELD", msg: `field "size" is not used when kind is "rect"`, exit: 1},
		{name: "a shape key on text", file: layout, old: `{field: cost, box`, new: `{field: cost, fill: "#ffffff", box`,
			atFile: layout, at: `fill: "#ffffff"`, code: "SCHEMA_UNKNOWN_FIELD", msg: `field "fill" is not used when kind is "text"`, exit: 1},
		{name: "a polygon of two points", file: layout, old: `points: [[0, 0], [51, 0], [51, 16], [0, 16]]`, new: `points: [[0, 0], [51, 0]]`,
			atFile: layout, at: `[[0, 0], [51, 0]]`, code: "SCHEMA", msg: "needs at least 3 items, has 2", exit: 1},
		{name: "a polygon without corners", file: layout, old: `{kind: polygon, sides: 6, box`, new: `{kind: polygon, box`,
			atFile: layout, at: `{kind: polygon, box`, code: "SCHEMA_REQUIRED", msg: "needs one of: points, sides", exit: 1},
		{name: "a shape without paint", file: layout, old: `{kind: ellipse, box: [46, 54, 11, 11], fill: "#f1c40f", stroke: "#1b1b1b", stroke_width: 0.3}`, new: `{kind: ellipse, box: [46, 54, 11, 11]}`,
			atFile: layout, at: `{kind: ellipse`, code: "SCHEMA_REQUIRED", msg: "needs one of: fill, stroke", exit: 1},
		{name: "a corner radius over half the box", file: layout, old: `radius: 5,`, new: `radius: 5.5,`,
			atFile: layout, at: `5.5`, code: "LAYOUT_SHAPE", msg: "corner radius 5.5 mm is more than half the shorter side of the box [4, 4, 55, 10]: at most 5 mm", exit: 1},
		{name: "a point outside the box", file: layout, old: `[51, 16], [0, 16]]`, new: `[51, 17], [0, 16]]`,
			atFile: layout, at: `[51, 17]`, code: "LAYOUT_SHAPE", msg: "point [51, 17] is outside the box [6, 68, 51, 16]", exit: 1},
		{name: "a star with points", file: layout, old: `sides: 5, star`, new: `points: [[0, 0], [5, 5], [0, 9]], star`,
			atFile: layout, at: `0.45`, code: "LAYOUT_SHAPE", msg: "star makes a star of sides points", exit: 1},
		{name: "a colour by a field no card has", file: layout, old: `background: {by: type,`, new: `background: {by: typ,`,
			atFile: layout, at: `typ,`, code: "LAYOUT_FIELD", msg: `field "typ" is not a field of deck "spells" (did you mean "type"?)`, exit: 1},
		{name: "a colour by a list", file: layout, old: `background: {by: type,`, new: `background: {by: keywords,`,
			atFile: layout, at: `keywords`, code: "LAYOUT_FIELD", msg: `field "keywords" holds a list`, exit: 1},
		{name: "a colour for a value no card can have", file: layout, old: `colors: {"true": "#d4ac0d"}}, stroke`, new: `colors: {"yes": "#d4ac0d"}}, stroke`,
			atFile: layout, at: `"yes"`, code: "LAYOUT_VALUE", msg: `value "yes": field "rare" is true or false, so this colour is never used`, exit: 0},
		{name: "a colour for a deck the face does not print", file: layout, old: `background: {by: type, colors: {fire: "#fde3d6"`, new: `background: {by: deck, colors: {realms: "#fde3d6"`,
			atFile: layout, at: `realms: "#fde3d6"`, code: "LAYOUT_VALUE", msg: `value "realms": this face prints deck "spells"`, exit: 0},
		{name: "color_by beside a colour value map", file: layout, old: `{field: cost, box`, new: `{field: cost, color_by: type, colors: {fire: "#ff0000"}, color: {by: type, colors: {fire: "#ff0000"}}, box`,
			atFile: layout, at: `color_by`, code: "SCHEMA", msg: "color_by and colors are the older spelling of color", exit: 1},
		{name: "a card's picture missing", setup: remove("art/tide.png"),
			atFile: cards, after: "id: tide", at: "tide", code: "FILE_MISSING", msg: "image file shapes/art/tide.png not found", exit: 1},
		{name: "a stage's picture missing", setup: remove("icons/stage-3.png"),
			atFile: cards, after: "id: stone", at: "3\n", code: "FILE_MISSING", msg: "image file shapes/icons/stage-3.png not found", exit: 1},
		{name: "a card's picture is not a picture", setup: copyFile("reference.yaml", "art/stone.png"),
			atFile: cards, after: "id: stone", at: "stone", code: "IMAGE_FORMAT", msg: "image file shapes/art/stone.png is not a PNG, JPEG or SVG image", exit: 1},
		{name: "a card's picture too blurred", setup: writeArt("art/ember.png", testart.PNG(testart.Portrait(100, 70, 0, false))),
			atFile: cards, after: "id: ember", at: "ember", code: "IMAGE_LOW_RES", msg: "image shapes/art/ember.png (100 × 70 pixels) prints at 49 dpi in its box [6, 16, 51, 36] (fit cover): under 150 dpi it looks blurred; use at least 304 × 213 pixels", exit: 0},
		{name: "a card's picture too big to decode", setup: writeArt("art/spark.png", testart.ClaimPNG(8000, 6000, 8, 6, false)),
			atFile: cards, after: "id: spark", at: "spark", code: "ASSET_TOO_LARGE", msg: "image file shapes/art/spark.png is 8000 × 6000 pixels, over the limit of 40 million pixels", exit: 1},
		{name: "a template naming no field", file: layout, old: `"art/{id}.png"`, new: `"art/{idd}.png"`,
			atFile: layout, at: `{idd}`, code: "LAYOUT_FIELD", msg: `field "idd" is not a field of deck "spells" a picture can be chosen by: id, name, deck, flavor and the fields the decks declare (an engine's fields are known only when printing) (did you mean "id"?)`, exit: 1},
		{name: "a template not closed", file: layout, old: `"art/{id}.png"`, new: `"art/{id.png"`,
			atFile: layout, at: `{id.png`, code: "TEMPLATE", msg: "'{' is not closed by '}'", exit: 1},
		{name: "a template that is no path", file: layout, old: `"art/{id}.png"`, new: `"art/{id} x.png"`,
			atFile: layout, at: `"art/{id} x.png"`, code: "SCHEMA", msg: "is not valid: name a file inside the game folder, or a template of one", exit: 1},
		{name: "a card value that makes no file name", file: layout, old: `"art/{id}.png"`, new: `"art/{rules}.png"`,
			atFile: cards, after: "id: ember", at: "Deal 2", code: "IMAGE_PATH", msg: `picture "art/Deal 2 damage..png", made from this card's values by "art/{rules}.png", is not a file name in the game folder`, exit: 1},
		{name: "a value map's picture missing", file: layout, old: `water: icons/water.png}`, new: `water: icons/wave.png}`,
			atFile: layout, at: "icons/wave.png", code: "FILE_MISSING", msg: "image file shapes/icons/wave.png not found", exit: 1},
		{name: "a value map by a field no card has", file: layout, old: `{by: type, files: {fire: icons/fire.png`, new: `{by: tpye, files: {fire: icons/fire.png`,
			atFile: layout, at: "tpye", code: "LAYOUT_FIELD", msg: `(did you mean "type"?)`, exit: 1},
		{name: "a picture for a value no card can have", file: layout, old: `water: icons/water.png}`, new: `water: icons/water.png, air: icons/water.png}`,
			atFile: layout, at: "air:", code: "LAYOUT_VALUE", msg: `value "air": field "type" is one of fire, water, earth, so this picture is never used`, exit: 0},
		{name: "a background picture by template missing", file: layout, old: `{src: {by: type, files: {fire: backgrounds/fire.png, water: backgrounds/water.png}, default: backgrounds/earth.png}}`, new: `{src: "backgrounds/{type}-x.png"}`,
			atFile: cards, after: "id: lagoon", at: "water", code: "FILE_MISSING", msg: "image file shapes/backgrounds/water-x.png not found", exit: 1},
		{name: "an accent colour for a value no card can have", file: layout, old: `  realms:
    front:
`, new: `  realms:
    front:
      accent: {box: [3, 3, 57, 6], by: field, field: type, colors: {fire: "#c0392b", lava: "#c0392b", default: "#2b2b3a"}}
`,
			atFile: layout, at: "lava", code: "LAYOUT_VALUE", msg: `value "lava": field "type" is one of fire, water, earth, so this colour is never used`, exit: 0},
		{name: "a background picture missing", setup: remove("backgrounds/earth.png"),
			atFile: layout, at: "backgrounds/earth.png", code: "FILE_MISSING", msg: "image file shapes/backgrounds/earth.png not found", exit: 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ws := shapesGame(t)
			if tc.file != "" {
				testutil.Edit(t, ws, tc.file, tc.old, tc.new)
			}
			if tc.setup != nil {
				tc.setup(t, filepath.Join(ws, "shapes"))
			}
			at := findingAt(t, ws, tc.atFile, tc.after, tc.at)
			code, out, errOut := run(t, ws, "validate", "shapes")
			if code != tc.exit || !containsLine(out, at, tc.code) || !strings.Contains(out, tc.msg) {
				t.Fatalf("exit %d, want %d and %s %s: %s in:\n%s%s", code, tc.exit, at, tc.code, tc.msg, out, errOut)
			}
			if tc.exit == 1 {
				renderRefuses(t, ws, "shapes")
			}
		})
	}
}

// A card's value cannot lead a picture's path out of the game folder: the
// path it makes is refused before anything is opened, even where a file
// of that name exists outside.
func TestShapesPictureByValueStaysInTheFolder(t *testing.T) {
	ws := shapesGame(t)
	write(t, filepath.Join(ws, "secret.png"), testart.PNG(testart.Portrait(310, 220, 1, false)))
	testutil.Edit(t, ws, "shapes/layout.yaml", `"art/{id}.png"`, `"art/{flavor}.png"`)
	testutil.Edit(t, ws, "shapes/cards.yaml", "    rules: Draw a card.", "    flavor: ../../secret")
	at := findingAt(t, ws, "shapes/cards.yaml", "id: spark", "../../secret")
	code, out, errOut := run(t, ws, "validate", "shapes")
	if code != 1 || !containsLine(out, at, "IMAGE_PATH") || !strings.Contains(out, `picture "art/../../secret.png"`) {
		t.Fatalf("exit %d, want 1 and IMAGE_PATH at %s\n%s%s", code, at, out, errOut)
	}
	if strings.Count(out, " error ") != 1 {
		t.Errorf("the cards without flavour have no picture, and no finding:\n%s", out)
	}
}

// A picture named by value is embedded at 600 dpi at the largest size it
// prints, like any other: the 3000-pixel art of a spell in its 51 mm box
// (fit cover) is embedded 1205 pixels wide.
func TestShapesPictureByValueScaledToItsPrint(t *testing.T) {
	ws := shapesGame(t)
	write(t, filepath.Join(ws, "shapes", "art", "ember.png"), testart.PNG(testart.Portrait(3000, 2118, 0, false)))
	if code, out, errOut := run(t, ws, "render", "shapes", "--out", "out"); code != 0 {
		t.Fatalf("render: exit %d\n%s%s", code, out, errOut)
	}
	r := pdftest.Read(t, readFile(t, filepath.Join(ws, "out", "shapes", "shapes-pnp.pdf")))
	var widths []int
	for n := 1; n <= r.NumPage(); n++ {
		for _, p := range pdftest.Images(t, r, n) {
			widths = append(widths, p.Width)
		}
	}
	if !slices.Contains(widths, 1205) || slices.Contains(widths, 3000) {
		t.Errorf("pictures %v pixels wide: want ember's art scaled to 1205", widths)
	}
}

func remove(name string) func(*testing.T, string) {
	return func(t *testing.T, game string) {
		if err := os.Remove(filepath.Join(game, filepath.FromSlash(name))); err != nil {
			t.Fatal(err)
		}
	}
}

func copyFile(from, to string) func(*testing.T, string) {
	return func(t *testing.T, game string) {
		data, err := os.ReadFile(filepath.Join(game, from))
		if err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(game, filepath.FromSlash(to)), data)
	}
}

func writeArt(name string, data []byte) func(*testing.T, string) {
	return func(t *testing.T, game string) { write(t, filepath.Join(game, filepath.FromSlash(name)), data) }
}

// A picture by value is checked only on the cards its element is drawn
// on: with when leaving out the stage-3 card, its missing picture is no
// finding; drawn there again, it is, at the card's value.
func TestShapesPictureByValueHonoursWhen(t *testing.T) {
	ws := shapesGame(t)
	os.Remove(filepath.Join(ws, "shapes", "icons", "stage-3.png"))
	testutil.Edit(t, ws, "shapes/layout.yaml", `{kind: image, src: "icons/stage-{stage}.png", box`, `{kind: image, src: "icons/stage-{stage}.png", when: "stage < 3", box`)
	if code, out, errOut := run(t, ws, "validate", "shapes"); code != 0 || strings.Contains(out, "stage-3") {
		t.Fatalf("a picture its when leaves out: exit %d\n%s%s", code, out, errOut)
	}
	testutil.Edit(t, ws, "shapes/layout.yaml", `when: "stage < 3"`, `when: "stage <= 3"`)
	at := findingAt(t, ws, "shapes/cards.yaml", "id: stone", "3\n")
	if code, out, _ := run(t, ws, "validate", "shapes"); code != 1 || !containsLine(out, at, "FILE_MISSING") {
		t.Errorf("the picture of a card its when keeps: exit %d, want 1 and FILE_MISSING at %s\n%s", code, at, out)
	}
}
