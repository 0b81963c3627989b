package pipeline

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/schema"
	"github.com/cardpress/cardpress/smoke"
)

// engineData is what of d, a game whose loading found errors, an engine
// may still read: an engine builds only from data that passed validation,
// so the problems there are reported once, by validation. A card with an
// error (from its line up to the next card's) is left out, unless the
// error is a name undefined in game.yaml (UNDEFINED_*: the card's shape is
// sound, and engines skip names they do not know), and for the rules
// engine, whose data names cards by id, there is then nothing to build;
// any other error in a
// file the engine reads (engineReads) leaves nothing to build (ok is
// false), but for an unknown field of game.yaml, which the loader drops
// and no engine sees.
func engineData(d *gamedata.Data, engineID string, loaded []finding.Finding) (_ *gamedata.Data, ok bool) {
	files := engineReads(d, engineID)
	bad := map[int]bool{}
	for _, f := range loaded {
		if f.Severity != finding.Error {
			continue
		}
		file := filepath.Clean(f.File)
		if f.File == "" || (file == filepath.Clean(d.Manifest.Pos.File) && !schema.CodeUnknownField.Is(f)) {
			return nil, false
		}
		if !slices.ContainsFunc(files, func(name string) bool { return filepath.Clean(name) == file }) {
			continue // the layout, the reference sheet, a picture, a font
		}
		if file == filepath.Clean(d.Manifest.Pos.File) {
			continue // an unknown field
		}
		i := cardAt(d.Cards, f.Pos)
		if i < 0 {
			return nil, false
		}
		bad[i] = bad[i] || !strings.HasPrefix(f.Code, "UNDEFINED_")
	}
	if len(bad) > 0 && engineID == gamedata.RulesEngine {
		// Its rules and rule tests name cards by id: one left out would
		// be reported as undefined.
		return nil, false
	}
	out := *d
	out.Cards = nil
	for i, c := range d.Cards {
		if !bad[i] {
			out.Cards = append(out.Cards, c)
		}
	}
	return &out, true
}

// cardAt is the index of the card of cards whose text holds pos: the last
// card of pos's file that starts at or before it; -1 for none.
func cardAt(cards []gamedata.Card, pos finding.Pos) int {
	at := -1
	for i, c := range cards {
		if filepath.Clean(c.Pos.File) != filepath.Clean(pos.File) {
			continue
		}
		if c.Pos.Line < pos.Line || c.Pos.Line == pos.Line && c.Pos.Col <= pos.Col {
			if at < 0 || before(cards[at].Pos, c.Pos) {
				at = i
			}
		}
	}
	return at
}

func before(a, b finding.Pos) bool { return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col }

// engineReads are the files of d an engine reads: game.yaml (players,
// parameters, keywords, phases, components) and the card files, and for
// the rules engine the rules file and its tests. The layout, the reference
// sheet, pictures and fonts are the renderer's.
func engineReads(d *gamedata.Data, engineID string) []string {
	names := slices.Clone(d.Manifest.Files.Cards)
	if engineID == gamedata.RulesEngine {
		names = append(names, d.Manifest.Files.Rules)
		names = append(names, d.Manifest.Files.Tests...)
	}
	files := []string{d.Manifest.Pos.File}
	for _, name := range names {
		if name != "" {
			files = append(files, filepath.Join(d.Dir, name))
		}
	}
	return files
}

// references keeps the engine's findings about undefined names, and a
// crash, but none where loading found an error: a name is reported once.
func references(engineFindings, loaded []finding.Finding) []finding.Finding {
	rejected := map[finding.Pos]bool{}
	for _, f := range loaded {
		if f.Severity == finding.Error {
			rejected[f.Pos] = true
		}
	}
	var out []finding.Finding
	for _, f := range engineFindings {
		if (strings.HasPrefix(f.Code, "UNDEFINED_") && !rejected[f.Pos]) || smoke.CodeEnginePanic.Is(f) {
			out = append(out, f)
		}
	}
	return out
}
