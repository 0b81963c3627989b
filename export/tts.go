package export

import (
	"errors"
	"fmt"
	"image"
	"math"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/internal/words"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/raster"
	"github.com/cardpress/cardpress/render"
	"github.com/cardpress/cardpress/tts"

	"github.com/spf13/pflag"
)

// tts: deck sheets and a saved object for Tabletop Simulator
// (docs/export.md).

type ttsFormat struct{}

func (ttsFormat) Name() string { return "tts" }

func (ttsFormat) Help() Help {
	return Help{
		Short: "Write Tabletop Simulator deck sheets and a saved object",
		Long: `Export tts writes, in OUT/<game>/tts/, each deck's card sheets (<deck>-1.png, …:
at most 10×7 cards each, the last slot the deck's back, which Tabletop
Simulator shows for a hidden card), its back (<deck>-back.png, or a sheet
of backs <deck>-back-1.png, … when cards have backs of their own), each
token, board and track (_piece-N.png, a token's back _piece-N-back.png)
and <game>.json, a saved object that spawns every deck with its cards
named, each board and track as a tile and each kind of token as a bag of
round tiles.
The JSON points at the images with file:// URLs, which work on this
computer only; upload the images and pass --base-url with the address of
the folder that holds them to share the game. See docs/export.md.`,
	}
}

func (ttsFormat) Flags(f *pflag.FlagSet) Writer {
	var baseURL string
	f.StringVar(&baseURL, "base-url", "", "http(s) address of the uploaded tts folder, for the JSON's image URLs (default: file:// URLs of the written images)")
	return func(j *Job) error { return writeTTS(j, baseURL) }
}

// ttsMaxSheet is the longest side of a sheet in pixels: 4096 is the
// texture size every graphics card takes, and Tabletop Simulator's own
// advice for deck sheets. ttsMaxDPI caps the cards of small sheets.
const (
	ttsMaxSheet = 4096
	ttsMaxDPI   = 300.0
)

func writeTTS(j *Job, baseURL string) error {
	if baseURL != "" {
		u, err := url.Parse(baseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("--base-url %q: want an http:// or https:// address", baseURL)
		}
	}
	games, err := j.load()
	if err != nil {
		return err
	}
	rz, err := raster.Shared()
	if err != nil {
		return err
	}
	for _, g := range games {
		if err := writeGameTTS(j, baseURL, rz, g); err != nil {
			return err
		}
	}
	return nil
}

// ttsFiles is the tts folder of one game's export, which records what it
// writes, for the summary and for clearing out what an earlier export
// left.
type ttsFiles struct {
	out  *fileio.OutRoot
	base string // --base-url
	// pending is the sheet being encoded and written on its own
	// goroutine while the next is drawn (nil: none): PNG encoding runs on
	// one core and takes as long as drawing the sheet's cards on all.
	pending chan error
	// spare is the sheet written last, for the next to be drawn on.
	spare, writing *image.RGBA
}

// url is the address the JSON gives for the image name.
func (f *ttsFiles) url(name string) (string, error) {
	if f.base != "" {
		return strings.TrimRight(f.base, "/") + "/" + url.PathEscape(name), nil
	}
	abs, err := filepath.Abs(f.out.Join(name))
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
	return f.out.WriteFile(name, data)
}

// writeSoon writes the sheet img as name on its own goroutine, once the
// write before it has finished, so that at most two sheets are in memory:
// the one being written and the one being drawn.
func (f *ttsFiles) writeSoon(name string, img *image.RGBA, dpi float64) error {
	if err := f.wait(); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- f.write(name, img, dpi) }()
	f.pending, f.writing = done, img
	return nil
}

// wait waits for the write in flight, if any, and returns its error.
func (f *ttsFiles) wait() error {
	if f.pending == nil {
		return nil
	}
	err := <-f.pending
	f.pending, f.spare, f.writing = nil, f.writing, nil
	return err
}

// take is the sheet to draw the next on, if one is free: the spare, and
// no longer kept as one.
func (f *ttsFiles) take() *image.RGBA {
	s := f.spare
	f.spare = nil
	return s
}

// ttsGame is one game's tts export under way.
type ttsGame struct {
	*Job
	rz    *raster.Rasterizer
	doc   *render.Document
	files *ttsFiles
	bar   Progress
}

func writeGameTTS(j *Job, baseURL string, rz *raster.Rasterizer, g *pipeline.LoadedGame) error {
	doc := pipeline.Document(g)
	decks := decksOf(g, doc, j.Deck)
	if len(decks) == 0 {
		return nil // --deck names another game's deck, or the game has no cards
	}
	root, err := fileio.OpenOut(j.OutDir)
	if err != nil {
		return err
	}
	defer root.Close()
	out, err := root.Folder(doc.GameID + "/tts")
	if err != nil {
		return err
	}
	defer out.Close()
	files := &ttsFiles{out: out, base: baseURL}
	defer files.wait() // on an error, before the folder is closed
	total := 0
	for _, d := range decks {
		total += len(d.cards)
	}
	tg := &ttsGame{Job: j, rz: rz, doc: doc, files: files, bar: j.bar(doc.GameID, total, "cards")}
	defer tg.bar.Finish()
	drawn, err := tg.decks(decks)
	if err != nil {
		return err
	}
	so, err := tts.Build(doc.GameID, doc.Title, drawn)
	if err != nil {
		return fmt.Errorf("%s: %w", doc.GameID, err)
	}
	var pieces []tts.Piece
	if j.Deck == "" { // the pieces are the game's, not a deck's
		if pieces, err = tg.pieces(); err != nil {
			return fmt.Errorf("%s: pieces: %w", doc.GameID, err)
		}
		so.AddPieces(doc.GameID, pieces)
	}
	return tg.save(so, drawn, len(pieces))
}

// decks draws the decks' sheets, one deck after the other.
func (tg *ttsGame) decks(decks []deck) ([]tts.Deck, error) {
	var drawn []tts.Deck
	for _, d := range decks {
		td, err := tg.deck(d)
		if err == nil {
			err = tg.files.wait() // its last sheet written, so an error names its deck
		}
		if errors.Is(err, fileio.ErrLink) {
			return nil, err // it names the link
		}
		if err != nil {
			return nil, fmt.Errorf("%s: deck %s: %w", tg.doc.GameID, d.id, err)
		}
		drawn = append(drawn, td)
	}
	return drawn, nil
}

// save writes the saved object as <game>.json, clears out what an
// earlier export left, and says what was written.
func (tg *ttsGame) save(so *tts.SavedObject, decks []tts.Deck, pieces int) error {
	data, err := so.JSON()
	if err != nil {
		return err
	}
	out := tg.files.out
	name := tg.doc.GameID + ".json"
	if err := out.WriteFile(name, data); err != nil {
		return err
	}
	if tg.Deck == "" {
		// Only a whole-game export knows every image the JSON may name.
		_, err = out.Tidy(ttsImage.MatchString)
	} else {
		err = out.Record()
	}
	if err != nil {
		return err
	}
	tg.bar.Finish()
	sheets, cards := 0, 0
	for _, td := range decks {
		sheets += len(td.Sheets)
		cards += len(td.Cards)
	}
	also := ""
	if pieces > 0 {
		also = ", " + words.Count(pieces, "kind") + " of token, board and track"
	}
	tg.wrote(out.Join(name), fmt.Sprintf(": %s, %s on %s%s", words.Count(len(decks), "deck"), words.Count(cards, "card"), words.Count(sheets, "sheet"), also))
	return nil
}

// pieces draws the game's tokens, boards and tracks (render.PiecesPDF)
// and writes each as _piece-N.png, a two-sided token's back as
// _piece-N-back.png: deck ids cannot begin with "_", so no sheet is
// named alike. Each is drawn at up to 300 dpi, within the texture size.
func (tg *ttsGame) pieces() ([]tts.Piece, error) {
	pdf, pieces, err := render.PiecesPDF(tg.doc, render.Options{})
	if err != nil || len(pieces) == 0 {
		return nil, err
	}
	var out []tts.Piece
	page := 0
	for i, p := range pieces {
		dpi := min(ttsMaxDPI, math.Floor(ttsMaxSheet*25.4/max(p.W, p.H)))
		tp := tts.Piece{ID: strconv.Itoa(i + 1), Name: p.Name, Round: p.Token, W: p.W, H: p.H, Count: p.Count}
		sides := []string{fmt.Sprintf("_piece-%d.png", i+1)}
		if p.Back {
			sides = append(sides, fmt.Sprintf("_piece-%d-back.png", i+1))
		}
		var urls []string
		for _, name := range sides {
			u, err := tg.piece(pdf, page, dpi, name)
			if err != nil {
				return nil, err
			}
			page++
			urls = append(urls, u)
		}
		tp.FaceURL, tp.BackURL = urls[0], urls[len(urls)-1]
		out = append(out, tp)
	}
	return out, nil
}

// piece draws page of pdf at dpi, writes it as name and returns its URL.
func (tg *ttsGame) piece(pdf []byte, page int, dpi float64, name string) (string, error) {
	img, err := tg.rz.Page(pdf, page, dpi)
	if err != nil {
		return "", err
	}
	if err := tg.files.write(name, img, dpi); err != nil {
		return "", err
	}
	return tg.files.url(name)
}

// sheetDPI is the resolution of every sheet of a deck of cards of size
// whose first, fullest, sheet is first: the most that sheet allows, so
// its cards look alike on the table.
func sheetDPI(size gamedata.Size, first tts.Grid) float64 {
	return min(ttsMaxDPI,
		math.Floor(float64(ttsMaxSheet/first.Cols))*25.4/size.Width,
		math.Floor(float64(ttsMaxSheet/first.Rows))*25.4/size.Height)
}

// deck draws one deck's sheets and backs and describes them for the
// saved object. Each distinct card takes one slot; its copies share it.
// It holds one sheet at a time: each sheet's faces are drawn from a PDF of
// that sheet's cards alone, straight into their slots, and the sheet is
// written while the next is drawn, so memory is two sheets, the deck's
// back and an image per core, whatever the deck's size (docs/export.md).
func (tg *ttsGame) deck(d deck) (tts.Deck, error) {
	size := d.size(tg.doc)
	counts := tts.Split(len(d.cards))
	first, err := tts.GridFor(counts[0])
	if err != nil {
		return tts.Deck{}, err
	}
	dr, err := tg.drawer(d, sheetDPI(size, first), raster.Rect{W: size.Width, H: size.Height})
	if err != nil {
		return tts.Deck{}, err
	}
	td := tts.Deck{ID: d.id, Name: d.name, Sideways: size.Width > size.Height}
	start := 0
	for s, n := range counts {
		part := d.cards[start : start+n]
		sheet, err := dr.sheet(s, part)
		if err != nil {
			return tts.Deck{}, err
		}
		td.Sheets = append(td.Sheets, sheet)
		td.Cards = append(td.Cards, cardsOn(tg.doc, s, part)...)
		start += n
	}
	return td, nil
}

// cardsOn lists the cards of sheet s, whose slots hold part: a card for
// each copy, all in the slot of its face.
func cardsOn(doc *render.Document, s int, part []int) []tts.Card {
	var cards []tts.Card
	for k, i := range part {
		c := &doc.Cards[i]
		for range max(c.Copies, 1) {
			cards = append(cards, tts.Card{Name: c.Fields["name"], Sheet: s, Slot: k})
		}
	}
	return cards
}

// drawer is the drawer of deck d's sheets, the region box of each face
// drawn at dpi; it draws the deck's back, the hidden-card image, and
// writes it as <deck>-back.png unless cards have backs of their own.
func (tg *ttsGame) drawer(d deck, dpi float64, box raster.Rect) (*ttsDrawer, error) {
	doc := tg.doc
	dr := &ttsDrawer{doc: doc, deck: d.id, files: tg.files, dpi: dpi, bar: tg.bar,
		draw:   func(pdf []byte, page int) (*image.RGBA, error) { return tg.rz.Region(pdf, page, dpi, box) },
		unique: slices.ContainsFunc(d.cards, func(i int) bool { return doc.Cards[i].TwoSided() })}
	backPDF, err := render.CardsPDF(doc, []render.Face{{Card: d.cards[0], DeckBack: true}}, render.Options{})
	if err != nil {
		return nil, err
	}
	if dr.hidden, err = dr.draw(backPDF, 0); err != nil {
		return nil, err
	}
	if !dr.unique {
		if err := tg.files.write(d.id+"-back.png", dr.hidden, dpi); err != nil {
			return nil, err
		}
	}
	return dr, nil
}

// ttsDrawer draws the sheets of one deck.
type ttsDrawer struct {
	doc    *render.Document
	deck   string
	unique bool // some cards have backs of their own: sheets of backs too
	hidden *image.RGBA
	draw   func(pdf []byte, page int) (*image.RGBA, error)
	files  *ttsFiles
	dpi    float64
	bar    Progress
}

// sheet draws sheet s (from 0), the cards part, from a PDF of them alone
// and writes it; for a deck with backs of their own, the sheet of their
// backs then likewise, the deck's back in the slot of a card without one.
func (dr *ttsDrawer) sheet(s int, part []int) (tts.Sheet, error) {
	grid, err := tts.GridFor(len(part))
	if err != nil {
		return tts.Sheet{}, err
	}
	pdf, fronts, backs, err := dr.faces(part)
	if err != nil {
		return tts.Sheet{}, err
	}
	faceName, backName := fmt.Sprintf("%s-%d.png", dr.deck, s+1), dr.deck+"-back.png"
	if err := dr.drawSheet(grid, pdf, fronts, faceName, func() { dr.bar.Add(1) }); err != nil {
		return tts.Sheet{}, err
	}
	if dr.unique {
		backName = fmt.Sprintf("%s-back-%d.png", dr.deck, s+1)
		if err := dr.drawSheet(grid, pdf, backs, backName, func() {}); err != nil {
			return tts.Sheet{}, err
		}
	}
	faceURL, err := dr.files.url(faceName)
	if err != nil {
		return tts.Sheet{}, err
	}
	backURL, err := dr.files.url(backName)
	if err != nil {
		return tts.Sheet{}, err
	}
	return tts.Sheet{FaceURL: faceURL, BackURL: backURL, Grid: grid, UniqueBack: dr.unique}, nil
}

// faces is a PDF of the cards part: their fronts, then the backs of
// those that have their own; fronts and backs give each slot's page (-1:
// the deck's back).
func (dr *ttsDrawer) faces(part []int) (pdf []byte, fronts, backs []int, err error) {
	fronts = make([]int, len(part))
	backs = make([]int, len(part))
	faces := make([]render.Face, 0, 2*len(part))
	for k, i := range part {
		fronts[k] = len(faces)
		faces = append(faces, render.Face{Card: i})
	}
	for k, i := range part {
		backs[k] = -1
		if dr.doc.Cards[i].TwoSided() {
			backs[k] = len(faces)
			faces = append(faces, render.Face{Card: i, Back: true})
		}
	}
	pdf, err = render.CardsPDF(dr.doc, faces, render.Options{})
	return pdf, fronts, backs, err
}

// drawSheet draws page pages[k] of pdf into slot k (the hidden image for
// -1) on all cores, and has the sheet written as name while the next is
// drawn; tick runs after each slot.
func (dr *ttsDrawer) drawSheet(grid tts.Grid, pdf []byte, pages []int, name string, tick func()) error {
	b := dr.hidden.Bounds()
	canvas, err := tts.NewCanvas(grid, b.Dx(), b.Dy(), dr.hidden, dr.files.take())
	if err != nil {
		return err
	}
	err = parallel(len(pages), func(k int) error {
		img := dr.hidden
		if pages[k] >= 0 {
			var err error
			if img, err = dr.draw(pdf, pages[k]); err != nil {
				return err
			}
		}
		tick()
		return canvas.Put(k, img)
	})
	if err != nil {
		return err
	}
	return dr.files.writeSoon(name, canvas.Image, dr.dpi)
}

// ttsImage matches the image names a tts export gives: clean-up removes
// no other name, even one an earlier export's record lists.
var ttsImage = regexp.MustCompile(`^([a-z][a-z0-9-]*-([0-9]+|back|back-[0-9]+)|_piece-[0-9]+(-back)?)\.png$`)
