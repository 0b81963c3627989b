// Package check is the table of cardpress's checks, as buf keeps its lint
// rules: every check, static or played, is a value with an id, a one-line
// doc, the finding codes it reports, the data it needs and when it runs,
// registered once (Register) by the file that holds it. The pipeline runs
// the table step by step (Run), the smoke runner plays games for the smoke
// checks and stops each player count by their stopping rules, and
// `cardpress rules` lists codes and checks from the same table.
package check

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/render"
)

// Step is when a check runs, and so which commands report it.
type Step string

const (
	// Load is loading a game's files: YAML, schemas, references, then the
	// engine's build of the data. Its checks run in gamedata (its own
	// table, gamedata.Checks, in the order listed there) and in the
	// engines' Build (kit.Check with Build); the table lists their codes.
	Load Step = "load"
	// Build runs once the engine has built the data, still while loading:
	// what the engine's cards print against the layout and the reference.
	Build Step = "build"
	// Static runs on valid data before any game is played (lint, build,
	// render, watch, the editor).
	Static Step = "static"
	// Smoke checks judge the seeded smoke games (lint, build).
	Smoke Step = "smoke"
	// Lint is lint's own bookkeeping: the player count asked for, and
	// lint.ignore entries, applied after every check ran.
	Lint Step = "lint"
	// Tune is cardpress tune's check of a game's tune.yaml.
	Tune Step = "tune"
)

// steps is the order the steps run in, for listings.
var steps = []Step{Load, Build, Static, Smoke, Lint, Tune}

// Needs is what a check reads.
type Needs uint8

const (
	// Valid data: no errors, built by its engine if it has one.
	Valid Needs = 1 << iota
	// Engine is a built engine (data valid, even if the build found errors).
	Engine
	// Layout is what the cards and sheets print (render.Document).
	Layout
	// Games are the smoke games' summaries.
	Games
)

func (n Needs) String() string {
	var parts []string
	for i, name := range []string{"valid data", "engine", "layout", "smoke games"} {
		if n&(1<<i) != 0 {
			parts = append(parts, name)
		}
	}
	if len(parts) == 0 {
		return "data"
	}
	return strings.Join(parts, ", ")
}

// Check is one check.
type Check struct {
	// ID is stable, lower-case-with-dashes: how listings name the check.
	ID string
	// Doc is one sentence: "Checks that ...".
	Doc string
	// Codes are the finding codes it reports.
	Codes []*finding.Code
	// MoreCodes lists codes declared after the check registers: the
	// alarms each engine declares beside its counters (kit.AlarmCodes),
	// which the one alarms check judges.
	MoreCodes func() []*finding.Code
	// Engine is the rules engine whose games it checks ("": every game).
	Engine string
	Step   Step
	Needs  Needs
	// Run is a build or static check's handler; it sees one game.
	Run func(in *Input) []finding.Finding
	// Smoke is a smoke check's handler and stopping rule.
	Smoke *SmokeRule

	// order places a load check in its step by when it runs: loading's
	// in gamedata's order, then the engines' builds.
	order int
}

var (
	mu     sync.Mutex
	checks = map[string]*Check{}
)

// Register adds c to the table and returns it, so a file registers its
// check in one statement (var _ = check.Register(...)). A check without an
// id, doc or code, a second one with an id, or a build or static check
// without a handler, a smoke check without a stopping rule, panics when
// the program starts: every test then fails, so none can be merged.
func Register(c Check) *Check {
	if err := c.validate(); err != nil {
		panic("check: " + err.Error())
	}
	mu.Lock()
	defer mu.Unlock()
	if _, dup := checks[c.ID]; dup {
		panic("check: " + c.ID + " registered twice")
	}
	p := &c
	checks[c.ID] = p
	return p
}

func (c Check) validate() error {
	switch {
	case c.ID == "" || strings.ToLower(c.ID) != c.ID || strings.ContainsAny(c.ID, " _"):
		return fmt.Errorf("id %q is not lower-case-with-dashes", c.ID)
	case strings.TrimSpace(c.Doc) == "":
		return fmt.Errorf("%s has no doc", c.ID)
	case len(c.Codes) == 0 && c.MoreCodes == nil:
		return fmt.Errorf("%s reports no code", c.ID)
	case !slices.Contains(steps, c.Step):
		return fmt.Errorf("%s: unknown step %q", c.ID, c.Step)
	case (c.Step == Build || c.Step == Static) && c.Run == nil:
		return fmt.Errorf("%s: a %s check needs a Run", c.ID, c.Step)
	case c.Step == Smoke && (c.Smoke == nil || c.Smoke.Judge == nil || c.Smoke.Undecided == nil):
		return fmt.Errorf("%s: a smoke check needs Judge and a stopping rule (Undecided)", c.ID)
	case c.Step != Smoke && c.Smoke != nil || c.Step != Build && c.Step != Static && c.Run != nil:
		return fmt.Errorf("%s: a handler its step %s does not run", c.ID, c.Step)
	}
	return nil
}

// All lists the checks in the order their steps run, by id within a step;
// the load step's in the order they run (gamedata.Checks), the engines'
// builds last.
func All() []*Check {
	mu.Lock()
	defer mu.Unlock()
	out := make([]*Check, 0, len(checks))
	for _, c := range checks {
		out = append(out, c)
	}
	out = append(out, loadChecks()...)
	out = append(out, engineChecks()...)
	slices.SortFunc(out, func(a, b *Check) int {
		if d := slices.Index(steps, a.Step) - slices.Index(steps, b.Step); d != 0 {
			return d
		}
		return cmp.Or(a.order-b.order, strings.Compare(a.ID, b.ID))
	})
	return out
}

// loadChecks are loading's checks (gamedata.Checks), as rows of the
// table: gamedata runs them as it loads a game, so their rows have no Run.
func loadChecks() []*Check {
	var out []*Check
	all := gamedata.Checks()
	for i, lc := range all {
		c := Check{ID: lc.ID, Doc: lc.Doc, Codes: lc.Codes, Step: Load, order: i - len(all)}
		if checks[c.ID] != nil {
			panic("check: loading's check " + c.ID + " has the id of another check")
		}
		out = append(out, &c)
	}
	return out
}

// engineChecks are the engines' own checks (kit.RegisterCheck), as rows
// of the table: the static ones run on the games their engine built, the
// build ones are what each engine's Build reports as loading builds it. Engines
// register there, not here, so that they need not import the renderer
// this package's layout checks use.
func engineChecks() []*Check {
	var out []*Check
	for _, ec := range kit.Checks() {
		c := Check{ID: ec.ID, Doc: ec.Doc, Codes: ec.Codes, Engine: ec.Engine, Step: Static, Needs: Valid | Engine,
			Run: func(in *Input) []finding.Finding { return ec.Run(in.Engine) }}
		if ec.Build {
			// Build reports these itself, as loading builds the game.
			c.Step, c.Needs, c.Run = Load, 0, nil
		}
		if err := c.validate(); err != nil || checks[c.ID] != nil {
			panic(fmt.Sprintf("check: engine %s's check %q is incomplete or registered twice (%v)", ec.Engine, ec.ID, err))
		}
		out = append(out, &c)
	}
	return out
}

// Of lists the checks of one step.
func Of(step Step) []*Check {
	var out []*Check
	for _, c := range All() {
		if c.Step == step {
			out = append(out, c)
		}
	}
	return out
}

// CodesOf lists the codes c reports: its own, then its MoreCodes.
func CodesOf(c *Check) []*finding.Code {
	out := slices.Clone(c.Codes)
	if c.MoreCodes != nil {
		out = append(out, c.MoreCodes()...)
	}
	return out
}

// Input is one game as a build or static check sees it.
type Input struct {
	Data *gamedata.Data
	// Engine is the built engine; nil without one (then Engine checks
	// do not run).
	Engine engine.Game
	// Valid is data without errors, built by its engine if it has one.
	Valid bool

	doc     func() *render.Document
	docOnce sync.Once
	docked  *render.Document
}

// NewInput is the input of a game; doc makes what its cards print, called
// once when a check first asks.
func NewInput(d *gamedata.Data, eg engine.Game, valid bool, doc func() *render.Document) *Input {
	return &Input{Data: d, Engine: eg, Valid: valid, doc: doc}
}

// Doc is what the game's cards and sheets print.
func (in *Input) Doc() *render.Document {
	in.docOnce.Do(func() { in.docked = in.doc() })
	return in.docked
}

func (in *Input) has(n Needs) bool {
	return (n&Valid == 0 || in.Valid) && (n&Engine == 0 || in.Engine != nil)
}

// Run runs the checks of a build or static step whose needs the game
// meets, in the table's order.
func Run(step Step, in *Input) []finding.Finding {
	var out []finding.Finding
	for _, c := range Of(step) {
		if c.Run != nil && in.has(c.Needs) {
			out = append(out, c.Run(in)...)
		}
	}
	return out
}
