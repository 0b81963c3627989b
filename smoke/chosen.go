package smoke

import (
	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
)

// CodeCardNeverChosen is the cards-chosen check's finding.
var CodeCardNeverChosen = finding.Declare(finding.Code{ID: "CARD_NEVER_CHOSEN", Severity: finding.Warning, Scope: finding.Lint,
	Purpose: "Heuristic bots held the card but never chose it: it may be dominated by others."})

// The heuristic bots play a fixed number of games at each count, so
// nothing here decides when to stop (check.Never).
var _ = check.Register(check.Check{
	ID:    "cards-chosen",
	Doc:   "Checks that heuristic bots choose every card they could choose often enough, at least once.",
	Codes: []*finding.Code{CodeCardNeverChosen},
	Step:  check.Smoke, Needs: check.Games,
	Smoke: &check.SmokeRule{Judge: judgeChosen, Undecided: check.Never, Counted: true},
})

// judgeChosen warns about each card heuristic bots held at least 20 times
// and never chose; a card that never reached a seat is CARD_NEVER_DRAWN's.
func judgeChosen(r *check.SmokeRun) []finding.Finding {
	chosen := make([]int64, r.Info.Cards)
	offered := make([]int64, r.Info.Cards)
	for _, c := range r.Counts {
		for i := range c.Heuristic.Tally.CardChosen {
			chosen[i] += c.Heuristic.Tally.CardChosen[i]
			offered[i] += c.Heuristic.Tally.CardOffered[i]
		}
	}
	atRandom := ""
	if engine.HeuristicPlaysAtRandom(r.Engine) {
		atRandom = "; the heuristic bots played at random: the rules give no evaluate:"
	}
	reachedAny := reachedAll(r)
	counts := r.Players()
	var out []finding.Finding
	for i, c := range r.Data.Cards {
		if usedAtAny(c, counts) && reachedAny[i] > 0 && offered[i] >= 20 && chosen[i] == 0 {
			out = append(out, CodeCardNeverChosen.At(c.Pos,
				"heuristic bots could choose card %s %d times and never did: it may be weaker than every other card (run seed %d)%s", c.ID, offered[i], r.Seed, atRandom))
		}
	}
	return out
}
