package fileio

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// planted is an output folder with links planted in it, as a pull
// request can commit them: heat -> a folder outside, inside -> a folder
// inside, pnp.pdf -> a file outside. It returns the folder and the
// outside folder, which holds secret.txt.
func planted(t *testing.T) (out, elsewhere string) {
	t.Helper()
	base := t.TempDir()
	out = filepath.Join(base, "out")
	elsewhere = filepath.Join(base, "elsewhere")
	write(t, filepath.Join(elsewhere, "secret.txt"), "secret")
	write(t, filepath.Join(out, "real", "keep.txt"), "keep")
	for link, target := range map[string]string{
		"heat":         "../elsewhere",
		"inside":       "real",
		"real/pnp.pdf": filepath.Join(elsewhere, "secret.txt"),
	} {
		if err := os.Symlink(target, filepath.Join(out, link)); err != nil {
			t.Fatal(err)
		}
	}
	return out, elsewhere
}

// unchanged checks that elsewhere still holds secret.txt alone, as it was.
func unchanged(t *testing.T, elsewhere string) {
	t.Helper()
	if got := names(t, elsewhere); !slices.Equal(got, []string{"secret.txt"}) {
		t.Errorf("the folder outside holds %v, want secret.txt only", got)
	}
	if b, err := os.ReadFile(filepath.Join(elsewhere, "secret.txt")); err != nil || string(b) != "secret" {
		t.Errorf("secret.txt now holds %q (%v)", b, err)
	}
}

// No link below the output folder is written through, whether it leads
// out or stays inside, at a folder or at the file itself; the error names
// the link.
func TestWriteFileNeverFollowsALink(t *testing.T) {
	out, elsewhere := planted(t)
	o := openOut(t, out)
	for _, tc := range []struct{ name, link string }{
		{"heat/heat-pnp.pdf", "heat"},
		{"heat/png/main/001-a-front.png", "heat"},
		{"inside/x.pdf", "inside"},
		{"real/pnp.pdf", "real/pnp.pdf"},
	} {
		err := o.WriteFile(tc.name, []byte("pwned"))
		want := &LinkError{Path: filepath.Join(out, tc.link), Root: out}
		if err == nil || err.Error() != want.Error() || !errors.Is(err, ErrLink) {
			t.Errorf("%s: %v, want %v", tc.name, err, want)
		}
		if _, err := o.Folder(filepath.Dir(tc.name)); tc.link != tc.name && (err == nil || err.Error() != want.Error()) {
			t.Errorf("Folder(%s): %v, want %v", filepath.Dir(tc.name), err, want)
		}
	}
	unchanged(t, elsewhere)
	if got := names(t, filepath.Join(out, "real")); !slices.Equal(got, []string{"keep.txt", "pnp.pdf"}) {
		t.Errorf("real/ holds %v", got)
	}
	if len(o.Written()) != 0 {
		t.Errorf("Written = %v after refusals", o.Written())
	}
}

// The output folder itself was named by the user: it may be a link.
func TestOutputFolderMayBeALink(t *testing.T) {
	base := t.TempDir()
	real := filepath.Join(base, "real")
	if err := os.Mkdir(real, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real", filepath.Join(base, "out")); err != nil {
		t.Fatal(err)
	}
	if err := openOut(t, filepath.Join(base, "out")).WriteFile("heat/a.pdf", []byte("x")); err != nil {
		t.Fatal(err)
	}
	if !exists(filepath.Join(real, "heat", "a.pdf")) {
		t.Error("not written into the folder the link names")
	}
}

func TestRemoveFileTakesOnlyRegularFiles(t *testing.T) {
	out, elsewhere := planted(t)
	o := openOut(t, out)
	for name, want := range map[string]error{
		"heat/secret.txt": ErrLink,
		"real/pnp.pdf":    ErrLink,
		"real":            ErrNotRegular,
		"real/none.png":   os.ErrNotExist,
	} {
		if err := o.RemoveFile(name); !errors.Is(err, want) {
			t.Errorf("RemoveFile(%s) = %v, want %v", name, err, want)
		}
	}
	unchanged(t, elsewhere)
	if err := o.RemoveFile("real/keep.txt"); err != nil || exists(filepath.Join(out, "real", "keep.txt")) {
		t.Errorf("a regular file was not removed: %v", err)
	}
}

// recordOf is the names in dir's record.
func recordOf(t *testing.T, dir string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, RecordName))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for l := range strings.Lines(string(b)) {
		if !strings.HasPrefix(l, "#") {
			out = append(out, strings.TrimSuffix(l, "\n"))
		}
	}
	return out
}

func pngName(name string) bool { return strings.HasSuffix(name, ".png") }

// Clean-up removes what an earlier export wrote and this one did not, and
// nothing else: not a look-alike it never wrote, not a name a forged
// record lists outside the folder, not a link.
func TestTidyRemovesOnlyWhatAnExportWrote(t *testing.T) {
	out, elsewhere := planted(t)
	dir := filepath.Join(out, "real")
	export := func(files ...string) []string {
		t.Helper()
		o := openOut(t, dir)
		for _, f := range files {
			if err := o.WriteFile(f, []byte(f)); err != nil {
				t.Fatal(err)
			}
		}
		removed, err := o.Tidy(pngName)
		if err != nil {
			t.Fatal(err)
		}
		return removed
	}
	if removed := export("1-a.png", "2-b.png", "3-c.png"); len(removed) != 0 {
		t.Errorf("the first export removed %v", removed)
	}
	write(t, filepath.Join(dir, "9-planted.png"), "not ours")
	if removed := export("1-a.png"); !slices.Equal(removed, []string{"2-b.png", "3-c.png"}) {
		t.Errorf("removed %v, want the two images no longer written", removed)
	}
	if got := names(t, dir); !slices.Equal(got, []string{RecordName, "1-a.png", "9-planted.png", "keep.txt", "pnp.pdf"}) {
		t.Errorf("folder holds %v", got)
	}
	if got := recordOf(t, dir); !slices.Equal(got, []string{"1-a.png"}) {
		t.Errorf("record %v", got)
	}

	// A forged record: names out of the folder, a link, a file that does
	// not look like an export's, and one that does.
	forged := "../elsewhere/secret.png\n/etc/passwd.png\npnp.pdf\nkeep.txt\n9-planted.png\n" + RecordName + "\n"
	write(t, filepath.Join(dir, RecordName), forged)
	if removed := export("1-a.png"); !slices.Equal(removed, []string{"9-planted.png"}) {
		t.Errorf("with a forged record removed %v, want only the look-alike it names", removed)
	}
	unchanged(t, elsewhere)
	for _, keep := range []string{"keep.txt", "pnp.pdf", "1-a.png"} {
		if !exists(filepath.Join(dir, keep)) {
			t.Errorf("%s was removed", keep)
		}
	}
	// A record that is a link is not read, nor written through.
	os.Remove(filepath.Join(dir, RecordName))
	if err := os.Symlink(filepath.Join(elsewhere, "secret.txt"), filepath.Join(dir, RecordName)); err != nil {
		t.Fatal(err)
	}
	o := openOut(t, dir)
	if _, err := o.Tidy(pngName); !errors.Is(err, ErrLink) {
		t.Errorf("Tidy with a linked record: %v", err)
	}
	unchanged(t, elsewhere)
}

// A partial export adds to the record and removes nothing.
func TestRecordKeepsTheRest(t *testing.T) {
	dir := t.TempDir()
	o := openOut(t, dir)
	for _, f := range []string{"a-1.png", "b-1.png"} {
		if err := o.WriteFile(f, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := o.Tidy(pngName); err != nil {
		t.Fatal(err)
	}
	o = openOut(t, dir)
	if err := o.WriteFile("c-1.png", nil); err != nil {
		t.Fatal(err)
	}
	if err := o.Record(); err != nil {
		t.Fatal(err)
	}
	if got := recordOf(t, dir); !slices.Equal(got, []string{"a-1.png", "b-1.png", "c-1.png"}) {
		t.Errorf("record %v", got)
	}
}
