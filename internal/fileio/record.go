package fileio

import (
	"errors"
	"io/fs"
	"maps"
	"os"
	"slices"
	"strings"
)

// RecordName is the hidden file in which an export folder keeps the names
// of the files cardpress wrote there, so that a later export removes only
// files an export wrote: a file that merely looks like one (a card image
// put there by hand, or planted by a pull request) is never removed.
const RecordName = ".cardpress-written"

// maxRecord bounds the record read back: 5,000 cards' two faces under
// names of a hundred bytes fit in 1 MiB. A larger one was not written by
// cardpress and is ignored.
const maxRecord = 1 << 20

const recordHeader = "# Written by cardpress export: the files it made in this folder.\n" +
	"# A later export removes those it does not make again; other files stay.\n"

// Tidy ends a run that wrote a whole export folder: it removes each file
// the folder's record lists that this run did not write again (a card or
// deck removed since) and whose name ours accepts, then records what this
// run wrote. Only regular files are removed, never through a link; a name
// in the record that is now something else is left alone. It returns the
// names removed.
func (o *OutRoot) Tidy(ours func(name string) bool) ([]string, error) {
	now := map[string]bool{}
	for _, n := range o.Written() {
		now[n] = true
	}
	var removed []string
	for _, n := range o.recorded() {
		if now[n] || n == RecordName || !ours(n) {
			continue
		}
		err := o.RemoveFile(n)
		switch {
		case err == nil:
			removed = append(removed, n)
		case errors.Is(err, fs.ErrNotExist), errors.Is(err, ErrLink), errors.Is(err, ErrNotRegular):
			// gone already, or not a file an export wrote: kept
		default:
			return removed, err
		}
	}
	return removed, o.writeRecord(now)
}

// Record adds what this run wrote to the folder's record without removing
// anything: for a run that wrote only part of the folder (one deck), after
// which the files of the rest are still the export's.
func (o *OutRoot) Record() error {
	names := map[string]bool{}
	for _, n := range o.recorded() {
		names[n] = true
	}
	for _, n := range o.Written() {
		names[n] = true
	}
	return o.writeRecord(names)
}

// recorded is the names in the folder's record: none when it is missing,
// unreadable, too large or a link. Only plain names inside the folder
// count; anything else in it was not written by cardpress.
func (o *OutRoot) recorded() []string {
	info, err := o.root.Lstat(RecordName)
	if err != nil || !info.Mode().IsRegular() || info.Size() > maxRecord {
		return nil
	}
	f, err := o.root.OpenFile(RecordName, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil
	}
	defer f.Close()
	if now, err := f.Stat(); err != nil || !os.SameFile(info, now) {
		return nil // swapped since it was looked at
	}
	data, err := readOpen(o.Join(RecordName), f, maxRecord)
	if err != nil {
		return nil
	}
	var names []string
	for line := range strings.Lines(string(data)) {
		n := strings.TrimSuffix(line, "\n")
		if n != "" && !strings.HasPrefix(n, "#") && checkName(o, n) == nil {
			names = append(names, n)
		}
	}
	return names
}

func (o *OutRoot) writeRecord(names map[string]bool) error {
	var b strings.Builder
	b.WriteString(recordHeader)
	for _, n := range slices.Sorted(maps.Keys(names)) {
		if n != RecordName && !strings.ContainsAny(n, "\n\r") {
			b.WriteString(n + "\n")
		}
	}
	return o.writeIn(o.root, ".", RecordName, []byte(b.String()))
}
