package smoke

import (
	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
)

// CodeCardNeverDrawn is the cards-drawn check's finding.
var CodeCardNeverDrawn = finding.Declare(finding.Code{ID: "CARD_NEVER_DRAWN", Severity: finding.Error, Scope: finding.Lint,
	Purpose: "A card used at some player count never reached a seat in any smoke game: never held at a choice, dealt, drawn, or chosen into any zone (an owner-only one included)."})

var _ = check.Register(check.Check{
	ID:    "cards-drawn",
	Doc:   "Checks that every card used at some player count reaches a seat in some smoke game.",
	Codes: []*finding.Code{CodeCardNeverDrawn},
	Step:  check.Smoke, Needs: check.Games,
	Smoke: &check.SmokeRule{Judge: judgeDrawn, Undecided: drawnUndecided, Counted: true},
})

func judgeDrawn(r *check.SmokeRun) []finding.Finding {
	offered := reachedAll(r)
	counts := r.Players()
	var out []finding.Finding
	for i, c := range r.Data.Cards {
		if usedAtAny(c, counts) && offered[i] == 0 { // a static check reports cards marked for no count
			out = append(out, CodeCardNeverDrawn.At(c.Pos,
				"card %s never reached a hand in %d smoke games at %s players (run seed %d)", c.ID, r.Total(), countsText(counts), r.Seed))
		}
	}
	return out
}

// drawnUndecided is the stopping rule: a card of this count has not
// reached a seat yet, and no ignore keeps its finding.
func drawnUndecided(o *check.Open, sum *engine.Summary) bool {
	for i, c := range o.Data.Cards {
		if c.UsedWith(o.Players) && reached(sum.Tally, i) == 0 && !o.Ignored(CodeCardNeverDrawn, c.ID) {
			return true
		}
	}
	return false
}

// reachedAll counts, card by card, the times each reached a seat in the
// random-bot games of every count.
func reachedAll(r *check.SmokeRun) []int64 {
	offered := make([]int64, r.Info.Cards)
	for _, c := range r.Counts {
		for i := range c.Random.Tally.CardInHand {
			offered[i] += reached(c.Random.Tally, i)
		}
	}
	return offered
}

// reached counts the times card i reached a seat in t: held at a
// decision, or dealt, drawn or chosen into a zone (an owner-only one
// too: a card passed or kept face down reached a seat).
func reached(t *engine.Tally, i int) int64 {
	n := int64(0)
	if i < len(t.CardInHand) {
		n += t.CardInHand[i]
	}
	if i < len(t.CardDrawn) {
		n += t.CardDrawn[i]
	}
	return n
}
