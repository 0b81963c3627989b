package lint

import (
	"math"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
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

// open is a player count's run as the checks see it between batches.
type open struct {
	d       *gamedata.Data
	info    engine.Info
	players int
	factor  float64
	most    int // the cap: the fixed count whose findings the run must give
}

// ignored says whether game.yaml's lint.ignore silences code (for card,
// "" for the whole game). A card or rule check nobody will see does not
// keep the games going: while undecided its finding stands (never drawn,
// never happened), so the ignore is still seen to be used. An ignored
// alarm or seat check still does: stopping while it could go either way
// might call its ignore stale (LINT_IGNORE_UNUSED) when the cap would not.
func (o open) ignored(code *finding.Code, card string) bool {
	for _, ig := range o.d.Manifest.Lint.Ignore {
		if ig.Code == code.ID && (ig.Card == "" || ig.Card == card) {
			return true
		}
	}
	return false
}

// undecided says whether any check could still give another answer at
// the cap: a card never in a hand, a rule that never happened, an alarm or
// a seat that the rest of the games, at either end of their interval,
// would decide differently.
func (o open) undecided(sum *engine.Summary) bool {
	if sum.Games > 0 && sum.Capped+sum.Panics+sum.Invariants == sum.Games {
		return false // every game broke: more say nothing new (brokeAll)
	}
	for i, c := range o.d.Cards {
		if c.UsedWith(o.players) && reached(sum.Tally, i) == 0 && !o.ignored(CodeCardNeverDrawn, c.ID) {
			return true
		}
	}
	for i, e := range o.info.Expected {
		if e.Card >= 0 && (e.Card >= len(o.d.Cards) || !o.d.Cards[e.Card].UsedWith(o.players)) {
			continue
		}
		card := ""
		if e.Card >= 0 {
			card = o.d.Cards[e.Card].ID
		}
		if o.ignored(CodeNeverHappens, card) {
			continue
		}
		if i < len(sum.Tally.Probes) && sum.Tally.Probes[i] == 0 {
			return true
		}
	}
	for _, a := range o.info.Alarms {
		if alarmUndecided(sum, counterIndex(o.info, a.Counter), a.PerGame, o.most) {
			return true
		}
	}
	return seatUndecided(sum, o.factor, o.most)
}

func counterIndex(info engine.Info, name string) int {
	for i, c := range info.Counters {
		if c == name {
			return i
		}
	}
	return -1
}

// rateInterval bounds counter i's mean per game at stopZ. A count per
// game is not a yes or no, so the bound is the wider of two: the normal
// one from the games' own variance (CounterSq), and the Poisson score
// interval, which stays honest when the counter has not moved yet (no
// variance to go on: zero in 200 games still allows a rate near 1/70).
func rateInterval(sum *engine.Summary, i int) (lo, hi float64) {
	if i < 0 || sum.Games == 0 {
		return 0, math.Inf(1)
	}
	n := float64(sum.Games)
	k := float64(sum.Tally.Counters[i])
	mean := k / n
	half := 0.0
	if i < len(sum.CounterSq) && sum.Games > 1 {
		variance := math.Max(0, (float64(sum.CounterSq[i])-n*mean*mean)/(n-1))
		half = stopZ * math.Sqrt(variance/n)
	}
	z2 := stopZ * stopZ
	root := stopZ * math.Sqrt(k+z2/4)
	return math.Min(mean-half, (k+z2/2-root)/n), math.Max(mean+half, (k+z2/2+root)/n)
}

// alarmUndecided says whether the alarm's rule at the cap (the counter's
// mean over most games above perGame) could still go either way: the
// games left, played at the low end of the counter's interval, would keep
// it quiet, and at the high end raise it. The alarm then warns, or not,
// from the games played: their mean lies between the two.
func alarmUndecided(sum *engine.Summary, i int, perGame float64, most int) bool {
	left := float64(most - sum.Games)
	if i < 0 || left <= 0 {
		return false
	}
	lo, hi := rateInterval(sum, i)
	k := float64(sum.Tally.Counters[i])
	return (k+lo*left)/float64(most) <= perGame && (k+hi*left)/float64(most) > perGame
}

// seatUndecided says whether the seat check could still go either way: no
// seat's interval is clear above factor times the fair share yet (then
// the warning is certain), and some seat would reach it at the cap if the
// games left went at the high end of its interval (the cap's rule: the
// lower end of its 95% interval over most games above the threshold).
func seatUndecided(sum *engine.Summary, factor float64, most int) bool {
	threshold := factor / float64(sum.Players)
	n, left := float64(sum.Games), float64(max(most-sum.Games, 0))
	reaches := false
	for p := range sum.Players {
		won := sum.WinRate(p) * n
		lo, hi := engine.WilsonAt(won, n, stopZ)
		if lo > threshold {
			return false
		}
		atCap, _ := engine.Wilson(won+hi*left, n+left)
		reaches = reaches || atCap > threshold
	}
	return reaches
}
