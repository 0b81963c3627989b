package smoke

import (
	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/engine"
)

// How many smoke games a player count gets (docs/lint.md, "How many smoke
// games"): at least MinSmokeGames, at most the game's SmokeGames, and in
// between as many as it takes to decide every check that is still open.
//
// The existence checks (a game that does not end, a crash, a broken
// invariant) can never be decided by not seeing a failure: their power is
// the floor's. The others stop when their answer is clear.
const (
	// MinSmokeGames is the floor: a failure that happens in 1.5% of a
	// player count's games shows in one of 200 with 95% probability.
	MinSmokeGames = 200
	// stopZ is the normal quantile of the intervals the early stops read:
	// 99%, wider than the findings' 95%. A check stops only when the games
	// left, going at the far end of it, would not change its answer at
	// the cap, so the findings are the fixed count's unless the truth lies
	// outside that interval; and the run looks after every batch, each
	// look a chance to stop on noise, which the wider interval pays for.
	stopZ = 2.5758293035489004
)

// smokePlan is the number of random-bot games each player count plays.
type smokePlan struct {
	floor, cap int
}

// planFor is the plan of opt at the game's cap: a --games number plays
// exactly that many games. Between floor and cap, engine.RunUntil adds
// half as many games again at a time, so a run looks about ten times.
func planFor(opt Options, most int) smokePlan {
	if opt.Games > 0 {
		return smokePlan{opt.Games, opt.Games}
	}
	return smokePlan{min(MinSmokeGames, most), most}
}

// undecided says whether any smoke check could still give another answer
// at the cap: each check's stopping rule is beside it.
func undecided(o *check.Open, sum *engine.Summary, checks []*check.Check) bool {
	if sum.Games > 0 && sum.Capped+sum.Panics+sum.Invariants == sum.Games {
		return false // every game broke: more say nothing new (brokeAll)
	}
	for _, c := range checks {
		if c.Smoke.Undecided(o, sum) {
			return true
		}
	}
	return false
}
