package preview

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Debounce is how long the folder must be quiet after a change before the
// game is loaded again. An editor's save is several events (a temporary
// file, a rename, a chmod) within a few milliseconds; 100 ms takes them as
// one save and still leaves most of the second the page has to show it.
const Debounce = 100 * time.Millisecond

// maxDelay bounds the wait when events never stop (a tool rewriting files
// in a loop): the game is loaded again at least this often.
const maxDelay = time.Second

// WatchOptions say what Watch watches.
type WatchOptions struct {
	// Roots are folders (watched with every subfolder) or files (their
	// folder is watched, with its subfolders).
	Roots []string
	// Skip, when set, names the absolute paths whose changes are ignored,
	// such as watch's output folders: writing the PDFs is not a save.
	Skip func(abs string) bool
	// Debounce overrides the package's Debounce when positive.
	Debounce time.Duration
}

// Watch calls changed once per burst of changes under the roots, from one
// goroutine, until ctx is done. Folders created later are watched as they
// appear; hidden folders (.git, an editor's swap folder) are not. The
// watch is set up before Watch returns, so a save right after it is seen;
// the error is one it could not be set up with. wait blocks until the
// watching goroutine has ended, after ctx is done.
func Watch(ctx context.Context, o WatchOptions, changed func()) (wait func(), err error) {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	skipped := func(path string) bool {
		if o.Skip == nil {
			return false
		}
		abs, err := filepath.Abs(path)
		return err == nil && o.Skip(abs)
	}
	for _, root := range o.Roots {
		dir := root
		if info, err := os.Stat(root); err == nil && !info.IsDir() {
			dir = filepath.Dir(root)
		}
		if err := addTree(w, dir, skipped); err != nil {
			w.Close()
			return nil, err
		}
	}
	quiet := o.Debounce
	if quiet <= 0 {
		quiet = Debounce
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer w.Close()
		loop(ctx, w, quiet, skipped, changed)
	}()
	return func() { <-done }, nil
}

func loop(ctx context.Context, w *fsnotify.Watcher, quiet time.Duration, skipped func(string) bool, changed func()) {
	// timer fires when the folder has been quiet for `quiet`; first is when
	// the pending burst began, for maxDelay.
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	var first time.Time
	pending := false
	note := func() {
		now := time.Now()
		if !pending {
			pending, first = true, now
		}
		timer.Reset(min(quiet, max(0, maxDelay-now.Sub(first))))
	}
	for {
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-w.Events:
			if !ok {
				return
			}
			if skipped(ev.Name) {
				continue
			}
			if ev.Has(fsnotify.Create) {
				// A new folder (or one renamed into place) is watched
				// from now on, with whatever it already holds.
				if info, err := os.Lstat(ev.Name); err == nil && info.IsDir() && !strings.HasPrefix(info.Name(), ".") {
					_ = addTree(w, ev.Name, skipped)
				}
			}
			note()
		case _, ok := <-w.Errors:
			if !ok {
				return
			}
			// An overflowing event queue loses events: load again so
			// nothing missed stays unseen.
			note()
		case <-timer.C:
			pending = false
			changed()
		}
	}
}

// addTree watches dir and every folder under it, but not hidden folders
// or skipped ones. A folder that vanishes while it is walked is left out.
func addTree(w *fsnotify.Watcher, dir string, skipped func(string) bool) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if path == dir {
				return err
			}
			if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
				return nil
			}
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if path != dir && strings.HasPrefix(d.Name(), ".") || skipped(path) {
			return filepath.SkipDir
		}
		if err := w.Add(path); err != nil {
			if path == dir {
				return err
			}
			return nil
		}
		return nil
	})
}
