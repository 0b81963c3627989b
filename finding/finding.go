// Package finding is the one type every check in cardpress reports: a
// problem at a place in a file, with a stable code and a severity.
package finding

import (
	"cmp"
	"fmt"
	"slices"
)

// Severity orders how bad a finding is; errors fail validate and lint.
type Severity int

const (
	Error Severity = iota
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// MarshalText makes severities read as words in JSON output.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a severity back from JSON.
func (s *Severity) UnmarshalText(b []byte) error {
	switch string(b) {
	case "error":
		*s = Error
	case "warning":
		*s = Warning
	default:
		return fmt.Errorf("unknown severity %q", b)
	}
	return nil
}

// Pos is a 1-based place in a source file. Line 0 means "the whole file".
type Pos struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
}

// String is file:line:col, the file name made Visible: it comes from the
// file system or the command line and may hold any character.
func (p Pos) String() string {
	line, col := max(p.Line, 1), max(p.Col, 1)
	return fmt.Sprintf("%s:%d:%d", Visible(p.File), line, col)
}

// Finding is one reported problem. Dynamic findings (from smoke games) carry
// the seed and player count that reproduce them; the seed is a decimal
// string in JSON (see Seed).
type Finding struct {
	Pos
	Severity Severity `json:"severity"`
	Code     string   `json:"code"`
	Message  string   `json:"message"`
	Players  int      `json:"players,omitempty"`
	Seed     *Seed    `json:"seed,omitempty"`
}

// String renders the one-line text form: file:line:col: severity CODE: message.
// It is the one place findings become text, so it makes every part from
// the data Visible: a message quoting a card name or a code read back from
// a baseline file cannot break the line or reach the terminal as a control.
func (f Finding) String() string {
	return fmt.Sprintf("%s: %s %s: %s", f.Pos, f.Severity, Visible(f.Code), Visible(f.Message))
}

// Sort orders findings by file, line, column, code and message and drops
// exact duplicates, so output is stable whatever order checks ran in.
func Sort(fs []Finding) []Finding {
	slices.SortStableFunc(fs, func(a, b Finding) int {
		return cmp.Or(
			cmp.Compare(a.File, b.File),
			cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Col, b.Col),
			cmp.Compare(a.Code, b.Code),
			cmp.Compare(a.Message, b.Message),
		)
	})
	return slices.CompactFunc(fs, func(a, b Finding) bool {
		return a.Pos == b.Pos && a.Code == b.Code && a.Message == b.Message && a.Severity == b.Severity
	})
}

// Count returns the number of errors and warnings.
func Count(fs []Finding) (errors, warnings int) {
	for _, f := range fs {
		if f.Severity == Error {
			errors++
		} else {
			warnings++
		}
	}
	return errors, warnings
}
