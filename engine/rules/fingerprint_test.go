package rules

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/gamedata"

	"go.yaml.in/yaml/v3"
)

// TestPlayFingerprint: a speed-up of the rules engine must play the very
// same games, so these hashes must not change (taken before any). They
// were taken again when the two files gained evaluate: (the heuristic bot
// had played at random); without it they are still 00e1f45ecce6deca and
// 51f17934c8ca8f37. When one changes, the failure says where the fast
// engine first plays otherwise than the reference interpreter.
func TestPlayFingerprint(t *testing.T) {
	sameGames(t, "crazy-eights", "58a5a6ad49e0a61f")
	sameGames(t, "hearts", "d33b395964a22c82")
}

func sameGames(t *testing.T, name, want string) {
	t.Helper()
	if testing.Short() {
		t.Skip("long")
	}
	g := loadGame(t, "../../cards/"+name)
	if got := enginetest.Fingerprint(t, g, 10, 100); got != want {
		t.Errorf("%s: fingerprint %s, want %s: the games changed; %s", name, got, want, firstDifference(g, Reference(g)))
	}
}

// firstDifference says where the fast engine first plays otherwise than
// the reference ref, over seeds 1-20 at every player count, or that it
// plays the same.
func firstDifference(g *Game, ref *RefGame) string {
	info := g.Info()
	for seed := uint64(1); seed <= 20; seed++ {
		for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
			if d := Lockstep(g, ref, n, seed, info.MaxMoves); d != nil {
				return fmt.Sprintf("the first difference from the reference interpreter (%d players, seed %d): %s", n, seed, d)
			}
		}
	}
	return "the fast engine still plays as the reference interpreter does (seeds 1-20 at every player count): what changed is the rules file or cards, or what the bots and statistics see"
}

// A fingerprint that changes names the move and the part of the state
// where the games part: here the reference plays Crazy Eights with the
// turn passing to the right, as a broken fast engine would (the same at
// 2 players: the report finds it at 3).
func TestFingerprintChangeSaysWhere(t *testing.T) {
	g := loadGame(t, "../../cards/crazy-eights")
	text, err := yaml.Marshal(g.data.Rules.Root)
	if err != nil {
		t.Fatal(err)
	}
	var root yaml.Node
	if err := yaml.Unmarshal([]byte(strings.ReplaceAll(string(text), "turn = next(turn)", "turn = prev(turn)")), &root); err != nil {
		t.Fatal(err)
	}
	d := *g.data
	d.Rules = &gamedata.RulesFile{Path: d.Rules.Path, Root: root.Content[0]}
	other, found := Build(&d)
	if other == nil {
		t.Fatalf("the edited rules do not build: %v", found)
	}
	got := firstDifference(g, Reference(other))
	want := regexp.MustCompile(`^the first difference from the reference interpreter \(\d players, seed \d+\): move \d+ \(seat \d play [A-Za-z ]+\): (value turn|to move): fast (seat \d) ref (seat \d)$`)
	if !want.MatchString(got) {
		t.Errorf("got %q, want a move, a seat's play and the turn that differs", got)
	}
}
