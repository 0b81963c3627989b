package enginetest

import (
	"reflect"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// FuzzGamesPerCount is how many random games PlayFuzzed plays at each
// player count. One: a fuzz input's seed varies from input to input, so
// fuzzing sees many seeds anyway, and the inputs a second are what lets
// coverage guidance work (a Masterminds input costs about half a second
// as it is).
const FuzzGamesPerCount = 1

// PlayFuzzed plays a game built from fuzzed data the way every command
// could: FuzzGamesPerCount random games at each player count the game
// supports, and one game with a heuristic bot (look-ahead through clones
// and Evaluate) at a player count picked by seed. It fails t on a panic, a
// broken invariant, a replay that differs, and with RandomPlayouts on any
// breach of the State contract (clone agreement, sorted legal actions,
// chance probabilities, returns in range).
//
// mayStall is for data the game's own static checks reject (a heist step
// no team can beat, a deck that cannot fill the hands): such a game may
// legitimately never end, so the turn cap is tolerated and only the
// runner's checks apply, since sim and replay still play such data.
func PlayFuzzed(t testing.TB, g engine.Game, seed uint64, mayStall bool) {
	t.Helper()
	info := g.Info()
	if info.MinPlayers < 1 || info.MaxPlayers < info.MinPlayers || info.MaxPlayers > engine.MaxPlayers {
		t.Fatalf("player range %d-%d (at most %d seats)", info.MinPlayers, info.MaxPlayers, engine.MaxPlayers)
	}
	CheckInfo(t, g)
	// Rules written as data may be wrong as data: a loop, a seat left
	// without a legal move. Lint reports those with the seed; here only
	// crashes and disagreements count.
	data := info.RulesAsData
	for players := info.MinPlayers; players <= info.MaxPlayers; players++ {
		if !mayStall && !data {
			RandomPlayouts(t, g, players, FuzzGamesPerCount, seed)
			continue
		}
		for i := range FuzzGamesPerCount {
			playTwice(t, g, players, engine.GameSeed(seed, i), nil, true, data)
		}
	}
	players := info.MinPlayers + int(seed%uint64(info.MaxPlayers-info.MinPlayers+1))
	playTwice(t, g, players, engine.GameSeed(seed, FuzzGamesPerCount), []string{"heuristic", "random"}, mayStall || data, data)
}

// playTwice plays one game with the runner, checking invariants after
// every move, and again from the same seed: both must agree.
func playTwice(t testing.TB, g engine.Game, players int, seed uint64, bots []string, mayStall, mayBreak bool) {
	t.Helper()
	opt := engine.PlayOptions{Bots: bots, CheckInvariants: true}
	a := engine.PlayGame(g, players, seed, opt)
	if a.Panic != "" || (a.Invariant != "" && !mayBreak) || (a.Capped && !mayStall) {
		t.Fatalf("%d players, seed %d, bots %v: %+v", players, seed, bots, a)
	}
	if !a.Capped && a.Invariant == "" && len(a.Returns) != players {
		t.Fatalf("%d players, seed %d, bots %v: %d returns", players, seed, bots, len(a.Returns))
	}
	if b := engine.PlayGame(g, players, seed, opt); !reflect.DeepEqual(a, b) {
		t.Fatalf("%d players, seed %d, bots %v: replay differs:\n%+v\n%+v", players, seed, bots, a, b)
	}
}
