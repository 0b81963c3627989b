package cmd

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"

	"cardpress/finding"
	"cardpress/gamedata"
	"cardpress/internal/fileio"
	"cardpress/pipeline"
	"cardpress/raster"
	"cardpress/render"

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
before -front when the card is printed N times. --profile tgc or mpc
writes the pixel size The Game Crafter (825×1125) or MakePlayingCards
(822×1122) asks for poker cards, into OUT/<game>/png-<profile>/, and
refuses other card sizes. See docs/export.md.`,
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
	f.StringVar(&opts.Profile, "profile", "", "print shop: tgc (The Game Crafter) or mpc (MakePlayingCards); sets dpi, bleed and pixel size")
	return c
}

// pngProfile is a print shop's image for a poker card: its pixel size at
// its dpi, and the trim the shop cuts at (the rest is bleed).
type pngProfile struct {
	name, shop   string
	dpi          float64
	w, h         int     // pixels
	trimW, trimH float64 // mm
}

// The shops' poker card templates: 2.5×3.5 in at 300 dpi (750×1050 px)
// with 1/8 in of bleed (825×1125) at The Game Crafter and 0.12 in
// (822×1122) at MakePlayingCards.
var pngProfiles = map[string]pngProfile{
	"tgc": {name: "tgc", shop: "The Game Crafter poker card", dpi: 300, w: 825, h: 1125, trimW: 63.5, trimH: 88.9},
	"mpc": {name: "mpc", shop: "MakePlayingCards poker card", dpi: 300, w: 822, h: 1122, trimW: 63.5, trimH: 88.9},
}

// profileSlack is how far, in mm, a card's side may be from the shop's
// trim: the shop's cut then falls at most half of it inside the card or
// into its bleed, within the usual cutting tolerance of a millimetre.
// cardpress's poker preset (63×88) is 0.5 and 0.9 mm short.
const profileSlack = 1.0

// pngGeom is how one card size becomes an image: drawn with bleed on a
// page of its own, and the part box of that page rasterised at dpi.
type pngGeom struct {
	dpi   float64
	bleed float64
	box   raster.Rect
	w, h  int // the image's pixels
}

func pngGeomFor(size gamedata.Size, dpi, bleed float64, prof *pngProfile) (pngGeom, error) {
	if prof == nil {
		g := pngGeom{dpi: dpi, bleed: bleed, box: raster.Rect{W: size.Width + 2*bleed, H: size.Height + 2*bleed}}
		g.w, g.h = pxOf(g.box.W, dpi), pxOf(g.box.H, dpi)
		return g, nil
	}
	if math.Abs(size.Width-prof.trimW) > profileSlack || math.Abs(size.Height-prof.trimH) > profileSlack {
		return pngGeom{}, fmt.Errorf("profile %s takes %gx%g mm cards (±%g mm), not %gx%g mm; export without --profile and set --dpi and --bleed",
			prof.name, prof.trimW, prof.trimH, profileSlack, size.Width, size.Height)
	}
	// The card keeps its own size, centred on the shop's image; the
	// bleed drawn reaches the image's edges on every side.
	imgW, imgH := float64(prof.w)/prof.dpi*25.4, float64(prof.h)/prof.dpi*25.4
	padX, padY := (imgW-size.Width)/2, (imgH-size.Height)/2
	b := max(padX, padY)
	return pngGeom{dpi: prof.dpi, bleed: b, box: raster.Rect{X: b - padX, Y: b - padY, W: imgW, H: imgH}, w: prof.w, h: prof.h}, nil
}

func checkExportPNG(o *exportPNGOptions) (*pngProfile, error) {
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
	p, ok := pngProfiles[o.Profile]
	if !ok {
		return nil, usagef("unknown --profile %q (want tgc or mpc)", o.Profile)
	}
	if o.dpiSet || o.bleedSet {
		return nil, usagef("--profile %s sets the dpi and the bleed; drop --dpi and --bleed", o.Profile)
	}
	return &p, nil
}

func hasDeck(g *pipeline.Game, id string) bool {
	return slices.ContainsFunc(g.Data.Manifest.Decks, func(d gamedata.Deck) bool { return d.ID == id })
}

type exportDeck struct {
	id, name string
	cards    []int // indexes into Document.Cards
}

func runExportPNG(opts *exportPNGOptions) error {
	prof, err := checkExportPNG(opts)
	if err != nil {
		return err
	}
	games, err := exportGames(opts.IO, opts.Paths, opts.Deck)
	if err != nil {
		return err
	}
	rz, err := raster.Shared()
	if err != nil {
		return err
	}
	var out *fileio.OutRoot
	for _, g := range games {
		doc := pipeline.Document(g)
		decks := deckCards(g, doc, opts.Deck)
		if len(decks) == 0 {
			continue
		}
		if out == nil {
			if out, err = fileio.OpenOut(opts.OutDir); err != nil {
				return err
			}
			defer out.Close()
		}
		folder := "png"
		if prof != nil {
			folder = "png-" + prof.name
		}
		total := 0
		for _, d := range decks {
			total += 2 * len(d.cards)
		}
		bar := opts.newProgress(doc.GameID, int64(total)).counting("images")
		for _, d := range decks {
			n, geom, dir, err := exportDeckPNG(rz, doc, d, out, doc.GameID+"/"+folder+"/"+d.id, opts, prof, bar)
			bar.finish()
			if errors.Is(err, fileio.ErrLink) {
				return err // it names the link
			}
			if err != nil {
				return fmt.Errorf("%s: deck %s: %w", doc.GameID, d.id, err)
			}
			fmt.Fprintf(opts.Out, "wrote %s: %d images, %dx%d px at %g dpi\n", finding.Visible(dir), n, geom.w, geom.h, geom.dpi)
		}
	}
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
func exportDeckPNG(rz *raster.Rasterizer, doc *render.Document, d exportDeck, out *fileio.OutRoot, name string, opts *exportPNGOptions, prof *pngProfile, bar *progress) (n int, geom pngGeom, path string, err error) {
	if geom, err = pngGeomFor(deckSize(doc, d), opts.DPI, opts.Bleed, prof); err != nil {
		return 0, geom, "", err
	}
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
