package smoke

import (
	"testing"

	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// gamesPlayed lints the toy at each player count with as many smoke games
// as its checks need and returns each count's summary.
func gamesPlayed(t *testing.T, toy *enginetest.Toy, d func() Options) map[int]*engine.Summary {
	t.Helper()
	played := map[int]*engine.Summary{}
	o := d()
	o.Metrics = func(_ string, players int, sum *engine.Summary) { played[players] = sum }
	Play(toyData(2), toy, o)
	return played
}

// A fair race is decided long before the cap: no seat would reach 1.25
// times its share at the cap, every card was in a hand, no alarm is near.
func TestDecidedChecksStopEarly(t *testing.T) {
	played := gamesPlayed(t, &enginetest.Toy{Goal: 12}, func() Options { return Options{Seed: 1, Players: 2} })
	if n := played[2].Games; n > 300 {
		t.Errorf("a fair 2-player race played %d games, want the floor %d or one batch more", n, MinSmokeGames)
	}
	// A seat that wins far too often is decided as soon as it is clear.
	played = gamesPlayed(t, &enginetest.Toy{Goal: 12, Favoured: 1}, func() Options { return Options{Seed: 1, Players: 3} })
	if n := played[3].Games; n != MinSmokeGames {
		t.Errorf("a clearly favoured seat played %d games, want the floor %d", n, MinSmokeGames)
	}
}

// An alarm whose rate sits on its threshold stays undecided: lint plays
// to the cap (DefaultGames for a game that names none), and the finding
// is the fixed count's.
func TestAnUndecidedCheckPlaysToTheCap(t *testing.T) {
	toy := &enginetest.Toy{Goal: 12}
	fixed := engine.Run(toy, engine.RunConfig{Players: 2, Games: MinSmokeGames, Seed: 1})
	rolls := float64(fixed.Tally.Counters[0]) / float64(fixed.Games)
	toy.Alarms = []engine.Alarm{{Counter: "rolls", PerGame: rolls,
		Code: &finding.Code{ID: "TOY_ROLLS", Severity: finding.Warning, Scope: finding.Alarm, Purpose: "Rolls at their mean."}}}
	played := gamesPlayed(t, toy, func() Options { return Options{Seed: 1, Players: 2} })
	if n := played[2].Games; n != DefaultGames {
		t.Errorf("an alarm on its threshold played %d games, want the cap %d", n, DefaultGames)
	}
}

// Games played batch by batch are the first games of the fixed run: the
// same seeds, so the same summary, and a finding's replay command names
// a game that is in it.
func TestAdaptiveGamesAreTheFixedRunsFirst(t *testing.T) {
	toy := &enginetest.Toy{Goal: 12}
	played := gamesPlayed(t, toy, func() Options { return Options{Seed: 7, Players: 4} })
	sum := played[4]
	if sum.Games <= MinSmokeGames {
		t.Fatalf("a 4-player race played %d games: the test wants one that needed batches", sum.Games)
	}
	fixed := engine.Run(toy, engine.RunConfig{Players: 4, Games: sum.Games, Seed: 7, CheckInvariants: true})
	if sum.SeatWins != fixed.SeatWins || sum.MovesSum != fixed.MovesSum || sum.MovesSq != fixed.MovesSq ||
		sum.Tally.Counters[0] != fixed.Tally.Counters[0] || sum.CounterSq[0] != fixed.CounterSq[0] {
		t.Errorf("the adaptive run differs from the first %d games of the fixed one", sum.Games)
	}
}

// No event in 200 games does not show a rate below 1%: the Poisson bound
// keeps a rare alarm open where the games' variance (none) would close it.
func TestRateIntervalOfACounterThatNeverMoved(t *testing.T) {
	sum := engine.NewSummary(engine.Info{Counters: []string{"rare"}}, 2)
	sum.Games = MinSmokeGames
	if lo, hi := rateInterval(sum, 0); lo > 0 || hi <= 0.01 {
		t.Errorf("0 in %d games: interval %g-%g, want one from 0 past 1%%", MinSmokeGames, lo, hi)
	}
	sum.Tally.Counters[0], sum.CounterSq[0] = 400, 800 // 2 in every game
	if lo, hi := rateInterval(sum, 0); lo > 2 || hi < 2 || lo < 1.5 || hi > 2.5 {
		t.Errorf("2 per game in every game: interval %g-%g", lo, hi)
	}
}

// The stops project the cap's rules: a check is decided when the games
// left, at the far end of their 99% interval, could not change them.
func TestChecksAreDecidedByTheCapsRule(t *testing.T) {
	seats := func(games int, wins ...float64) *engine.Summary {
		s := engine.NewSummary(engine.Info{}, len(wins))
		s.Games = games
		for p, w := range wins {
			s.SeatWins[p] = int64(w * 840)
		}
		return s
	}
	// 5 players, fair 20%, warning above 25%: Hearts' busiest seat.
	for _, tc := range []struct {
		sum       *engine.Summary
		most      int
		undecided bool
	}{
		{seats(675, 150, 130, 135, 125, 135), 1000, false}, // 22.2%: 325 games at 26.3% keep it under
		{seats(200, 48, 40, 38, 37, 37), 1000, true},       // 24%: the rest could carry it over
		{seats(200, 48, 40, 38, 37, 37), 200, false},       // no games left: the cap's rule as it stands
		{seats(300, 110, 50, 50, 45, 45), 1000, false},     // 36.7%: clear above, a warning now
	} {
		if got := seatUndecided(tc.sum, 1.25, tc.most); got != tc.undecided {
			t.Errorf("seats %v of %d games, cap %d: undecided %v, want %v", tc.sum.SeatWins[:5], tc.sum.Games, tc.most, got, tc.undecided)
		}
	}
	// An alarm at 0.01 a game that has not gone off: open at 200 of 400
	// games (200 more at 1 in 30 would raise it), closed at 300.
	alarm := func(games int) *engine.Summary {
		s := engine.NewSummary(engine.Info{Counters: []string{"deadlock"}}, 4)
		s.Games = games
		return s
	}
	if !alarmUndecided(alarm(200), 0, 0.01, 400) || alarmUndecided(alarm(300), 0, 0.01, 400) {
		t.Error("an alarm at 0.01 that never went off: want it open at 200 of 400 games and closed at 300")
	}
}

// A card nobody draws keeps the games going to the cap, unless an ignore
// keeps its finding: then it stops as soon as the rest is decided, and
// the ignore is still seen to be used.
func TestAnIgnoredCardDoesNotKeepTheGamesGoing(t *testing.T) {
	toy := &enginetest.Toy{Goal: 12, Cards: 3}
	for _, tc := range []struct {
		ignore bool
		games  func(int) bool
		want   string
	}{
		{false, func(n int) bool { return n == DefaultGames }, "the cap"},
		{true, func(n int) bool { return n < DefaultGames }, "fewer than the cap"},
	} {
		d := toyData(3)
		if tc.ignore {
			d.Manifest.Lint.Ignore = []gamedata.Ignore{{Code: "CARD_NEVER_DRAWN", Card: "ghost", Reason: "a spare", Pos: finding.Pos{File: "toy/game.yaml", Line: 20}}}
		}
		played := 0
		fs := Play(d, toy, Options{Seed: 1, Players: 2, Metrics: func(_ string, _ int, s *engine.Summary) { played = s.Games }})
		if !tc.games(played) {
			t.Errorf("ignore %v: %d games, want %s", tc.ignore, played, tc.want)
		}
		if got := check.ApplyIgnores(d, fs, true); len(got) != map[bool]int{false: 1, true: 0}[tc.ignore] {
			t.Errorf("ignore %v: findings %v", tc.ignore, got)
		}
	}
}
