package kit

import (
	"slices"
	"strings"
	"sync"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
)

// Check is a static check an engine makes of its own data, beyond what its
// schemas state. The engine registers it here, beside its Build, so that
// engine packages stay below the renderer: package check lists it in the
// one table of checks and runs it on the games that engine built.
type Check struct {
	ID     string // lower-case-with-dashes, unique among all checks
	Doc    string // one sentence: what it checks
	Engine string // the engine id whose games it checks
	Codes  []*finding.Code
	Run    func(engine.Game) []finding.Finding
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
