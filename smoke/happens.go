package smoke

import (
	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
)

// CodeNeverHappens is the rules-happen check's finding.
var CodeNeverHappens = finding.Declare(finding.Code{ID: "RULE_NEVER_HAPPENS", Severity: finding.Warning, Scope: finding.Lint,
	Purpose: "Something the rules say can happen never did in the smoke games: a choice's option was never legal, a card effect's condition never held. The rule may be dead, or need more games to show."})

var _ = check.Register(check.Check{
	ID:    "rules-happen",
	Doc:   "Checks that everything the rules say can happen (a choice's option, a card effect's condition) happens in some smoke game.",
	Codes: []*finding.Code{CodeNeverHappens},
	Step:  check.Smoke, Needs: check.Games,
	Smoke: &check.SmokeRule{Judge: judgeHappens, Undecided: happensUndecided, Counted: true},
})

func judgeHappens(r *check.SmokeRun) []finding.Finding {
	d, counts := r.Data, r.Players()
	happened := make([]int64, len(r.Info.Expected))
	for _, c := range r.Counts {
		for i := range min(len(happened), len(c.Random.Tally.Probes)) {
			happened[i] += c.Random.Tally.Probes[i]
		}
	}
	var out []finding.Finding
	for i, e := range r.Info.Expected {
		if happened[i] > 0 || e.Card >= 0 && (e.Card >= len(d.Cards) || !usedAtAny(d.Cards[e.Card], counts)) {
			continue
		}
		out = append(out, CodeNeverHappens.At(e.Pos, "%s in %d smoke games at %s players (run seed %d)", e.Never, r.Total(), countsText(counts), r.Seed))
	}
	return out
}

// happensUndecided is the stopping rule: something that can happen at
// this count has not yet, and no ignore keeps its finding.
func happensUndecided(o *check.Open, sum *engine.Summary) bool {
	d := o.Data
	for i, e := range o.Info.Expected {
		if e.Card >= 0 && (e.Card >= len(d.Cards) || !d.Cards[e.Card].UsedWith(o.Players)) {
			continue
		}
		card := ""
		if e.Card >= 0 {
			card = d.Cards[e.Card].ID
		}
		if o.Ignored(CodeNeverHappens, card) {
			continue
		}
		if i < len(sum.Tally.Probes) && sum.Tally.Probes[i] == 0 {
			return true
		}
	}
	return false
}
