package kit

import (
	"slices"
	"strings"
	"sync"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
)

// Check is a check an engine makes of its own data, beyond what its
// schemas state. The engine registers it here, beside its Build, so that
// engine packages stay below the renderer: package check lists it in the
// one table of checks. A static check (Run) runs on the games that engine
// built; a build check (Build) is what Build itself reports as it
// compiles the data, listed for its codes.
type Check struct {
	ID     string // lower-case-with-dashes, unique among all checks
	Doc    string // one sentence: what it checks
	Engine string // the engine id whose games it checks ("" for the kit's, every engine's)
	Codes  []*finding.Code
	Run    func(engine.Game) []finding.Finding
	// Build marks the codes Build reports (no Run): a build that reports a
	// code none of its engine's build checks names fails a test.
	Build bool
}

var (
	checksMu sync.Mutex
	checks   []Check
)

// RegisterCheck adds an engine's check; engine packages call it from a
// package-level var (var _ = kit.RegisterCheck(...)). Package check
// refuses an incomplete one when it lists the table.
func RegisterCheck(c Check) bool {
	checksMu.Lock()
	defer checksMu.Unlock()
	checks = append(checks, c)
	return true
}

// Checks lists the engines' checks by id.
func Checks() []Check {
	checksMu.Lock()
	defer checksMu.Unlock()
	out := slices.Clone(checks)
	slices.SortFunc(out, func(a, b Check) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// BuildCodes are the codes the engine's build checks, and the kit's, name:
// what its Build may report.
func BuildCodes(engineID string) []*finding.Code {
	var out []*finding.Code
	for _, c := range Checks() {
		if c.Build && (c.Engine == engineID || c.Engine == "") {
			out = append(out, c.Codes...)
		}
	}
	return out
}

// OfEngine adapts an engine's checks (a method of its Game) to a Check's
// Run: they run on the games that engine built, and on no other.
func OfEngine[G engine.Game](check func(G) []finding.Finding) func(engine.Game) []finding.Finding {
	return func(eg engine.Game) []finding.Finding {
		if g, ok := eg.(G); ok {
			return check(g)
		}
		return nil
	}
}
