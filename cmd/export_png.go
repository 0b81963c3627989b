package cmd

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/printshop"
	"github.com/cardpress/cardpress/raster"
	"github.com/cardpress/cardpress/render"

	"github.com/spf13/cobra"
)

// export png: one image per card face for print shops (docs/export.md).

type exportPNGOptions struct {
	exportTarget
	DPI     float64
	Bleed   float64
	Profile string
	// dpiSet and bleedSet: the flags were given, which a profile forbids.
	dpiSet, bleedSet bool
}

func newExportPNGCmd(streams IO) *cobra.Command {
	opts := &exportPNGOptions{exportTarget: exportTarget{IO: streams}}
	var c *cobra.Command
	c = &cobra.Command{
		Use:   "png [PATH]",
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
		Args: cobra.MaximumNArgs(1),
		RunE: opts.runOn(func() error {
			opts.dpiSet, opts.bleedSet = c.Flags().Changed("dpi"), c.Flags().Changed("bleed")
			return runExportPNG(opts)
		}),
	}
	f := c.Flags()
	opts.bind(f)
	f.Float64Var(&opts.DPI, "dpi", 300, fmt.Sprintf("pixels per inch (above 0, at most %g)", raster.MaxDPI))
	opts.Bleed = defaultBleed
	f.Var(&mmFlag{&opts.Bleed, render.MaxBleed}, "bleed", fmt.Sprintf("bleed around each card, in mm (0 to %g)", render.MaxBleed))
	f.StringVar(&opts.Profile, "profile", "", "print shop ("+shopList()+") or shop-size (tgc-bridge); sets dpi, bleed and pixel size per deck")
	return c
}

// pngGeom is how one card size becomes an image: drawn with bleed on a
// page of its own, and the part box of that page rasterised at dpi.
type pngGeom struct {
	dpi   float64
	bleed float64
	box   raster.Rect
	w, h  int // the image's pixels
}

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

// checkExportPNG checks the flags and returns the profiles --profile
// names (nil without it).
// shopList is "tgc (The Game Crafter), mpc (…), …", from the table.
func shopList() string {
	var parts []string
	for _, s := range printshop.Shops {
		parts = append(parts, s.ID+" ("+s.Name+")")
	}
	return strings.Join(parts, ", ")
}

// shopIDs is "tgc, mpc, dtc".
func shopIDs() string {
	var ids []string
	for _, s := range printshop.Shops {
		ids = append(ids, s.ID)
	}
	return strings.Join(ids, ", ")
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

func checkExportPNG(o *exportPNGOptions) ([]printshop.Profile, error) {
	if err := checkOutDir(o.OutDir); err != nil {
		return nil, err
	}
	if !(o.DPI > 0 && o.DPI <= raster.MaxDPI) {
		return nil, usagef("--dpi %g: want a number above 0 and at most %g", o.DPI, raster.MaxDPI)
	}
	if !inRange(o.Bleed, render.MaxBleed) {
		return nil, usagef("--bleed %g: want a number of mm from 0 to %g", o.Bleed, render.MaxBleed)
	}
	if o.Profile == "" {
		return nil, nil
	}
	ps := printshop.Lookup(o.Profile)
	if ps == nil {
		return nil, usagef("unknown --profile %q (want a shop, %s, or shop-size such as tgc-bridge)", o.Profile, shopIDs())
	}
	if o.dpiSet || o.bleedSet {
		return nil, usagef("--profile %s sets the dpi and the bleed; drop --dpi and --bleed", o.Profile)
	}
	return ps, nil
}

// pngPlan is one deck to export and the template its images follow (nil:
// --dpi and --bleed).
type pngPlan struct {
	doc  *render.Document
	deck exportDeck
	prof *printshop.Profile
}

// planExportPNG fits every deck of every game to a profile before
// anything is written, so a deck no profile takes stops the export with
// nothing half done; the error, one line, names every such deck.
func planExportPNG(games []*pipeline.Game, only string, profiles []printshop.Profile, name string) ([]pngPlan, error) {
	var plans []pngPlan
	var misfits []string
	for _, g := range games {
		doc := pipeline.Document(g)
		for _, d := range deckCards(g, doc, only) {
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

// fitDeck is the profile for a deck's cards, or an error naming the deck,
// its size and the sizes --profile name offers.
func fitDeck(doc *render.Document, d exportDeck, profiles []printshop.Profile, name string) (printshop.Profile, error) {
	size := deckSize(doc, d)
	p, ok := printshop.Fit(profiles, size.Width, size.Height)
	if !ok {
		return p, fmt.Errorf("%s: deck %s: %gx%g mm cards fit no --profile %s size (%s, ±%g mm, either way round)",
			doc.GameID, d.id, size.Width, size.Height, name, printshop.Sizes(profiles), printshop.Slack)
	}
	return p, nil
}

// misfitError is the one-line usage error for decks no profile fits,
// with what to do instead; nil when there are none.
func misfitError(misfits []string, instead string) error {
	if len(misfits) == 0 {
		return nil
	}
	return usagef("%s; nothing written: %s", strings.Join(misfits, "; "), instead)
}

func hasDeck(g *pipeline.Game, id string) bool {
	return slices.ContainsFunc(g.Data.Manifest.Decks, func(d gamedata.Deck) bool { return d.ID == id })
}

type exportDeck struct {
	id, name string
	cards    []int // indexes into Document.Cards
}

func runExportPNG(opts *exportPNGOptions) error {
	profiles, err := checkExportPNG(opts)
	if err != nil {
		return err
	}
	games, err := exportGames(opts.IO, opts.Paths, opts.Deck)
	if err != nil {
		return err
	}
	plans, err := planExportPNG(games, opts.Deck, profiles, opts.Profile)
	if err != nil || len(plans) == 0 {
		return err
	}
	rz, err := raster.Shared()
	if err != nil {
		return err
	}
	out, err := fileio.OpenOut(opts.OutDir)
	if err != nil {
		return err
	}
	defer out.Close()
	for i := 0; i < len(plans); {
		doc := plans[i].doc
		total := 0
		for j := i; j < len(plans) && plans[j].doc == doc; j++ {
			total += 2 * len(plans[j].deck.cards)
		}
		bar := opts.newProgress(doc.GameID, int64(total)).counting("images")
		for ; i < len(plans) && plans[i].doc == doc; i++ {
			if err := exportPlanPNG(rz, plans[i], out, opts, bar); err != nil {
				return err
			}
		}
	}
	return nil
}

// exportPlanPNG writes one deck's images into png/<deck>/, or
// png-<shop>/<deck>/ with a profile, and says what it wrote.
func exportPlanPNG(rz *raster.Rasterizer, pl pngPlan, out *fileio.OutRoot, opts *exportPNGOptions, bar *progress) error {
	folder := "png"
	if pl.prof != nil {
		folder = "png-" + pl.prof.Shop
	}
	doc, d := pl.doc, pl.deck
	n, geom, dir, err := exportDeckPNG(rz, doc, d, out, doc.GameID+"/"+folder+"/"+d.id, opts, pl.prof, bar)
	bar.finish()
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
	fmt.Fprintf(opts.Out, "wrote %s: %d images, %s\n", finding.Visible(dir), n, what)
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

// exportDeckPNG writes the images of one deck into the folder name below
// out and removes the card images that an earlier export wrote there and
// this one did not (a card renamed or deleted since); it returns how many
// images it wrote, at what size, and the folder's path. Faces are drawn a chunk at a
// time and each image is written as soon as it is drawn, so memory holds
// one chunk's PDF and an image per core, whatever the deck's size.
func exportDeckPNG(rz *raster.Rasterizer, doc *render.Document, d exportDeck, out *fileio.OutRoot, name string, opts *exportPNGOptions, prof *printshop.Profile, bar *progress) (n int, geom pngGeom, path string, err error) {
	geom = pngGeomFor(deckSize(doc, d), opts.DPI, opts.Bleed, prof)
	dir, err := out.Folder(name)
	if err != nil {
		return 0, geom, "", err
	}
	defer dir.Close()
	jobs := pngJobs(doc, d)
	for start := 0; start < len(jobs); start += pngChunk {
		chunk := jobs[start:min(start+pngChunk, len(jobs))]
		faces := make([]render.Face, len(chunk))
		for k, j := range chunk {
			faces[k] = j.face
		}
		pdf, err := render.CardsPDF(doc, faces, render.Options{Bleed: geom.bleed})
		if err != nil {
			return 0, geom, "", err
		}
		err = parallel(len(chunk), func(k int) error {
			img, err := rz.Region(pdf, k, geom.dpi, geom.box)
			if err != nil {
				return err
			}
			data, err := raster.EncodePNG(img, geom.dpi)
			if err != nil {
				return err
			}
			// The common back goes to every card's file: written on
			// all cores too, or one core would write them all.
			files := chunk[k].files
			return parallel(len(files), func(f int) error {
				bar.add(1)
				return dir.WriteFile(files[f], data)
			})
		})
		if err != nil {
			return 0, geom, "", err
		}
	}
	if _, err := dir.Tidy(cardImage.MatchString); err != nil {
		return 0, geom, "", err
	}
	return len(dir.Written()), geom, dir.Path(), nil
}

// pngJobs lists the faces of a deck's images: each card's front, each own
// back, and the deck's common back once, its image written for every card
// that shows it.
func pngJobs(doc *render.Document, d exportDeck) []pngJob {
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

// cardImage matches the names exportDeckPNG gives: clean-up removes no
// other name, even one an earlier export's record lists.
var cardImage = regexp.MustCompile(`^[0-9]{3,}-[a-z][a-z0-9-]*-(front|back)\.png$`)
