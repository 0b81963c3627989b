package export

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/internal/flagval"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/printshop"
	"github.com/cardpress/cardpress/raster"
	"github.com/cardpress/cardpress/render"

	"github.com/spf13/pflag"
)

// png: one image per card face for print shops (docs/export.md). A print
// shop's template sizes are a profile of png (--profile), not a format of
// their own: the images are the same, only their pixels and folder
// differ.

type pngFormat struct{}

func (pngFormat) Name() string { return "png" }

func (pngFormat) Help() Help {
	return Help{
		Short: "Write one PNG per card face for print shops",
		Long: `Export png writes every card's front and back as its own image, with bleed,
drawn by the same code as the print-and-play PDF and rasterised from it:
OUT/<game>/png/<deck>/NNN-<card>-front.png and NNN-<card>-back.png, NNN the
card's place in its deck (so uploaders keep the deck's order) and -xN
before -front when the card is printed N times. --profile SHOP writes
each deck at the pixel size that shop's template asks for the deck's card
size (landscape decks on the template turned), into
OUT/<game>/png-<shop>/; SHOP-SIZE (tgc-bridge) allows that size only. A
deck no profile fits is reported before anything is written.
` + profileHelp() + `
See docs/export.md.`,
		Complete: map[string][]string{"profile": printshop.Names()},
	}
}

// pngOptions are export png's flags.
type pngOptions struct {
	DPI     float64
	Bleed   float64
	Profile string
	// dpiSet and bleedSet: the flags were given, which a profile forbids.
	dpiSet, bleedSet bool
}

func (pngFormat) Flags(f *pflag.FlagSet) Writer {
	o := &pngOptions{Bleed: gamedata.DefaultBleed}
	f.Float64Var(&o.DPI, "dpi", 300, fmt.Sprintf("pixels per inch (above 0, at most %g)", raster.MaxDPI))
	f.Var(&flagval.MM{Value: &o.Bleed, Max: render.MaxBleed}, "bleed", fmt.Sprintf("bleed around each card, in mm (0 to %g)", render.MaxBleed))
	f.StringVar(&o.Profile, "profile", "", "print shop ("+printshop.List()+") or shop-size (tgc-bridge); sets dpi, bleed and pixel size per deck")
	return func(j *Job) error {
		o.dpiSet, o.bleedSet = f.Changed("dpi"), f.Changed("bleed")
		return writePNG(j, o)
	}
}

// profileHelp lists each shop's sizes and images for the long help.
func profileHelp() string {
	var b strings.Builder
	b.WriteString("Profiles (template pixels at 300 dpi, bleed included):")
	for _, s := range printshop.Shops {
		fmt.Fprintf(&b, "\n  %s:", s.ID)
		for _, p := range printshop.Profiles {
			if p.Shop == s.ID {
				fmt.Fprintf(&b, " %s %dx%d", p.Size, p.W, p.H)
			}
		}
	}
	return b.String()
}

// pngGeom is how one card size becomes an image: drawn with bleed on a
// page of its own, and the part box of that page rasterised at dpi.
type pngGeom struct {
	dpi   float64
	bleed float64
	box   raster.Rect
	w, h  int // the image's pixels
}

// pxOf matches raster's rounding of a length to whole pixels.
func pxOf(mm, dpi float64) int { return int(math.Round(mm / 25.4 * dpi)) }

func pngGeomFor(size gamedata.Size, dpi, bleed float64, prof *printshop.Profile) pngGeom {
	if prof == nil {
		g := pngGeom{dpi: dpi, bleed: bleed, box: raster.Rect{W: size.Width + 2*bleed, H: size.Height + 2*bleed}}
		g.w, g.h = pxOf(g.box.W, dpi), pxOf(g.box.H, dpi)
		return g
	}
	// The card keeps its own size, centred on the shop's image; the
	// bleed drawn reaches the image's edges on every side.
	imgW, imgH := prof.Image()
	padX, padY := (imgW-size.Width)/2, (imgH-size.Height)/2
	b := max(padX, padY)
	return pngGeom{dpi: prof.DPI, bleed: b, box: raster.Rect{X: b - padX, Y: b - padY, W: imgW, H: imgH}, w: prof.W, h: prof.H}
}

// check checks the flags and returns the profiles --profile names (nil
// without it).
func (o *pngOptions) check() ([]printshop.Profile, error) {
	if !(o.DPI > 0 && o.DPI <= raster.MaxDPI) {
		return nil, fmt.Errorf("--dpi %g: want a number above 0 and at most %g", o.DPI, raster.MaxDPI)
	}
	if !flagval.InRange(o.Bleed, render.MaxBleed) {
		return nil, fmt.Errorf("--bleed %g: want a number of mm from 0 to %g", o.Bleed, render.MaxBleed)
	}
	if o.Profile == "" {
		return nil, nil
	}
	ps, err := printshop.Choose(o.Profile)
	if err != nil {
		return nil, err
	}
	if o.dpiSet || o.bleedSet {
		return nil, fmt.Errorf("--profile %s sets the dpi and the bleed; drop --dpi and --bleed", o.Profile)
	}
	return ps, nil
}

// pngPlan is one deck to export and the template its images follow (nil:
// --dpi and --bleed).
type pngPlan struct {
	doc  *render.Document
	deck deck
	prof *printshop.Profile
}

// planPNG fits every deck of every game to a profile before anything is
// written, so a deck no profile takes stops the export with nothing half
// done; the error, one line, names every such deck.
func planPNG(games []*pipeline.LoadedGame, only string, profiles []printshop.Profile, name string) ([]pngPlan, error) {
	var plans []pngPlan
	var misfits []string
	for _, g := range games {
		doc := pipeline.Document(g)
		for _, d := range decksOf(g, doc, only) {
			pl := pngPlan{doc: doc, deck: d}
			if profiles != nil {
				p, err := fitDeck(doc, d, profiles, name)
				if err != nil {
					misfits = append(misfits, err.Error())
					continue
				}
				pl.prof = &p
			}
			plans = append(plans, pl)
		}
	}
	if err := misfitError(misfits, "export those decks without --profile (with --dpi and --bleed) or pick another shop"); err != nil {
		return nil, err
	}
	return plans, nil
}

func writePNG(j *Job, o *pngOptions) error {
	profiles, err := o.check()
	if err != nil {
		return err
	}
	games, err := j.load()
	if err != nil {
		return err
	}
	plans, err := planPNG(games, j.Deck, profiles, o.Profile)
	if err != nil || len(plans) == 0 {
		return err
	}
	rz, err := raster.Shared()
	if err != nil {
		return err
	}
	out, err := fileio.OpenOut(j.OutDir)
	if err != nil {
		return err
	}
	defer out.Close()
	w := &pngWriter{Job: j, opts: o, rz: rz, out: out}
	// A bar per game, counting the images of all its decks.
	for i := 0; i < len(plans); {
		doc := plans[i].doc
		total := 0
		for k := i; k < len(plans) && plans[k].doc == doc; k++ {
			total += 2 * len(plans[k].deck.cards)
		}
		w.bar = j.bar(doc.GameID, total, "images")
		for ; i < len(plans) && plans[i].doc == doc; i++ {
			if err := w.plan(plans[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

// pngWriter writes the images of the planned decks into out.
type pngWriter struct {
	*Job
	opts *pngOptions
	rz   *raster.Rasterizer
	out  *fileio.OutRoot
	bar  Progress
}

// plan writes one deck's images into png/<deck>/, or png-<shop>/<deck>/
// with a profile, and says what it wrote.
func (w *pngWriter) plan(pl pngPlan) error {
	folder := "png"
	if pl.prof != nil {
		folder = "png-" + pl.prof.Shop
	}
	doc, d := pl.doc, pl.deck
	geom := pngGeomFor(d.size(doc), w.opts.DPI, w.opts.Bleed, pl.prof)
	n, dir, err := w.deck(doc, d, doc.GameID+"/"+folder+"/"+d.id, geom)
	w.bar.Finish()
	if errors.Is(err, fileio.ErrLink) {
		return err // it names the link
	}
	if err != nil {
		return fmt.Errorf("%s: deck %s: %w", doc.GameID, d.id, err)
	}
	what := fmt.Sprintf("%dx%d px at %g dpi", geom.w, geom.h, geom.dpi)
	if pl.prof != nil {
		what += ", " + pl.prof.Name()
		if pl.prof.Landscape() {
			what += " turned"
		}
	}
	w.wrote(dir, fmt.Sprintf(": %d images, %s", n, what))
	return nil
}

// pngJob is one card face to draw and the files its image goes to.
type pngJob struct {
	face  render.Face
	files []string
}

// pngChunk is how many faces export png draws from one PDF. The
// rasteriser reads the whole PDF for every page it draws, so one PDF for
// a deck of 5,000 cards made the export quadratic in time and kept that
// PDF in every PDFium instance's memory; a PDF per chunk keeps both to a
// chunk's worth, while a chunk still gives every core work.
const pngChunk = 64

// deck writes the images of one deck into the folder name below w.out
// and removes the card images that an earlier export wrote there and
// this one did not (a card renamed or deleted since); it returns how
// many images it wrote and the folder's path. Faces are drawn a chunk at
// a time and each image is written as soon as it is drawn, so memory
// holds one chunk's PDF and an image per core, whatever the deck's size.
func (w *pngWriter) deck(doc *render.Document, d deck, name string, geom pngGeom) (n int, path string, err error) {
	dir, err := w.out.Folder(name)
	if err != nil {
		return 0, "", err
	}
	defer dir.Close()
	jobs := pngJobs(doc, d)
	for start := 0; start < len(jobs); start += pngChunk {
		chunk := jobs[start:min(start+pngChunk, len(jobs))]
		if err := w.chunk(doc, chunk, dir, geom); err != nil {
			return 0, "", err
		}
	}
	if _, err := dir.Tidy(cardImage.MatchString); err != nil {
		return 0, "", err
	}
	return len(dir.Written()), dir.Path(), nil
}

// chunk draws a chunk of faces from one PDF of them, on all cores, and
// writes each image to its files in dir.
func (w *pngWriter) chunk(doc *render.Document, chunk []pngJob, dir *fileio.OutRoot, geom pngGeom) error {
	faces := make([]render.Face, len(chunk))
	for k, j := range chunk {
		faces[k] = j.face
	}
	pdf, err := render.CardsPDF(doc, faces, render.Options{Bleed: geom.bleed})
	if err != nil {
		return err
	}
	return parallel(len(chunk), func(k int) error {
		img, err := w.rz.Region(pdf, k, geom.dpi, geom.box)
		if err != nil {
			return err
		}
		data, err := raster.EncodePNG(img, geom.dpi)
		if err != nil {
			return err
		}
		// The common back goes to every card's file: written on all
		// cores too, or one core would write them all.
		files := chunk[k].files
		return parallel(len(files), func(f int) error {
			w.bar.Add(1)
			return dir.WriteFile(files[f], data)
		})
	})
}

// pngJobs lists the faces of a deck's images: each card's front, each own
// back, and the deck's common back once, its image written for every card
// that shows it.
func pngJobs(doc *render.Document, d deck) []pngJob {
	var jobs []pngJob
	common := -1
	digits := max(3, len(strconv.Itoa(len(d.cards))))
	for n, i := range d.cards {
		c := &doc.Cards[i]
		stem := fmt.Sprintf("%0*d-%s", digits, n+1, c.ID)
		if c.Copies > 1 {
			stem += "-x" + strconv.Itoa(c.Copies)
		}
		jobs = append(jobs, pngJob{face: render.Face{Card: i}, files: []string{stem + "-front.png"}})
		switch {
		case c.TwoSided():
			jobs = append(jobs, pngJob{face: render.Face{Card: i, Back: true}, files: []string{stem + "-back.png"}})
		case common < 0:
			common = len(jobs)
			jobs = append(jobs, pngJob{face: render.Face{Card: i, DeckBack: true}, files: []string{stem + "-back.png"}})
		default:
			jobs[common].files = append(jobs[common].files, stem+"-back.png")
		}
	}
	return jobs
}

// cardImage matches the names pngJobs gives: clean-up removes no other
// name, even one an earlier export's record lists.
var cardImage = regexp.MustCompile(`^[0-9]{3,}-[a-z][a-z0-9-]*-(front|back)\.png$`)
