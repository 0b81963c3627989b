package finding

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
)

// DefaultMaxSame is how many findings of one code the line formats (text,
// github) print in one file, and in how many files, before one line says
// how many more there are: a game with 40,000 wrong values prints a
// screenful and a count, not 80,000 lines a person cannot read. JSON and
// SARIF, read by programs, keep every finding. The number is
// golangci-lint's idea (max-same-issues), with room for a real file's
// worth of one mistake.
const DefaultMaxSame = 20

// MaxSameFlag is the command-line flag that sets the limit (0: no limit).
const MaxSameFlag = "max-same-issues"

// Elided stands for findings of one code a line format left out: in one
// file (File set), or in the files past the limit (File empty).
type Elided struct {
	File     string
	Code     string
	Severity Severity
	Mixed    bool // the findings left out have both severities
	Count    int  // findings left out
	Files    int  // files they are in, when File is empty
}

// Text is the line that stands for the findings left out.
func (e Elided) Text() string {
	noun := e.Severity.String()
	if e.Mixed {
		noun = "finding"
	}
	if e.Count != 1 {
		noun += "s"
	}
	hint := fmt.Sprintf("(--%s 0 prints every one)", MaxSameFlag)
	if e.File != "" {
		return fmt.Sprintf("%s: %d more %s %s in this file %s", Visible(e.File), e.Count, Visible(e.Code), noun, hint)
	}
	files := "1 more file"
	if e.Files != 1 {
		files = strconv.Itoa(e.Files) + " more files"
	}
	return fmt.Sprintf("%d more %s %s in %s %s", e.Count, Visible(e.Code), noun, files, hint)
}

// eachLimited walks findings sorted by file (Sort's order) and calls show
// for each one to print, and more, where they belong, for the lines that
// stand for the rest: at most maxSame findings of a code in one file, in
// at most maxSame files. maxSame <= 0 shows everything.
func eachLimited(fs []Finding, maxSame int, show func(Finding) error, more func(Elided) error) error {
	if maxSame <= 0 {
		for _, f := range fs {
			if err := show(f); err != nil {
				return err
			}
		}
		return nil
	}
	type key struct{ file, code string }
	var (
		inFile   = map[key]int{}        // findings of a code shown in a file
		filesOf  = map[string]int{}     // files a code is shown in
		hiddenIn = map[string]*Elided{} // this file's left-out findings, by code
		beyond   = map[string]*Elided{} // codes' findings in files past the limit
		lastFile = map[string]string{}  // the last file counted in beyond, by code
		file     string
	)
	flush := func() error {
		for _, code := range slices.Sorted(maps.Keys(hiddenIn)) {
			if err := more(*hiddenIn[code]); err != nil {
				return err
			}
		}
		clear(hiddenIn)
		return nil
	}
	for _, f := range fs {
		if f.File != file {
			if err := flush(); err != nil {
				return err
			}
			file = f.File
		}
		k := key{f.File, f.Code}
		if _, seen := inFile[k]; !seen && filesOf[f.Code] < maxSame {
			filesOf[f.Code]++
			inFile[k] = 0
		}
		n, admitted := inFile[k]
		switch {
		case !admitted:
			e := tally(beyond, f)
			if lastFile[f.Code] != f.File || e.Files == 0 {
				e.Files++
				lastFile[f.Code] = f.File
			}
		case n < maxSame:
			inFile[k]++
			if err := show(f); err != nil {
				return err
			}
		default:
			tally(hiddenIn, f).File = f.File
		}
	}
	if err := flush(); err != nil {
		return err
	}
	for _, code := range slices.Sorted(maps.Keys(beyond)) {
		if err := more(*beyond[code]); err != nil {
			return err
		}
	}
	return nil
}

// tally counts f among the left-out findings of its code in m.
func tally(m map[string]*Elided, f Finding) *Elided {
	e := m[f.Code]
	if e == nil {
		e = &Elided{Code: f.Code, Severity: f.Severity}
		m[f.Code] = e
	}
	e.Count++
	e.Mixed = e.Mixed || e.Severity != f.Severity
	return e
}
