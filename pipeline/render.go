package pipeline

import (
	"fmt"
	"sort"

	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/printshop"
	"github.com/cardpress/cardpress/render"
)

// RenderOptions say where and how to print.
type RenderOptions struct {
	OutDir string // files go to OutDir/<game>/
	// Variant is the rule variant to print ("" for the game's default);
	// another than the default adds -<variant> to the file names.
	Variant string
	// PrintShop writes <game>-print-shop.pdf (render.PrintShopPDF) in
	// place of the print-and-play and reference PDFs; Profiles, when
	// set, are the shop templates its pages follow, and Profile their
	// name, added to the file's (<game>-print-shop-<profile>.pdf).
	PrintShop bool
	Profile   string
	Profiles  []printshop.Profile
	render.Options
}

// Render writes a game's print-and-play and reference PDFs and returns
// their paths. Each file is written atomically through the output folder
// (fileio.OutRoot): an interrupted run leaves the previous file or none,
// never half of one, and a link below OutDir is never written through.
func Render(g *LoadedGame, opt RenderOptions) ([]string, error) {
	if !g.Valid {
		return nil, fmt.Errorf("%s: data has errors; run cardpress validate", g.Data.Manifest.ID)
	}
	if opt.Variant != "" {
		v, fs, err := g.BuildVariant(opt.Variant)
		if err != nil {
			return nil, err
		}
		if !v.Valid || countErrors(fs) > 0 {
			return nil, fmt.Errorf("%s: variant %s does not build; run cardpress validate", g.Data.Manifest.ID, opt.Variant)
		}
		g = v
	}
	doc := Document(g)
	suffix := ""
	if v := g.otherVariant(); v != "" {
		suffix = "-" + v
	}
	files, err := renderFiles(doc, opt, suffix)
	if err != nil {
		return nil, err
	}
	out, err := fileio.OpenOut(opt.OutDir)
	if err != nil {
		return nil, err
	}
	defer out.Close()
	var paths []string
	for name, data := range files {
		name = doc.GameID + "/" + name
		if err := out.WriteFile(name, data); err != nil {
			return nil, err
		}
		paths = append(paths, out.Join(name))
	}
	sort.Strings(paths)
	return paths, nil
}

// renderFiles makes the PDFs Render writes, by file name.
func renderFiles(doc *render.Document, opt RenderOptions, suffix string) (map[string][]byte, error) {
	if opt.PrintShop {
		name := doc.GameID + "-print-shop"
		if opt.Profile != "" {
			name += "-" + opt.Profile
		}
		pdf, err := render.PrintShopPDF(doc, opt.Options, opt.Profiles)
		if err != nil {
			return nil, fmt.Errorf("%s: print-shop PDF: %w", doc.GameID, err)
		}
		return map[string][]byte{name + suffix + ".pdf": pdf}, nil
	}
	pnp, err := render.PnP(doc, opt.Options)
	if err != nil {
		return nil, fmt.Errorf("%s: print-and-play: %w", doc.GameID, err)
	}
	ref, err := render.ReferencePDF(doc, opt.Options)
	if err != nil {
		return nil, fmt.Errorf("%s: reference sheet: %w", doc.GameID, err)
	}
	return map[string][]byte{doc.GameID + "-pnp" + suffix + ".pdf": pnp, doc.GameID + "-reference" + suffix + ".pdf": ref}, nil
}
