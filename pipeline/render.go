package pipeline

import (
	"fmt"
	"path/filepath"
	"sort"

	"cardpress/render"
)

// RenderOptions say where and how to print.
type RenderOptions struct {
	OutDir string // files go to OutDir/<game>/
	render.Options
}

// Render writes a game's print-and-play and reference PDFs and returns
// their paths. Each file is written atomically: an interrupted run leaves
// the previous file or none, never half of one.
func Render(g *Game, opt RenderOptions) ([]string, error) {
	if g.Engine == nil {
		return nil, fmt.Errorf("%s: data has errors; run cardpress validate", g.Data.Manifest.ID)
	}
	doc := Document(g)
	dir := filepath.Join(opt.OutDir, doc.GameID)
	pnp, err := render.PnP(doc, opt.Options)
	if err != nil {
		return nil, fmt.Errorf("%s: print-and-play: %w", doc.GameID, err)
	}
	ref, err := render.ReferencePDF(doc, opt.Options)
	if err != nil {
		return nil, fmt.Errorf("%s: reference sheet: %w", doc.GameID, err)
	}
	var paths []string
	for name, data := range map[string][]byte{doc.GameID + "-pnp.pdf": pnp, doc.GameID + "-reference.pdf": ref} {
		path := filepath.Join(dir, name)
		if err := render.WriteFileAtomic(path, data); err != nil {
			return nil, err
		}
		paths = append(paths, path)
	}
	sort.Strings(paths)
	return paths, nil
}
