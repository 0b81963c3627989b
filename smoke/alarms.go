package smoke

import (
	"math"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// The alarms' codes are each engine's, declared beside its counters
// (kit.Codes.Alarm), after this check registers.
var _ = check.Register(check.Check{
	ID:        "alarms",
	Doc:       "Checks that none of the counters the game's engine watches runs above its alarm rate per game in the random-bot smoke games.",
	MoreCodes: kit.AlarmCodes,
	Step:      check.Smoke, Needs: check.Games,
	Smoke: &check.SmokeRule{Judge: judgeAlarms, Undecided: alarmsUndecided, Counted: true},
})

func judgeAlarms(r *check.SmokeRun) []finding.Finding {
	var out []finding.Finding
	for _, c := range r.Counts {
		out = append(out, alarms(r.Data, r.Info, c.Random, runHow(r))...)
	}
	return out
}

// alarmsUndecided is the stopping rule: some alarm could still go either
// way at the cap.
func alarmsUndecided(o *check.Open, sum *engine.Summary) bool {
	for _, a := range o.Info.Alarms {
		if alarmUndecided(sum, counterIndex(o.Info, a.Counter), a.PerGame, o.Most) {
			return true
		}
	}
	return false
}

// alarms warns, at the manifest's id, for each of the engine's alarms whose
// counter ran above its rate, naming the first game that raised it.
func alarms(d *gamedata.Data, info engine.Info, sum *engine.Summary, how replayHow) []finding.Finding {
	var out []finding.Finding
	for _, a := range info.Alarms {
		i := slices.Index(info.Counters, a.Counter)
		if i < 0 || sum.Games == 0 || sum.FirstCounted[i] == nil {
			continue // enginetest.CheckInfo reports an alarm on no counter
		}
		rate := float64(sum.Tally.Counters[i]) / float64(sum.Games)
		if rate <= a.PerGame {
			continue
		}
		f := a.Code.At(d.Manifest.IDPos, "%s %.3g per game at %d players (alarm above %g): %s",
			a.Counter, rate, sum.Players, a.PerGame, alarmDoc(a.Code.Purpose))
		out = append(out, replayable(f, d, sum.FirstCounted[i], how))
	}
	return out
}

// alarmDoc is an alarm's purpose as the end of a message: lower case
// first, no full stop.
func alarmDoc(purpose string) string {
	purpose = strings.TrimSuffix(purpose, ".")
	if purpose == "" {
		return purpose
	}
	return strings.ToLower(purpose[:1]) + purpose[1:]
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
