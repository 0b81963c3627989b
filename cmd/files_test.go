package cmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// replaceWithLink replaces a file of the workspace with a symbolic link.
func replaceWithLink(t *testing.T, ws, file, target string) {
	t.Helper()
	path := filepath.Join(ws, file)
	if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
}

// The leak: a pull request that replaces cards.yaml with a link to
// a file the CI runner can read got that file's content printed into the
// log. Every way out of the game folder is now refused, at the link.
func TestLinksOutOfTheGameFolderAreNotRead(t *testing.T) {
	const secret = "AWS_SECRET_ACCESS_KEY=abcdSECRET123"
	cases := []struct {
		name, file, target string
		// want is the finding, after "cards/heat/"
		want string
	}{
		{"secret by absolute path", "cards.yaml", "SECRET", "cards.yaml:1:1: error FILE_OUTSIDE: a symbolic link to a place outside the game folder; not opened"},
		{"secret by relative path", "cards.yaml", "../../secret.env", "cards.yaml:1:1: error FILE_OUTSIDE"},
		{"the manifest", "game.yaml", "SECRET", "game.yaml:1:1: error FILE_OUTSIDE"},
		{"the layout", "layout.yaml", "SECRET", "layout.yaml:1:1: error FILE_OUTSIDE"},
		{"a card file elsewhere", "cards.yaml", "../../elsewhere/cards.yaml", "cards.yaml:1:1: error FILE_OUTSIDE"},
		{"/etc/shadow", "reference.yaml", "/etc/shadow", "reference.yaml:1:1: error FILE_OUTSIDE"},
		{"/proc/kmsg, which blocks", "cards.yaml", "/proc/kmsg", "cards.yaml:1:1: error FILE_OUTSIDE"},
		{"/dev/zero, which never ends", "cards.yaml", "/dev/zero", "cards.yaml:1:1: error FILE_OUTSIDE"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ws := copyHeat(t)
			secretFile := filepath.Join(ws, "secret.env")
			if err := os.WriteFile(secretFile, []byte(secret+" GITHUB_TOKEN=ghp_x\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Join(ws, "elsewhere"), 0o755); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(filepath.Join(ws, "cards/heat/cards.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(ws, "elsewhere/cards.yaml"), []byte(strings.Replace(string(data), "First National Job", "Elsewhere Job", 1)), 0o644); err != nil {
				t.Fatal(err)
			}
			target := tc.target
			if target == "SECRET" {
				target = secretFile
			}
			replaceWithLink(t, ws, filepath.Join("cards/heat", tc.file), target)
			for _, args := range [][]string{{"validate", "cards/heat"}, {"validate", "cards"}, {"validate", "cards/heat/" + tc.file}, {"render", "--out", filepath.Join(ws, "out"), "cards/heat"}} {
				code, out, errOut := runWithin(t, ws, args...)
				if code != ExitFindings || !strings.Contains(out, "cards/heat/"+tc.want) {
					t.Errorf("%v: exit %d, want 1 and %q in\n%s%s", args, code, tc.want, out, errOut)
				}
				if strings.Contains(out+errOut, "SECRET") || strings.Contains(out+errOut, "ghp_") || strings.Contains(out+errOut, "Elsewhere") {
					t.Errorf("%v: the target's content leaked:\n%s%s", args, out, errOut)
				}
			}
			if _, err := os.Stat(filepath.Join(ws, "out")); err == nil {
				t.Error("render wrote PDFs from a game with a file it could not read")
			}
		})
	}
}

// Links that stay inside the game folder are the designer's business and
// are followed.
func TestLinksInsideTheGameFolderAreRead(t *testing.T) {
	ws := copyHeat(t)
	dir := filepath.Join(ws, "cards/heat")
	if err := os.Rename(filepath.Join(dir, "cards.yaml"), filepath.Join(dir, "deck.yml")); err != nil {
		t.Fatal(err)
	}
	replaceWithLink(t, ws, "cards/heat/cards.yaml", "deck.yml")
	code, out, errOut := run(t, ws, "validate", "cards/heat")
	// deck.yml is not listed in game.yaml: a warning, nothing else.
	if code != ExitClean || !strings.Contains(out, "FILE_UNLISTED") || strings.Contains(out, ": error ") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
}

// Only regular files are read; a FIFO would block a reader forever and is
// refused before it is opened.
func TestFIFOIsRefused(t *testing.T) {
	ws := copyHeat(t)
	path := filepath.Join(ws, "cards/heat/cards.yaml")
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runWithin(t, ws, "validate", "cards/heat")
	want := "cards/heat/cards.yaml:1:1: error FILE_READ: cannot read: not a regular file but a named pipe (FIFO)"
	if code != ExitFindings || !strings.Contains(out, want) {
		t.Errorf("exit %d, want 1 and %q in\n%s%s", code, want, out, errOut)
	}
}

// A game folder linked into a folder of games from outside it is reported
// at the link (not silently skipped, and not followed); one linked from
// inside is loaded.
func TestLinkedGameFolders(t *testing.T) {
	ws := copyHeat(t)
	if err := os.Rename(filepath.Join(ws, "cards/heat"), filepath.Join(ws, "heat")); err != nil {
		t.Fatal(err)
	}
	replaceWithLink(t, ws, "cards/heat", "../heat")
	code, out, errOut := run(t, ws, "validate", "cards")
	want := "cards/heat:1:1: error FILE_OUTSIDE: a symbolic link to a game folder outside cards; not followed (name the game folder itself to check it)"
	if code != ExitFindings || !strings.Contains(out, want) {
		t.Errorf("exit %d, want 1 and %q in\n%s%s", code, want, out, errOut)
	}
	// Named directly, the link is the user's own choice.
	if code, out, errOut := run(t, ws, "validate", "cards/heat"); code != ExitClean {
		t.Errorf("validate cards/heat: exit %d\n%s%s", code, out, errOut)
	}
	// Inside the folder: loaded.
	if err := os.Remove(filepath.Join(ws, "cards/heat")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(ws, "heat"), filepath.Join(ws, "cards/real-heat")); err != nil {
		t.Fatal(err)
	}
	replaceWithLink(t, ws, "cards/heat", "real-heat")
	code, out, errOut = run(t, ws, "validate", "cards")
	if code != ExitClean || !strings.Contains(out, "2 games") {
		t.Errorf("a link inside: exit %d\n%s%s", code, out, errOut)
	}
}

// A game folder that cannot be read says so, rather than "no game.yaml
// here". Root reads everything, so as root the check runs in a child
// process as the unprivileged user nobody.
func TestUnreadableGameFolder(t *testing.T) {
	if os.Getenv("CARDPRESS_TEST_UNPRIVILEGED") == "" && os.Geteuid() == 0 {
		rerunAsNobody(t, "TestUnreadableGameFolder")
		return
	}
	ws := copyHeat(t)
	dir := filepath.Join(ws, "cards/heat")
	if err := os.Chmod(dir, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	// Inside a folder of games, it is a finding on that game.
	code, out, errOut := run(t, ws, "validate", "cards")
	if code != ExitFindings || !strings.Contains(out, "error FILE_READ: cannot read: permission denied") {
		t.Errorf("validate cards: exit %d\n%s%s", code, out, errOut)
	}
	// Named on the command line, it is a path that cannot be read: exit 2
	// and one line (docs/commands.md, "Exit codes").
	for _, path := range []string{"cards/heat", "cards/heat/cards.yaml"} {
		code, out, errOut := run(t, ws, "validate", path)
		if want := "cardpress: " + path + ": cannot read: permission denied\n"; code != ExitUsage || errOut != want || out != "" {
			t.Errorf("validate %s: exit %d, stderr %q, stdout %q; want 2 and %q", path, code, errOut, out, want)
		}
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(dir, "layout.yaml"), 0); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = run(t, ws, "validate", "cards/heat")
	if want := "cards/heat/layout.yaml:1:1: error FILE_READ: cannot read: permission denied"; code != ExitFindings || !strings.Contains(out, want) {
		t.Errorf("unreadable layout: exit %d, want %q in\n%s%s", code, want, out, errOut)
	}
}

// rerunAsNobody runs one test of this binary again as uid/gid 65534, from a
// copy of the binary that user may execute.
func rerunAsNobody(t *testing.T, name string) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "cardpress-nobody-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	data, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "cmd.test")
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	c := exec.Command(bin, "-test.run=^"+name+"$", "-test.v")
	c.Dir = "/"
	c.Env = append(os.Environ(), "CARDPRESS_TEST_UNPRIVILEGED=1", "HOME=/tmp", "TMPDIR=/tmp", "GOCACHE=/tmp/nobody-gocache")
	c.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := c.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: "+name) {
		t.Fatalf("as nobody: %v\n%s", err, out)
	}
}
