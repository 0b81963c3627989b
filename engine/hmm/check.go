package hmm

import (
	"sort"

	"cardpress/finding"
)

// CheckCodes are the static checks of this engine, with what each means.
var CheckCodes = map[string]string{
	"EFFECT":                  "Checks that every Event, Play Immediately card and maneuver has effects, each setting exactly one thing.",
	"MASTERMIND_SKILLS":       "Checks that every Mastermind has three skill icons.",
	"CREW_SKILLS":             "Checks that every Crew member has one or two skill icons.",
	"MERCENARY_FIELDS":        "Checks that every Mercenary has two skill icons, a maneuver and a fee.",
	"JOB_FIELDS":              "Checks that every Job has between one and the engine's most Complications.",
	"RESOURCE_COST":           "Checks that every Resource card has its cost/cash value.",
	"PARAMETER_RANGE":         "Checks that every rule parameter is within the range the engine plays (the bounds of params.schema.json, checked again for data that did not come through validation) and that player_counts has a row for every supported player count, each with enough Masterminds and Jobs.",
	"CARD_FIELD_RANGE":        "Checks that every number on a card is within the range the engine plays (the bounds of cards.schema.json, checked again for data that did not come through validation); costs are whole hundreds.",
	"TOO_MANY_PLAYERS":        "Checks that the player range fits the engine (at most 8 players).",
	"TOO_MANY_CARDS":          "Checks that the game has at most 255 distinct cards and that each deck of play (Masterminds, Resources, Jobs, Complications), and all of them together, holds at most 256 cards and 255 copies of a card; reported at the count of the card with the most copies.",
	"DECK_EMPTY":              "Checks that the game has Jobs, Complications and Resource cards.",
	"SCHEMA_TYPE":             "Checks that card fields decode into the engine's types.",
	"JOB_IMPOSSIBLE":          "Checks that every Job can be met by some legal crew (the best Mastermind and the best crew_limit-1 Crew or Mercenaries, each with the best Gear), counting icons of any type (substitutions allowed), with the fewest icons its complications could add.",
	"COMPLICATION_IMPOSSIBLE": "Checks that no Complication makes even the easiest Job impossible for the best legal crew, counting the icons and crew maximum it adds and the fewest icons of the extra ones it draws.",
}

// CheckCodes lists the codes above (engine.Documented).
func (g *Game) CheckCodes() map[string]string { return CheckCodes }

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
			out = append(out, finding.New(c.pos, "JOB_IMPOSSIBLE",
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
			out = append(out, finding.New(c.pos, "COMPLICATION_IMPOSSIBLE",
				"complication %s makes even the easiest job (%s) need %d skill icons, but the best legal crew of %d brings %d",
				c.id, g.cards[easiest].id, need, size, have))
		}
	}
	return out
}
