package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testart"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/render/pdftest"
)

// artGame copies the hand-written game with art in testdata/art (pictures
// included) into a workspace as ws/art, writes its schema folder and
// returns ws.
func artGame(t *testing.T) string { return testGame(t, "art") }

// imageObjects counts the pictures a PDF embeds: its image XObjects, less
// the soft masks that carry a picture's transparency.
func imageObjects(pdf []byte) int {
	return bytes.Count(pdf, []byte("/Subtype /Image")) - len(regexp.MustCompile(`/SMask \d+ 0 R`).FindAll(pdf, -1))
}

func TestArtGameRendersEachPictureOnce(t *testing.T) {
	ws := artGame(t)
	code, out, errOut := run(t, ws, "validate", "art")
	if code != 0 || !strings.Contains(out, "1 game, 6 cards, no problems") {
		t.Fatalf("validate: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := run(t, ws, "render", "art", "--out", "out"); code != 0 {
		t.Fatalf("render: exit %d\n%s%s", code, out, errOut)
	}
	pnp := filepath.Join(ws, "out", "art", "art-pnp.pdf")
	data, err := os.ReadFile(pnp)
	if err != nil {
		t.Fatal(err)
	}
	// owl (also the badger's, and wren.png is the same picture), fox, hare,
	// the parchment, the frame, the emblem and the back: 7 pictures on 12
	// card faces.
	if n := imageObjects(data); n != 7 {
		t.Errorf("the PDF embeds %d pictures, want 7 (each once)", n)
	}
	text := strings.Join(pdftest.FilePages(t, pnp), "\n")
	for _, want := range []string{"Owl", "Fox", "Hare", "Badger", "Wren", "Swap two cards"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
	// A file path is never printed as text.
	if strings.Contains(text, "portraits") {
		t.Errorf("an image field is printed as text:\n%s", text)
	}
	// Pictures of one size are written in a fixed order: the same cards
	// give the same bytes, run after run.
	for i := range 3 {
		if code, out, errOut := run(t, ws, "render", "art", "--out", "again"); code != 0 {
			t.Fatalf("render %d: exit %d\n%s%s", i, code, out, errOut)
		}
		again, err := os.ReadFile(filepath.Join(ws, "again", "art", "art-pnp.pdf"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, data) {
			t.Fatalf("render %d gave other bytes than the first", i)
		}
	}
}

// Every way an image can go wrong is one finding at the line that names
// it: the card's field, the layout's src or the back in game.yaml.
func TestArtProblemsAtTheirLine(t *testing.T) {
	cases := []struct {
		name, file, old, new, at, code, msg string
		setup                               func(t *testing.T, game string)
	}{
		{name: "missing portrait", file: "cards.yaml", old: "art/portraits/fox.png", new: "art/portraits/wolf.png", at: "wolf.png",
			code: "FILE_MISSING", msg: "image file art/art/portraits/wolf.png not found"},
		{name: "missing emblem", file: "layout.yaml", old: "src: art/emblem.png", new: "src: art/crest.png", at: "crest.png",
			code: "FILE_MISSING", msg: "image file art/art/crest.png not found"},
		{name: "missing back", file: "game.yaml", old: "art/back.jpg", new: "art/reverse.jpg", at: "reverse.jpg",
			code: "FILE_MISSING", msg: "image file art/art/reverse.jpg not found"},
		{name: "parent folder", file: "cards.yaml", old: "art/portraits/hare.jpg", new: "../secret.png", at: "../secret.png",
			code: "SCHEMA", msg: `"../secret.png" is not valid: name a file inside the game folder`},
		{name: "absolute path", file: "layout.yaml", old: "src: art/parchment.png", new: "src: /etc/passwd", at: "/etc/passwd",
			code: "SCHEMA", msg: `"/etc/passwd" is not valid: name a file inside the game folder`},
		{name: "not an image", file: "cards.yaml", old: "art/portraits/hare.jpg", new: "reference.yaml", at: "portrait: reference.yaml",
			code: "IMAGE_FORMAT", msg: "is not a PNG, JPEG or SVG image; use a PNG or JPEG file, or an SVG drawing"},
		{name: "svg", file: "cards.yaml", old: "art/portraits/hare.jpg", new: "art/hare.svg", at: "hare.svg",
			code: "IMAGE_FORMAT", msg: "SVG drawing art/art/hare.svg line 1 refers to \"/etc/passwd\" outside the drawing",
			setup: func(t *testing.T, game string) {
				write(t, filepath.Join(game, "art", "hare.svg"), []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="/etc/passwd"/></svg>`))
			}},
		{name: "damaged png", file: "cards.yaml", old: "art/portraits/hare.jpg", new: "art/cut.png", at: "cut.png",
			code: "IMAGE_FORMAT", msg: "is a damaged PNG image",
			setup: func(t *testing.T, game string) {
				whole := testart.PNG(testart.Portrait(400, 320, 1, false))
				write(t, filepath.Join(game, "art", "cut.png"), whole[:len(whole)*2/3])
			}},
		{name: "image field in a text element", file: "layout.yaml", old: "{kind: image, field: portrait,", new: "{field: portrait,", at: "field: portrait",
			code: "LAYOUT_FIELD", msg: `field "portrait" of deck "heroes" is an image: draw it with kind: image`},
		{name: "text field in an image element", file: "layout.yaml", old: "field: portrait", new: "field: rules", at: "field: rules, box: [6, 15",
			code: "LAYOUT_FIELD", msg: `field "rules" of deck "heroes" is a text field, not an image`},
		{name: "image element without a picture", file: "layout.yaml", old: "{kind: image, src: art/emblem.png,", new: "{kind: image,", at: "{kind: image, box",
			code: "SCHEMA_REQUIRED", msg: "needs one of: field, src"},
		{name: "image element with two pictures", file: "layout.yaml", old: "{kind: image, src: art/emblem.png,", new: "{kind: image, field: portrait, src: art/emblem.png,", at: "{kind: image, field: portrait, src",
			code: "SCHEMA", msg: "has both field and src; use only one"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ws := artGame(t)
			file := filepath.Join("art", tc.file)
			testutil.Edit(t, ws, file, tc.old, tc.new)
			if tc.setup != nil {
				tc.setup(t, filepath.Join(ws, "art"))
			}
			line := testutil.LineOf(t, ws, file, tc.at, false)
			validateReports(t, ws, "art", file+":"+itoa(line)+":", tc.code, tc.msg)
			renderRefuses(t, ws, "art")
		})
	}
}

// A picture too small for its box still prints, with a warning that says
// how many pixels it needs.
func TestArtLowResolutionWarns(t *testing.T) {
	ws := artGame(t)
	write(t, filepath.Join(ws, "art", "art", "portraits", "owl.png"), testart.PNG(testart.Portrait(100, 80, 0, false)))
	code, out, errOut := run(t, ws, "validate", "art")
	if code != 0 {
		t.Fatalf("exit %d, want 0 (warnings only)\n%s%s", code, out, errOut)
	}
	cards := filepath.Join("art", "cards.yaml")
	// The owl and the badger both show owl.png in the 51 × 40 mm box.
	for _, id := range []string{"owl", "badger"} {
		line := testutil.LineOf(t, ws, cards, "id: "+id, false) + 2
		if !containsLine(out, cards+":"+itoa(line)+":", "IMAGE_LOW_RES") {
			t.Errorf("no IMAGE_LOW_RES at the %s's portrait (line %d):\n%s", id, line, out)
		}
	}
	if !strings.Contains(out, "image art/art/portraits/owl.png (100 × 80 pixels) prints at 49 dpi in its box [6, 15, 51, 40] (fit cover): under 150 dpi it looks blurred; use at least 302 × 241 pixels") {
		t.Errorf("the warning does not say what to do:\n%s", out)
	}
	if code, out, errOut := run(t, ws, "render", "art", "--out", "out"); code != 0 {
		t.Errorf("render: exit %d\n%s%s", code, out, errOut)
	}
}

// A copy of a game with art takes its pictures along and renders as it.
func TestArtGameCopiedWithItsPictures(t *testing.T) {
	ws := artGame(t)
	code, out, errOut := run(t, ws, "new", "copy", "--from", "art")
	if code != 0 || !strings.Contains(out, "wrote copy/art/portraits/owl.png") || !strings.Contains(out, "wrote copy/art/back.jpg") {
		t.Fatalf("new --from: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := run(t, ws, "validate", "copy"); code != 0 || !strings.Contains(out, "no problems") {
		t.Fatalf("validate the copy: exit %d\n%s%s", code, out, errOut)
	}
	for _, name := range []string{"art/portraits/owl.png", "art/portraits/hare.jpg", "art/emblem.png"} {
		a, _ := os.ReadFile(filepath.Join(ws, "art", filepath.FromSlash(name)))
		b, err := os.ReadFile(filepath.Join(ws, "copy", filepath.FromSlash(name)))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s is not copied as it is (%v)", name, err)
		}
	}
}

func write(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
