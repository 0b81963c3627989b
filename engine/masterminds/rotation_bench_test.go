package masterminds

import (
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// BenchmarkRotationGame is what `cardpress report` spends its time on:
// games with a heuristic bot in seat 1 (its look-ahead clones, re-deals,
// applies and evaluates) and random bots in the others.
func BenchmarkRotationGame(b *testing.B) {
	g := shipped(b, "")
	b.ReportAllocs()
	var t engine.Table
	opt := engine.PlayOptions{Bots: []string{"heuristic", "random", "random", "random"}}
	for i := range b.N {
		if res := t.Play(g, 4, engine.GameSeed(7, i), opt); res.Failed() {
			b.Fatalf("game %d failed: %+v", i, res)
		}
	}
}
