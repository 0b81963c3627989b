// Package pipeline runs cardpress's stages on game folders — validate,
// build the engine, lint, render — so every command shares one path from
// YAML to findings and PDFs.
package pipeline

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"cardpress/engine"
	"cardpress/engine/finding"
	"cardpress/gamedata"
	"cardpress/lint"
	"cardpress/render"

	// Every game engine registers itself; see engine/games.
	_ "cardpress/engine/games"
)

// Game is one loaded game: its data, and its engine when the data builds.
type Game struct {
	Data   *gamedata.Game
	Engine engine.Game // nil when the data has errors the engine cannot play past
}

// EngineSchemas gives gamedata the JSON Schemas of a registered engine.
func EngineSchemas(id string) (fs.FS, bool) {
	m, ok := engine.Lookup(id)
	if !ok {
		return nil, false
	}
	return m.Schemas(), true
}

// Load validates every game under paths (game folders, files in them, or
// folders of games) and builds the engines of those that validate.
func Load(paths []string) ([]*Game, []finding.Finding) {
	var games []*Game
	var all []finding.Finding
	for _, path := range paths {
		datas, fs := gamedata.LoadPath(path, EngineSchemas)
		all = append(all, fs...)
		valid := countErrors(fs) == 0
		for _, d := range datas {
			g := &Game{Data: d}
			if m, ok := engine.Lookup(d.Manifest.Engine); ok {
				eg, bfs := build(m, d)
				if valid {
					g.Engine = eg
					all = append(all, keepFile(bfs, path)...)
				} else {
					// The data has errors: no engine to play with, but the
					// engine's reference checks still report, so every
					// problem shows in one run.
					all = append(all, keepFile(references(bfs), path)...)
				}
			}
			if g.Engine != nil {
				all = append(all, keepFile(d.CheckPlaceholders(factNames(g.Engine)), path)...)
			}
			games = append(games, g)
		}
	}
	return games, finding.Sort(all)
}

// Static runs the checks that need no smoke games: the engine's own checks,
// the reference templates and text fitting.
func Static(g *Game) []finding.Finding {
	if g.Engine == nil {
		return nil
	}
	out := g.Engine.Check()
	out = append(out, render.CheckFit(Document(g))...)
	return out
}

// Lint is Static plus the smoke games.
func Lint(g *Game, opt lint.Options) []finding.Finding {
	if g.Engine == nil {
		return nil
	}
	out := Static(g)
	if kept, _ := lint.Silence(g.Data, out); countErrors(kept) == 0 {
		// Smoke games on data with static errors would only repeat them.
		out = append(out, lint.Smoke(g.Data, g.Engine, opt)...)
	}
	return lint.ApplyIgnores(g.Data, out)
}

func factNames(g engine.Game) []string {
	var names []string
	for name := range g.Facts() {
		names = append(names, name)
	}
	return names
}

// keepFile keeps only the findings of path when path names one file, as
// LoadPath does for its own findings.
func keepFile(fs []finding.Finding, path string) []finding.Finding {
	info, err := os.Stat(path)
	if err != nil || info.IsDir() {
		return fs
	}
	var out []finding.Finding
	for _, f := range fs {
		if filepath.Clean(f.File) == filepath.Clean(path) {
			out = append(out, f)
		}
	}
	return out
}

func countErrors(fs []finding.Finding) int {
	errs, _ := finding.Count(fs)
	return errs
}

// build runs an engine's Build, turning a crash on odd data into a finding.
func build(m engine.Module, d *gamedata.Game) (g engine.Game, fs []finding.Finding) {
	defer func() {
		if r := recover(); r != nil {
			g, fs = nil, []finding.Finding{finding.New(d.Manifest.IDPos, "ENGINE_PANIC", "engine %s crashed reading the data: %v", m.ID(), r)}
		}
	}()
	return m.Build(d)
}

// references keeps the findings about undefined names.
func references(fs []finding.Finding) []finding.Finding {
	var out []finding.Finding
	for _, f := range fs {
		if strings.HasPrefix(f.Code, "UNDEFINED_") || f.Code == "ENGINE_PANIC" {
			out = append(out, f)
		}
	}
	return out
}
