package hmm

import (
	"sort"

	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
)

// bestIcons is the most skill icons a crew of at most size members can
// bring: the best Mastermind plus the best size-1 others, each with the best
// Gear (one per member).
func (g *Game) bestIcons(size int) int {
	var mm, others, gear []int
	for _, c := range g.cards {
		for k := 0; k < c.copies; k++ {
			switch c.kind {
			case kindMastermind:
				mm = append(mm, c.icons.Total())
			case kindCrew, kindMercenary:
				others = append(others, c.icons.Total())
			case kindGear:
				gear = append(gear, c.icons.Total())
			}
		}
	}
	desc := func(a []int) { sort.Sort(sort.Reverse(sort.IntSlice(a))) }
	desc(mm)
	desc(others)
	desc(gear)
	total := 0
	if len(mm) > 0 {
		total += mm[0]
	}
	for k := 0; k < size-1 && k < len(others); k++ {
		total += others[k]
	}
	for k := 0; k < size && k < len(gear); k++ {
		total += gear[k]
	}
	return total
}

// minComp is the fewest icons a complication can add (0 without any).
func (g *Game) minComp() int {
	best := -1
	for _, c := range g.cards {
		if c.kind == kindComplication && (best < 0 || c.comp.Icons.Total() < best) {
			best = c.comp.Icons.Total()
		}
	}
	return max(best, 0)
}

func (g *Game) jobNeed(j Job) int {
	need := j.Difficulty.Total() + (j.FaceUp+j.FaceDown)*g.minComp()
	if j.RivalStash {
		// The weakest rival Mastermind is the easiest stash; all have three.
		need += 3
	}
	return need
}

func (g *Game) crewSize(max1, max2 int) int {
	size := g.params.CrewLimit
	for _, m := range []int{max1, max2} {
		if m > 0 && m < size {
			size = m
		}
	}
	return size
}

var codeJobImpossible = codes.Error("JOB_IMPOSSIBLE", "A Job needs more skill icons than the best legal crew brings (the best Mastermind and the best crew_limit-1 Crew or Mercenaries, each with the best Gear), counting icons of any type (substitutions allowed), even with the fewest icons its Complications could add.")

var codeComplicationImpossible = codes.Error("COMPLICATION_IMPOSSIBLE", "A Complication makes even the easiest Job impossible for the best legal crew, counting the icons and crew maximum it adds and the fewest icons of the extra ones it draws.")

// The engine's static checks, in the table cardpress rules lists.
var _ = kit.RegisterCheck(kit.Check{
	ID:     "hmm-jobs",
	Doc:    "Checks that the best legal crew can do every Job, whatever Complication comes up.",
	Engine: "hmm",
	Codes:  []*finding.Code{codeJobImpossible, codeComplicationImpossible},
	Run:    kit.OfEngine((*Game).Check),
})

// Check runs Heist Masterminds' static checks.
func (g *Game) Check() []finding.Finding {
	var out []finding.Finding
	easiest := -1
	for i, c := range g.cards {
		if c.kind != kindJob {
			continue
		}
		need, have := g.jobNeed(c.job), g.bestIcons(g.crewSize(c.job.CrewMax, 0))
		if need > have {
			out = append(out, codeJobImpossible.At(c.pos,
				"job %s needs at least %d skill icons (difficulty %d, %d complications adding at least %d each) but the best legal crew of %d brings %d, even with substitutions",
				c.id, need, c.job.Difficulty.Total(), c.job.FaceUp+c.job.FaceDown, g.minComp(), g.crewSize(c.job.CrewMax, 0), have))
		}
		if easiest < 0 || need < g.jobNeed(g.cards[easiest].job) {
			easiest = i
		}
	}
	if easiest < 0 {
		return out
	}
	ej := g.cards[easiest].job
	for _, c := range g.cards {
		if c.kind != kindComplication {
			continue
		}
		// The easiest job with this complication as one of its own.
		need := g.jobNeed(ej) - g.minComp() + c.comp.Icons.Total() + c.comp.DrawMore*g.minComp()
		size := g.crewSize(ej.CrewMax, c.comp.CrewMax)
		if have := g.bestIcons(size); need > have {
			out = append(out, codeComplicationImpossible.At(c.pos,
				"complication %s makes even the easiest job (%s) need %d skill icons, but the best legal crew of %d brings %d",
				c.id, g.cards[easiest].id, need, size, have))
		}
	}
	return out
}
