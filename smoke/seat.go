package smoke

import (
	"fmt"
	"strings"

	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// CodeSeatAdvantage is the seat-advantage check's finding.
var CodeSeatAdvantage = finding.Declare(finding.Code{ID: "SEAT_ADVANTAGE", Severity: finding.Warning, Scope: finding.Lint,
	Purpose: "A seat wins clearly more often than a fair share."})

var _ = check.Register(check.Check{
	ID:    "seat-advantage",
	Doc:   "Checks that no seat wins clearly more than a fair share of the smoke games at any player count.",
	Codes: []*finding.Code{CodeSeatAdvantage},
	Step:  check.Smoke, Needs: check.Games,
	Smoke: &check.SmokeRule{Judge: judgeSeats, Undecided: func(o *check.Open, sum *engine.Summary) bool {
		return seatUndecided(sum, o.SeatFactor, o.Most)
	}, Counted: true},
})

// judgeSeats warns for each player count whose games favour a seat,
// saying how to run them again.
func judgeSeats(r *check.SmokeRun) []finding.Finding {
	var out []finding.Finding
	for _, c := range r.Counts {
		if f, ok := seatAdvantage(r.Data, c.Random, r.SeatFactor, r.Bots); ok {
			f.Message += fmt.Sprintf(" (cardpress lint --seed %d --players %d --games %d%s)", r.Seed, c.Players, c.Random.Games, replayHow{bots: r.Bots, engine: r.EngineID}.flags())
			out = append(out, f)
		}
	}
	return out
}

// seatAdvantage warns when a seat (the one winning most) wins clearly above
// a fair share: the lower end of its 95% interval must clear factor times
// the fair share.
func seatAdvantage(d *gamedata.Data, sum *engine.Summary, factor float64, bots []string) (finding.Finding, bool) {
	fair := 1 / float64(sum.Players)
	seat := 0
	for p := 1; p < sum.Players; p++ {
		if sum.WinRate(p) > sum.WinRate(seat) {
			seat = p
		}
	}
	rate := sum.WinRate(seat)
	lo, _ := engine.Wilson(rate*float64(sum.Games), float64(sum.Games))
	if lo <= factor*fair {
		return finding.Finding{}, false
	}
	by := "random"
	if len(bots) > 0 {
		by = strings.Join(bots, ",")
	}
	f := CodeSeatAdvantage.At(d.Manifest.PlayersPos,
		"seat %d wins %.1f%% of %d games at %d players with %s bots (fair share %.1f%%, 95%% interval from %.1f%%)",
		seat+1, 100*rate, sum.Games, sum.Players, by, 100*fair, 100*lo)
	f.Players = sum.Players
	return f, true
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
