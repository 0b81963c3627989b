package enginetest

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// FairBots fails t unless the game's bots decide from their seat's
// observation only, and the game's Information says what its states
// show. A game whose Info declares PerfectInformation has nothing one
// seat sees and another does not (chance allowed: a shuffled pile nobody
// sees is chance); when its states are engine.Observers, every seat's
// observation must be the same at every decision. Any other state must be
// an engine.Observer and an engine.Determinizer. Along random games, at every decision it
// determinises the state twice for the seat to move (two worlds its seat
// cannot tell apart from the truth) and checks that:
//   - the seat's observation and legal actions are the same in both worlds;
//   - every bot, seeded alike, makes the same choice in the truth and in both
//     worlds: it cannot read another seat's hand; and the choice is legal;
//   - determinising both worlds again with one seed gives one world: every
//     seat's observation and the whole rest of the game played with the same
//     seeds agree, so nothing of the truth survives a determinisation;
//   - the worlds do differ somewhere in the run, so the check is not vacuous:
//     in what another seat sees, or, for a secret nobody sees (the order of
//     a face-down pile), in what the same play from both worlds shows.
//
// Both worlds come from the one truth, so a Determinize that leaves a
// hidden zone alone (the deck, say) keeps it alike in both and passes
// here: an engine pairs this with a test of two positions its seat cannot
// tell apart, built by hand, that must determinise into one (see
// engine/heat's TestDeterminizeForgetsTheTruth).
func FairBots(t testing.TB, g engine.Game, players, games int, seed uint64) {
	t.Helper()
	if g.Info().Information == engine.PerfectInformation {
		for i := range games {
			gameSeed := engine.GameSeed(seed, i)
			if err := sameForAll(g, players, gameSeed); err != nil {
				t.Fatalf("%d players, seed %d: %v", players, gameSeed, err)
			}
		}
		return
	}
	varied := false
	for i := range games {
		gameSeed := engine.GameSeed(seed, i)
		v, err := fairGame(g, players, gameSeed)
		if err != nil {
			t.Fatalf("%d players, seed %d: %v", players, gameSeed, err)
		}
		varied = varied || v
	}
	if !varied {
		t.Errorf("%d players: determinising never changed what another seat sees, or what play shows: is anything hidden (if not, declare PerfectInformation), or does Determinize do nothing?", players)
	}
}

// sameForAll plays a random game of a perfect-information game and
// checks that every seat sees the same at every move, when its states
// say what a seat sees (engine.Observer).
func sameForAll(g engine.Game, players int, seed uint64) error {
	r := engine.NewRand(seed)
	s := g.NewState(players, engine.StateOptions{})
	if _, ok := s.(engine.Observer); !ok {
		return nil
	}
	for !s.IsTerminal() && s.MoveNumber() <= g.Info().MaxMoves {
		first := observe(s, 0)
		for q := 1; q < players; q++ {
			if got := observe(s, engine.Player(q)); !bytes.Equal(got, first) {
				return fmt.Errorf("Info declares PerfectInformation, but at move %d seat %d sees\n %q\nand seat 1\n %q", s.MoveNumber(), q+1, got, first)
			}
		}
		RandomStep(s, r)
	}
	return nil
}

func fairGame(g engine.Game, players int, seed uint64) (varied bool, err error) {
	r := engine.NewRand(seed)
	s := g.NewState(players, engine.StateOptions{})
	if _, ok := s.(engine.Observer); !ok {
		return false, fmt.Errorf("the state is not an engine.Observer, and Info does not declare PerfectInformation")
	}
	if _, ok := s.(engine.Determinizer); !ok {
		return false, fmt.Errorf("the state is not an engine.Determinizer, and Info does not declare PerfectInformation")
	}
	if inf, ok := s.(engine.Inferrer); ok {
		// What public play tells of hidden cards, as a game with a search
		// bot at the table learns it: it must be in every observation.
		inf.Infer(true)
	}
	next, stride := 0, 5
	for step := 0; !s.IsTerminal() && step <= g.Info().MaxMoves; step++ {
		// Each check plays the game out twice, so not every move is
		// checked: the first decision from every fifth move up to move 40,
		// then four for each doubling of the game's length (40 checks in
		// 15,000 moves). A decision, not a move: a short game dealt by
		// chance moves is checked all the same.
		if seats := deciders(s); step >= next && len(seats) > 0 {
			for next <= step {
				if next += stride; next >= 8*stride {
					stride *= 2
				}
			}
			for _, p := range seats {
				v, err := fairDecision(s, p, r.Uint64(), varied)
				if err != nil {
					return varied, fmt.Errorf("move %d, %v: %w", s.MoveNumber(), p, err)
				}
				varied = varied || v
			}
		}
		RandomStep(s, r)
	}
	return varied, nil
}

// deciders are the seats choosing at s.
func deciders(s engine.State) []engine.Player {
	switch cur := s.CurrentPlayer(); {
	case cur >= 0:
		return []engine.Player{cur}
	case cur == engine.Simultaneous:
		var out []engine.Player
		for p := range s.NumPlayers() {
			if len(s.LegalActions(engine.Player(p), nil)) > 0 {
				out = append(out, engine.Player(p))
			}
		}
		return out
	}
	return nil
}

// fairDecision checks seat p's decision at truth; seen says a world that
// differs was seen already in the run (the search for one is skipped).
func fairDecision(truth engine.State, p engine.Player, seed uint64, seen bool) (varied bool, err error) {
	view := observe(truth, p)
	worlds := [2]engine.State{}
	for k := range worlds {
		worlds[k] = engine.Clone(truth)
		worlds[k].(engine.Determinizer).Determinize(p, engine.NewRand(seed+uint64(k)+1))
		if got := observe(worlds[k], p); !bytes.Equal(got, view) {
			return false, fmt.Errorf("Determinize changed what %v sees:\n before %q\n after  %q", p, view, got)
		}
	}
	for q := range truth.NumPlayers() {
		if engine.Player(q) != p && !bytes.Equal(observe(worlds[0], engine.Player(q)), observe(worlds[1], engine.Player(q))) {
			varied = true
		}
	}
	if !varied && !seen {
		varied = playsDiffer(worlds[0], worlds[1], seed)
	}
	legal := truth.LegalActions(p, nil)
	for _, w := range worlds {
		if got := w.LegalActions(p, nil); !slices.Equal(got, legal) {
			return varied, fmt.Errorf("%v's legal actions depend on hidden cards: %v in the truth, %v in a sample", p, legal, got)
		}
	}
	// What the search may read does not depend on its budget; a small
	// one keeps the check quick. The guided search also reads the
	// look-ahead's ratings and plays look-ahead moves.
	for _, kind := range append(slices.Clone(engine.BotKinds), "mcts:16:"+engine.GuidedKnobs) {
		if kind == "mcts" {
			kind = "mcts:16"
		}
		var choices [3]engine.Action
		for k, s := range []engine.State{truth, worlds[0], worlds[1]} {
			bot, _ := engine.NewBot(kind, seed)
			choices[k] = bot.Act(engine.Clone(s), p, legal)
		}
		if !slices.Contains(legal, choices[0]) {
			return varied, fmt.Errorf("the %s bot of %v chooses %v, not one of its legal actions %v", kind, p, choices[0], legal)
		}
		if choices[0] != choices[1] || choices[0] != choices[2] {
			return varied, fmt.Errorf("the %s bot of %v chooses %v in the truth but %v and %v in worlds it cannot tell apart: it reads hidden cards",
				kind, p, choices[0], choices[1], choices[2])
		}
	}
	// Determinised again with one seed, both worlds must become one.
	for _, w := range worlds {
		w.(engine.Determinizer).Determinize(p, engine.NewRand(^seed))
	}
	for q := range truth.NumPlayers() {
		a, b := observe(worlds[0], engine.Player(q)), observe(worlds[1], engine.Player(q))
		if !bytes.Equal(a, b) {
			return varied, fmt.Errorf("Determinize for %v keeps some of the truth: seat %d sees\n %q\nin one sample and\n %q\nin the other", p, q+1, a, b)
		}
	}
	ra, rb := engine.NewRand(seed^0x5eed), engine.NewRand(seed^0x5eed)
	for !worlds[0].IsTerminal() && !worlds[1].IsTerminal() && worlds[0].MoveNumber() < 1<<20 {
		RandomStep(worlds[0], ra)
		RandomStep(worlds[1], rb)
	}
	a, b := worlds[0].Returns(nil), worlds[1].Returns(nil)
	if worlds[0].MoveNumber() != worlds[1].MoveNumber() || !slices.Equal(a, b) {
		return varied, fmt.Errorf("Determinize for %v keeps some of the truth: the same play from two samples ends after %d and %d moves with returns %v and %v",
			p, worlds[0].MoveNumber(), worlds[1].MoveNumber(), a, b)
	}
	return varied, nil
}

// playsDiffer reports whether the same play from clones of a and b shows
// some seat something different: a and b differ in a secret nobody sees
// yet (the order of a face-down pile), which play reveals.
func playsDiffer(a, b engine.State, seed uint64) bool {
	a, b = engine.Clone(a), engine.Clone(b)
	ra, rb := engine.NewRand(seed^0xd1ff), engine.NewRand(seed^0xd1ff)
	for !a.IsTerminal() && !b.IsTerminal() && a.MoveNumber() < 1<<20 {
		for q := range a.NumPlayers() {
			if !bytes.Equal(observe(a, engine.Player(q)), observe(b, engine.Player(q))) {
				return true
			}
		}
		RandomStep(a, ra)
		RandomStep(b, rb)
	}
	return a.IsTerminal() != b.IsTerminal() || !slices.Equal(a.Returns(nil), b.Returns(nil))
}

func observe(s engine.State, p engine.Player) []byte {
	return s.(engine.Observer).Observation(p, nil)
}

// RandomStep plays one move at random: a chance outcome by its
// probability, or a uniformly random legal action for each seat to move.
func RandomStep(s engine.State, r *engine.Rand) {
	switch cur := s.CurrentPlayer(); cur {
	case engine.Chance:
		engine.Apply(s, engine.SampleOutcome(s.ChanceOutcomes(nil), r))
	case engine.Simultaneous:
		joint := make([]engine.Action, s.NumPlayers())
		for p := range joint {
			joint[p] = engine.NoAction
			if legal := s.LegalActions(engine.Player(p), nil); len(legal) > 0 {
				joint[p] = legal[r.Intn(len(legal))]
			}
		}
		engine.ApplyJoint(s, joint)
	default:
		legal := s.LegalActions(cur, nil)
		engine.Apply(s, legal[r.Intn(len(legal))])
	}
}
