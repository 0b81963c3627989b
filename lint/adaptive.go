package lint

import (
	"math"

	"cardpress/engine"
	"cardpress/finding"
	"cardpress/gamedata"
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
	// stopZ is the normal quantile of the intervals an early stop reads:
	// 99% rather than the 95% of the findings themselves, because the
	// run looks at its intervals after every batch (up to about ten looks
	// from floor to cap), and each look is one more chance to stop on
	// noise; Pocock's constant for ten looks at 5% overall is 2.56.
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
	d       *gamedata.Game
	info    engine.Info
	players int
	factor  float64
}

// ignored says whether game.yaml's lint.ignore silences code (for card,
// "" for the whole game): a check whose finding nobody will see decides
// nothing, so it does not keep the games going.
func (o open) ignored(code *finding.Code, card string) bool {
	for _, ig := range o.d.Manifest.Lint.Ignore {
		if ig.Code == code.ID && (ig.Card == "" || ig.Card == card) {
			return true
		}
	}
	return false
}

// undecided says whether any check would still change its answer with
// more games: a card never in a hand, a rule that never happened, an
// alarm or a seat whose interval still holds its threshold.
func (o open) undecided(sum *engine.Summary) bool {
	for i, c := range o.d.Cards {
		if c.UsedWith(o.players) && i < len(sum.Tally.CardInHand) && sum.Tally.CardInHand[i] == 0 && !o.ignored(CodeCardNeverDrawn, c.ID) {
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
		if o.ignored(a.Code, "") {
			continue
		}
		if lo, hi := rateInterval(sum, counterIndex(o.info, a.Counter)); lo <= a.PerGame && a.PerGame <= hi {
			return true
		}
	}
	return !o.ignored(CodeSeatAdvantage, "") && seatUndecided(sum, o.factor)
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

// seatUndecided says whether the seat check could still go either way: no
// seat's interval is clear above factor times the fair share, and some
// seat's still reaches it.
func seatUndecided(sum *engine.Summary, factor float64) bool {
	threshold := factor / float64(sum.Players)
	reaches := false
	for p := range sum.Players {
		lo, hi := engine.WilsonAt(sum.WinRate(p)*float64(sum.Games), float64(sum.Games), stopZ)
		if lo > threshold {
			return false
		}
		reaches = reaches || hi >= threshold
	}
	return reaches
}
