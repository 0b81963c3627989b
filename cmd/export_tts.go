package cmd

import (
	"fmt"
	"image"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"cardpress/finding"
	"cardpress/gamedata"
	"cardpress/internal/fileio"
	"cardpress/pipeline"
	"cardpress/raster"
	"cardpress/render"
	"cardpress/tts"

	"github.com/spf13/cobra"
)

// export tts: deck sheets and a saved object for Tabletop Simulator
// (docs/export.md).

type exportTTSOptions struct {
	exportTarget
	BaseURL string
}

func newExportTTSCmd(streams IO) *cobra.Command {
	opts := &exportTTSOptions{exportTarget: exportTarget{IO: streams}}
	c := &cobra.Command{
		Use:   "tts [PATH]",
		Short: "Write Tabletop Simulator deck sheets and a saved object",
		Long: `Export tts writes, in OUT/<game>/tts/, each deck's card sheets (<deck>-1.png, …:
at most 10×7 cards each, the last slot the deck's back, which Tabletop
Simulator shows for a hidden card), its back (<deck>-back.png, or a sheet
of backs <deck>-back-1.png, … when cards have backs of their own) and
<game>.json, a saved object that spawns every deck with its cards named.
The JSON points at the images with file:// URLs, which work on this
computer only; upload the images and pass --base-url with the address of
the folder that holds them to share the game. See docs/export.md.`,
		Args: cobra.MaximumNArgs(1),
		RunE: opts.runOn(func() error { return runExportTTS(opts) }),
	}
	f := c.Flags()
	opts.bind(f)
	f.StringVar(&opts.BaseURL, "base-url", "", "http(s) address of the uploaded tts folder, for the JSON's image URLs (default: file:// URLs of the written images)")
	return c
}

// ttsMaxSheet is the longest side of a sheet in pixels: 4096 is the
// texture size every graphics card takes, and Tabletop Simulator's own
// advice for deck sheets. ttsMaxDPI caps the cards of small sheets.
const (
	ttsMaxSheet = 4096
	ttsMaxDPI   = 300.0
)

func runExportTTS(opts *exportTTSOptions) error {
	if err := checkOutDir(opts.OutDir); err != nil {
		return err
	}
	if opts.BaseURL != "" {
		u, err := url.Parse(opts.BaseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return usagef("--base-url %q: want an http:// or https:// address", opts.BaseURL)
		}
	}
	games, err := exportGames(opts.IO, opts.Paths, opts.Deck)
	if err != nil {
		return err
	}
	rz, err := raster.Shared()
	if err != nil {
		return err
	}
	for _, g := range games {
		if err := exportGameTTS(opts, rz, g); err != nil {
			return err
		}
	}
	return nil
}

// ttsFiles collects what one game's export writes, for the summary and
// for clearing out what an earlier export left.
type ttsFiles struct {
	dir   string
	names map[string]bool
	base  string // --base-url
}

// url is the address the JSON gives for the image name.
func (f *ttsFiles) url(name string) (string, error) {
	if f.base != "" {
		return strings.TrimRight(f.base, "/") + "/" + url.PathEscape(name), nil
	}
	abs, err := filepath.Abs(filepath.Join(f.dir, name))
	if err != nil {
		return "", err
	}
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") { // C:/… on Windows
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String(), nil
}

func (f *ttsFiles) write(name string, img image.Image, dpi float64) error {
	data, err := raster.EncodePNG(img, dpi)
	if err != nil {
		return err
	}
	if err := fileio.WriteAtomic(filepath.Join(f.dir, name), data); err != nil {
		return err
	}
	f.names[name] = true
	return nil
}

func exportGameTTS(opts *exportTTSOptions, rz *raster.Rasterizer, g *pipeline.Game) error {
	doc := pipeline.Document(g)
	decks := deckCards(g, doc, opts.Deck)
	if len(decks) == 0 {
		return nil // --deck names another game's deck, or the game has no cards
	}
	files := &ttsFiles{dir: filepath.Join(opts.OutDir, doc.GameID, "tts"), names: map[string]bool{}, base: opts.BaseURL}
	total := 0
	for _, d := range decks {
		total += len(d.cards)
	}
	bar := opts.newProgress(doc.GameID, int64(total)).counting("cards")
	defer bar.finish()
	var out []tts.Deck
	sheets, cards := 0, 0
	for _, d := range decks {
		td, err := ttsDeck(rz, doc, d, files, bar)
		if err != nil {
			return fmt.Errorf("%s: deck %s: %w", doc.GameID, d.id, err)
		}
		out = append(out, td)
		sheets += len(td.Sheets)
		cards += len(td.Cards)
	}
	so, err := tts.Build(doc.GameID, doc.Title, out)
	if err != nil {
		return fmt.Errorf("%s: %w", doc.GameID, err)
	}
	data, err := so.JSON()
	if err != nil {
		return err
	}
	name := doc.GameID + ".json"
	if err := fileio.WriteAtomic(filepath.Join(files.dir, name), data); err != nil {
		return err
	}
	if opts.Deck == "" {
		// Only a whole-game export knows every image the JSON may name.
		if err := removeStaleTTS(files); err != nil {
			return err
		}
	}
	bar.finish()
	fmt.Fprintf(opts.Out, "wrote %s: %s, %s on %s\n", finding.Visible(filepath.Join(files.dir, name)),
		count(len(out), "deck"), count(cards, "card"), count(sheets, "sheet"))
	return nil
}

// ttsDeck draws one deck's sheets and backs and describes them for the
// saved object. Each distinct card takes one slot; its copies share it.
func ttsDeck(rz *raster.Rasterizer, doc *render.Document, d exportDeck, files *ttsFiles, bar *progress) (tts.Deck, error) {
	size := doc.Card
	if s := doc.Cards[d.cards[0]].Size; s != (gamedata.Size{}) {
		size = s
	}
	counts := tts.Split(len(d.cards))
	first, err := tts.GridFor(counts[0])
	if err != nil {
		return tts.Deck{}, err
	}
	// Every sheet of the deck at the resolution its first, fullest,
	// sheet allows, so its cards look alike on the table.
	dpi := min(ttsMaxDPI,
		math.Floor(float64(ttsMaxSheet/first.Cols))*25.4/size.Width,
		math.Floor(float64(ttsMaxSheet/first.Rows))*25.4/size.Height)
	box := raster.Rect{W: size.Width, H: size.Height}
	w, h := pxOf(size.Width, dpi), pxOf(size.Height, dpi)

	// One PDF: the fronts, then each own back, then the deck's back.
	unique := false
	var faces []render.Face
	backPage := map[int]int{} // card index → page of its own back
	for _, i := range d.cards {
		faces = append(faces, render.Face{Card: i})
	}
	for _, i := range d.cards {
		if doc.Cards[i].TwoSided() {
			unique = true
			backPage[i] = len(faces)
			faces = append(faces, render.Face{Card: i, Back: true})
		}
	}
	deckBack := len(faces)
	faces = append(faces, render.Face{Card: d.cards[0], DeckBack: true})
	pdf, err := render.CardsPDF(doc, faces, render.Options{})
	if err != nil {
		return tts.Deck{}, err
	}
	imgs, err := drawPages(rz, pdf, len(faces), dpi, box, func() { bar.add(1) }, len(d.cards))
	if err != nil {
		return tts.Deck{}, err
	}
	hidden := imgs[deckBack]

	td := tts.Deck{ID: d.id, Name: d.name, Sideways: size.Width > size.Height}
	if !unique {
		name := d.id + "-back.png"
		if err := files.write(name, hidden, dpi); err != nil {
			return tts.Deck{}, err
		}
	}
	start := 0
	for s, n := range counts {
		grid, err := tts.GridFor(n)
		if err != nil {
			return tts.Deck{}, err
		}
		part := d.cards[start : start+n]
		fronts := make([]image.Image, n)
		backs := make([]image.Image, n)
		for k, i := range part {
			fronts[k] = imgs[start+k]
			backs[k] = hidden
			if p, ok := backPage[i]; ok {
				backs[k] = imgs[p]
			}
		}
		sheet, err := tts.Compose(grid, w, h, fronts, hidden)
		if err != nil {
			return tts.Deck{}, err
		}
		faceName := fmt.Sprintf("%s-%d.png", d.id, s+1)
		if err := files.write(faceName, sheet, dpi); err != nil {
			return tts.Deck{}, err
		}
		backName := d.id + "-back.png"
		if unique {
			backSheet, err := tts.Compose(grid, w, h, backs, hidden)
			if err != nil {
				return tts.Deck{}, err
			}
			backName = fmt.Sprintf("%s-back-%d.png", d.id, s+1)
			if err := files.write(backName, backSheet, dpi); err != nil {
				return tts.Deck{}, err
			}
		}
		faceURL, err := files.url(faceName)
		if err != nil {
			return tts.Deck{}, err
		}
		backURL, err := files.url(backName)
		if err != nil {
			return tts.Deck{}, err
		}
		td.Sheets = append(td.Sheets, tts.Sheet{FaceURL: faceURL, BackURL: backURL, Grid: grid, UniqueBack: unique})
		for k, i := range part {
			c := &doc.Cards[i]
			for range max(c.Copies, 1) {
				td.Cards = append(td.Cards, tts.Card{Name: c.Fields["name"], Sheet: s, Slot: k})
			}
		}
		start += n
	}
	return td, nil
}

// drawPages rasterises pages 0..n-1 of pdf at dpi, the part box of each,
// on all cores; tick runs after each of the first ticks pages.
func drawPages(rz *raster.Rasterizer, pdf []byte, n int, dpi float64, box raster.Rect, tick func(), ticks int) ([]*image.RGBA, error) {
	imgs := make([]*image.RGBA, n)
	jobs := make([]pngJob, n)
	for i := range jobs {
		jobs[i].page = i
	}
	var mu sync.Mutex
	_, err := rasterJobs(jobs, func(j pngJob) ([]byte, error) {
		img, err := rz.Region(pdf, j.page, dpi, box)
		if err != nil {
			return nil, err
		}
		mu.Lock()
		imgs[j.page] = img
		mu.Unlock()
		if j.page < ticks {
			tick()
		}
		return nil, nil
	}, "", nil)
	return imgs, err
}

// ttsImage matches the image names ttsDeck gives.
var ttsImage = regexp.MustCompile(`^[a-z][a-z0-9-]*-([0-9]+|back|back-[0-9]+)\.png$`)

// removeStaleTTS deletes the sheets and backs in the tts folder that this
// export did not write: decks renamed or removed, sheets no longer needed.
func removeStaleTTS(f *ttsFiles) error {
	entries, err := os.ReadDir(f.dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.Type().IsRegular() && ttsImage.MatchString(e.Name()) && !f.names[e.Name()] {
			if err := os.Remove(filepath.Join(f.dir, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}

// count is n and the noun for messages: "1 sheet", "3 sheets".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
