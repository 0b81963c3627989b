package cmd

import (
	"strings"
	"testing"
)

// --engine with a game's own engine plays exactly what game.yaml's does.
func TestEngineFlagOwnEngine(t *testing.T) {
	for _, tc := range []struct {
		engine string
		args   []string
	}{
		{"heat", []string{"sim", "--game", "heat", "--games", "20", "--players", "3", "--seed", "5"}},
		{"heat", []string{"replay", "--game", "heat", "--players", "3", "--seed", "7"}},
		{"heat", []string{"lint", "cards/heat", "--games", "5", "--players", "3"}},
		// Another variant is built by the same engine.
		{"masterminds", []string{"sim", "--game", "masterminds", "--variant", "draft", "--vs", "v2.2", "--games", "5", "--players", "3"}},
	} {
		code, out, errOut := run(t, repoRoot, tc.args...)
		codeWith, outWith, errWith := run(t, repoRoot, append(tc.args, "--engine", tc.engine)...)
		// sim's speed line is measured, so it differs from run to run.
		errOut, errWith = withoutSpeed(errOut), withoutSpeed(errWith)
		if code != 0 || codeWith != code || outWith != out || errWith != errOut {
			t.Errorf("%s: exit %d without --engine %s, %d with; outputs differ or fail:\n%s%s\n---\n%s%s", tc.args[0], code, tc.engine, codeWith, out, errOut, outWith, errWith)
		}
	}
}

// Data is validated with game.yaml's engine and built with --engine's:
// another game's engine reports what it misses in the data.
func TestEngineFlagOtherEngine(t *testing.T) {
	code, out, errOut := run(t, repoRoot, "sim", "--game", "masterminds", "--games", "2", "--engine", "heat")
	if code != ExitFindings || out != "" || !strings.Contains(errOut, `game "masterminds" does not build with engine heat`) {
		t.Errorf("exit %d, want %d and the engine's findings:\n%s%s", code, ExitFindings, out, errOut)
	}
}

// An engine that is not registered is a usage error in one line, before
// any game is loaded.
func TestEngineFlagUnknown(t *testing.T) {
	for _, args := range [][]string{
		{"sim", "--game", "heat", "--games", "2"},
		{"replay", "--game", "heat", "--players", "3", "--seed", "1"},
		{"lint", "cards/heat", "--games", "1"},
	} {
		code, out, errOut := run(t, repoRoot, append(args, "--engine", "nope")...)
		lines := strings.Split(strings.TrimSpace(errOut), "\n")
		if code != ExitUsage || out != "" || len(lines) != 1 || !strings.Contains(errOut, `--engine: no engine "nope" is registered (the engines are heat,`) {
			t.Errorf("%s: exit %d, want %d and one line naming the engines:\n%s%s", args[0], code, ExitUsage, out, errOut)
		}
	}
}

// The generic engine plays files.rules: a game without one says so.
func TestEngineFlagRulesNeedsARulesFile(t *testing.T) {
	ws := copyHeat(t)
	edit(t, ws, "cards/heat/game.yaml", "  rules: rules.yaml  # HEAT in the rules language: --engine rules plays it\n", "")
	for _, args := range [][]string{
		{"sim", "--game", "heat", "--games", "2"},
		{"replay", "--game", "heat", "--players", "3", "--seed", "1"},
		{"lint", "cards/heat", "--games", "1"},
	} {
		code, out, errOut := run(t, ws, append(args, "--engine", "rules")...)
		lines := strings.Split(strings.TrimSpace(errOut), "\n")
		if code != ExitUsage || len(lines) != 1 || !strings.Contains(errOut, `game "heat" names no rules file (files.rules in game.yaml) for engine rules to play`) {
			t.Errorf("%s: exit %d, want %d and one line saying there is no rules file:\n%s%s", args[0], code, ExitUsage, out, errOut)
		}
	}
}

// HEAT's rules file plays the same games as engine/heat: sim prints the
// same statistics, counters and end causes from the same seeds at every
// player count (engine/heat's TestRulesFilePlaysTheSameGame checks each
// game move by move), and lint finds it as clean.
func TestEngineRulesPlaysHeatAsEngineHeat(t *testing.T) {
	want, got := simWithEachEngine(t, "sim", "--game", "heat", "--games", "500", "--seed", "9")
	if got != want {
		t.Fatalf("sim --engine rules: output differs from engine/heat's:\n%s\nwant:\n%s", got, want)
	}
	lintCleanWithRules(t, "cards/heat", "--games", "300")
}

// simWithEachEngine runs sim with args with the game's own engine and with
// --engine rules, failing t unless both exit 0, and returns both outputs.
func simWithEachEngine(t *testing.T, args ...string) (own, rules string) {
	t.Helper()
	code, own, errOut := run(t, repoRoot, args...)
	if code != 0 {
		t.Fatalf("sim: exit %d\n%s", code, errOut)
	}
	code, rules, errOut = run(t, repoRoot, append(args, "--engine", "rules")...)
	if code != 0 {
		t.Fatalf("sim --engine rules: exit %d\n%s", code, errOut)
	}
	return own, rules
}

// lintCleanWithRules: lint of game with --engine rules (and extra flags)
// exits 0 and finds no problems.
func lintCleanWithRules(t *testing.T, game string, extra ...string) {
	t.Helper()
	code, out, errOut := run(t, repoRoot, append([]string{"lint", game, "--engine", "rules"}, extra...)...)
	if code != 0 || !strings.Contains(out, "no problems") {
		t.Fatalf("lint --engine rules: exit %d\n%s%s", code, out, errOut)
	}
}
