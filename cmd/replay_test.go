package cmd

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/schema"
)

// logWithMoves writes the jsonl log of one game, its moves included, and
// returns its path and text.
func logWithMoves(t *testing.T, game, players, seed string, extra ...string) (string, string) {
	t.Helper()
	args := append([]string{"replay", "--game", game, "--players", players, "--seed", seed, "--moves", "--format", "jsonl"}, extra...)
	code, out, errOut := run(t, repoRoot, args...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errOut)
	}
	path := filepath.Join(t.TempDir(), game+".jsonl")
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, out
}

// A game's log with its moves is the whole game: replay --from plays the
// moves again, without the bots or the seed, and prints the same log.
func TestReplayFromALogPlaysTheSameGame(t *testing.T) {
	for _, c := range []struct{ game, players, bots string }{
		{"heat", "4", "random"}, // simultaneous choices
		{"crazy-eights", "3", "heuristic"},
		{"hmm", "2", "random"},
	} {
		path, want := logWithMoves(t, c.game, c.players, "11", "--bots", c.bots)
		if n := strings.Count(want, `"kind":"action"`); n < 10 {
			t.Fatalf("%s: %d action events in the log", c.game, n)
		}
		for i, line := range strings.Split(strings.TrimSpace(want), "\n") {
			if err := schema.CheckJSON(schema.Log, []byte(line), 1<<16); err != nil {
				t.Fatalf("%s: line %d does not match %s: %v", c.game, i+1, schema.Log, err)
			}
		}
		code, got, errOut := run(t, repoRoot, "replay", "--game", c.game, "--from", path, "--moves", "--format", "jsonl")
		if code != 0 || got != want {
			t.Errorf("%s: exit %d (%s); the replayed log differs from the game's:\n%s", c.game, code, errOut, firstDiff(want, got))
		}
		_, plain, _ := run(t, repoRoot, "replay", "--game", c.game, "--players", c.players, "--seed", "11", "--bots", c.bots)
		_, again, _ := run(t, repoRoot, "replay", "--game", c.game, "--from", path)
		if plain != again {
			t.Errorf("%s: the text log replayed differs:\n%s", c.game, firstDiff(plain, again))
		}
	}
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d:\n  want %s\n  got  %s", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("%d lines against %d", len(al), len(bl))
}

// The bots a log's header names play nothing in a replay of its moves:
// a bot spec that is no longer known does not stop it.
func TestReplayFromALogIgnoresItsBots(t *testing.T) {
	path, log := logWithMoves(t, "heat", "3", "6")
	edited := strings.Replace(log, `"bots":["random"]`, `"bots":["oracle:9"]`, 1)
	edited = strings.Replace(edited, "bots random", "bots oracle:9", 1)
	if edited == log {
		t.Fatal("no bots in the header")
	}
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, repoRoot, "replay", "--game", "heat", "--from", path, "--moves", "--format", "jsonl")
	if code != 0 || out != edited {
		t.Errorf("exit %d (%s):\n%s", code, errOut, firstDiff(edited, out))
	}
}

// A move the rules do not allow (an edited log, or rules changed since)
// stops the replay at that move's line: one line, exit 1.
func TestReplayFromALogStopsAtAMoveThatDoesNotFit(t *testing.T) {
	path, log := logWithMoves(t, "crazy-eights", "3", "4")
	lines := strings.Split(log, "\n")
	move := 0
	for i, line := range lines {
		if !strings.Contains(line, `"kind":"action"`) || strings.Contains(line, `"player":-1`) {
			if strings.Contains(line, `"kind":"action"`) {
				move++
			}
			continue
		}
		move++
		lines[i] = regexp.MustCompile(`"action":\d+`).ReplaceAllString(line, `"action":4999`)
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := run(t, repoRoot, "replay", "--game", "crazy-eights", "--from", path)
		want := fmt.Sprintf("cardpress: %s:%d: recorded move %d: seat ", path, i+1, move)
		if code != 1 || !strings.HasPrefix(errOut, want) || !strings.HasSuffix(errOut, "may not take action 4999 here\n") ||
			strings.Count(errOut, "\n") != 1 || strings.Contains(out, "result") {
			t.Errorf("exit %d, stderr %q; want exit 1 and %q…", code, errOut, want)
		}
		return
	}
	t.Fatal("no seat's action in the log")
}

// A file that is not a game log of this game, or flags that say what the
// log says, are usage errors: one line, exit 2.
func TestReplayFromABadLog(t *testing.T) {
	path, log := logWithMoves(t, "heat", "3", "2")
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	lines := strings.SplitN(log, "\n", 4)
	notJSON := write("broken.jsonl", lines[0]+"\n"+lines[1]+"\n{\"move\": \n")
	noHeader := write("noheader.jsonl", strings.Join(lines[1:], "\n"))
	_, noMoves := logWithoutMoves(t)
	noMovesFile := write("nomoves.jsonl", noMoves)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--game", "heat", "--from", notJSON}, notJSON + ":3: "},
		{[]string{"--game", "heat", "--from", noHeader}, noHeader + ":1: the log does not open with its header"},
		{[]string{"--game", "heat", "--from", noMovesFile}, noMovesFile + ": no move events"},
		{[]string{"--game", "crazy-eights", "--from", path}, `is a log of "heat", not of "crazy-eights"`},
		{[]string{"--game", "heat", "--from", path, "--seed", "3"}, "--from plays the game its log names: its players, seed, variant and bots; drop --seed"},
		{[]string{"--game", "heat", "--from", filepath.Join(dir, "missing.jsonl")}, "cannot read"},
		{[]string{"--game", "heat", "--from", dir}, "cannot read"},
	} {
		code, _, errOut := run(t, repoRoot, append([]string{"replay"}, c.args...)...)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
}

func logWithoutMoves(t *testing.T) (int, string) {
	t.Helper()
	code, out, _ := run(t, repoRoot, "replay", "--game", "heat", "--players", "3", "--seed", "2", "--format", "jsonl")
	return code, out
}
