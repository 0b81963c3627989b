package cmd

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cardpress/cardpress/internal/lsptest"
	"github.com/cardpress/cardpress/internal/testutil"
)

// What a designer sees in their editor: yaml-language-server, reading the
// schema a card file's modeline names, flags a card field the game does
// not declare, and nothing in a clean card file.
func TestEditorFlagsUndeclaredField(t *testing.T) {
	bin := yamlLanguageServer(t)
	dir := designerGame(t)
	clean := cardFile(t, dir)
	text := readText(t, clean)
	// Next to the clean file, so the modeline's relative path holds.
	bad := filepath.Join(filepath.Dir(clean), "undeclared-field.yaml")
	badText, badLine := withUndeclaredField(t, text)
	if err := os.WriteFile(bad, []byte(badText), 0o644); err != nil {
		t.Fatal(err)
	}

	// Generous for a loaded machine; the server answers in about a second.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	srv, err := lsptest.Start(ctx, bin, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	for _, f := range []struct{ path, text string }{{clean, text}, {bad, badText}} {
		if err := srv.Open(f.path, f.text); err != nil {
			t.Fatal(err)
		}
	}

	const quiet = 300 * time.Millisecond
	got, err := srv.Diagnostics(ctx, clean, quiet)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 0 {
		t.Errorf("%s is clean, but the editor reports:\n%s", rel(dir, clean), diagList(got))
	}

	got, err = srv.Diagnostics(ctx, bad, quiet)
	if err != nil {
		t.Fatal(err)
	}
	flagged := false
	for _, d := range got {
		if d.Line == badLine && strings.Contains(d.Message, "pionts") {
			flagged = true
		} else {
			t.Errorf("%s: unexpected diagnostic %s", rel(dir, bad), d)
		}
	}
	if !flagged {
		t.Errorf("%s: the editor does not flag the undeclared field pionts at line %d; it reports:\n%s",
			rel(dir, bad), badLine+1, diagList(got))
	}
}

// designerGame is a designer's own game — no engine, its own declared
// card fields — as `cardpress new` writes it, schema folder included (the
// test finds a card file by its modeline and derives the bad file from it).
func designerGame(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "market")
	if code, out, errOut := run(t, "", "new", dir); code != 0 {
		t.Fatalf("cardpress new: exit %d\n%s%s", code, out, errOut)
	}
	return dir
}

// yamlLanguageServer is the server `make editor-deps` installs, or one on
// PATH. Without one the test skips on a developer's machine but fails in
// CI, where .ci/run installs it, so a broken install cannot pass unseen.
func yamlLanguageServer(t *testing.T) string {
	t.Helper()
	local := filepath.Join(testutil.RepoRoot(), ".ci", "editor", "node_modules", ".bin", "yaml-language-server")
	if _, err := os.Stat(local); err == nil {
		return local
	}
	if path, err := exec.LookPath("yaml-language-server"); err == nil {
		return path
	}
	const msg = "yaml-language-server is not installed, so the editor check did not run: " +
		"run `make editor-deps` (npm ci --prefix .ci/editor; needs node and npm)"
	if os.Getenv("CI") != "" {
		t.Fatal(msg + "; CI must run it (.ci/run installs it)")
	}
	t.Skip("SKIPPED — " + msg)
	return ""
}

var cardModeline = regexp.MustCompile(`(?m)^# yaml-language-server: \$schema=(\.\./)*schema/cards\.schema\.json\s*$`)

// cardFile is the first YAML file under dir whose modeline names the
// game's own cards schema.
func cardFile(t *testing.T, dir string) string {
	t.Helper()
	var found string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || found != "" || d.IsDir() || !strings.HasSuffix(path, ".yaml") {
			return err
		}
		if cardModeline.MatchString(readText(t, path)) {
			found = path
		}
		return nil
	})
	if found == "" {
		t.Fatalf("no card file in %s has the modeline $schema=schema/cards.schema.json", dir)
	}
	return found
}

var firstCardKey = regexp.MustCompile(`^(\s*-\s+)(id|name):\s`)

// withUndeclaredField adds `pionts: 3` to the first card of a card file
// written in block style, and returns the new text and the line (from 0)
// of the added field.
func withUndeclaredField(t *testing.T, text string) (string, int) {
	t.Helper()
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if m := firstCardKey.FindStringSubmatch(l); m != nil {
			field := strings.Repeat(" ", len(m[1])) + "pionts: 3"
			lines = append(lines[:i+1], append([]string{field}, lines[i+1:]...)...)
			return strings.Join(lines, "\n"), i + 1
		}
	}
	t.Fatalf("no card starting with `- id:` or `- name:` in:\n%s", text)
	return "", 0
}

func readText(t *testing.T, path string) string { return string(readFile(t, path)) }

func rel(dir, path string) string {
	if r, err := filepath.Rel(dir, path); err == nil {
		return r
	}
	return path
}

func diagList(ds []lsptest.Diagnostic) string {
	if len(ds) == 0 {
		return "  (nothing)"
	}
	var b strings.Builder
	for _, d := range ds {
		b.WriteString("  " + d.String() + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}
