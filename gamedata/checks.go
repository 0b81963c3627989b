package gamedata

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/finding"
)

// Check is one of loading's checks of a game's data, beyond what its
// schemas state: a value with an id, a one-line doc and the codes it
// reports, registered once (registerCheck) by the file that holds it.
// Package check lists these as rows of the one table of checks (step
// load); gamedata cannot register there itself, since check imports it.
//
// A check with a run runs from the table once every file is read, in the
// order Checks gives. One without (Reading) names the codes a file's
// reader reports as it decodes it: those run in Load's fixed reading
// order, since what is read later builds on what was read before.
type Check struct {
	ID    string // lower-case-with-dashes, unique among all checks
	Doc   string // one sentence: "Checks that ..."
	Codes []*finding.Code
	// After names the checks whose results this one reads (data they
	// resolve, or errors they report where this one must stay quiet):
	// they run first. Checks that need nothing of each other run by id.
	After []string
	// Reading is true for the codes a reader reports inline.
	Reading bool
	run     func(*loader)
}

// The table: registered while the package's variables are initialized,
// then ordered once (init), so a table that cannot be ordered stops the
// program at start. Read-only afterwards.
var (
	loadChecks []*Check
	loadOrder  []*Check // the checks with a run, in the order they run
)

func init() { loadOrder = runOrder(loadChecks) }

// registerCheck adds a check of loading; files of gamedata call it from a
// package-level var (and only there: the table is read without a lock).
// An incomplete one panics when the program starts.
func registerCheck(c Check) *Check {
	switch {
	case c.ID == "" || strings.ToLower(c.ID) != c.ID || strings.ContainsAny(c.ID, " _"):
		panic(fmt.Sprintf("gamedata: check id %q is not lower-case-with-dashes", c.ID))
	case !strings.HasPrefix(c.Doc, "Checks ") || len(c.Codes) == 0:
		panic("gamedata: check " + c.ID + " needs a \"Checks ...\" doc and its codes")
	case c.Reading != (c.run == nil):
		panic("gamedata: check " + c.ID + " needs a run unless its reader reports its codes")
	}
	if slices.ContainsFunc(loadChecks, func(o *Check) bool { return o.ID == c.ID }) {
		panic("gamedata: check " + c.ID + " registered twice")
	}
	p := &c
	loadChecks = append(loadChecks, p)
	return p
}

// Checks lists loading's checks: the readers' first, by id, then the ones
// the loader runs, in the order it runs them.
func Checks() []Check {
	var out []Check
	for _, c := range loadChecks {
		if c.Reading {
			out = append(out, *c)
		}
	}
	slices.SortFunc(out, func(a, b Check) int { return strings.Compare(a.ID, b.ID) })
	for _, c := range loadOrder {
		out = append(out, *c)
	}
	return out
}

// runOrder orders the checks with a run: each after those it names in
// After, the first by id among those ready. A name that is no such check,
// or a circle, panics: the program does not start.
func runOrder(all []*Check) []*Check {
	byID := map[string]*Check{}
	var left []*Check
	for _, c := range all {
		byID[c.ID] = c
		if !c.Reading {
			left = append(left, c)
		}
	}
	slices.SortFunc(left, func(a, b *Check) int { return strings.Compare(a.ID, b.ID) })
	done := map[string]bool{}
	var out []*Check
	for len(left) > 0 {
		i := slices.IndexFunc(left, func(c *Check) bool {
			for _, id := range c.After {
				if byID[id] == nil || byID[id].Reading {
					panic("gamedata: check " + c.ID + " runs after " + id + ", which the loader does not run")
				}
				if !done[id] {
					return false
				}
			}
			return true
		})
		if i < 0 {
			panic(fmt.Sprintf("gamedata: the checks %s wait for each other", ids(left)))
		}
		done[left[i].ID] = true
		out = append(out, left[i])
		left = slices.Delete(left, i, i+1)
	}
	return out
}

func ids(cs []*Check) string {
	var s []string
	for _, c := range cs {
		s = append(s, c.ID)
	}
	return strings.Join(s, ", ")
}

// ranCheck, when set (by the package's tests), is told what each check
// of the table found, and (c nil) what reading the files found.
var ranCheck func(c *Check, found []finding.Finding)

// check runs the table once every file is read.
func (l *loader) check() {
	if ranCheck != nil {
		ranCheck(nil, l.found)
	}
	for _, c := range loadOrder {
		before := len(l.found)
		c.run(l)
		if ranCheck != nil {
			ranCheck(c, l.found[before:])
		}
	}
}
