package pipeline

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/testutil"
)

// codesOf lists the codes of fs, in order.
func codesOf(fs []finding.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Code)
	}
	return out
}

// Which errors keep the engine from reading the data (engineData): an
// error in the layout, which the engine does not read, or an unknown
// field of game.yaml, which nothing reads, leaves it building and
// reporting the undefined phase of a card; any other error in game.yaml
// stops it.
func TestEngineBuildsOnlyFromTheDataThatPassed(t *testing.T) {
	phaseD := func(t *testing.T) string {
		ws := testutil.CopyGame(t, "heat")
		testutil.Edit(t, ws, "cards/heat/cards.yaml", "      - {phase: B, gain: 1, per: {record: any}}\n", "      - {phase: D, gain: 1, per: {record: any}}\n")
		return ws
	}
	for _, tc := range []struct {
		name, file, old, new string
		want                 []string
	}{
		{"layout error", "layout.yaml", "box: [5, 4, 53, 11], size: 12,", "box: [5, 4, 53, 11], size: twelve,", []string{"UNDEFINED_PHASE", "SCHEMA_TYPE"}},
		{"unknown field of game.yaml", "game.yaml", "players: {min: 3, max: 5}\n", "players: {min: 3, max: 5}\nauthor: me\n", []string{"UNDEFINED_PHASE", "SCHEMA_UNKNOWN_FIELD"}},
		{"players of game.yaml", "game.yaml", "players: {min: 3, max: 5}\n", "players: {min: 3, max: five}\n", []string{"SCHEMA_TYPE"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws := phaseD(t)
			testutil.Edit(t, ws, filepath.Join("cards/heat", tc.file), tc.old, tc.new)
			games, fs := Load([]string{filepath.Join(ws, "cards/heat")})
			got := codesOf(fs)
			if len(games) != 1 || games[0].Valid || games[0].Engine != nil || !slices.Equal(got, tc.want) {
				t.Errorf("findings %v (%v), want codes %v and no engine", got, fs, tc.want)
			}
		})
	}
}

// The rules engine names cards by id in its rules and rule tests: a card
// the schema rejects is not left out of its build (the tests naming it
// would be undefined), the engine is not built, and the card's error is
// the one finding.
func TestRulesEngineIsNotBuiltWithoutACard(t *testing.T) {
	ws := testutil.CopyGame(t, "hearts")
	testutil.Edit(t, ws, "cards/hearts/cards.yaml", "    name: Ace of Hearts\n    suit: hearts\n    keywords: [hearts]\n    rank: \"A\"\n",
		"    name: Ace of Hearts\n    suit: hearts\n    keywords: [hearts]\n    rank: \"Z\"\n")
	_, fs := Load([]string{filepath.Join(ws, "cards/hearts")})
	var errs []finding.Finding
	for _, f := range fs {
		if f.Severity == finding.Error {
			errs = append(errs, f)
		}
	}
	if got := codesOf(errs); !slices.Equal(got, []string{"SCHEMA_ENUM"}) || errs[0].Line != testutil.LineOf(t, ws, "cards/hearts/cards.yaml", `rank: "Z"`, false) {
		t.Errorf("errors %v, want the schema's alone, at the rank", errs)
	}
}
