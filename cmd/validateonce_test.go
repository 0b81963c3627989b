package cmd

import (
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
)

// A card's deck misspelt was reported twice: by the schema at the value
// and by the engine (UNDEFINED_DECK) at the card, which it built on data
// that had failed validation. Engines now build only from validated data:
// the schema reports it, once, at the value.
func TestMisspeltDeckIsReportedOnceByTheSchema(t *testing.T) {
	for _, tc := range []struct{ game, file, card, deck string }{
		{"mice", "obstacles.yaml", "id: a1-crumb-line, name: Crumb Line, deck: obstacle,", "obstacle"},
		{"hmm", "complications.yaml", "id: laser-grid, name: Laser Grid, deck: complication,", "complication"},
	} {
		t.Run(tc.game, func(t *testing.T) {
			ws := testutil.CopyGame(t, tc.game)
			file := "cards/" + tc.game + "/" + tc.file
			typo := tc.deck[:len(tc.deck)-1] + "x"
			edit(t, ws, file, tc.card, strings.Replace(tc.card, "deck: "+tc.deck, "deck: "+typo, 1))
			pos := at(t, ws, file, typo)
			expectOneFinding(t, ws, 1, pos, "SCHEMA_ENUM", "validate")
			expectOneFinding(t, ws, 1, pos, "SCHEMA_ENUM", "lint", "--games", "5")
		})
	}
}

// A Masterminds heist step naming a skill there is not was checked by the
// schema and again by the engine (UNDEFINED_SKILL); now by the schema
// alone, once, at the skill.
func TestUnknownSkillIsReportedOnceByTheSchema(t *testing.T) {
	ws := testutil.CopyGame(t, "masterminds")
	file := "cards/masterminds/heist.yaml"
	edit(t, ws, file, "step: {skills: [charm], target: 7}", "step: {skills: [flying], target: 7}")
	expectOneFinding(t, ws, 1, at(t, ws, file, "flying"), "SCHEMA_ENUM", "validate")
}

// The engine reads only cards that passed validation: a card the schema
// rejects is left out of its build, so the engine's own check on that card
// (an icon that is not a keyword) reports once the schema's finding is
// fixed, while the same check on another card reports in the same run.
func TestEngineChecksOnlyCardsThatPassedValidation(t *testing.T) {
	ws := testutil.CopyGame(t, "mice")
	file := "cards/mice/obstacles.yaml"
	edit(t, ws, file, "order: 1, target: 1, payout: 2, icons: [paw]}", "order: 1, target: 0, payout: 2, icons: [tail]}")
	edit(t, ws, file, "order: 2, target: 2, payout: 2, icons: [leg]}", "order: 2, target: 2, payout: 2, icons: [tails]}")
	schemaAt := at(t, ws, file, "0, payout: 2, icons: [tail]")
	first, second := at(t, ws, file, "{id: a1-crumb-line"), at(t, ws, file, "{id: a2-cupboard-hinge")
	code, out, _ := run(t, ws, "validate")
	lines := findingLines(out)
	if code != 1 || len(lines) != 2 ||
		!strings.HasPrefix(lines[0], schemaAt+": error SCHEMA: ") ||
		!strings.HasPrefix(lines[1], second+`: error UNDEFINED_KEYWORD: obstacle a2-cupboard-hinge: icon "tails"`) {
		t.Errorf("exit %d, want 1 with the schema's finding at %s and the engine's at %s:\n%s", code, schemaAt, second, out)
	}
	edit(t, ws, file, "target: 0, payout: 2, icons: [tail]}", "target: 1, payout: 2, icons: [tail]}")
	code, out, _ = run(t, ws, "validate")
	lines = findingLines(out)
	if code != 1 || len(lines) != 2 ||
		!strings.HasPrefix(lines[0], first+`: error UNDEFINED_KEYWORD: obstacle a1-crumb-line: icon "tail"`) ||
		!strings.HasPrefix(lines[1], second+": error UNDEFINED_KEYWORD: ") {
		t.Errorf("exit %d, want 1 with the engine's findings at %s and %s:\n%s", code, first, second, out)
	}
}
