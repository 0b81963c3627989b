package engine_test

import (
	"math"
	"reflect"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// Every summary the runner makes passes Check — whole runs and shards, with
// failures of every kind — and merging shards with MergeChecked gives what
// Merge gives.
func TestSummaryCheckAcceptsEveryRun(t *testing.T) {
	for name, g := range map[string]*enginetest.Toy{
		"plain":            {Goal: 12, Cards: 3},
		"crashes":          {Goal: 12, PanicAt: 13, Cards: 2},
		"broken invariant": {Goal: 12, BreakAt: 11},
		"never ends":       {Goal: 12, NeverEnds: true},
		"favoured seat":    {Goal: 9, Favoured: 2},
	} {
		t.Run(name, func(t *testing.T) {
			cfg := engine.RunConfig{Players: 3, Games: 40, Seed: 3, Workers: 2, CheckInvariants: true}
			whole := roundTrip(t, engine.Run(g, cfg))
			if err := whole.Check(); err != nil {
				t.Fatalf("whole run: %v", err)
			}
			var checked, plain *engine.Summary
			for k := range 3 {
				c := cfg
				c.Shard, c.Shards = k, 3
				part := engine.Run(g, c)
				if err := roundTrip(t, part).Check(); err != nil {
					t.Fatalf("shard %d: %v", k+1, err)
				}
				if checked == nil {
					checked, plain = roundTrip(t, part), roundTrip(t, part)
					continue
				}
				if err := checked.MergeChecked(roundTrip(t, part)); err != nil {
					t.Fatalf("shard %d: %v", k+1, err)
				}
				plain.Merge(roundTrip(t, part))
			}
			if !reflect.DeepEqual(checked, plain) || !reflect.DeepEqual(roundTrip(t, checked), whole) {
				t.Errorf("MergeChecked differs from Merge or from the whole run")
			}
		})
	}
}

// goodSummary is a small run with a crash, so every field has something in it.
func goodSummary(t *testing.T) *engine.Summary {
	s := roundTrip(t, engine.Run(&enginetest.Toy{Goal: 12, PanicAt: 13, Cards: 2},
		engine.RunConfig{Players: 3, Games: 30, Seed: 7, Workers: 1, CheckInvariants: true}))
	if s.Panics == 0 || s.Panics == s.Games || s.FirstCounted[0] == nil || len(s.MovesHist) < 2 {
		t.Fatalf("the toy run should crash in some games and count: %+v", s)
	}
	return s
}

func TestSummaryCheckNamesTheField(t *testing.T) {
	for _, tc := range []struct {
		name   string
		damage func(s *engine.Summary)
		want   string
	}{
		{"no players", func(s *engine.Summary) { s.Players = 0 }, "Players: 0 is not a player count (1-8)"},
		{"negative games", func(s *engine.Summary) { s.Games = -9223372036854775609 }, "Games: -9223372036854775609 is negative"},
		{"more crashes than games", func(s *engine.Summary) { s.Panics = s.Games + 1 }, "Panics: 31 is not between 0 and the 30 games"},
		{"a crash without its game", func(s *engine.Summary) { s.FirstPanic = nil }, "FirstPanic: missing, but Panics is 1"},
		{"a capped game named, none counted", func(s *engine.Summary) { s.FirstCapped = s.FirstPanic }, "FirstCapped: a game, but Capped is 0"},
		{"a game of another player count", func(s *engine.Summary) { s.FirstCounted[0].Players = 4 }, "FirstCounted/0/Players: 4 in a summary of 3 players"},
		{"a negative win", func(s *engine.Summary) { s.SeatWins[1] = -840 }, "SeatWins/1: -840 is negative"},
		{"a win of a fourth seat", func(s *engine.Summary) { s.SeatWins[3] = 840 }, "SeatWins/3: seat 4 won in a 3-player game"},
		{"more wins than games", func(s *engine.Summary) { s.SeatWins[0] = 31 * 840 }, "SeatWins: "},
		{"wins summing past 64 bits", func(s *engine.Summary) { s.SeatWins[0], s.SeatWins[1] = math.MaxInt64, math.MaxInt64 }, "SeatWins: "},
		{"more endings than games", func(s *engine.Summary) { s.EndCauses["goal reached"] = 300 }, "EndCauses: 300 games ended, more than the 30 played"},
		{"a negative ending", func(s *engine.Summary) { s.EndCauses["x"] = -1 }, "EndCauses/x: -1 is negative"},
		{"a nameless ending", func(s *engine.Summary) { s.EndCauses[""] = 1 }, "EndCauses: a cause without a name"},
		{"endings summing past 64 bits", func(s *engine.Summary) { s.EndCauses["a"], s.EndCauses["b"] = math.MaxInt, math.MaxInt },
			"EndCauses: 9223372036854775807 games ended, more than the 30 played"},
		{"min above max", func(s *engine.Summary) { s.MovesMin = s.MovesMax + 1 }, "MovesMin: "},
		{"moves beyond max", func(s *engine.Summary) { s.MovesSum = int64(s.Games*s.MovesMax + 1) }, "MovesSum: "},
		{"moves below min", func(s *engine.Summary) { s.MovesSum = int64(s.Games*s.MovesMin - 1) }, "MovesSum: "},
		{"squares beyond max", func(s *engine.Summary) { s.MovesSq = s.MovesSum*int64(s.MovesMax) + 1 }, "MovesSq: "},
		{"huge squares", func(s *engine.Summary) { s.MovesSq = math.MaxInt64 }, "MovesSq: "},
		{"moves in no games", func(s *engine.Summary) {
			*s = *roundTrip(t, engine.NewSummary((&enginetest.Toy{}).Info(), 3))
			s.MovesSum = 5
		},
			"MovesSum: 5 moves in no games"},
		{"a histogram short of the games", func(s *engine.Summary) { s.MovesHist[s.MovesMax]-- }, "MovesHist: the counts do not add up to the 30 games"},
		{"a histogram of other lengths", func(s *engine.Summary) { s.MovesHist[s.MovesMin]--; s.MovesHist[s.MovesMin+1]++ },
			"MovesHist: the lengths do not add up to MovesSum "},
		{"a length outside the range", func(s *engine.Summary) { s.MovesHist[s.MovesMax+1] = 0 }, "MovesHist/"},
		{"a histogram count past 64 bits", func(s *engine.Summary) { s.MovesHist[s.MovesMin] = math.MaxInt }, "MovesHist: the counts do not add up to the 30 games"},
		{"no tally", func(s *engine.Summary) { s.Tally = nil }, "Tally: missing"},
		{"a counter without its first game", func(s *engine.Summary) { s.FirstCounted = s.FirstCounted[:1] }, "FirstCounted: 1 games for 2 counters"},
		{"a short tally", func(s *engine.Summary) { s.Tally.CardChosen = s.Tally.CardChosen[:1] }, "Tally/CardChosen: 1 cards, CardInHand 2"},
		{"a negative tally", func(s *engine.Summary) { s.Tally.CardPlayed[0] = -1 }, "Tally: card 0 has a negative count"},
		{"offered more than held", func(s *engine.Summary) { s.Tally.CardOffered[1] = s.Tally.CardInHand[1] + 1 }, "Tally/CardOffered/1: "},
		{"chosen more than played", func(s *engine.Summary) { s.Tally.CardChosen[0] = s.Tally.CardPlayed[0] + 1 }, "Tally/CardChosen/0: "},
		{"won more than played", func(s *engine.Summary) { s.Tally.CardWon[0] = 840*s.Tally.CardPlayedBy[0] + 1 }, "Tally/CardWon/0: "},
		{"a negative counter", func(s *engine.Summary) { s.Tally.Counters[1] = -2 }, "Tally/Counters/1: -2 is negative"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := goodSummary(t)
			tc.damage(s)
			err := s.Check()
			if err == nil || len(err.Error()) < len(tc.want) || err.Error()[:len(tc.want)] != tc.want {
				t.Errorf("got %v, want %q…", err, tc.want)
			}
		})
	}
}

// A sum that would overflow is an error naming the field, and the summary
// merged into is left as it was.
func TestMergeCheckedRefusesOverflow(t *testing.T) {
	a, b := goodSummary(t), goodSummary(t)
	a.MovesSq, b.MovesSq = math.MaxInt64/2+1, math.MaxInt64/2+1
	before := roundTrip(t, a)
	if err := a.MergeChecked(b); err == nil || err.Error() != "MovesSq: the sum does not fit 64 bits" {
		t.Errorf("got %v", err)
	}
	if !reflect.DeepEqual(a, before) {
		t.Errorf("the failed merge changed the summary")
	}
	b = goodSummary(t)
	b.Tally.CardInHand = append(b.Tally.CardInHand, 0)
	if err := a.MergeChecked(b); err == nil || err.Error() != "Tally: the summaries count different cards, counters or players" {
		t.Errorf("different cards: got %v", err)
	}
}
