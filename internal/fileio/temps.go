package fileio

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
)

// The temporary files of writes in progress, so that a signal can remove
// them before the process exits: each by its folder's handle and its name,
// keyed by its path. Creating a temporary file and adding it happen under
// one lock, so none is ever on disk unlisted; once the process is exiting
// no new one is created.
var temps struct {
	sync.Mutex
	files   map[string]tempFile
	exiting bool
}

type tempFile struct {
	dir  *os.Root
	name string
}

// errExiting refuses a write that starts after ExitOnSignal's cleanup.
var errExiting = errors.New("the process is exiting")

// createTemp creates a new temporary file for a write of base in dir
// (dirPath, for the list), listed among the writes in progress. O_EXCL
// never follows a link, so the file is new and in dir.
func createTemp(dir *os.Root, dirPath, base string) (*os.File, string, error) {
	temps.Lock()
	defer temps.Unlock()
	if temps.exiting {
		return nil, "", errExiting
	}
	for range 10000 {
		name := tempPrefix(base) + strconv.FormatUint(uint64(rand.Uint32()), 10)
		f, err := dir.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, "", err
		}
		if temps.files == nil {
			temps.files = map[string]tempFile{}
		}
		temps.files[filepath.Join(dirPath, name)] = tempFile{dir, name}
		return f, name, nil
	}
	return nil, "", fmt.Errorf("no unused temporary name for %s in %s", base, dirPath)
}

// forget drops a temporary file that was renamed or removed.
func forget(path string) {
	temps.Lock()
	defer temps.Unlock()
	delete(temps.files, filepath.Clean(path))
}

// inProgress reports whether path is a temporary file this process is
// writing.
func inProgress(path string) bool {
	temps.Lock()
	defer temps.Unlock()
	_, ok := temps.files[filepath.Clean(path)]
	return ok
}

// RemoveTemps removes the temporary files of every write in progress and
// makes later writes fail, since the process is about to exit. A write
// that renames its file at the same moment has completed it; removing the
// old temporary name then finds nothing.
func RemoveTemps() {
	temps.Lock()
	defer temps.Unlock()
	temps.exiting = true
	for _, t := range temps.files {
		t.dir.Remove(t.name)
	}
	temps.files = nil
}

var exitOnSignal sync.Once

// ExitOnSignal makes SIGINT and SIGTERM stop the process cleanly: remove
// the temporary files of writes in progress, call report (to print one
// line), and exit with status 128 + the signal's number, 130 or 143, what
// a shell reports for a process the signal killed. Only the first call
// installs the handler.
func ExitOnSignal(report func(os.Signal)) {
	exitOnSignal.Do(func() {
		c := make(chan os.Signal, 1)
		signal.Notify(c, os.Interrupt, syscall.SIGTERM)
		go func() {
			sig := <-c
			RemoveTemps()
			report(sig)
			os.Exit(ExitStatus(sig))
		}()
	})
}

// ExitStatus is the conventional exit status after a signal: 128 + its
// number (130 for SIGINT, 143 for SIGTERM).
func ExitStatus(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 128 + int(syscall.SIGINT)
}
