package smoke

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// toyData is hand-made game data for the toy engine: a manifest and one
// card per toy action, each at its own line.
func toyData(cards int) *gamedata.Data {
	d := &gamedata.Data{}
	d.Manifest.ID = "toy"
	d.Manifest.Players = gamedata.Range{Min: 2, Max: 4}
	d.Manifest.IDPos = finding.Pos{File: "toy/game.yaml", Line: 2, Col: 5}
	d.Manifest.PlayersPos = finding.Pos{File: "toy/game.yaml", Line: 4, Col: 10}
	for i := 0; i < cards; i++ {
		d.Cards = append(d.Cards, gamedata.Card{
			ID:  []string{"add-one", "stay", "ghost"}[i],
			Pos: finding.Pos{File: "toy/cards.yaml", Line: 3 + 4*i, Col: 5},
		})
	}
	return d
}

func TestSmokeFindings(t *testing.T) {
	cases := []struct {
		name string
		game *enginetest.Toy
		// want lists code@file:line, all of which must be reported.
		want     []string
		severity finding.Severity
	}{
		{"clean", &enginetest.Toy{Goal: 12}, nil, finding.Error},
		{"no end", &enginetest.Toy{Goal: 12, NeverEnds: true}, []string{"GAME_NO_END@toy/game.yaml:2"}, finding.Error},
		{"panic", &enginetest.Toy{Goal: 12, PanicAt: 8}, []string{"ENGINE_PANIC@toy/game.yaml:2"}, finding.Error},
		{"invariant", &enginetest.Toy{Goal: 12, BreakAt: 8}, []string{"INVARIANT_BROKEN@toy/game.yaml:2"}, finding.Error},
		{"favoured seat", &enginetest.Toy{Goal: 12, Favoured: 1}, []string{"SEAT_ADVANTAGE@toy/game.yaml:4"}, finding.Warning},
		{"favoured second seat", &enginetest.Toy{Goal: 12, Favoured: 2}, []string{"SEAT_ADVANTAGE@toy/game.yaml:4"}, finding.Warning},
		{"card never drawn", &enginetest.Toy{Goal: 12, Cards: 3}, []string{"CARD_NEVER_DRAWN@toy/cards.yaml:11"}, finding.Error},
		{"card never chosen", &enginetest.Toy{Goal: 12, Dominant: true}, []string{"CARD_NEVER_CHOSEN@toy/cards.yaml:7"}, finding.Warning},
	}
	// A fixed number of games, and as many as the checks need: the same
	// findings either way.
	for _, tc := range cases {
		for _, games := range []int{300, 0} {
			t.Run(fmt.Sprintf("%s/games=%d", tc.name, games), func(t *testing.T) {
				smokeFindings(t, tc.game, games, tc.want, tc.severity)
			})
		}
	}
}

// smokeFindings lints the toy with games smoke games per player count (0:
// as many as the checks need) and wants every code@file:line of want, the
// first of them at severity.
func smokeFindings(t *testing.T, game *enginetest.Toy, games int, want []string, severity finding.Severity) {
	t.Helper()
	fs := Play(toyData(max(game.Cards, 2)), game, Options{Games: games, Seed: 1})
	var got []string
	for _, f := range fs {
		got = append(got, f.Code+"@"+f.File+":"+strconv.Itoa(f.Line))
	}
	if len(want) == 0 {
		if len(fs) > 0 {
			t.Fatalf("clean toy reported %v", fs)
		}
		return
	}
	for _, w := range want {
		if !strings.Contains(strings.Join(got, " "), w) {
			t.Errorf("want %s, got %v", w, fs)
		}
	}
	for _, f := range fs {
		if f.Code != strings.Split(want[0], "@")[0] {
			continue
		}
		if f.Severity != severity {
			t.Errorf("%s is a %v, want %v", f.Code, f.Severity, severity)
		}
		if f.Code == "SEAT_ADVANTAGE" && !strings.Contains(f.Message, fmt.Sprintf("seat %d wins", game.Favoured)) {
			t.Errorf("the advantage is not named at seat %d: %s", game.Favoured, f.Message)
		}
		if (f.Code == "GAME_NO_END" || f.Code == "ENGINE_PANIC" || f.Code == "INVARIANT_BROKEN") &&
			(f.Seed == nil || f.Players == 0 || !strings.Contains(f.Message, "cardpress replay")) {
			t.Errorf("%s does not name its seed and player count: %+v", f.Code, f)
		}
	}
}

func TestPlayerCountOutsideRange(t *testing.T) {
	fs := Play(toyData(2), &enginetest.Toy{Goal: 12}, Options{Games: 10, Players: 7})
	if len(fs) != 1 || fs[0].Code != "BAD_PLAYER_COUNT" {
		t.Errorf("got %v", fs)
	}
}

func TestIgnoresNeedAReasonAndMustMatch(t *testing.T) {
	d := toyData(2)
	d.Manifest.Lint.Ignore = []gamedata.Ignore{
		{Code: "CARD_NEVER_CHOSEN", Card: "add-one", Reason: "kept on purpose", Pos: finding.Pos{File: "toy/game.yaml", Line: 20}},
		{Code: "SEAT_ADVANTAGE", Reason: "nothing to silence", Pos: finding.Pos{File: "toy/game.yaml", Line: 23}},
	}
	fs := []finding.Finding{
		CodeCardNeverChosen.At(finding.Pos{File: "toy/cards.yaml", Line: 3}, "add-one never chosen"),
		CodeCardNeverChosen.At(finding.Pos{File: "toy/cards.yaml", Line: 7}, "stay never chosen"),
	}
	got := check.ApplyIgnores(d, fs, true)
	var codes []string
	for _, f := range got {
		codes = append(codes, f.Code+"@"+strconv.Itoa(f.Line))
	}
	want := "CARD_NEVER_CHOSEN@7 LINT_IGNORE_UNUSED@23"
	if strings.Join(codes, " ") != want {
		t.Errorf("got %v, want %s", codes, want)
	}
	// A partial run (one player count, other bots, fewer games) may not
	// look for what an ignore keeps: the entry is not called stale then.
	codes = nil
	for _, f := range check.ApplyIgnores(d, fs, false) {
		codes = append(codes, f.Code+"@"+strconv.Itoa(f.Line))
	}
	if want := "CARD_NEVER_CHOSEN@7"; strings.Join(codes, " ") != want {
		t.Errorf("partial run: got %v, want %s", codes, want)
	}
	for _, o := range []Options{{Players: 3}, {Bots: []string{"heuristic"}}, {Games: 10}} {
		if !o.Partial(300) {
			t.Errorf("%+v is a partial run", o)
		}
	}
	if (Options{}).Partial(300) || (Options{Games: 5000}).Partial(300) {
		t.Error("the default run, or a longer one, is not partial")
	}
}

// Findings from games other bots played replay with those bots: a replay
// with random bots would be another game.
func TestReplayCommandsNameTheBots(t *testing.T) {
	d := toyData(2)
	for _, tc := range []struct {
		bots []string
		want string
	}{
		{nil, "cardpress replay --game toy --players 2 --seed "},
		{[]string{"heuristic"}, "cardpress replay --game toy --bots heuristic --players 2 --seed "},
	} {
		fs := Play(d, &enginetest.Toy{Goal: 12, NeverEnds: true}, Options{Games: 20, Seed: 1, Players: 2, Bots: tc.bots})
		found := false
		for _, f := range fs {
			found = found || (f.Code == "GAME_NO_END" && strings.Contains(f.Message, tc.want))
		}
		if !found {
			t.Errorf("bots %v: no GAME_NO_END with %q in %v", tc.bots, tc.want, fs)
		}
	}
}

// An engine's alarm warns at the manifest's id when its counter runs above
// the rate, naming a seed whose game raised the counter.
func TestAlarmNamesAGameThatRaisedTheCounter(t *testing.T) {
	toy := &enginetest.Toy{Goal: 12, Alarms: []engine.Alarm{
		{Counter: "ties", Code: &finding.Code{ID: "TOY_TIES", Severity: finding.Warning, Scope: finding.Alarm, Purpose: "Races end level too often."}, PerGame: 0.01},
		{Counter: "rolls", Code: &finding.Code{ID: "TOY_ROLLS", Severity: finding.Warning, Scope: finding.Alarm, Purpose: "Never fires."}, PerGame: 1e6},
	}}
	fs := Play(toyData(2), toy, Options{Games: 300, Seed: 1, Players: 3, Variant: "fast"})
	var alarms []finding.Finding
	for _, f := range fs {
		if strings.HasPrefix(f.Code, "TOY_") {
			alarms = append(alarms, f)
		}
	}
	if len(alarms) != 1 {
		t.Fatalf("want one TOY_TIES warning, got %v", fs)
	}
	f := alarms[0]
	if f.Code != "TOY_TIES" || f.Severity != finding.Warning || f.Pos != toyData(2).Manifest.IDPos || f.Seed == nil || f.Players != 3 {
		t.Fatalf("alarm finding %+v", f)
	}
	for _, want := range []string{"ties ", " per game at 3 players (alarm above 0.01): races end level too often",
		fmt.Sprintf("seed %d, 3 players; cardpress replay --game toy --variant fast --players 3 --seed %d", *f.Seed, *f.Seed)} {
		if !strings.Contains(f.Message, want) {
			t.Errorf("message %q lacks %q", f.Message, want)
		}
	}
	r := engine.PlayGame(toy, 3, uint64(*f.Seed), engine.PlayOptions{})
	if winners := slices.IndexFunc(r.Returns, func(v float64) bool { return v > 0 && v < 1 }); winners < 0 {
		t.Errorf("seed %d replays without a tie: %v", *f.Seed, r.Returns)
	}
}

// One problem is one finding: a rules error at one place of the rules
// file, at several player counts and with random and heuristic bots, is
// merged (whatever move and seat it befell), naming the first game; other
// failures stay apart.
func TestFailuresMergeByProblem(t *testing.T) {
	d := toyData(0)
	fail := func(players, n, of int, text string, bots []string) failure {
		return failure{CodeInvariantBroken, "broke an invariant: " + text, n, of, players, &engine.Result{Seed: uint64(players), Players: players}, replayHow{bots: bots}}
	}
	got := merged(d, []failure{
		fail(2, 10, 200, "after move 3: r.yaml:4:5: seat 2 has no legal option", nil),
		fail(2, 2, 25, "after move 9: r.yaml:4:5: seat 1 has no legal option", []string{"heuristic"}),
		fail(4, 200, 200, "after move 7: r.yaml:4:5: seat 4 has no legal option", nil),
		fail(3, 1, 200, "after move 2: r.yaml:9:1: a die of 0 sides", nil),
		fail(3, 1, 200, "after move 2: board + players is not 15", nil),
	})
	want := []string{
		"toy/game.yaml:2:5: error INVARIANT_BROKEN: 212 of 425 games at 2, 4 players broke an invariant: after move 3: r.yaml:4:5: seat 2 has no legal option (seed 2, 2 players; cardpress replay --game toy --players 2 --seed 2)",
		"toy/game.yaml:2:5: error INVARIANT_BROKEN: 1 of 200 games broke an invariant: after move 2: r.yaml:9:1: a die of 0 sides (seed 3, 3 players; cardpress replay --game toy --players 3 --seed 3)",
		"toy/game.yaml:2:5: error INVARIANT_BROKEN: 1 of 200 games broke an invariant: after move 2: board + players is not 15 (seed 3, 3 players; cardpress replay --game toy --players 3 --seed 3)",
	}
	var lines []string
	for _, f := range got {
		lines = append(lines, f.String())
	}
	if !slices.Equal(lines, want) {
		t.Errorf("merged:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}

// replay's --game for a game: its id in cards/, else its folder, quoted
// where a shell would split or read it.
func TestReplayGame(t *testing.T) {
	for dir, want := range map[string]string{
		"":               "toy",
		"cards/toy":      "toy",
		"./cards/toy/":   "toy",
		"games/toy":      "games/toy",
		"/abs/cards/toy": "/abs/cards/toy",
		"my games/toy":   "'my games/toy'",
		"it's/toy":       `'it'\''s/toy'`,
		"$HOME/toy":      "'$HOME/toy'",
		"jeux/café":      "'jeux/café'",
	} {
		d := toyData(2)
		d.Dir = dir
		if got := replayGame(d); got != want {
			t.Errorf("dir %q: --game %s, want %s", dir, got, want)
		}
	}
}
