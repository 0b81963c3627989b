package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/render/pdftest"
)

// The first "done when": new, validate, lint and render all exit 0,
// and the PDF holds every sample card's name.
func TestNewGameValidatesLintsAndRenders(t *testing.T) {
	ws := t.TempDir()
	code, out, errOut := run(t, ws, "new", "mygame")
	if code != 0 || errOut != "" {
		t.Fatalf("new: exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{
		"wrote mygame/game.yaml\n", "wrote mygame/layout.yaml\n", "wrote mygame/reference.yaml\n",
		"wrote mygame/schema/cards.schema.json\n",
		"Next:\n  cardpress validate mygame\n  cardpress lint mygame\n  cardpress render mygame --out out\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("new's output lacks %q:\n%s", want, out)
		}
	}
	manifest, err := os.ReadFile(filepath.Join(ws, "mygame", "game.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(manifest, []byte("\nid: mygame\n")) || !bytes.Contains(manifest, []byte("\ntitle: \"Mygame\"\n")) {
		t.Errorf("game.yaml lacks the id and title from the folder name:\n%s", manifest)
	}
	if bytes.Contains(manifest, []byte("\nengine:")) {
		t.Error("the template names an engine; it is a game without one")
	}

	for _, cmd := range [][]string{{"validate", "mygame"}, {"lint", "mygame"}} {
		code, out, errOut := run(t, ws, cmd...)
		if code != 0 || !strings.Contains(out, "no problems") {
			t.Errorf("%s: exit %d, want 0 and no problems\n%s%s", cmd[0], code, out, errOut)
		}
	}
	code, out, errOut = run(t, ws, "render", "mygame", "--out", "out")
	if code != 0 {
		t.Fatalf("render: exit %d\n%s%s", code, out, errOut)
	}

	games, _ := pipeline.Load([]string{filepath.Join(ws, "mygame")})
	if len(games) != 1 || len(games[0].Data.Cards) < 6 {
		t.Fatalf("want one game with at least 6 sample cards, got %d games", len(games))
	}
	pnp := strings.Join(pdftest.FilePages(t, filepath.Join(ws, "out", "mygame", "mygame-pnp.pdf")), "\n")
	pnp = strings.ReplaceAll(pnp, " ", "") // a long name may wrap
	for _, c := range games[0].Data.Cards {
		if !strings.Contains(pnp, strings.ReplaceAll(c.Name, " ", "")) {
			t.Errorf("card %q is not in the print-and-play PDF", c.Name)
		}
	}
	ref := pdftest.FilePages(t, filepath.Join(ws, "out", "mygame", "mygame-reference.pdf"))
	if len(ref) == 0 || !strings.Contains(ref[0], "Mygame") {
		t.Errorf("the reference sheet lacks the game's title: %q", ref)
	}
}

// The id and title come from the folder's name unless given.
func TestNewNamesFromTheFolderOrFlags(t *testing.T) {
	ws := t.TempDir()
	if code, out, errOut := run(t, ws, "new", "Night Market!"); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	data, _ := os.ReadFile(filepath.Join(ws, "Night Market!", "game.yaml"))
	if !bytes.Contains(data, []byte("\nid: night-market\n")) || !bytes.Contains(data, []byte("\ntitle: \"Night Market\"\n")) {
		t.Errorf("game.yaml:\n%s", data)
	}
	code, out, errOut := run(t, ws, "new", "games/b", "--id", "bazaar", "--title", `The "Grand" Bazaar`)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	if !strings.Contains(out, "  cardpress validate games/b\n") {
		t.Errorf("output:\n%s", out)
	}
	data, _ = os.ReadFile(filepath.Join(ws, "games", "b", "game.yaml"))
	if !bytes.Contains(data, []byte("\nid: bazaar\n")) || !bytes.Contains(data, []byte(`title: "The \"Grand\" Bazaar"`)) {
		t.Errorf("game.yaml:\n%s", data)
	}
	if code, out, errOut := run(t, ws, "validate", "games/b"); code != 0 {
		t.Errorf("validate: exit %d\n%s%s", code, out, errOut)
	}
}

// A folder that exists and is not empty is refused with one line naming
// it, and nothing in it changes.
func TestNewRefusesToOverwrite(t *testing.T) {
	ws := t.TempDir()
	if err := os.MkdirAll(filepath.Join(ws, "taken"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, "taken", "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, "afile"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"taken", "afile"} {
		code, out, errOut := run(t, ws, "new", dir)
		if code != 1 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "cardpress: "+dir+" ") {
			t.Errorf("new %s: exit %d, stdout %q, stderr %q; want 1 and one line naming it", dir, code, out, errOut)
		}
	}
	entries, _ := os.ReadDir(filepath.Join(ws, "taken"))
	if len(entries) != 1 {
		t.Errorf("the refused folder holds %d entries now", len(entries))
	}
	if data, _ := os.ReadFile(filepath.Join(ws, "afile")); string(data) != "mine" {
		t.Error("the refused file changed")
	}

	// An empty folder is fine.
	if err := os.Mkdir(filepath.Join(ws, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := run(t, ws, "new", "empty"); code != 0 {
		t.Errorf("new into an empty folder: exit %d\n%s%s", code, out, errOut)
	}
}

// Bad usage exits 2 and writes nothing.
func TestNewUsage(t *testing.T) {
	for _, args := range [][]string{
		{"new"},
		{"new", "a", "b"},
		{"new", "x", "--id", "9lives"},
		{"new", "x", "--id", "Big-Game"},
		{"new", "x", "--id", ""},
		{"new", "123"}, // no letter to start an id with
		{"new", "x", "--title", "{oops}"},
		{"new", "x", "--title", "line\nbreak"},
		{"new", "x", "--from", "nowhere"},
		{"new", "x", "--bogus"},
	} {
		ws := t.TempDir()
		code, out, errOut := run(t, ws, args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and one line", args, code, out, errOut)
		}
		if entries, _ := os.ReadDir(ws); len(entries) != 0 {
			t.Errorf("%q wrote %d entries", args, len(entries))
		}
	}
}

// A copy of a shipped game validates, keeps its comments, and points its
// modelines at its own schema folder.
func TestNewFromHeat(t *testing.T) {
	ws := t.TempDir()
	code, out, errOut := run(t, ws, "new", "heist", "--from", filepath.Join(repoRoot, "cards", "heat"), "--title", "My Heist")
	if code != 0 {
		t.Fatalf("new --from: exit %d\n%s%s", code, out, errOut)
	}
	var wrote []string
	for _, line := range lines(out) {
		if p, ok := strings.CutPrefix(line, "wrote heist/"); ok && !strings.HasPrefix(p, "schema/") {
			wrote = append(wrote, p)
		}
	}
	if want := []string{"game.yaml", "cards.yaml", "layout.yaml", "reference.yaml", "rules.yaml", "tests.yaml"}; !slices.Equal(wrote, want) {
		t.Errorf("wrote %q, want %q", wrote, want)
	}
	data, _ := os.ReadFile(filepath.Join(ws, "heist", "game.yaml"))
	for _, want := range []string{
		"# yaml-language-server: $schema=schema/manifest.schema.json\n# HEAT, from the print-and-play rules",
		"\nid: heist\nengine: heat\ntitle: \"My Heist\"\n",
	} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("game.yaml lacks %q:\n%s", want, data)
		}
	}
	cards, _ := os.ReadFile(filepath.Join(ws, "heist", "cards.yaml"))
	if !bytes.HasPrefix(cards, []byte("# yaml-language-server: $schema=schema/cards.schema.json\n")) {
		t.Errorf("cards.yaml starts %q", cards[:min(len(cards), 80)])
	}
	if code, out, errOut := run(t, ws, "validate", "heist"); code != 0 || !strings.Contains(out, "no problems") {
		t.Errorf("validate: exit %d\n%s%s", code, out, errOut)
	}
}

// --from reads only inside the game folder: a card file that is a link out
// of it stops the copy before anything is written.
func TestNewFromDoesNotFollowLinksOut(t *testing.T) {
	ws := copyHeat(t)
	if err := os.WriteFile(filepath.Join(ws, "secret.yaml"), []byte("cards: []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cards := filepath.Join(ws, "cards", "heat", "cards.yaml")
	if err := os.Remove(cards); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(ws, "secret.yaml"), cards); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	code, out, errOut := run(t, ws, "new", "copy", "--from", "cards/heat")
	if code != 2 || !strings.Contains(errOut, "outside the folder") {
		t.Errorf("exit %d, stderr %q; want 2 and a link out refused\n%s", code, errOut, out)
	}
	if _, err := os.Lstat(filepath.Join(ws, "copy")); err == nil {
		t.Error("the copy's folder was created")
	}
}
