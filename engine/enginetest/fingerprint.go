package enginetest

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// Fingerprint hashes everything games of g show: the full logs, results
// and tallies of logged games with random and heuristic bots, and the
// summaries of runs without a log (a state may skip building events
// then), at every player count. A speed-up must play the very same games,
// so an engine's test pins the hash taken before any change. logged and
// run are the games per player count of each kind.
func Fingerprint(t testing.TB, g engine.Game, logged, run int) string {
	t.Helper()
	info := g.Info()
	var counts []int
	for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
		counts = append(counts, n)
	}
	h := fnv.New64a()
	enc := json.NewEncoder(h)
	for _, n := range counts {
		for i := range logged {
			bots := []string{"random"}
			if i%2 == 1 {
				bots = []string{"heuristic", "random"}
			}
			tally := engine.NewTally(g.Info())
			res := engine.PlayGame(g, n, engine.GameSeed(7, i), engine.PlayOptions{
				Bots: bots, CheckInvariants: true, Tally: tally,
				Log: func(e engine.Event) { _ = enc.Encode(e) },
			})
			_ = enc.Encode(res)
			_ = enc.Encode(tallied(tally))
		}
	}
	for _, n := range counts {
		for _, sum := range []*engine.Summary{
			engine.Run(g, engine.RunConfig{Players: n, Games: run, Seed: 3, Workers: 1, CheckInvariants: true}),
			engine.Run(g, engine.RunConfig{Players: n, Games: run / 5, Seed: 4, Workers: 1, Bots: []string{"random", "heuristic"}}),
		} {
			_ = enc.Encode([]any{sum.SeatWins, sum.MovesSum, sum.MovesSq, sum.EndCauses, tallied(sum.Tally)})
		}
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

// tallied is what a tally counted, without the fields a later version
// may add (so the hash tells only that the games changed).
func tallied(t *engine.Tally) []any {
	return []any{t.CardInHand, t.CardPlayed, t.CardOffered, t.CardChosen, t.CardPlayedBy, t.CardWon, t.Counters}
}

// SameGames fails t when g's fingerprint is not want: the games changed.
// It is long, so -short skips it.
func SameGames(t *testing.T, g engine.Game, logged, run int, want string) {
	t.Helper()
	if testing.Short() {
		t.Skip("long")
	}
	if got := Fingerprint(t, g, logged, run); got != want {
		t.Errorf("%s: fingerprint %s, want %s: the games changed", g.Info().ID, got, want)
	}
}
