package fileio

import (
	"io/fs"
	"os"
	"strings"
	"time"
)

// How long a temporary file of a write must have gone unmodified before a
// later write of the same file may remove it. A writer holds a lock on its
// temporary file from just after creating it until just before renaming
// it, and the kernel drops that lock when the process dies, even by
// SIGKILL; an unlocked temporary is therefore abandoned. staleUnlocked
// only covers the instants a live writer is not holding the lock (and
// clocks that disagree on a network file system): the whole write happens
// within them. Where locks are not available the age alone decides, and
// must outlast any write and sync: staleAnyway.
const (
	staleUnlocked = time.Minute
	staleAnyway   = time.Hour
)

// afterTempCreated, when set (by tests), runs once the temporary file of
// a write exists, is locked and registered, before any data is written.
var afterTempCreated func(tmp string)

// tempPrefix starts the name of every temporary file of a write of base:
// hidden, and naming the file it will become.
func tempPrefix(base string) string { return "." + base + ".tmp-" }

// tempsIn lists the temporary files in dir (dirName below the root) as
// they were when this OutRoot first wrote there: a folder is listed once,
// not once per file written into it, so an export of thousands of images
// stays linear. A temporary file made after that listing is younger than
// staleUnlocked anyway, and would be kept.
func (o *OutRoot) tempsIn(dir *os.Root, dirName string) []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	if names, ok := o.temps[dirName]; ok {
		return names
	}
	var names []string
	if f, err := dir.Open("."); err == nil {
		entries, _ := f.ReadDir(-1)
		f.Close()
		for _, e := range entries {
			// Only regular files: a link or folder of that name is not ours.
			if strings.HasPrefix(e.Name(), ".") && strings.Contains(e.Name(), ".tmp-") && e.Type().IsRegular() {
				names = append(names, e.Name())
			}
		}
	}
	if o.temps == nil {
		o.temps = map[string][]string{}
	}
	o.temps[dirName] = names
	return names
}

// removeStaleTemps removes the temporary files that earlier writes of
// base left in dir when their process was killed. A temporary file of
// another process writing base at the same moment is locked, or was
// modified moments ago, and is kept. Failures are ignored: this is
// tidying, and the write itself does not depend on it.
func (o *OutRoot) removeStaleTemps(dir *os.Root, dirName, base string) {
	prefix := tempPrefix(base)
	now := time.Now()
	for _, name := range o.tempsIn(dir, dirName) {
		if !strings.HasPrefix(name, prefix) || inProgress(o.Join(dirName+"/"+name)) {
			continue
		}
		info, err := dir.Lstat(name)
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		if age := now.Sub(info.ModTime()); age >= staleUnlocked {
			removeIfAbandoned(dir, name, info, age)
		}
	}
}

// removeIfAbandoned removes the temporary file name in dir unless a live
// writer holds its lock; where locks say nothing, only once it is older
// than staleAnyway. The lock is held while removing, so no writer can
// take the file back in between.
func removeIfAbandoned(dir *os.Root, name string, info fs.FileInfo, age time.Duration) {
	f, err := dir.OpenFile(name, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return
	}
	defer f.Close()
	if now, err := f.Stat(); err != nil || !os.SameFile(info, now) {
		return // swapped since it was looked at: not the file judged
	}
	switch tryLock(f) {
	case lockHeld:
		return
	case lockUnknown:
		if age < staleAnyway {
			return
		}
	}
	dir.Remove(name)
}

// lockState is what the lock on a temporary file says of its writer.
type lockState int

const (
	lockUnknown lockState = iota // no locks here: judge by age
	lockFree                     // its writer is gone
	lockHeld                     // its writer is alive
)
