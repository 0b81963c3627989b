package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/raster"
	"github.com/cardpress/cardpress/render"
)

// loadDoc is the render document of the one game at path.
func loadDoc(t testing.TB, path string) *render.Document {
	t.Helper()
	games, fs := pipeline.Load([]string{path})
	if len(games) != 1 || !games[0].Valid {
		t.Fatalf("loading %s: %v", path, fs)
	}
	return pipeline.Document(games[0])
}

func decodePNG(t testing.TB, path string) *image.RGBA {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	rgba := image.NewRGBA(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			rgba.Set(x, y, img.At(x, y))
		}
	}
	return rgba
}

// pngName is the file export png writes for the n-th card (from 1) of
// its deck.
func pngName(n int, c render.CardFace, side string) string {
	name := fmt.Sprintf("%03d-%s", n, c.ID)
	if c.Copies > 1 {
		name += fmt.Sprintf("-x%d", c.Copies)
	}
	return name + "-" + side + ".png"
}

// mismatch compares img with sheet within cell, in pixels of img (one
// pixel kept clear of its edge, where the sheet's clip cuts through
// anti-aliasing). It returns the share of img's pixels that no pixel of
// sheet at most one pixel away matches within 24 of 255 in every channel.
// The one pixel is the rasteriser's: it snaps text to whole pixels, and
// the PDF writer rounds positions to 0.01 pt, so a line of text near a
// pixel boundary may land one pixel apart on the sheet and on the card.
// A card drawn differently differs in whole strokes, not in one pixel.
func mismatch(img, sheet *image.RGBA, cell image.Rectangle) float64 {
	cell = cell.Inset(1).Intersect(img.Bounds())
	bad, all := 0, 0
	for y := cell.Min.Y; y < cell.Max.Y; y++ {
		for x := cell.Min.X; x < cell.Max.X; x++ {
			a := img.RGBAAt(x, y)
			near := false
			for dy := -1; dy <= 1 && !near; dy++ {
				for dx := -1; dx <= 1 && !near; dx++ {
					b := sheet.RGBAAt(x+dx, y+dy)
					near = max(absDiff(a.R, b.R), absDiff(a.G, b.G), absDiff(a.B, b.B)) <= 24
				}
			}
			if !near {
				bad++
			}
			all++
		}
	}
	return float64(bad) / float64(all)
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// The check: a card's PNG is the card as the print-and-play PDF
// prints it. Each image is compared with the same card cut out of the
// rasterised PnP page (front and back, a card printed twice too), and, as
// a control, with its neighbour on the sheet, which must not match.
func TestExportPNGMatchesThePrintAndPlay(t *testing.T) {
	ws := copyHeat(t)
	code, out, errOut := run(t, ws, "export", "png", "cards/heat", "--out", "out")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	if want := "wrote out/heat/png/main: 54 images, 815x1110 px at 300 dpi\n"; out != want {
		t.Errorf("said %q, want %q", out, want)
	}
	dir := filepath.Join(ws, "out", "heat", "png", "main")
	doc := loadDoc(t, filepath.Join(ws, "cards", "heat"))

	// One file per face of each distinct card, each 815×1110: 63×88 mm
	// and 3 mm bleed at 300 dpi.
	names := dirNames(t, dir)
	want := []string{fileio.RecordName} // the record of what the export wrote
	for n, c := range doc.Cards {
		want = append(want, pngName(n+1, c, "front"), pngName(n+1, c, "back"))
	}
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Fatalf("files:\n%s\nwant:\n%s", strings.Join(names, "\n"), strings.Join(want, "\n"))
	}
	for _, name := range names[1:] {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width != 815 || cfg.Height != 1110 {
			t.Errorf("%s: %dx%d (%v), want 815x1110", name, cfg.Width, cfg.Height, err)
		}
	}

	rz, err := raster.Shared()
	if err != nil {
		t.Fatal(err)
	}
	opt := render.Options{Bleed: defaultBleed} // what render prints by default
	pnp, err := render.PnP(doc, opt)
	if err != nil {
		t.Fatal(err)
	}
	// cutOut rasterises the PnP page around spot as the export frames a
	// card, and the spot's cell in that image's pixels.
	cutOut := func(s render.PnPSpot) (*image.RGBA, image.Rectangle) {
		x0, y0 := s.X-opt.Bleed, s.Y-opt.Bleed
		img, err := rz.Region(pnp, s.Page, 300, raster.Rect{X: x0, Y: y0, W: s.W + 2*opt.Bleed, H: s.H + 2*opt.Bleed})
		if err != nil {
			t.Fatal(err)
		}
		px := func(mm float64) int { return int(mm / 25.4 * 300) }
		cell := image.Rect(px(s.Cell[0]-x0)+1, px(s.Cell[1]-y0)+1, px(s.Cell[0]+s.Cell[2]-x0), px(s.Cell[1]+s.Cell[3]-y0))
		// Crop marks may be drawn over the outer bleed, up to 1 mm
		// from the trim: the sheet's, not the card's.
		const clear = 0.9
		trim := image.Rect(px(opt.Bleed-clear), px(opt.Bleed-clear), px(opt.Bleed+s.W+clear), px(opt.Bleed+s.H+clear))
		// A card turned on its side is turned back upright.
		return upright(img, cell.Intersect(trim), s.Turn)
	}
	jewelry := slices.IndexFunc(doc.Cards, func(c render.CardFace) bool { return c.Copies > 1 })
	for _, i := range []int{0, jewelry, len(doc.Cards) - 1} {
		c := doc.Cards[i]
		for _, side := range []string{"front", "back"} {
			img := decodePNG(t, filepath.Join(dir, pngName(i+1, c, side)))
			spots, err := render.PnPSpots(doc, i, side == "back", opt)
			if err != nil || len(spots) != c.Copies {
				t.Fatalf("%s: spots %v, %v", c.ID, spots, err)
			}
			for _, s := range spots {
				sheet, cell := cutOut(s)
				// Measured: at most 0.02% upright, 0.5% for a card turned
				// on its side (rotated glyphs and lines are antialiased
				// differently); another card: 1.5% and more.
				limit := 0.0005
				if s.Turn != 0 {
					limit = 0.008
				}
				if m := mismatch(img, sheet, cell); m > limit {
					t.Errorf("%s %s: %.2f%% of the pixels differ from the card on PnP page %d", c.ID, side, 100*m, s.Page+1)
				}
			}
			if side == "back" {
				continue // every card shows the same common back
			}
			// The control: the next card on the sheet is another picture.
			other := (i + 1) % len(doc.Cards)
			next, _ := render.PnPSpots(doc, other, false, opt)
			sheet, cell := cutOut(next[0])
			if m := mismatch(img, sheet, cell); m < 0.012 { // above either limit
				t.Errorf("%s matches %s (%.2f%% differ): the comparison tells cards apart poorly", c.ID, doc.Cards[other].ID, 100*m)
			}
		}
	}
}

func TestExportPNGProfiles(t *testing.T) {
	ws := copyHeat(t)
	for _, tc := range []struct {
		profile string
		w, h    int
	}{{"tgc", 825, 1125}, {"mpc", 822, 1122}} {
		code, out, errOut := run(t, ws, "export", "png", "cards/heat", "--out", "out", "--profile", tc.profile)
		want := fmt.Sprintf("wrote out/heat/png-%s/main: 54 images, %dx%d px at 300 dpi, %s-poker\n", tc.profile, tc.w, tc.h, tc.profile)
		if code != 0 || out != want {
			t.Fatalf("%s: exit %d, said %q, want %q\n%s", tc.profile, code, out, want, errOut)
		}
		img := decodePNG(t, filepath.Join(ws, "out", "heat", "png-"+tc.profile, "main", "001-first-national-front.png"))
		if b := img.Bounds(); b.Dx() != tc.w || b.Dy() != tc.h {
			t.Errorf("%s: %v", tc.profile, b)
		}
		// The card's bleed reaches every edge of the shop's image: no
		// white strip for the cutter to show.
		bg := img.RGBAAt(tc.w/2, 5)
		for _, p := range []image.Point{{0, 0}, {tc.w - 1, 0}, {0, tc.h - 1}, {tc.w - 1, tc.h - 1}, {0, tc.h / 2}, {tc.w - 1, tc.h / 2}} {
			if c := img.RGBAAt(p.X, p.Y); c != bg || c == (color.RGBA{255, 255, 255, 255}) {
				t.Errorf("%s: pixel %v is %v, want the card's background %v", tc.profile, p, c, bg)
			}
		}
	}
	// Tarot cards take the shop's tarot template.
	edit(t, ws, "cards/heat/game.yaml", "card: {width: 63, height: 88}", "card: {width: 70, height: 120}")
	code, out, errOut := run(t, ws, "export", "png", "cards/heat", "--out", "out", "--profile", "tgc")
	if want := "wrote out/heat/png-tgc/main: 54 images, 900x1500 px at 300 dpi, tgc-tarot\n"; code != 0 || out != want {
		t.Errorf("tarot cards with tgc: exit %d, said %q, want %q\n%s", code, out, want, errOut)
	}
	img := decodePNG(t, filepath.Join(ws, "out", "heat", "png-tgc", "main", "001-first-national-front.png"))
	if b := img.Bounds(); b.Dx() != 900 || b.Dy() != 1500 {
		t.Errorf("tgc tarot: %v", b)
	}
}

// The reproduction: a bridge-size landscape deck with --profile
// tgc is written on The Game Crafter's bridge template turned; a deck no
// profile fits stops the export before any deck is written, and each
// such deck is named.
func TestExportPNGProfilePerDeck(t *testing.T) {
	ws := t.TempDir()
	if code, _, errOut := run(t, ws, "new", "g"); code != 0 {
		t.Fatal(errOut)
	}
	edit(t, ws, "g/game.yaml", "    back: orders\n", "    back: orders\n    card: {size: bridge, orientation: landscape}\n")
	edit(t, ws, "g/layout.yaml", "box: [6, 57, 51, 14], size: 9", "box: [6, 30, 51, 14], size: 9")
	edit(t, ws, "g/layout.yaml", "box: [6, 73, 51, 9], size: 7, min_size: 5, style: italic, align: center, color: \"#666666\"}\n\nback:",
		"box: [6, 45, 51, 9], size: 7, min_size: 5, style: italic, align: center, color: \"#666666\"}\n\nback:")
	code, out, errOut := run(t, ws, "export", "png", "g", "--out", "out", "--profile", "tgc")
	want := "wrote out/g/png-tgc/goods: 12 images, 825x1125 px at 300 dpi, tgc-poker\n" +
		"wrote out/g/png-tgc/orders: 6 images, 1125x750 px at 300 dpi, tgc-bridge turned\n"
	if code != 0 || out != want {
		t.Fatalf("landscape bridge with tgc: exit %d, said %q, want %q\n%s", code, out, want, errOut)
	}
	names, _ := filepath.Glob(filepath.Join(ws, "out", "g", "png-tgc", "orders", "*.png"))
	for _, n := range names {
		if b := decodePNG(t, n).Bounds(); b.Dx() != 1125 || b.Dy() != 750 {
			t.Errorf("%s: %v, want 1125x750", filepath.Base(n), b)
		}
	}
	if len(names) != 6 {
		t.Errorf("%d images of orders", len(names))
	}
	// SHOP-SIZE allows that size only.
	code, _, errOut = run(t, ws, "export", "png", "g", "--deck", "orders", "--out", "out2", "--profile", "tgc-poker")
	if code != ExitUsage || !strings.Contains(errOut, "g: deck orders: 89x57 mm cards fit no --profile tgc-poker size (poker 63.5×88.9, ±1 mm, either way round)") {
		t.Errorf("bridge with tgc-poker: exit %d\n%s", code, errOut)
	}
	// Both decks at sizes no shop sells: both are named on the one line
	// and nothing is written, not even the deck before the second.
	edit(t, ws, "g/game.yaml", "card: poker", "card: {width: 66, height: 92}")
	edit(t, ws, "g/game.yaml", "card: {size: bridge, orientation: landscape}", "card: {width: 95, height: 60}")
	code, out, errOut = run(t, ws, "export", "png", "g", "--out", "out3", "--profile", "mpc")
	if code != ExitUsage || out != "" || strings.Count(errOut, "\n") != 1 ||
		!strings.HasPrefix(errOut, "cardpress: g: deck goods: 66x92 mm cards fit no --profile mpc size (micro ") ||
		!strings.Contains(errOut, "either way round); g: deck orders: 95x60 mm") || !strings.Contains(errOut, "; nothing written: ") {
		t.Errorf("sizes no shop sells: exit %d, said %q\n%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(ws, "out3")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused export wrote %v", err)
	}
}

func TestExportPNGUsageErrors(t *testing.T) {
	ws := copyHeat(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--profile", "tgc", "--dpi", "600"}, "--profile tgc sets the dpi and the bleed"},
		{[]string{"--profile", "tgc", "--bleed", "2"}, "--profile tgc sets the dpi and the bleed"},
		{[]string{"--profile", "shop"}, `unknown --profile "shop"`},
		{[]string{"--dpi", "0"}, "--dpi 0: want a number above 0"},
		{[]string{"--dpi", "5000"}, "--dpi 5000"},
		{[]string{"--bleed", "20"}, "want a number of mm from 0 to 10"},
		{[]string{"--deck", "nosuch"}, `--deck "nosuch": no such deck`},
		{[]string{"--out", ""}, "--out is empty"},
	} {
		args := append([]string{"export", "png", "cards/heat"}, tc.args...)
		code, out, errOut := run(t, ws, args...)
		if code != ExitUsage || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, want 2 and one line with %q\n%s%s", tc.args, code, tc.want, out, errOut)
		}
	}
	if _, err := os.Stat(filepath.Join(ws, "out")); err == nil {
		t.Error("a refused export wrote files")
	}
	// A game with errors is reported as findings, exit 1.
	edit(t, ws, "cards/heat/cards.yaml", "name: Casino Cage", "name: [Casino Cage")
	if code, out, _ := run(t, ws, "export", "png", "cards/heat"); code != ExitFindings || !strings.Contains(out, "cards.yaml:") {
		t.Errorf("broken YAML: exit %d\n%s", code, out)
	}
}

// Same input, same bytes; and a card no longer in the game loses the
// images an earlier export wrote for it, while files the export never
// wrote stay, even one named like a card image.
func TestExportPNGIsReproducibleAndClearsOldCards(t *testing.T) {
	ws := copyHeat(t)
	dir := filepath.Join(ws, "out", "heat", "png", "main")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"035-never-exported-front.png", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	read := func() map[string][]byte {
		files := map[string][]byte{}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			files[e.Name()] = data
		}
		return files
	}
	export := func() map[string][]byte {
		t.Helper()
		if code, out, errOut := run(t, ws, "export", "png", "cards/heat", "--out", "out", "--dpi", "100", "--bleed", "2"); code != 0 {
			t.Fatalf("exit %d\n%s%s", code, out, errOut)
		}
		return read()
	}
	runs := []map[string][]byte{export(), export()}
	if len(runs[0]) != 57 { // 54 images, the record and the two planted files
		t.Errorf("%d files, want 54 images, the record, notes.txt and the planted image", len(runs[0]))
	}
	for name, data := range runs[0] {
		if !bytes.Equal(data, runs[1][name]) {
			t.Errorf("%s differs between two runs", name)
		}
	}
	img := decodePNG(t, filepath.Join(dir, "001-first-national-front.png"))
	if b := img.Bounds(); b.Dx() != 264 || b.Dy() != 362 { // 67×92 mm at 100 dpi
		t.Errorf("--dpi 100 --bleed 2: %v", b)
	}

	// The last card is renamed: the images of its old name go, nothing
	// else does.
	doc := loadDoc(t, filepath.Join(ws, "cards", "heat"))
	n, last := len(doc.Cards), doc.Cards[len(doc.Cards)-1]
	edit(t, ws, "cards/heat/cards.yaml", "  - id: "+last.ID+"\n", "  - id: "+last.ID+"-two\n")
	after := export()
	gone := []string{pngName(n, last, "front"), pngName(n, last, "back")}
	for name := range runs[0] {
		if _, kept := after[name]; slices.Contains(gone, name) == kept {
			t.Errorf("%s: kept %v after its card was renamed", name, kept)
		}
	}
	last.ID += "-two"
	for _, side := range []string{"front", "back"} {
		if _, ok := after[pngName(n, last, side)]; !ok {
			t.Errorf("the renamed card has no %s image", side)
		}
	}
}

func TestProgressCountsSlowSteps(t *testing.T) {
	var b bytes.Buffer
	clock := time.Unix(0, 0)
	p := startProgress(&b, "heat", 54, func() time.Time { return clock }).counting("images")
	clock = clock.Add(time.Second)
	p.add(1)
	if want := "\rheat [------------------------]   2% 1/54 images, 1/s, ETA 53s"; b.String() != want {
		t.Errorf("got  %q\nwant %q", b.String(), want)
	}
	var nilBar *progress
	if nilBar.counting("images") != nil {
		t.Error("counting on no bar made one")
	}
}

func BenchmarkExportPNGPerCard(b *testing.B) {
	ws := testutil.CopyGame(b, "heat")
	b.Chdir(ws)
	var out, errb bytes.Buffer
	// The rasterizer's start (a compile, or a cache read) is paid once
	// per process, before the clock.
	if _, err := raster.Shared(); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if code := Run(IO{Out: &out, Err: &errb}, []string{"export", "png", "cards/heat", "--out", "out"}); code != 0 {
			b.Fatalf("exit %d: %s", code, errb.String())
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/54/1e6, "ms/image")
}

// upright turns img, a card drawn turn degrees anticlockwise on the sheet,
// back upright, and r, a rectangle of its pixels, with it.
func upright(img *image.RGBA, r image.Rectangle, turn float64) (*image.RGBA, image.Rectangle) {
	if turn == 0 {
		return img, r
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	out := image.NewRGBA(image.Rect(0, 0, h, w))
	for y := range w {
		for x := range h {
			if turn > 0 { // clockwise
				out.Set(x, y, img.At(b.Min.X+y, b.Min.Y+h-1-x))
			} else {
				out.Set(x, y, img.At(b.Min.X+w-1-y, b.Min.Y+x))
			}
		}
	}
	r = r.Sub(b.Min)
	if turn > 0 {
		return out, image.Rect(h-r.Max.Y, r.Min.X, h-r.Min.Y, r.Max.X)
	}
	return out, image.Rect(r.Min.Y, w-r.Max.X, r.Max.Y, w-r.Min.X)
}
