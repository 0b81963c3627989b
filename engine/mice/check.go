package mice

import (
	"sort"

	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
)

var codeObstacleUnreachable = codes.Error("OBSTACLE_UNREACHABLE", "An obstacle's target is above the best test: the chips_drawn best chips on their best sides and the skill_limit skills that add most against its icons, each activated.")

var codeObstacleAlwaysSucceeds = codes.Warning("OBSTACLE_ALWAYS_SUCCEEDS", "An obstacle is beaten by the worst chips on their worst sides without any skill.")

// The engine's static checks, in the table cardpress rules lists.
var _ = kit.RegisterCheck(kit.Check{
	ID:     "mice-obstacles",
	Doc:    "Checks that every Mice Heist obstacle can be beaten by the best test, and cannot be beaten by the worst.",
	Engine: "mice",
	Codes:  []*finding.Code{codeObstacleUnreachable, codeObstacleAlwaysSucceeds},
	Run:    kit.OfEngine((*Game).Check),
})

// Check runs Mice Heist's static checks on its data: obstacles no player
// can beat (an error at the card) and obstacles nobody can fail (a warning).
func (g *Game) Check() []finding.Finding {
	var out []finding.Finding
	for _, c := range g.cards {
		if c.kind != kindObstacle {
			continue
		}
		if best := g.bestRating(c); best < c.target {
			out = append(out, codeObstacleUnreachable.At(c.pos,
				"obstacle %s has target %d but the best possible test reaches %d (the %d best chips on their best side and the %d best skills, each activated)",
				c.id, c.target, best, g.params.ChipsDrawn, g.params.SkillLimit))
		}
		if worst := g.worstRating(); worst >= c.target {
			out = append(out, codeObstacleAlwaysSucceeds.At(c.pos,
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
		for e := range g.cards[s].effectsAgainst(c) {
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
