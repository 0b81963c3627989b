// Package pipeline runs cardpress's stages on game folders — validate,
// build the engine, lint, render — so every command shares one path from
// YAML to findings and PDFs.
package pipeline

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/render"
	"github.com/cardpress/cardpress/smoke"

	// Every game engine registers itself; see engine/games.
	_ "github.com/cardpress/cardpress/engine/games"
)

// LoadedGame is one loaded game: its data, and its engine when the data builds.
type LoadedGame struct {
	Data *gamedata.Data
	// Valid is data without errors, built by its engine if it has one:
	// a game that may be linted and rendered.
	Valid  bool
	Engine engine.Game // nil for invalid data, and for a game without a rules engine
	// Variant is the rule variant Data's parameters and Engine are for: the
	// game's default after Load ("" for a game without variants).
	Variant string
	// module builds Engine when it is not game.yaml's engine (WithEngine),
	// so every variant is played by the same one; nil for game.yaml's.
	module kit.Module
}

// BuildVariant builds the game for another of its variants ("" for the
// default). The error is a variant the game does not have; the findings
// are the engine's on that variant's data.
func (g *LoadedGame) BuildVariant(id string) (*LoadedGame, []finding.Finding, error) {
	d, err := g.Data.WithVariant(id)
	if err != nil {
		return nil, nil, err
	}
	if d.Variant == g.Variant && g.Valid {
		return g, nil, nil
	}
	m := g.module
	if m == nil {
		if !d.Manifest.HasEngine() {
			// Without an engine a variant only changes the parameter values
			// the reference sheet prints.
			return &LoadedGame{Data: d, Valid: g.Valid, Variant: d.Variant}, nil, nil
		}
		var ok bool
		if m, ok = kit.Lookup(d.Manifest.Engine); !ok {
			return nil, nil, fmt.Errorf("%s: no engine %q is registered", d.Manifest.ID, d.Manifest.Engine)
		}
	}
	eg, fs := build(m, d)
	return &LoadedGame{Data: d, Engine: eg, Valid: eg != nil && countErrors(fs) == 0, Variant: d.Variant, module: g.module}, fs, nil
}

// CheckEngine says why id cannot play a game instead of game.yaml's
// engine (--engine), or returns nil.
func CheckEngine(id string) error {
	if _, ok := kit.Lookup(id); !ok {
		return fmt.Errorf("no engine %q is registered (the engines are %s)", id, strings.Join(kit.Modules(), ", "))
	}
	return nil
}

// WithEngine is g played by engine id instead of game.yaml's (--engine):
// the data stays as loaded, validated against its own engine's schemas
// (HEAT's cards keep HEAT's), and id builds it, every variant of it. The
// findings are that engine's on the data, as Load reports them; the error
// is an engine that is not registered, or the generic one asked to play a
// game that names no rules file.
func (g *LoadedGame) WithEngine(id string) (*LoadedGame, []finding.Finding, error) {
	if err := CheckEngine(id); err != nil {
		return nil, nil, err
	}
	m, _ := kit.Lookup(id)
	if id == gamedata.RulesEngine && g.Data.Manifest.Files.Rules == "" {
		return nil, nil, fmt.Errorf("game %q names no rules file (files.rules in game.yaml) for engine %s to play", g.Data.Manifest.ID, id)
	}
	if !g.Valid {
		// The data has errors: nothing to build (Load reported them).
		return &LoadedGame{Data: g.Data, Variant: g.Variant, module: m}, nil, nil
	}
	eg, fs := build(m, g.Data)
	out := &LoadedGame{Data: g.Data, Engine: eg, Valid: eg != nil && countErrors(fs) == 0, Variant: g.Variant, module: m}
	// The reference sheet's placeholders are not checked against this
	// engine's facts: the sheet is game.yaml's engine's, printed by it.
	fs = append(fs, variantBuilds(out, fs)...)
	return out, finding.Sort(fs), nil
}

// Build builds d, g's data with other parameter values (cardpress tune's
// candidates), with the engine that plays g (game.yaml's, or --engine's).
// The findings are the errors only; a nil LoadedGame comes with at least one.
func (g *LoadedGame) Build(d *gamedata.Data) (engine.Game, []finding.Finding) {
	m := g.module
	if m == nil {
		var ok bool
		if m, ok = kit.Lookup(d.Manifest.Engine); !ok {
			return nil, []finding.Finding{smoke.CodeEnginePanic.At(d.Manifest.IDPos, "no engine %q is registered", d.Manifest.Engine)}
		}
	}
	eg, fs := build(m, d)
	var errs []finding.Finding
	for _, f := range fs {
		if f.Severity == finding.Error {
			errs = append(errs, f)
		}
	}
	if eg == nil && len(errs) == 0 {
		errs = append(errs, smoke.CodeEnginePanic.At(d.Manifest.IDPos, "engine %s made no game of the data", m.ID()))
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return eg, nil
}

// otherVariant is g's variant when it is not the game's default (what
// --variant must name to get it), else "".
func (g *LoadedGame) otherVariant() string {
	if g.Variant == g.Data.Variants()[0] {
		return ""
	}
	return g.Variant
}

// variantOnly is the findings of variant id that the default variant does
// not report as well (base), each marked with the variant, so each problem
// is told once, and where.
func variantOnly(id string, fs, base []finding.Finding) []finding.Finding {
	var out []finding.Finding
	for _, f := range fs {
		if slices.ContainsFunc(base, func(b finding.Finding) bool {
			return b.Pos == f.Pos && b.Code == f.Code && b.Message == f.Message && b.Severity == f.Severity
		}) {
			continue
		}
		f.Message = "[variant " + id + "] " + f.Message
		out = append(out, f)
	}
	return out
}

// EngineSchemas gives gamedata the JSON Schemas of a registered engine.
func EngineSchemas(id string) (fs.FS, bool) {
	m, ok := kit.Lookup(id)
	if !ok {
		return nil, false
	}
	return m.Schemas(), true
}

// Load validates every game under paths (game folders, files in them, or
// folders of games) and builds the engines of those that validate.
func Load(paths []string) ([]*LoadedGame, []finding.Finding) {
	var games []*LoadedGame
	var all []finding.Finding
	for _, path := range paths {
		datas, fs := gamedata.LoadPath(path, EngineSchemas)
		nameEngines(fs)
		all = append(all, fs...)
		complete := fs
		if info, err := os.Stat(path); err == nil && !info.IsDir() && len(datas) == 1 {
			// fs holds only this file's findings, but whether the game
			// may be built and played depends on every file of it.
			_, complete = gamedata.Load(datas[0].Dir, EngineSchemas)
		}
		gs, more := buildGames(datas, fs, complete, path)
		games = append(games, gs...)
		all = append(all, more...)
	}
	return games, finding.Sort(all)
}

// LoadEdited loads the game in dir as Load does, with edited files'
// content (by path relative to dir) in place of what is on disk: the
// unsaved buffers an editor checks as they are typed (cardpress lsp).
func LoadEdited(dir string, edited map[string][]byte) (*LoadedGame, []finding.Finding) {
	d, fs := gamedata.LoadEdited(dir, EngineSchemas, edited)
	nameEngines(fs)
	if d == nil {
		return nil, fs
	}
	gs, more := buildGames([]*gamedata.Data{d}, fs, fs, dir)
	return gs[0], finding.Sort(append(fs, more...))
}

// buildGames builds the engines of the games loaded from path, with fs
// the findings kept for path and complete those of the whole games, and
// runs the checks that need a built game.
func buildGames(datas []*gamedata.Data, fs, complete []finding.Finding, path string) ([]*LoadedGame, []finding.Finding) {
	var games []*LoadedGame
	var all []finding.Finding
	for _, d := range datas {
		own := ownFindings(complete, d, datas)
		valid := countErrors(own) == 0
		// Commands play the default variant unless told otherwise.
		d, _ = d.WithVariant("")
		g := &LoadedGame{Data: d, Variant: d.Variant, Valid: valid && !d.Manifest.HasEngine()}
		found := buildEngine(g, valid, own)
		found = append(found, check.Run(check.Build, input(g))...)
		all = append(all, keepFile(found, path)...)
		games = append(games, g)
	}
	return games, finding.Sort(all)
}

// buildEngine builds g's data with its engine, if it has one, and reports
// what the engine finds; loaded are the findings of loading the game. An
// engine builds only from data that passed validation (engineData).
func buildEngine(g *LoadedGame, valid bool, loaded []finding.Finding) []finding.Finding {
	d := g.Data
	m, ok := kit.Lookup(d.Manifest.Engine)
	if !ok || !d.Manifest.HasEngine() {
		return nil
	}
	if !valid {
		// Errors: no engine to play with, but its reference checks still
		// report on the data that passed, so every problem shows in one run.
		if ed, ok := engineData(d, m.ID(), loaded); ok {
			_, bfs := build(m, ed)
			return references(bfs, loaded)
		}
		return nil
	}
	eg, bfs := build(m, d)
	g.Engine = eg
	g.Valid = eg != nil && countErrors(bfs) == 0
	found := append(bfs, variantBuilds(g, bfs)...)
	if g.Valid {
		// Past the engine's own errors: the rules file's would only
		// repeat them.
		rfs := rulesFile(d)
		found = append(found, rfs...)
		g.Valid = countErrors(rfs) == 0
	}
	return found
}

// rulesFile builds the rules file of a game whose engine is its own
// (HEAT's rules.yaml, played with --engine rules) for its findings: the
// file is part of the game, and its rule tests name cards and choices
// that must be there.
func rulesFile(d *gamedata.Data) []finding.Finding {
	if d.Manifest.Files.Rules == "" || d.Manifest.Engine == gamedata.RulesEngine {
		return nil
	}
	m, ok := kit.Lookup(gamedata.RulesEngine)
	if !ok {
		return nil
	}
	_, fs := build(m, d)
	return fs
}

// nameEngines adds the registered engines to UNKNOWN_ENGINE findings:
// gamedata knows engines only by the schemas it is handed.
func nameEngines(fs []finding.Finding) {
	for i := range fs {
		if gamedata.CodeUnknownEngine.Is(fs[i]) {
			fs[i].Message += " (the engines are " + strings.Join(kit.Modules(), ", ") + ")"
		}
	}
}

// Static runs the table's static checks (check.Static): those that need
// no smoke games.
func Static(g *LoadedGame) []finding.Finding {
	if !g.Valid {
		return nil
	}
	return check.Run(check.Static, input(g))
}

// input is g as the table's checks see it.
func input(g *LoadedGame) *check.Input {
	return check.NewInput(g.Data, g.Engine, g.Valid, func() *render.Document { return Document(g) })
}

// variantBuilds builds every other variant of g and reports what the
// engine finds in it beyond base, the findings of g's own build.
func variantBuilds(g *LoadedGame, base []finding.Finding) []finding.Finding {
	var out []finding.Finding
	for _, id := range g.Data.Variants() {
		if id == g.Variant {
			continue
		}
		if _, fs, err := g.BuildVariant(id); err == nil {
			out = append(out, variantOnly(id, fs, base)...)
		}
	}
	return out
}

// Lint is Static plus the smoke games, for every variant of the game;
// findings of other variants than g's are marked with theirs. Variants
// play side by side; opt.Metrics still sees them one after another, in
// the game's order.
func Lint(g *LoadedGame, opt smoke.Options) []finding.Finding {
	if !g.Valid {
		return nil
	}
	if g.Engine == nil {
		return check.ApplyIgnores(g.Data, Static(g), true)
	}
	games := []*LoadedGame{g}
	for _, id := range g.Data.Variants() {
		v, _, err := g.BuildVariant(id)
		if err != nil || v == g || v.Engine == nil {
			continue // a variant that does not build was reported by Load
		}
		games = append(games, v)
	}
	found := make([][]finding.Finding, len(games))
	metrics := make([][]func(), len(games))
	var wg sync.WaitGroup
	for i, v := range games {
		o := opt
		o.Variant = v.otherVariant()
		if opt.Metrics != nil {
			o.Metrics = func(variant string, players int, sum *engine.Summary) {
				metrics[i] = append(metrics[i], func() { opt.Metrics(variant, players, sum) })
			}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			found[i] = lintVariant(v, o)
		}()
	}
	wg.Wait()
	var out []finding.Finding
	for i, v := range games {
		for _, report := range metrics[i] {
			report()
		}
		if i == 0 {
			out = found[0]
			continue
		}
		out = append(out, variantOnly(v.Variant, found[i], out)...)
	}
	// An ignore is written for game.yaml's engine: a run of another
	// (--engine rules on Mice Heist, which raises none of engine/mice's
	// alarms) cannot tell that it silences nothing.
	full := !opt.Partial(g.Engine.Info().SmokeGames) && (g.module == nil || g.module.ID() == g.Data.Manifest.Engine)
	return check.ApplyIgnores(g.Data, out, full)
}

// ErrNoEngine words what a command that plays the game says about a game
// without a rules engine.
func ErrNoEngine(g *LoadedGame) error {
	return fmt.Errorf("game %q has no rules engine (engine: none), so it cannot be played: it validates, lints (static checks) and renders; to play it, name a registered engine in game.yaml (see cardpress rules) or write one (docs/engine.md)", g.Data.Manifest.ID)
}

func lintVariant(g *LoadedGame, opt smoke.Options) []finding.Finding {
	out := Static(g)
	if kept, _ := check.Silence(g.Data, out); countErrors(kept) == 0 {
		// Smoke games on data with static errors would only repeat them.
		out = append(out, smoke.Play(g.Data, g.Engine, opt)...)
	}
	return out
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

// ownFindings keeps the findings that concern game d among the games
// loaded together: all but those in another game's folder, so one broken
// game in a folder of games leaves the others playable, and none is built
// past an error of its own.
func ownFindings(fs []finding.Finding, d *gamedata.Data, loaded []*gamedata.Data) []finding.Finding {
	var out []finding.Finding
	for _, f := range fs {
		other := false
		for _, o := range loaded {
			other = other || o != d && inFolder(f.File, o.Dir)
		}
		if !other {
			out = append(out, f)
		}
	}
	return out
}

// inFolder reports whether file is dir or inside it.
func inFolder(file, dir string) bool {
	rel, err := filepath.Rel(filepath.Clean(dir), filepath.Clean(file))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

func countErrors(fs []finding.Finding) int {
	errs, _ := finding.Count(fs)
	return errs
}

// build runs an engine's Build, turning a crash on odd data into a finding.
func build(m kit.Module, d *gamedata.Data) (g engine.Game, fs []finding.Finding) {
	defer func() {
		if r := recover(); r != nil {
			g, fs = nil, []finding.Finding{smoke.CodeEnginePanic.At(d.Manifest.IDPos, "engine %s crashed reading the data: %v", m.ID(), r)}
		}
	}()
	return m.Build(d)
}
