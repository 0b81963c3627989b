package gamedata

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/internal/testart"
	"github.com/cardpress/cardpress/source"
)

// gallery is a game without an engine whose cards, layout and back name
// pictures; tests write the pictures they need next to it.
var gallery = map[string]string{
	"game.yaml": `id: gallery
title: Gallery
players: {min: 2, max: 4}
files:
  cards: [cards.yaml]
  layout: layout.yaml
components:
  - {id: deck, name: Deck, kind: cards, count: 3, deck: main}
decks:
  - id: main
    name: Main
    back: plain
    fields:
      - {name: portrait, type: image}
      - {name: rules, type: text}
print:
  card: poker
  backs:
    plain: {title: GALLERY, image: {src: back.png}}
`,
	"cards.yaml": `cards:
  - id: a
    name: Alpha
    portrait: art/a.png
    rules: Draw a card.
  - id: b
    name: Beta
    portrait: art/a.png
  - id: c
    name: Gamma
`,
	"layout.yaml": `front:
  background_image: {src: bg.png}
  elements:
    - {field: name, box: [5, 5, 50, 10], size: 12}
    - {kind: image, field: portrait, box: [6, 16, 51, 40], fit: contain}
    - {kind: image, src: emblem.png, box: [45, 60, 12, 12], fit: stretch}
`,
}

// loadGallery writes gallery, with edits (file → old → new) and the
// pictures (path → bytes) into a new folder and loads it.
func loadGallery(t *testing.T, pictures map[string][]byte, edits ...[3]string) (*Data, []finding.Finding, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "gallery")
	files := map[string]string{}
	for name, text := range gallery {
		files[name] = text
	}
	for _, e := range edits {
		if !strings.Contains(files[e[0]], e[1]) {
			t.Fatalf("%q not in %s", e[1], e[0])
		}
		files[e[0]] = strings.Replace(files[e[0]], e[1], e[2], 1)
	}
	for name, text := range files {
		writeFile(t, filepath.Join(dir, name), []byte(text))
	}
	for name, data := range pictures {
		writeFile(t, filepath.Join(dir, filepath.FromSlash(name)), data)
	}
	g, found := Load(dir, nil)
	return g, found, dir
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// goodPictures are the gallery's pictures at 300 dpi or better.
func goodPictures() map[string][]byte {
	return map[string][]byte{
		"art/a.png":  testart.PNG(testart.Portrait(610, 480, 1, true)),
		"bg.png":     testart.PNG(testart.Paper(750, 1040)),
		"emblem.png": testart.PNG(testart.Portrait(150, 150, 2, true)),
		"back.png":   testart.JPEG(testart.Portrait(750, 1040, 3, false)),
	}
}

// relevant drops the modeline and schema-folder warnings (the gallery has
// neither modelines nor a schema folder).
func relevant(found []finding.Finding) []finding.Finding {
	var out []finding.Finding
	for _, f := range found {
		if !source.CodeModeline.Is(f) && !CodeSchemaStale.Is(f) {
			out = append(out, f)
		}
	}
	return out
}

// only is the relevant findings as "file:line CODE" strings.
func only(found []finding.Finding, dir string) []string {
	var out []string
	for _, f := range relevant(found) {
		rel, _ := filepath.Rel(dir, f.File)
		out = append(out, fmt.Sprintf("%s:%d %s", rel, f.Line, f.Code))
	}
	return out
}

func TestImagesLoadOncePerPath(t *testing.T) {
	g, found, dir := loadGallery(t, goodPictures())
	if got := only(found, dir); len(got) > 0 {
		t.Fatalf("findings: %v", got)
	}
	// Two cards name art/a.png: one file read, one image.
	if len(g.Assets) != 4 || len(g.Images) != 4 {
		t.Errorf("assets %v, images %v: want the 4 files once each", slices.Sorted(mapKeys(g.Assets)), slices.Sorted(mapKeys(g.Images)))
	}
	img := g.Images["art/a.png"]
	if img == nil || img.Format != "png" || img.Width != 610 || img.Height != 480 || g.Images["back.png"].Format != "jpeg" {
		t.Errorf("art/a.png is %+v", img)
	}
	// The path is drawn, not printed.
	if text := g.FieldTexts(g.Cards[0]); text["portrait"] != "" || text["rules"] != "Draw a card." {
		t.Errorf("field texts %v", text)
	}
	if pics := g.ImageFields(g.Cards[1]); pics["portrait"] != "art/a.png" {
		t.Errorf("image fields %v", pics)
	}
	if pics := g.ImageFields(g.Cards[2]); pics != nil {
		t.Errorf("a card without a portrait has image fields %v", pics)
	}
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// Each line that names a missing file is reported, however many there
// are; the file is looked for once.
func TestImageProblemsAtEveryLineThatNamesThem(t *testing.T) {
	pics := goodPictures()
	delete(pics, "art/a.png")
	_, found, dir := loadGallery(t, pics)
	want := []string{"cards.yaml:4 FILE_MISSING", "cards.yaml:8 FILE_MISSING"}
	if got := only(found, dir); !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestImageLimits(t *testing.T) {
	t.Run("pixels", func(t *testing.T) {
		pics := goodPictures()
		pics["bg.png"] = testart.ClaimPNG(10000, 5000, 8, 6, false)
		_, found, dir := loadGallery(t, pics)
		found = relevant(found)
		if got := only(found, dir); !slices.Equal(got, []string{"layout.yaml:2 ASSET_TOO_LARGE"}) ||
			!strings.Contains(found[0].Message, "is 10000 × 5000 pixels, over the limit of 40 million pixels") {
			t.Errorf("got %v", found)
		}
	})
	t.Run("one file", func(t *testing.T) {
		_, found, dir := loadGallery(t, goodPictures())
		// Sparse: 17 MiB of nothing costs no disk, and is never read.
		if err := os.Truncate(filepath.Join(dir, "bg.png"), MaxAssetBytes+1<<20); err != nil {
			t.Fatal(err)
		}
		_, found = Load(dir, nil)
		found = relevant(found)
		if got := only(found, dir); !slices.Equal(got, []string{"layout.yaml:2 ASSET_TOO_LARGE"}) ||
			!strings.Contains(found[0].Message, "is 17.0 MiB; the limit is 16.0 MiB") {
			t.Errorf("got %v", found)
		}
	})
	t.Run("all files", func(t *testing.T) {
		// Five portraits of 15 MiB: the fifth takes the game over 64 MiB.
		cards := "cards:\n"
		_, _, dir := loadGallery(t, goodPictures())
		for i := range 5 {
			name := fmt.Sprintf("art/big%d.png", i)
			cards += fmt.Sprintf("  - {id: c%d, name: C, portrait: %s}\n", i, name)
			path := filepath.Join(dir, filepath.FromSlash(name))
			writeFile(t, path, nil)
			if err := os.Truncate(path, 15<<20); err != nil {
				t.Fatal(err)
			}
		}
		writeFile(t, filepath.Join(dir, "cards.yaml"), []byte(cards))
		_, found := Load(dir, nil)
		var over []string
		for _, f := range found {
			if CodeAssetTooLarge.Is(f) {
				over = append(over, fmt.Sprintf("%d: %s", f.Line, f.Message))
			}
		}
		if len(over) != 1 || !strings.HasPrefix(over[0], "6: ") || !strings.Contains(over[0], "would add up to 75.") {
			t.Errorf("over the game's limit: %v", over)
		}
	})
}

// The warning names the picture, the box and the pixels it needs; a
// picture good enough is not warned about.
func TestImageLowResolution(t *testing.T) {
	pics := goodPictures()
	pics["art/a.png"] = testart.PNG(testart.Portrait(200, 100, 1, false)) // contain: 200 px across 51 mm
	pics["bg.png"] = testart.PNG(testart.Paper(300, 300))                 // cover: 300 px down 88 mm
	pics["emblem.png"] = testart.PNG(testart.Portrait(100, 50, 2, true))  // stretch: 50 px down 12 mm, 100 across
	pics["back.png"] = testart.JPEG(testart.Portrait(375, 525, 3, false)) // just over 150 dpi: no warning
	_, found, dir := loadGallery(t, pics)
	found = relevant(found)
	want := []string{"cards.yaml:4 IMAGE_LOW_RES", "cards.yaml:8 IMAGE_LOW_RES", "layout.yaml:2 IMAGE_LOW_RES", "layout.yaml:6 IMAGE_LOW_RES"}
	if got := only(found, dir); !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i, msg := range []string{
		"art/a.png (200 × 100 pixels) prints at 99 dpi in its box [6, 16, 51, 40] (fit contain): under 150 dpi it looks blurred; use at least 302 × 151 pixels",
		"bg.png (300 × 300 pixels) prints at 86 dpi in the card (63 × 88 mm) (fit cover)",
		"emblem.png (100 × 50 pixels) prints at 105 dpi in its box [45, 60, 12, 12] (fit stretch)",
	} {
		if f := found[[]int{0, 2, 3}[i]]; f.Severity != finding.Warning || !strings.Contains(f.Message, msg) {
			t.Errorf("finding %v lacks %q", f, msg)
		}
	}
}

// A picture turned a quarter is drawn in its box turned, 51 mm down and
// 40 across: 200 px over 40 mm is 127 dpi, not the 99 of 51 mm.
func TestImageLowResolutionTurned(t *testing.T) {
	pics := goodPictures()
	pics["art/a.png"] = testart.PNG(testart.Portrait(200, 100, 1, false))
	_, found, _ := loadGallery(t, pics, [3]string{"layout.yaml", "box: [6, 16, 51, 40], fit: contain}", "box: [6, 16, 51, 40], fit: contain, rotate: 90}"})
	var msgs []string
	for _, f := range relevant(found) {
		msgs = append(msgs, f.Message)
	}
	if !slices.ContainsFunc(msgs, func(m string) bool {
		return strings.Contains(m, "art/a.png (200 × 100 pixels) prints at 127 dpi in its box [6, 16, 51, 40] (fit contain)")
	}) {
		t.Errorf("no warning at 127 dpi for the turned picture: %v", msgs)
	}
}

func TestImageFieldsInTheLayout(t *testing.T) {
	for _, tc := range []struct {
		old, new, want string
	}{
		{"{kind: image, field: portrait, box: [6, 16, 51, 40], fit: contain}", "{field: portrait, box: [6, 16, 51, 40]}", `field "portrait" of deck "main" is an image: draw it with kind: image`},
		{"{kind: image, field: portrait,", "{kind: image, field: rules,", `field "rules" of deck "main" is a text field, not an image`},
		{"{kind: image, field: portrait,", "{kind: image, field: name,", `field "name" is text, not an image`},
	} {
		_, found, dir := loadGallery(t, goodPictures(), [3]string{"layout.yaml", tc.old, tc.new})
		found = relevant(found)
		if got := only(found, dir); !slices.Equal(got, []string{"layout.yaml:5 LAYOUT_FIELD"}) || !strings.Contains(found[0].Message, tc.want) {
			t.Errorf("%s: got %v", tc.new, found)
		}
	}
}

func TestImageFormats(t *testing.T) {
	for name, tc := range map[string]struct {
		data []byte
		want string
	}{
		"gif":     {[]byte("GIF89a\x01\x00\x01\x00"), "is a GIF image; use a PNG or JPEG file"},
		"webp":    {[]byte("RIFF\x00\x00\x00\x00WEBPVP8 "), "is a WebP image"},
		"svg":     {[]byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>`), "the drawing has no size: give the <svg> element a viewBox"},
		"empty":   {nil, "is empty"},
		"text":    {[]byte("hello"), "is not a PNG, JPEG or SVG image"},
		"jpeg":    {[]byte("\xff\xd8\xff\xe0garbage"), "is not a readable JPEG image"},
		"damaged": {testart.PNG(testart.Paper(750, 1040))[:400], "is a damaged PNG image"},
	} {
		pics := goodPictures()
		pics["bg.png"] = tc.data
		_, found, dir := loadGallery(t, pics)
		found = relevant(found)
		if got := only(found, dir); !slices.Equal(got, []string{"layout.yaml:2 IMAGE_FORMAT"}) || !strings.Contains(found[0].Message, tc.want) {
			t.Errorf("%s: got %v, want %q", name, found, tc.want)
		}
	}
}

// A name that leaves the folder never reaches the file system, even where
// no schema checked it first.
func TestAssetNamesOutsideTheFolder(t *testing.T) {
	_, _, dir := loadGallery(t, goodPictures())
	folder, err := fileio.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer folder.Close()
	for _, name := range []string{"../secret.png", "/etc/passwd", "art/../../x.png", "a\\b.png", ""} {
		l := &loader{g: &Data{Dir: dir}, dir: folder}
		at := finding.Pos{File: "x.yaml", Line: 3, Col: 4}
		if data, ok := l.asset(name, at, "image"); ok || data != nil || len(l.found) != 1 || !source.CodeFileOutside.Is(l.found[0]) || l.found[0].Pos != at {
			t.Errorf("%q: read %v, findings %v", name, ok, l.found)
		}
	}
}
