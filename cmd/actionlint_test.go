package cmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// actionlint, run as a Go tool (tools/actionlint/go.mod), checks this repository's
// workflows (and through `uses: ./` the inputs of action.yml) and the
// five-line workflow docs/lint.md gives a game's repository.
func TestActionlint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds actionlint")
	}
	designer := filepath.Join(t.TempDir(), ".github", "workflows", "cards.yml")
	if err := os.MkdirAll(filepath.Dir(designer), 0o755); err != nil {
		t.Fatal(err)
	}
	five := designerWorkflow(t)
	if n := strings.Count(five, "\n"); n != 5 {
		t.Errorf("docs/lint.md's workflow for a game's repository has %d lines, want five:\n%s", n, five)
	}
	if err := os.WriteFile(designer, []byte(five), 0o644); err != nil {
		t.Fatal(err)
	}
	workflows, _ := filepath.Glob(filepath.Join(repoRoot, ".github", "workflows", "*.yml"))
	args := append([]string{"tool", "-modfile=tools/actionlint/go.mod", "actionlint", "-no-color"}, workflows...)
	cmd := exec.Command("go", append(args, designer)...)
	cmd.Dir = repoRoot
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("actionlint: %v\n%s", err, out)
	}
}

// designerWorkflow is the first yaml block after docs/lint.md's heading
// on a game's repository.
func designerWorkflow(t *testing.T) string {
	t.Helper()
	doc := readText(t, filepath.Join(repoRoot, "docs", "lint.md"))
	_, after, ok := strings.Cut(doc, "### CI in a game's repository")
	if !ok {
		t.Fatal(`docs/lint.md has no "CI in a game's repository" section`)
	}
	_, block, ok := strings.Cut(after, "```yaml\n")
	if !ok {
		t.Fatal("the section has no yaml block")
	}
	block, _, _ = strings.Cut(block, "```")
	if !strings.Contains(block, "uses: cardpress/cardpress@") {
		t.Errorf("the workflow does not use the action:\n%s", block)
	}
	return block
}
