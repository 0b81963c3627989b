//go:build unix

package cmd

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// Issue 28, item 1: nothing is written, deleted or followed through a
// symbolic link below the output folder. A pull request can commit such a
// link (out/heat -> ../../elsewhere); in CI it would reach the runner's
// files.

// plantLink makes the link at ws/rel point to target.
func plantLink(t *testing.T, ws, rel, target string) {
	t.Helper()
	p := filepath.Join(ws, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, p); err != nil {
		t.Fatal(err)
	}
}

// outsideFiles are what ws/elsewhere holds: names an export writes, and
// names its clean-up used to take for stale images of its own.
var outsideFiles = []string{"001-first-national-front.png", "099-retired-card-front.png", "heat.json", "main-1.png", "old-deck-1.png"}

// elsewhere makes ws/elsewhere, a folder outside --out holding outsideFiles.
func elsewhere(t *testing.T, ws string) string {
	t.Helper()
	dir := filepath.Join(ws, "elsewhere")
	for _, name := range outsideFiles {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte("the runner's"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// wantElsewhereUntouched checks that the folder outside still holds its
// files, as they were, and nothing more.
func wantElsewhereUntouched(t *testing.T, dir string) {
	t.Helper()
	want := outsideFiles
	if got := dirNames(t, dir); !slices.Equal(got, want) {
		t.Errorf("the folder outside --out holds %v, want %v as it was", got, want)
	}
	for _, name := range want {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(b) != "the runner's" {
			t.Errorf("%s outside --out was changed: %d bytes now (%v)", name, len(b), err)
		}
	}
}

const linkRefused = " is a symbolic link: nothing is written through a link inside the output folder out"

// The reproduction: out/heat is a link to a folder outside --out.
// export png, export tts and render each stop with one line naming the
// link, exit 2, and write or delete nothing there.
func TestNothingIsWrittenThroughALinkUnderOut(t *testing.T) {
	ws := copyHeat(t)
	outside := elsewhere(t, ws)
	plantLink(t, ws, "out/heat", "../elsewhere")
	for _, args := range [][]string{
		{"export", "png", "cards/heat", "--out", "out"},
		{"export", "png", "cards/heat", "--out", "out", "--profile", "tgc"},
		{"export", "tts", "cards/heat", "--out", "out"},
		{"export", "csv", "cards/heat", "--out", "out"},
		{"render", "cards/heat", "--out", "out"},
		{"report", "cards/heat", "--out", "out", "--games", "20", "--ladder=false"},
	} {
		code, out, errOut := run(t, ws, args...)
		wantOneLine(t, code, "", errOut, "cardpress: out/heat"+linkRefused)
		if out != "" {
			t.Errorf("%v printed %q", args, out)
		}
		wantElsewhereUntouched(t, outside)
	}
}

// A link deeper down, or at one file, is refused the same way: the
// export's own folder, a deck's folder, a card image, the PDF.
func TestNoFileIsWrittenThroughALink(t *testing.T) {
	for _, tc := range []struct {
		link string
		args []string
	}{
		{"out/heat/tts", []string{"export", "tts", "cards/heat", "--out", "out"}},
		{"out/heat/png/main", []string{"export", "png", "cards/heat", "--out", "out"}},
		{"out/heat/tts/main-1.png", []string{"export", "tts", "cards/heat", "--out", "out"}},
		{"out/heat/png/main/001-first-national-front.png", []string{"export", "png", "cards/heat", "--out", "out"}},
		{"out/heat/heat-pnp.pdf", []string{"render", "cards/heat", "--out", "out"}},
	} {
		t.Run(tc.link, func(t *testing.T) {
			ws := copyHeat(t)
			outside := elsewhere(t, ws)
			target := outside
			if filepath.Ext(tc.link) != "" {
				target = filepath.Join(outside, "main-1.png")
			}
			plantLink(t, ws, tc.link, target)
			code, _, errOut := run(t, ws, tc.args...)
			wantOneLine(t, code, "", errOut, "cardpress: "+tc.link+linkRefused)
			wantElsewhereUntouched(t, outside)
		})
	}
}

// --out itself was named by the user, like PATH: it may be a link, and is
// followed.
func TestOutMayItselfBeALink(t *testing.T) {
	ws := copyHeat(t)
	plantLink(t, ws, "out", "elsewhere")
	if err := os.Mkdir(filepath.Join(ws, "elsewhere"), 0o755); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := run(t, ws, "export", "tts", "cards/heat", "--out", "out"); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(ws, "elsewhere", "heat", "tts", "main-1.png")); err != nil {
		t.Errorf("not written where --out points: %v", err)
	}
}

// Clean-up removes only files an export wrote. A file planted beside the
// sheets, named like one, is kept; so is the target of a link an earlier
// export's record names, and the link itself.
func TestCleanUpKeepsWhatTheExportNeverWrote(t *testing.T) {
	ws := copyHeat(t)
	outside := elsewhere(t, ws)
	dir := filepath.Join(ws, "out", "heat", "tts")
	if code, out, errOut := run(t, ws, "export", "tts", "cards/heat", "--out", "out"); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	// Between two exports: a sheet-like file appears, and the record is
	// made to list it and a link to the runner's file.
	if err := os.WriteFile(filepath.Join(dir, "main-2.png"), []byte("planted"), 0o644); err != nil {
		t.Fatal(err)
	}
	plantLink(t, ws, "out/heat/tts/main-3.png", filepath.Join(outside, "main-1.png"))
	record := filepath.Join(dir, ".cardpress-written")
	if err := os.WriteFile(record, []byte("main-3.png\n../../../elsewhere/main-1.png\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := run(t, ws, "export", "tts", "cards/heat", "--out", "out"); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	want := []string{".cardpress-written", "_piece-1.png", "_piece-2.png", "_piece-3.png", "_piece-4.png", "_piece-5.png",
		"heat.json", "main-1.png", "main-2.png", "main-3.png", "main-back.png"}
	if got := dirNames(t, dir); !slices.Equal(got, want) {
		t.Errorf("the tts folder holds %v, want %v", got, want)
	}
	wantElsewhereUntouched(t, outside)
}

// The commands that write into a game folder (schema GAME, import) treat
// it as their output folder; sim and merge --out FILE refuse a link at
// the file.
func TestGameFolderWritesRefuseLinks(t *testing.T) {
	ws := sprint(t)
	outside := elsewhere(t, ws)
	schema := filepath.Join(ws, "sprint", "schema")
	if err := os.RemoveAll(schema); err != nil {
		t.Fatal(err)
	}
	plantLink(t, ws, "sprint/schema", "../elsewhere")
	code, _, errOut := run(t, ws, "schema", "sprint")
	wantOneLine(t, code, "", errOut, "cardpress: sprint/schema is a symbolic link: nothing is written through a link inside the output folder sprint")
	wantElsewhereUntouched(t, outside)

	ws = sprint(t)
	outside = elsewhere(t, ws)
	if code, out, errOut := run(t, ws, "export", "csv", "sprint", "--out", "out"); code != 0 {
		t.Fatalf("export csv: exit %d\n%s%s", code, out, errOut)
	}
	cards := filepath.Join(ws, "sprint", "cards.yaml")
	if err := os.Rename(cards, filepath.Join(ws, "sprint", "real-cards.yaml")); err != nil {
		t.Fatal(err)
	}
	plantLink(t, ws, "sprint/cards.yaml", "real-cards.yaml") // inside the game: read, not written through
	code, _, errOut = run(t, ws, "import", "out/sprint/sprint-main.csv", "--game", "sprint", "--deck", "main", "--into", "cards.yaml")
	wantOneLine(t, code, "", errOut, "cardpress: sprint/cards.yaml is a symbolic link: nothing is written through a link inside the output folder sprint")
	if info, err := os.Lstat(cards); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v", err)
	}

	files := heatShards(t)
	link := filepath.Join(t.TempDir(), "results.json")
	if err := os.Symlink(filepath.Join(outside, "heat.json"), link); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"sim", "--game", "heat", "--players", "4", "--games", "10", "--out", link},
		{"merge", files[0], files[1], files[2], "--out", link},
	} {
		code, _, errOut := run(t, repoRoot, args...)
		wantOneLine(t, code, "", errOut, "cardpress: --out "+link+": cannot write: it is a symbolic link; nothing is written through a link")
	}
	wantElsewhereUntouched(t, outside)
}
