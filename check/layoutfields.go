package check

import (
	"slices"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

var _ = Register(Check{
	ID:    "layout-engine-fields",
	Doc:   "Checks that every field the layout names is one the engine's cards print, for a game whose fields are not declared in game.yaml (declared ones are checked on loading).",
	Codes: []*finding.Code{gamedata.CodeLayoutField},
	Step:  Build, Needs: Engine,
	Run: layoutFields,
})

func layoutFields(in *Input) []finding.Finding {
	if in.Data.Manifest.DeclaresFields() {
		return nil
	}
	return in.Data.CheckLayoutFields(engineFields(in.Data, in.Engine))
}

// fieldsBroken says whether the layout names a field the engine's cards
// do not have: checks of what the layout draws would only repeat it.
func fieldsBroken(in *Input) bool {
	if in.Engine == nil {
		return false
	}
	errs, _ := finding.Count(layoutFields(in))
	return errs > 0
}

// engineFields are the fields an engine prints on each deck's cards, for
// the layout check: whatever its cards give, front or back.
func engineFields(d *gamedata.Data, g engine.Game) map[string][]string {
	cf, ok := g.(engine.CardFaces)
	if !ok {
		return nil
	}
	out := map[string][]string{}
	for i, c := range d.Cards {
		front, back := cf.CardFields(i)
		for name := range front {
			out[c.Deck] = append(out[c.Deck], name)
		}
		for name := range back {
			out[c.Deck] = append(out[c.Deck], name)
		}
	}
	for deck, names := range out {
		slices.Sort(names)
		out[deck] = slices.Compact(names)
	}
	return out
}
