package mice

import (
	"sort"

	"cardpress/finding"
)

// CheckCodes are the static checks of this engine, with what each means.
var CheckCodes = map[string]string{
	"OBSTACLE_UNREACHABLE":     "Checks that every obstacle's target can be reached by the best test: the chips_drawn best chips on their best sides and the skill_limit skills that add most against its icons, each activated.",
	"OBSTACLE_ALWAYS_SUCCEEDS": "warning: Checks that no obstacle is beaten by the worst chips on their worst sides without any skill.",
	"OBSTACLE_FIELDS":          "Checks that every obstacle has a job, an order and a target of 1 or more.",
	"TOO_MANY_OBSTACLES":       "Checks that no job has more obstacles (copies counted) than the engine holds (10); reported at the count of the obstacle with the most copies.",
	"FINALE_NOT_LAST":          "Checks that a job's Finale is its last obstacle.",
	"JOBS_RANGE":               "Checks that the number of jobs fits the engine.",
	"SKILL_NO_EFFECT":          "Checks that every skill has effects.",
	"SKILL_EFFECT":             "Checks that every skill effect is exactly one of add, flip, draw.",
	"PARAMETER_RANGE":          "Checks that every rule parameter is within the range the engine plays (the bounds of params.schema.json, checked again for data that did not come through validation) and fits the data: starting skills within skill_limit, enough chips to draw (at most 32), enough upgrades for the market.",
	"CARD_FIELD_RANGE":         "Checks that every number on a card is within the range the engine plays (the bounds of cards.schema.json, checked again for data that did not come through validation).",
	"TOO_MANY_PLAYERS":         "Checks that the player range fits the engine (at most 8 players).",
	"SCHEMA_TYPE":              "Checks that parameters and card fields decode into the engine's types.",
	"TOO_MANY_CARDS":           "Checks that the game has at most 255 distinct cards and 64 keywords, and that the upgrade deck holds at most 256 cards and 255 copies of a card (reported at the count of the card with the most copies).",
}

// CheckCodes lists the codes above (engine.Documented).
func (g *Game) CheckCodes() map[string]string { return CheckCodes }

// Check runs Mice Heist's static checks on its data: obstacles no player
// can beat (an error at the card) and obstacles nobody can fail (a warning).
func (g *Game) Check() []finding.Finding {
	var out []finding.Finding
	for _, c := range g.cards {
		if c.kind != kindObstacle {
			continue
		}
		if best := g.bestRating(c); best < c.target {
			out = append(out, finding.New(c.pos, "OBSTACLE_UNREACHABLE",
				"obstacle %s has target %d but the best possible test reaches %d (the %d best chips on their best side and the %d best skills, each activated)",
				c.id, c.target, best, g.params.ChipsDrawn, g.params.SkillLimit))
		}
		if worst := g.worstRating(); worst >= c.target {
			out = append(out, finding.Warn(c.pos, "OBSTACLE_ALWAYS_SUCCEEDS",
				"obstacle %s has target %d but the worst draw of %d chips already reaches %d", c.id, c.target, g.params.ChipsDrawn, worst))
		}
	}
	return out
}

// bestRating is the highest test rating against obstacle c: the best chips
// on their best sides, plus the skill_limit skills that add most (every
// one of them activated; draws take the next best chips).
func (g *Game) bestRating(c card) int {
	var chips []int
	for _, ch := range g.chips {
		chips = append(chips, max(ch[0], ch[1]))
	}
	sort.Sort(sort.Reverse(sort.IntSlice(chips)))
	next := g.params.ChipsDrawn
	total := 0
	for k := 0; k < next && k < len(chips); k++ {
		total += chips[k]
	}
	pool := append([]int(nil), g.starting...)
	pool = append(pool, g.upgrades...)
	type cand struct{ add, draw int }
	var cands []cand
	for _, s := range pool {
		var cd cand
		for _, e := range g.cards[s].effects {
			if e.icon >= 0 && c.icons&(1<<uint(e.icon)) == 0 {
				continue
			}
			switch e.kind {
			case effAdd:
				cd.add += e.amount
			case effDraw:
				cd.draw += e.amount
			}
		}
		cands = append(cands, cd)
	}
	// Draw skills take chips in order; value a draw by the chip it would get
	// first, then pick greedily.
	used := 0
	for used < g.params.SkillLimit && len(cands) > 0 {
		bestI, bestV := -1, 0
		for i, cd := range cands {
			v := cd.add
			for k := 0; k < cd.draw; k++ {
				if next+k < len(chips) {
					v += chips[next+k]
				}
			}
			if bestI < 0 || v > bestV {
				bestI, bestV = i, v
			}
		}
		if bestV <= 0 {
			break
		}
		total += bestV
		next += cands[bestI].draw
		cands = append(cands[:bestI], cands[bestI+1:]...)
		used++
	}
	return total
}

// worstRating is the lowest rating of a test: the worst chips on their
// worst sides and no skill.
func (g *Game) worstRating() int {
	var chips []int
	for _, ch := range g.chips {
		chips = append(chips, min(ch[0], ch[1]))
	}
	sort.Ints(chips)
	total := 0
	for k := 0; k < g.params.ChipsDrawn && k < len(chips); k++ {
		total += chips[k]
	}
	return total
}
