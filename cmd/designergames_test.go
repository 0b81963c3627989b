package cmd

import (
	"strings"
	"testing"
)

// The rules test games written from docs/rules.md as a new designer would
// (engine/rules/testdata: chips, draft, market) validate and lint with no
// problem, and cardpress test passes every rule test they have.
func TestDesignerRulesGamesLintCleanAndPassTheirTests(t *testing.T) {
	for _, game := range []string{"chips", "draft", "market"} {
		t.Run(game, func(t *testing.T) {
			dir := "engine/rules/testdata/" + game
			for _, cmd := range [][]string{{"validate", dir}, {"lint", "--games", "300", dir}} {
				code, out, errOut := run(t, repoRoot, cmd...)
				if code != 0 || !strings.Contains(out, "no problems") {
					t.Fatalf("%s: exit %d\n%s%s", cmd[0], code, out, errOut)
				}
			}
			code, out, errOut := run(t, repoRoot, "test", dir)
			if code != 0 || !strings.Contains(out, game+": ") || !strings.Contains(out, "tests passed") || strings.Contains(out, "failed") {
				t.Fatalf("test: exit %d\n%s%s", code, out, errOut)
			}
		})
	}
}
