package rules_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest/fuzzdata"
	"github.com/cardpress/cardpress/engine/rules"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// The games written in the rules language, played and rendered from
// edits of their folders (see package fuzzdata).
func FuzzCrazyEights(f *testing.F) { fuzzdata.Fuzz(f, "crazy-eights") }
func FuzzHearts(f *testing.F)      { fuzzdata.Fuzz(f, "hearts") }

// FuzzRulesFile builds and plays rules files a pull request could hold,
// over the cards of testdata/bank: the seeds are its own file and the
// hostile ones that once hung or broke cardpress (defines that double,
// repeats of 2^31 or nested, overflow, aggregates nested deep, a seat or
// a die out of range; the loops that run out of steps are
// TestLoopsWithoutADecisionRunOutOfSteps's, each a second's work here). Every input ends in findings at a place in the
// game's files, or in games that end within the limits, never in a panic
// or a hang.
func FuzzRulesFile(f *testing.F) {
	bank := filepath.Join("testdata", "bank")
	text, err := os.ReadFile(filepath.Join(bank, "rules.yaml"))
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range hostileRules(string(text)) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		dir := filepath.Join(t.TempDir(), "bank")
		if err := os.CopyFS(dir, os.DirFS(bank)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "rules.yaml"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		d, found := gamedata.Load(dir, func(string) (fs.FS, bool) { return nil, true })
		if errs, _ := finding.Count(found); errs > 0 || d == nil || d.Rules == nil {
			return
		}
		g, found := rules.Build(d)
		for _, f := range found {
			if f.File == "" || f.Line < 1 || f.Col < 1 {
				t.Errorf("a finding at no place: %s", f)
			}
		}
		if g == nil {
			return
		}
		playSome(t, g, 2, uint64(len(src)))
	})
}

// playSome plays up to 100 moves of a game, random actions and draws,
// learning from them as with a search bot at the table (engine.Inferrer),
// and deals every tenth position afresh for the seat to move.
func playSome(t *testing.T, g *rules.Game, players int, seed uint64) {
	s := g.NewState(players, engine.StateOptions{})
	s.(engine.Inferrer).Infer(true)
	r := engine.NewRand(seed)
	var buf []engine.Action
	for n := 0; n < 100; n++ {
		if p := s.CurrentPlayer(); n%10 == 9 && p >= 0 {
			engine.Clone(s).(engine.Determinizer).Determinize(p, r)
		}
		switch p := s.CurrentPlayer(); p {
		case engine.Terminal:
			return
		case engine.Chance:
			outs := s.ChanceOutcomes(nil)
			engine.Apply(s, engine.SampleOutcome(outs, r))
		case engine.Simultaneous:
			joint := make([]engine.Action, players)
			for q := range players {
				joint[q] = engine.NoAction
				if buf = s.LegalActions(engine.Player(q), buf[:0]); len(buf) > 0 {
					joint[q] = buf[r.Intn(len(buf))]
				}
			}
			engine.ApplyJoint(s, joint)
		default:
			buf = s.LegalActions(p, buf[:0])
			if len(buf) == 0 {
				t.Fatalf("seat %d to move has no legal action", p)
			}
			engine.Apply(s, buf[r.Intn(len(buf))])
		}
	}
}

// hostileRules are the bank's rules file as it is and edited into each
// hostile case.
func hostileRules(bank string) []string {
	const play = "  - deal: {from: deck, to: hand, count: 3}\n"
	var doubling strings.Builder
	doubling.WriteString("define:\n  d0: \"1\"\n")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&doubling, "  d%d: \"d%d + d%d\"\n", i, i-1, i-1)
	}
	out := []string{bank, strings.Replace(bank, "zones:\n", doubling.String()+"zones:\n", 1)}
	for _, stmt := range []string{
		"  - repeat: \"65536 * 32768\"\n    do: [{set: \"bonus = 0\"}]\n",
		// Loops that run out of steps, few: each costs a million steps, a
		// second under the fuzzer's instrumentation.
		"  - repeat: 1000\n    do:\n      - repeat: 1000\n        do:\n          - repeat: 1000\n            do: [{set: \"bonus = 0\"}]\n",
		"  - set: \"bonus = count(deck) * 1000000000 * 3\"\n",
		"  - if: \"any(seats, any(seats, any(seats, any(seats, any(seats, any(seats, any(seats, any(seats, true))))))))\"\n    then: [{set: \"bonus = 0\"}]\n",
		"  - set: \"coins[seat(9)] += 1\"\n",
		"  - set: \"coins[seat(players + 1)] += 1\"\n",
		"  - roll: bonus\n    sides: \"count(deck) - 100\"\n",
		// Issue 34's constructs: a number choice past its limit in play,
		// one with an empty range, named bindings nested deep.
		"  - choose:\n      player: \"seat(1)\"\n      options:\n        - value: {from: \"-2000000000\", to: \"count(deck) * 100000000\"}\n          then: [{set: \"bonus = 0\"}]\n",
		"  - choose:\n      player: \"seat(1)\"\n      options:\n        - value: {from: \"count(deck)\", to: \"0\"}\n",
		"  - if: \"any(seats as a, any(seats as b, any(deck as c, any(deck as d, c != d and a != b))))\"\n    then: [{set: \"bonus = 0\"}]\n",
	} {
		out = append(out, strings.Replace(bank, play, stmt+play, 1))
	}
	// Values with a size: the most items, an item out of range, a seat's
	// item of no seat.
	sized := strings.Replace(bank, "values:\n", "values:\n  heap: {type: int, size: 256}\n  owed: {type: int, owner: player, size: \"goal\"}\n", 1)
	for _, stmt := range []string{
		"  - set: \"heap[count(deck) * 100] = 1\"\n",
		"  - set: \"owed[seat(players + 1)][0] += heap[255]\"\n",
		"  - roll: \"owed[turn][goal - 1]\"\n    sides: 4\n",
	} {
		out = append(out, strings.Replace(sized, play, stmt+play, 1))
	}
	return out
}
