package fileio

import (
	"errors"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"
)

// The temporary files of writes in progress, so that a signal can remove
// them before the process exits. Creating a temporary file and adding it
// happen under one lock, so none is ever on disk unlisted; once the
// process is exiting no new one is created.
var temps struct {
	sync.Mutex
	paths   map[string]bool
	exiting bool
}

// errExiting refuses a write that starts after ExitOnSignal's cleanup.
var errExiting = errors.New("the process is exiting")

// createTemp is os.CreateTemp, listed among the writes in progress.
func createTemp(dir, pattern string) (*os.File, error) {
	temps.Lock()
	defer temps.Unlock()
	if temps.exiting {
		return nil, errExiting
	}
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	if temps.paths == nil {
		temps.paths = map[string]bool{}
	}
	temps.paths[filepath.Clean(f.Name())] = true // "./.x.tmp-1" and ".x.tmp-1" are one file
	return f, nil
}

// forget drops a temporary file that was renamed or removed.
func forget(path string) {
	temps.Lock()
	defer temps.Unlock()
	delete(temps.paths, filepath.Clean(path))
}

// inProgress reports whether path is a temporary file this process is
// writing.
func inProgress(path string) bool {
	temps.Lock()
	defer temps.Unlock()
	return temps.paths[filepath.Clean(path)]
}

// RemoveTemps removes the temporary files of every write in progress and
// makes later writes fail, since the process is about to exit. A write
// that renames its file at the same moment has completed it; removing the
// old temporary name then finds nothing.
func RemoveTemps() {
	temps.Lock()
	defer temps.Unlock()
	temps.exiting = true
	for path := range temps.paths {
		os.Remove(path)
	}
	temps.paths = nil
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
