// Package fileio reads and writes files the way cardpress must treat them:
// reads take only regular files, refuse devices and FIFOs before opening
// them, check the size before reading, and can be confined to one folder so
// that a symbolic link cannot lead out of it. Writes go through an
// output folder (OutRoot) and nowhere else: atomic, and never through a
// symbolic link below that folder.
package fileio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"time"
)

// ErrNotRegular is a path that is a folder, a device, a FIFO or a socket;
// errors carrying it are a *NotRegularError, which names the kind.
var ErrNotRegular = errors.New("not a regular file")

// NotRegularError is a path that is not a regular file, with what it is.
type NotRegularError struct{ Mode fs.FileMode }

func (e *NotRegularError) Error() string { return "not a regular file but " + kind(e.Mode) }

func (e *NotRegularError) Is(target error) bool { return target == ErrNotRegular }

func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// ErrOutside is a path that leads out of the folder it is read in, by a
// symbolic link or by its name.
var ErrOutside = errors.New("a symbolic link out of the folder")

// TooLargeError is a file over the size limit; it was not read.
type TooLargeError struct {
	Size, Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("file is %s; the limit is %s", Size(e.Size), Size(e.Limit))
}

// Size writes a byte count for people.
func Size(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// ReadFile reads a regular file of at most limit bytes. Anything else is
// refused before it is opened (a FIFO would block, /dev/zero never ends),
// and the file is checked again once open, in case it was swapped.
func ReadFile(path string, limit int64) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := check(path, info, limit); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, err
	}
	opened(path)
	defer f.Close()
	return readOpen(path, f, limit)
}

// Dir is a folder whose files are read without ever leaving it: a symbolic
// link inside it may point elsewhere inside it, never out.
type Dir struct {
	root   *os.Root
	path   string
	edited map[string][]byte // by slash name: read in place of the file (Edited)
}

// OpenDir opens the folder at path. The path itself may run through links;
// only what is found inside it is confined.
func OpenDir(path string) (*Dir, error) {
	root, err := os.OpenRoot(path)
	if err != nil {
		return nil, err
	}
	return &Dir{root: root, path: path}, nil
}

// Close releases the folder.
func (d *Dir) Close() error { return d.root.Close() }

// Path is the folder's path as it was opened.
func (d *Dir) Path() string { return d.path }

// Edited makes the folder give files' content in place of what is on disk,
// by slash-separated name relative to the folder: an editor's unsaved
// buffers, checked as they are typed (cardpress lsp) by the same loader
// that reads the files. The limits still apply to them.
func (d *Dir) Edited(files map[string][]byte) {
	d.edited = make(map[string][]byte, len(files))
	for name, data := range files {
		d.edited[path.Clean(filepath.ToSlash(name))] = data
	}
}

// edit is name's edited content, if it has one.
func (d *Dir) edit(name string) ([]byte, bool) {
	data, ok := d.edited[path.Clean(filepath.ToSlash(name))]
	return data, ok
}

// Stat describes the file at name (slash-separated, relative to the
// folder), following links that stay inside. A name or link leading out of
// the folder gives ErrOutside.
func (d *Dir) Stat(name string) (fs.FileInfo, error) {
	if data, ok := d.edit(name); ok {
		return editedInfo{name: path.Base(name), size: int64(len(data))}, nil
	}
	info, err := d.root.Stat(filepath.FromSlash(name))
	return info, d.classify(name, "stat", err)
}

// ReadFile reads the regular file at name inside the folder, under the same
// rules as the package's ReadFile.
func (d *Dir) ReadFile(name string, limit int64) ([]byte, error) {
	info, err := d.Stat(name)
	if err != nil {
		return nil, err
	}
	full := filepath.Join(d.path, filepath.FromSlash(name))
	if err := check(full, info, limit); err != nil {
		return nil, err
	}
	if data, ok := d.edit(name); ok {
		return bytes.Clone(data), nil
	}
	f, err := d.root.OpenFile(filepath.FromSlash(name), os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, d.classify(name, "open", err)
	}
	opened(full)
	defer f.Close()
	return readOpen(full, f, limit)
}

// classify turns os.Root's refusal to leave the folder into ErrOutside.
// os.Root does not export its error, so the decision is made here: an
// error that is neither "missing" nor "forbidden" on a name whose real path
// lies outside the folder is a way out.
func (d *Dir) classify(name, op string, err error) error {
	if err == nil || errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return err
	}
	full := filepath.Join(d.path, filepath.FromSlash(name))
	if !filepath.IsLocal(filepath.FromSlash(name)) || !Inside(d.path, full) {
		return &fs.PathError{Op: op, Path: full, Err: ErrOutside}
	}
	return err
}

// opened is called with every path this package opens for reading; tests
// set it to prove what is refused is never opened.
var opened = func(string) {}

func check(path string, info fs.FileInfo, limit int64) error {
	if !info.Mode().IsRegular() {
		return &fs.PathError{Op: "read", Path: path, Err: &NotRegularError{Mode: info.Mode()}}
	}
	if info.Size() > limit {
		return &fs.PathError{Op: "read", Path: path, Err: &TooLargeError{Size: info.Size(), Limit: limit}}
	}
	return nil
}

// readOpen reads an opened file after checking it is still a regular file
// within the limit, and never reads past the limit should it grow.
func readOpen(path string, f *os.File, limit int64) ([]byte, error) {
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if err := check(path, info, limit); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &fs.PathError{Op: "read", Path: path, Err: &TooLargeError{Size: int64(len(data)), Limit: limit}}
	}
	return data, nil
}

// Describe is an error from this package (or the os package) as a short
// phrase without the path: "permission denied", "not a regular file (a
// FIFO)", "file is 5.0 MiB; the limit is 4.0 MiB".
func Describe(err error) string {
	var tl *TooLargeError
	switch {
	case errors.As(err, &tl):
		return tl.Error()
	case errors.Is(err, ErrOutside):
		return "it is a symbolic link to a place outside the folder; not opened"
	case errors.Is(err, ErrLink):
		return "it is a symbolic link; nothing is written through a link"
	case errors.Is(err, fs.ErrNotExist):
		return "no such file or folder"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// Inside reports whether path, links resolved, lies within the folder
// parent (links resolved too).
func Inside(parent, path string) bool {
	base, err1 := filepath.EvalSymlinks(parent)
	real, err2 := filepath.EvalSymlinks(path)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(base, real)
	return err == nil && filepath.IsLocal(rel)
}

// editedInfo describes an edited file: a regular file of its size.
type editedInfo struct {
	name string
	size int64
}

func (i editedInfo) Name() string       { return i.name }
func (i editedInfo) Size() int64        { return i.size }
func (i editedInfo) Mode() fs.FileMode  { return 0o644 }
func (i editedInfo) ModTime() time.Time { return time.Time{} }
func (i editedInfo) IsDir() bool        { return false }
func (i editedInfo) Sys() any           { return nil }
