package cookbook

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/raster"
	"github.com/cardpress/cardpress/render"
)

var update = flag.Bool("update", false, "draw every recipe's picture anew")

// The page the recipes are written in, the sample game they are drawn
// with and where their pictures go.
const (
	page    = "../own-game.md"
	game    = "game"
	picDir  = "../img/cookbook"
	picLink = "img/cookbook/" // how the page names a picture
)

// Pictures are drawn at dpi, with gap pixels between and around cards: a
// poker card is 198 × 277 pixels, sharp enough to read and small to keep.
const (
	dpi = 80
	gap = 8
)

// recipe is one recipe of the page: its files and the cards it shows.
type recipe struct {
	name  string
	files map[string]string // by name in the game folder
	cards []string          // card ids; all when empty
	line  int               // of its first block
}

// fence opens a recipe's block: ```yaml recipe=NAME [file=F] [cards=A,B].
var fence = regexp.MustCompile("^```yaml\\s+(.*\\brecipe=.*)$")

// recipes reads the recipes of the page.
func recipes(t *testing.T, text string) []*recipe {
	t.Helper()
	var out []*recipe
	byName := map[string]*recipe{}
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		m := fence.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		attrs := map[string]string{"file": "layout.yaml"}
		for _, f := range strings.Fields(m[1]) {
			k, v, ok := strings.Cut(f, "=")
			if !ok || !slices.Contains([]string{"recipe", "file", "cards"}, k) {
				t.Fatalf("%s:%d: %q: a recipe's block says recipe=NAME, file=NAME or cards=ID,ID", page, i+1, f)
			}
			attrs[k] = v
		}
		start := i + 1
		for i++; i < len(lines) && lines[i] != "```"; i++ {
		}
		r := byName[attrs["recipe"]]
		if r == nil {
			r = &recipe{name: attrs["recipe"], files: map[string]string{}, line: start}
			byName[r.name] = r
			out = append(out, r)
		}
		if c := attrs["cards"]; c != "" {
			r.cards = strings.Split(c, ",")
		}
		r.files[attrs["file"]] = strings.Join(lines[start:i], "\n") + "\n"
	}
	return out
}

// TestCookbookPictures draws each recipe of the page with the real
// pipeline, from the sample game with the recipe's files, and compares
// the picture with the one the page shows.
func TestCookbookPictures(t *testing.T) {
	text, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	all := recipes(t, string(text))
	if len(all) == 0 {
		t.Fatalf("%s has no recipes", page)
	}
	// Starting PDFium compiles it (about 3 s of one core) unless the
	// command line's cache is set, as for cardpress itself.
	raster.UseCache(os.Getenv("CARDPRESS_CACHE"))
	rz, err := raster.Shared()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range all {
		t.Run(r.name, func(t *testing.T) {
			if !strings.Contains(string(text), "]("+picLink+r.name+".png)") {
				t.Errorf("%s: recipe %s (line %d) does not show its picture: ![...](%s%s.png)", page, r.name, r.line, picLink, r.name)
			}
			got := picture(t, rz, r)
			path := filepath.Join(picDir, r.name+".png")
			if *update {
				writePicture(t, path, got)
				return
			}
			comparePicture(t, path, got)
		})
	}
	// Every picture is some recipe's.
	entries, _ := os.ReadDir(picDir)
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".png")
		if !slices.ContainsFunc(all, func(r *recipe) bool { return r.name == name }) {
			t.Errorf("%s/%s is no recipe's picture: remove it", picDir, e.Name())
		}
	}
}

// picture draws recipe r: the sample game with its files, which must be
// clean (no finding at all), each chosen card's front in a row and its
// own back under it.
func picture(t *testing.T, rz *raster.Rasterizer, r *recipe) *image.RGBA {
	t.Helper()
	dir := sampleGame(t, r)
	games, fs := pipeline.Load([]string{dir})
	if len(games) != 1 {
		t.Fatalf("the recipe does not load:\n%s", lines(fs))
	}
	fs = append(fs, pipeline.Static(games[0])...)
	if len(fs) > 0 {
		t.Fatalf("a recipe must be clean:\n%s", lines(fs))
	}
	doc := pipeline.Document(games[0])
	var faces []render.Face
	cols := 0
	twoSided := false
	for i, c := range doc.Cards {
		if len(r.cards) > 0 && !slices.Contains(r.cards, c.ID) {
			continue
		}
		faces = append(faces, render.Face{Card: i})
		cols++
		twoSided = twoSided || c.TwoSided()
	}
	if cols == 0 {
		t.Fatalf("cards=%s names no card of the game", strings.Join(r.cards, ","))
	}
	if twoSided {
		for _, f := range slices.Clone(faces) {
			if doc.Cards[f.Card].TwoSided() {
				faces = append(faces, render.Face{Card: f.Card, Back: true})
			}
		}
	}
	pdf, err := render.CardsPDF(doc, faces, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var imgs []image.Image
	for i := range faces {
		img, err := rz.Page(pdf, i, dpi)
		if err != nil {
			t.Fatal(err)
		}
		imgs = append(imgs, img)
	}
	return compose(faces, imgs, cols)
}

// compose lays the faces out on white: fronts in a row, each own back
// under its front.
func compose(faces []render.Face, imgs []image.Image, cols int) *image.RGBA {
	cw, ch := 0, 0
	for _, img := range imgs {
		cw, ch = max(cw, img.Bounds().Dx()), max(ch, img.Bounds().Dy())
	}
	rows := 1
	if len(faces) > cols {
		rows = 2
	}
	out := image.NewRGBA(image.Rect(0, 0, gap+cols*(cw+gap), gap+rows*(ch+gap)))
	draw.Draw(out, out.Bounds(), image.White, image.Point{}, draw.Src)
	col := map[int]int{} // card → its column
	for i, f := range faces {
		row := 0
		if f.Back {
			row = 1
		} else {
			col[f.Card] = len(col)
		}
		at := image.Pt(gap+col[f.Card]*(cw+gap), gap+row*(ch+gap))
		draw.Draw(out, imgs[i].Bounds().Sub(imgs[i].Bounds().Min).Add(at), imgs[i], imgs[i].Bounds().Min, draw.Src)
	}
	return out
}

// sampleGame copies the sample game with the recipe's files into a
// folder of its own, with its schema folder, and returns the folder.
func sampleGame(t *testing.T, r *recipe) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "cookbook")
	err := filepath.WalkDir(game, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(game, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range r.files {
		if !strings.HasPrefix(data, "# yaml-language-server:") && strings.HasSuffix(name, ".yaml") {
			data = modeline(t, name) + data
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	g, _ := gamedata.Load(dir, pipeline.EngineSchemas)
	if g == nil {
		t.Fatalf("the sample game with recipe %s has no game.yaml", r.name)
	}
	schemas, err := gamedata.EditorSchemas(g, pipeline.EngineSchemas)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, gamedata.SchemaDir), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range schemas {
		if err := os.WriteFile(filepath.Join(dir, gamedata.SchemaDir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// modeline is the first line the sample game's own file name carries, so
// a recipe's block need not repeat it.
func modeline(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(game, name))
	if err != nil {
		t.Fatalf("a recipe's file=%s: the sample game has no such file to take its modeline from", name)
	}
	first, _, _ := strings.Cut(string(data), "\n")
	return first + "\n"
}

func writePicture(t *testing.T, path string, img *image.RGBA) {
	t.Helper()
	data, err := raster.EncodePNG(img, dpi)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// comparePicture compares pixels, not bytes: PNG compression may change
// with Go, the drawing may not. A picture that differs is written to a
// temporary file to look at.
func comparePicture(t *testing.T, path string, got *image.RGBA) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v: run go test ./docs/cookbook -update to draw it", err)
	}
	want, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if diff := differs(got, want); diff != "" {
		now := filepath.Join(t.TempDir(), filepath.Base(path))
		writePicture(t, now, got)
		t.Errorf("%s differs from what its recipe draws now (%s; now: %s): run go test ./docs/cookbook -update", path, diff, now)
	}
}

// differs says how two pictures differ, or "".
func differs(got *image.RGBA, want image.Image) string {
	if got.Bounds().Size() != want.Bounds().Size() {
		return fmt.Sprintf("%v, was %v", got.Bounds().Size(), want.Bounds().Size())
	}
	n := 0
	b := want.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r1, g1, b1, _ := got.At(x-b.Min.X, y-b.Min.Y).RGBA()
			r2, g2, b2, _ := want.At(x, y).RGBA()
			if r1>>8 != r2>>8 || g1>>8 != g2>>8 || b1>>8 != b2>>8 {
				n++
			}
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d pixels", n)
}

func lines(fs []finding.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintln(&b, " ", f)
	}
	return b.String()
}
