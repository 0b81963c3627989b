package fileio

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// How long a temporary file of WriteAtomic must have gone unmodified
// before a later write of the same file may remove it. A writer holds a
// lock on its temporary file from just after creating it until just
// before renaming it, and the kernel drops that lock when the process
// dies, even by SIGKILL; an unlocked temporary is therefore abandoned.
// staleUnlocked only covers the instants a live writer is not holding the
// lock (and clocks that disagree on a network file system): the whole
// write happens within them. Where locks are not available the age alone
// decides, and must outlast any write and sync: staleAnyway.
const (
	staleUnlocked = time.Minute
	staleAnyway   = time.Hour
)

// afterTempCreated, when set (by tests), runs once the temporary file of
// a write exists, is locked and registered, before any data is written.
var afterTempCreated func(tmp string)

// WriteAtomic writes data to path so that readers see either the old
// file or the complete new one: it writes a temporary file in the same
// directory (same file system, so the rename is atomic), syncs it and
// renames it over path. An interrupted run leaves no truncated PDF, and
// ExitOnSignal removes the temporary file of a run stopped by SIGINT or
// SIGTERM; what a killed run left beside path is removed by the next
// write of path. The directory is created if needed.
func WriteAtomic(path string, data []byte) (err error) {
	dir, base := filepath.Dir(path), filepath.Base(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	removeStaleTemps(dir, base)
	tmp, err := createTemp(dir, tempPrefix(base)+"*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(name)
		}
		forget(name)
	}()
	lockFile(tmp) // best effort: a file system without locks falls back on staleAnyway
	if afterTempCreated != nil {
		afterTempCreated(name)
	}
	if _, err := tmp.Write(data); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", path, err)
	}
	if err := tmp.Chmod(0o644); err != nil { // CreateTemp makes it 0600
		return err
	}
	// Closed before the rename, which Windows needs; the moment without
	// the lock is what staleUnlocked covers.
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(name, path); err != nil {
		return err
	}
	// Sync the directory so the rename itself survives a crash; not every
	// platform can, and the file is already complete, so ignore failures.
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// tempPrefix starts the name of every temporary file of a write of base:
// hidden, and naming the file it will become.
func tempPrefix(base string) string { return "." + base + ".tmp-" }

// removeStaleTemps removes the temporary files that earlier writes of
// base left in dir when their process was killed. A temporary file of
// another process writing base at the same moment is locked, or was
// modified moments ago, and is kept. Failures are ignored: this is
// tidying, and the write itself does not depend on it.
func removeStaleTemps(dir, base string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	prefix := tempPrefix(base)
	now := time.Now()
	for _, e := range entries {
		// Only regular files: a link or folder of that name is not ours.
		if !strings.HasPrefix(e.Name(), prefix) || !e.Type().IsRegular() {
			continue
		}
		path := filepath.Join(dir, e.Name())
		info, err := e.Info()
		if err != nil || inProgress(path) {
			continue
		}
		if age := now.Sub(info.ModTime()); age >= staleUnlocked {
			removeIfAbandoned(path, age)
		}
	}
}

// removeIfAbandoned removes the temporary file at path unless a live
// writer holds its lock; where locks say nothing, only once it is older
// than staleAnyway. The lock is held while removing, so no writer can
// take the file back in between.
func removeIfAbandoned(path string, age time.Duration) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return
	}
	defer f.Close()
	switch tryLock(f) {
	case lockHeld:
		return
	case lockUnknown:
		if age < staleAnyway {
			return
		}
	}
	os.Remove(path)
}

// lockState is what the lock on a temporary file says of its writer.
type lockState int

const (
	lockUnknown lockState = iota // no locks here: judge by age
	lockFree                     // its writer is gone
	lockHeld                     // its writer is alive
)
