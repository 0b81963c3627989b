package fileio

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
)

// ErrLink is a name that runs through a symbolic link below an output
// folder; errors carrying it are a *LinkError, which names the link.
var ErrLink = errors.New("a symbolic link inside the output folder")

// LinkError is a symbolic link found where cardpress was about to write
// or remove: Path is the link, Root the output folder it lies in.
type LinkError struct{ Path, Root string }

func (e *LinkError) Error() string {
	return e.Path + " is a symbolic link: nothing is written through a link inside the output folder " + e.Root
}

func (e *LinkError) Is(target error) bool { return target == ErrLink }

// OutRoot is a folder cardpress writes into, and the only way it writes.
// Every file is written atomically (WriteFile) through an os.Root opened
// on the folder, and no symbolic link below it is followed, not even one
// that stays inside: a folder of a pull request's checkout may be a link
// to anywhere, and a link that stays inside today is retargeted tomorrow.
// The folder itself was named by the user (--out, a game folder), like
// PATH for reads, so it and its parents may be links.
//
// An OutRoot remembers what it wrote and made, so that a failed command
// can take back exactly that (RemoveWritten), and an export folder can
// keep a record of its files (Tidy) so that a later export removes only
// files an export wrote. Its methods are safe for concurrent use.
type OutRoot struct {
	root *os.Root
	path string // as opened, for messages
	top  string // the output folder named by the user, for messages

	mu    sync.Mutex
	wrote []string            // files written, slash-separated names, in order
	made  []string            // folders created, outermost first
	temps map[string][]string // per folder: temporary files seen there when first written in
}

// OpenOut opens the output folder at path, creating it and its missing
// parents first. The path itself may run through links.
func OpenOut(path string) (*OutRoot, error) {
	if path == "" {
		path = "."
	}
	if err := os.MkdirAll(path, 0o755); err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(path)
	if err != nil {
		return nil, err
	}
	return &OutRoot{root: root, path: path, top: path}, nil
}

// Close releases the folder; writes in progress must have ended.
func (o *OutRoot) Close() error { return o.root.Close() }

// Path is the folder's path as it was opened.
func (o *OutRoot) Path() string { return o.path }

// Join is the path of name (slash-separated, inside the folder), for
// messages.
func (o *OutRoot) Join(name string) string {
	return filepath.Join(o.path, filepath.FromSlash(name))
}

// Folder opens the folder name inside this one, making it and its missing
// parents, as an OutRoot of its own (with its own record of what it
// writes). No link on the way is followed.
func (o *OutRoot) Folder(name string) (*OutRoot, error) {
	if err := checkName(o, name); err != nil {
		return nil, err
	}
	dir, err := o.openDir(name, true)
	if err != nil {
		return nil, err
	}
	if dir == o.root { // "." is this folder: its own handle, closed on its own
		if dir, err = o.root.OpenRoot("."); err != nil {
			return nil, o.fail("open", ".", err)
		}
	}
	return &OutRoot{root: dir, path: o.Join(name), top: o.top}, nil
}

// WriteFile writes data to name (slash-separated, inside the folder) so
// that readers see either the old file or the complete new one: a
// temporary file beside it, synced, then renamed over it. Missing folders
// are made. A link on the way, or at name itself, is a *LinkError and
// nothing is written: renaming over a link would not write through it,
// but the user is told rather than having it silently replaced.
func (o *OutRoot) WriteFile(name string, data []byte) error {
	if err := checkName(o, name); err != nil {
		return err
	}
	dirName, base := path.Split(name)
	dir, err := o.openDir(dirName, true)
	if err != nil {
		return err
	}
	if dir != o.root {
		defer dir.Close()
	}
	if err := o.writeIn(dir, path.Clean("./"+dirName), base, data); err != nil {
		return err
	}
	o.mu.Lock()
	o.wrote = append(o.wrote, path.Clean(name))
	o.mu.Unlock()
	return nil
}

// Written lists the names of the files written so far, in order.
func (o *OutRoot) Written() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return slices.Clone(o.wrote)
}

// Lstat describes what is at name without following a link, neither on
// the way (a *LinkError) nor at name.
func (o *OutRoot) Lstat(name string) (fs.FileInfo, error) {
	if err := checkName(o, name); err != nil {
		return nil, err
	}
	dirName, base := path.Split(name)
	dir, err := o.openDir(dirName, false)
	if err != nil {
		return nil, err
	}
	if dir != o.root {
		defer dir.Close()
	}
	info, err := dir.Lstat(base)
	return info, o.fail("lstat", name, err)
}

// RemoveFile removes the regular file at name. A link on the way or at
// name is a *LinkError and a folder or device a *NotRegularError: neither
// is touched.
func (o *OutRoot) RemoveFile(name string) error {
	if err := checkName(o, name); err != nil {
		return err
	}
	dirName, base := path.Split(name)
	dir, err := o.openDir(dirName, false)
	if err != nil {
		return err
	}
	if dir != o.root {
		defer dir.Close()
	}
	info, err := dir.Lstat(base)
	switch {
	case err != nil:
		return o.fail("remove", name, err)
	case info.Mode()&fs.ModeSymlink != 0:
		return &LinkError{Path: o.Join(name), Root: o.top}
	case !info.Mode().IsRegular():
		return &fs.PathError{Op: "remove", Path: o.Join(name), Err: &NotRegularError{Mode: info.Mode()}}
	}
	// Were it swapped for a link since, unlinking removes the link, never
	// what it points to.
	return o.fail("remove", name, dir.Remove(base))
}

// RemoveWritten takes back what this OutRoot did: it removes the files it
// wrote and then the folders it made, if they are empty by then (a folder
// holding someone else's files stays). Failures are ignored: undoing is
// best effort after an error that is reported anyway.
func (o *OutRoot) RemoveWritten() {
	o.mu.Lock()
	wrote, made := o.wrote, o.made
	o.wrote, o.made = nil, nil
	o.mu.Unlock()
	for _, name := range wrote {
		o.RemoveFile(name)
	}
	for _, name := range slices.Backward(made) {
		dirName, base := path.Split(name)
		dir, err := o.openDir(dirName, false)
		if err != nil {
			continue
		}
		if info, err := dir.Lstat(base); err == nil && info.IsDir() {
			dir.Remove(base) // rmdir: only an empty folder goes
		}
		if dir != o.root {
			dir.Close()
		}
	}
}

// checkName refuses a name that is not a relative path inside the folder.
func checkName(o *OutRoot, name string) error {
	if name == "" || !filepath.IsLocal(filepath.FromSlash(name)) {
		return &fs.PathError{Op: "write", Path: o.Join(name), Err: errors.New("not a name inside the output folder")}
	}
	return nil
}

// openDir opens the folder name below the root, one component at a time,
// refusing links; with create, missing folders are made and noted. The
// root itself is returned for "" or "."; any other result is the
// caller's to close.
func (o *OutRoot) openDir(name string, create bool) (*os.Root, error) {
	dir := o.root
	at := ""
	for part := range strings.SplitSeq(strings.Trim(path.Clean("/"+name), "/"), "/") {
		if part == "" {
			continue
		}
		at = path.Join(at, part)
		next, err := o.step(dir, part, at, create)
		if dir != o.root {
			dir.Close()
		}
		if err != nil {
			return nil, err
		}
		dir = next
	}
	return dir, nil
}

// step opens the folder part inside dir (at is its name below the root).
// It looks before it opens, since os.Root follows links that stay inside,
// and checks that what it opened is what it looked at: a folder swapped
// for a link in between is refused too.
func (o *OutRoot) step(dir *os.Root, part, at string, create bool) (*os.Root, error) {
	info, err := dir.Lstat(part)
	if errors.Is(err, fs.ErrNotExist) && create {
		err = dir.Mkdir(part, 0o755)
		if err == nil {
			o.mu.Lock()
			o.made = append(o.made, at)
			o.mu.Unlock()
		}
		if err == nil || errors.Is(err, fs.ErrExist) { // or another writer made it
			info, err = dir.Lstat(part)
		}
	}
	switch {
	case err != nil && create:
		return nil, o.fail("mkdir", at, err)
	case err != nil:
		return nil, o.fail("open", at, err)
	case info.Mode()&fs.ModeSymlink != 0:
		return nil, &LinkError{Path: o.Join(at), Root: o.top}
	case !info.IsDir():
		return nil, &fs.PathError{Op: "mkdir", Path: o.Join(at), Err: syscall.ENOTDIR}
	}
	sub, err := dir.OpenRoot(part)
	if err != nil {
		return nil, o.fail("open", at, err)
	}
	if now, err := sub.Stat("."); err != nil || !os.SameFile(info, now) {
		sub.Close()
		return nil, &LinkError{Path: o.Join(at), Root: o.top}
	}
	return sub, nil
}

// fail is err, from os.Root, as a *fs.PathError naming the full path.
func (o *OutRoot) fail(op, name string, err error) error {
	if err == nil {
		return nil
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		err = le.Err
	}
	return &fs.PathError{Op: op, Path: o.Join(name), Err: err}
}

// writeIn writes data to base in dir (dirName below the root) atomically.
func (o *OutRoot) writeIn(dir *os.Root, dirName, base string, data []byte) (err error) {
	name := path.Join(dirName, base)
	if info, err := dir.Lstat(base); err == nil && info.Mode()&fs.ModeSymlink != 0 {
		return &LinkError{Path: o.Join(name), Root: o.top}
	}
	o.removeStaleTemps(dir, dirName, base)
	tmp, tmpName, err := createTemp(dir, o.Join(dirName), base)
	if err != nil {
		return o.fail("create", name, err)
	}
	tmpPath := o.Join(path.Join(dirName, tmpName))
	defer func() {
		if err != nil {
			tmp.Close()
			dir.Remove(tmpName)
		}
		forget(tmpPath)
	}()
	lockFile(tmp) // best effort: a file system without locks falls back on staleAnyway
	if afterTempCreated != nil {
		afterTempCreated(tmpPath)
	}
	if _, err := tmp.Write(data); err != nil {
		return fmt.Errorf("write %s: %w", o.Join(name), err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", o.Join(name), err)
	}
	if err := tmp.Chmod(0o644); err != nil { // created 0600, so no one reads it half written
		return err
	}
	// Closed before the rename, which Windows needs; the moment without
	// the lock is what staleUnlocked covers.
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := dir.Rename(tmpName, base); err != nil {
		return o.fail("rename", name, err)
	}
	// Sync the folder so the rename itself survives a crash; not every
	// platform can, and the file is already complete, so ignore failures.
	if d, err := dir.Open("."); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
