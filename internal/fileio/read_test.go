package fileio

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// neverOpens fails the test if anything is opened while it is in effect.
func neverOpens(t *testing.T) {
	t.Helper()
	opened = func(path string) { t.Errorf("%s was opened", path) }
	t.Cleanup(func() { opened = func(string) {} })
}

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "ok.yaml"), "a: 1\n")
	got, err := ReadFile(filepath.Join(dir, "ok.yaml"), 100)
	if err != nil || string(got) != "a: 1\n" {
		t.Fatalf("ReadFile = %q, %v", got, err)
	}
	if _, err := ReadFile(filepath.Join(dir, "ok.yaml"), 4); Describe(err) != "file is 5 bytes; the limit is 4 bytes" {
		t.Errorf("over the limit: %v", err)
	}
	if _, err := ReadFile(filepath.Join(dir, "none.yaml"), 100); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

func TestReadFileRefusesBeforeOpening(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.json")
	fh, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	if err := fh.Truncate(50 << 20); err != nil { // sparse: 50 MB on paper only
		t.Fatal(err)
	}
	fh.Close()
	fifo := filepath.Join(dir, "pipe.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	neverOpens(t)
	cases := []struct {
		path string
		want string
		is   error
	}{
		{huge, "file is 50.0 MiB; the limit is 4.0 MiB", nil},
		{fifo, "not a regular file but a named pipe (FIFO)", ErrNotRegular},
		{"/dev/zero", "not a regular file but a character device", ErrNotRegular},
		{dir, "not a regular file but a folder", ErrNotRegular},
	}
	for _, tc := range cases {
		done := make(chan error, 1)
		go func() { _, err := ReadFile(tc.path, 4<<20); done <- err }()
		select {
		case err := <-done:
			if Describe(err) != tc.want {
				t.Errorf("%s: %q, want %q", tc.path, Describe(err), tc.want)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("%s: %v is not %v", tc.path, err, tc.is)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: still reading after 5 s", tc.path)
		}
	}
}

// A game folder with every kind of link: inside, out by a relative and
// an absolute target, to a device, dangling, and a folder link out.
func linkFarm(t *testing.T) (game, secret string) {
	t.Helper()
	base := t.TempDir()
	game = filepath.Join(base, "game")
	secret = filepath.Join(base, "secret.env")
	write(t, secret, "AWS_SECRET_ACCESS_KEY=abcdSECRET123\n")
	write(t, filepath.Join(game, "cards.yaml"), "cards: []\n")
	write(t, filepath.Join(game, "sub", "more.yaml"), "cards: []\n")
	for link, target := range map[string]string{
		"inside.yaml":     "cards.yaml",
		"sub/up.yaml":     "../cards.yaml",
		"out.yaml":        "../secret.env",
		"abs.yaml":        secret,
		"kmsg.yaml":       "/proc/kmsg",
		"dangling.yaml":   "../nothing.yaml",
		"outdir":          base,
		"sub/escape.yaml": "../../secret.env",
	} {
		if err := os.Symlink(target, filepath.Join(game, filepath.FromSlash(link))); err != nil {
			t.Fatal(err)
		}
	}
	return game, secret
}

func TestDirStaysInside(t *testing.T) {
	game, _ := linkFarm(t)
	d, err := OpenDir(game)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for _, name := range []string{"cards.yaml", "inside.yaml", "sub/more.yaml", "sub/up.yaml"} {
		if got, err := d.ReadFile(name, 100); err != nil || string(got) != "cards: []\n" {
			t.Errorf("%s: %q, %v", name, got, err)
		}
	}
	var reads []string
	opened = func(path string) { reads = append(reads, path) }
	t.Cleanup(func() { opened = func(string) {} })
	for _, name := range []string{"out.yaml", "abs.yaml", "kmsg.yaml", "dangling.yaml", "outdir/secret.env", "sub/escape.yaml", "../secret.env", "/etc/passwd"} {
		got, err := d.ReadFile(name, 100)
		if !errors.Is(err, ErrOutside) {
			t.Errorf("%s: err %v, want ErrOutside", name, err)
		}
		if strings.Contains(string(got), "SECRET") || strings.Contains(Describe(err), "SECRET") {
			t.Errorf("%s: the secret leaked: %q %v", name, got, err)
		}
	}
	if len(reads) > 0 {
		t.Errorf("opened outside the folder: %v", reads)
	}
	if _, err := d.Stat("missing.yaml"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
}
