package finding

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Scope says which stage reports a code, for the rule catalog's help.
type Scope string

const (
	Validate Scope = "validate" // loading: files, YAML, schemas, references
	Lint     Scope = "lint"     // smoke games and lint's own bookkeeping
	Render   Scope = "render"   // text fit and print checks
	Engine   Scope = "engine"   // a rules engine's checks of its data
	Alarm    Scope = "alarm"    // a counter a rules engine watches in smoke games
	Tune     Scope = "tune"     // cardpress tune's checks of a game's tune.yaml
)

// Code is one kind of finding, declared once as a value (as buf declares
// its lint rules): the id scripts match on, the severity of every finding
// reported with it, a one-line purpose and, when the general help of its
// scope is not enough, how to act on it. Checks report through the value
// (code.At), so a code cannot be reported without being declared, and the
// rule catalog lists the declared values.
type Code struct {
	ID       string // UPPER_SNAKE, stable
	Severity Severity
	Scope    Scope
	// Engine is the rules engine that reports the code, for an engine's
	// own checks and alarms; "" for codes every game can get.
	Engine  string
	Purpose string // one sentence: what a finding with this code means
	Help    string // optional: how to act on it
}

// At builds a finding of this code at pos.
func (c *Code) At(pos Pos, format string, args ...any) Finding {
	return Finding{Pos: pos, Severity: c.Severity, Code: c.ID, Message: fmt.Sprintf(format, args...)}
}

// String is the id, so a code prints as scripts see it.
func (c *Code) String() string { return c.ID }

// Is says whether f was reported with this code.
func (c *Code) Is(f Finding) bool { return f.Code == c.ID }

var (
	declaredMu sync.Mutex
	declared   = map[string]*Code{}
)

// Declare registers c as the one declaration of its id and returns it, so
// a package declares a code in one statement:
//
//	var CodeDuplicateID = finding.Declare(finding.Code{ID: "DUPLICATE_ID", ...})
//
// A second declaration of an id, or an id not in UPPER_SNAKE, panics when
// the program starts: every test then fails, so neither can be merged.
func Declare(c Code) *Code {
	if !isCodeID(c.ID) {
		panic(fmt.Sprintf("finding: code id %q is not UPPER_SNAKE", c.ID))
	}
	if c.Scope == "" || strings.TrimSpace(c.Purpose) == "" {
		panic(fmt.Sprintf("finding: code %s needs a scope and a purpose", c.ID))
	}
	declaredMu.Lock()
	defer declaredMu.Unlock()
	if _, dup := declared[c.ID]; dup {
		panic(fmt.Sprintf("finding: code %s declared twice", c.ID))
	}
	p := &c
	declared[c.ID] = p
	return p
}

// Declared lists every declared code, sorted by id.
func Declared() []*Code {
	declaredMu.Lock()
	defer declaredMu.Unlock()
	out := make([]*Code, 0, len(declared))
	for _, c := range declared {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b *Code) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// Lookup finds a declared code by id.
func Lookup(id string) (*Code, bool) {
	declaredMu.Lock()
	defer declaredMu.Unlock()
	c, ok := declared[id]
	return c, ok
}

// isCodeID accepts SCHEMA, A_B, A1_B2_C: parts of capitals and digits
// joined by underscores, starting with a capital.
func isCodeID(id string) bool {
	parts := strings.Split(id, "_")
	for i, p := range parts {
		if p == "" || (i == 0 && (p[0] < 'A' || p[0] > 'Z')) {
			return false
		}
		for _, r := range p {
			if (r < 'A' || r > 'Z') && (r < '0' || r > '9') {
				return false
			}
		}
	}
	return true
}
