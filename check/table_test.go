package check_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/render"

	// The smoke checks register themselves with the smoke runner (the
	// pipeline imports it, and every engine).
	_ "github.com/cardpress/cardpress/smoke"
	_ "github.com/cardpress/cardpress/tune" // cardpress tune's check of tune.yaml
)

// Every registered check has a doc, at least one code and, by its step,
// a handler: build and static checks a Run, smoke checks a Judge with
// their stopping rule beside it.
func TestEveryCheckIsComplete(t *testing.T) {
	all := check.All()
	steps := map[check.Step]int{}
	for _, c := range all {
		steps[c.Step]++
		if !strings.HasPrefix(c.Doc, "Checks ") || !strings.HasSuffix(c.Doc, ".") {
			t.Errorf("%s: doc %q is not one \"Checks ...\" sentence", c.ID, c.Doc)
		}
		if len(check.CodesOf(c)) == 0 {
			t.Errorf("%s reports no code", c.ID)
		}
		switch c.Step {
		case check.Build, check.Static:
			if c.Run == nil {
				t.Errorf("%s: a %s check without a Run", c.ID, c.Step)
			}
		case check.Smoke:
			if c.Smoke == nil || c.Smoke.Judge == nil || c.Smoke.Undecided == nil {
				t.Errorf("%s: a smoke check without Judge and stopping rule", c.ID)
			}
		}
	}
	// The table holds the checks of every kind, the engines' too.
	for _, step := range []check.Step{check.Load, check.Build, check.Static, check.Smoke, check.Lint, check.Tune} {
		if steps[step] == 0 {
			t.Errorf("no %s check registered", step)
		}
	}
	if !slices.ContainsFunc(all, func(c *check.Check) bool { return c.Engine == "mice" && c.Step == check.Static }) {
		t.Error("engine/mice's static checks are not in the table")
	}
}

// Every declared code is reported by some check of the table, so
// `cardpress rules`, listing the table, lists every code.
func TestEveryCodeHasACheck(t *testing.T) {
	by := map[*finding.Code][]string{}
	for _, c := range check.All() {
		for _, code := range check.CodesOf(c) {
			by[code] = append(by[code], c.ID)
		}
	}
	engineOf := map[string]string{}
	for _, c := range check.All() {
		engineOf[c.ID] = c.Engine
	}
	for _, code := range finding.Declared() {
		if len(by[code]) == 0 {
			t.Errorf("%s (scope %s) is reported by no check: name it in its check's Codes", code.ID, code.Scope)
		}
		// An engine's own code is named by a check of that engine (its
		// alarms are the alarms check's).
		if code.Engine != "" && code.Scope != finding.Alarm && !slices.ContainsFunc(by[code], func(id string) bool { return engineOf[id] == code.Engine }) {
			t.Errorf("%s, engine %s's code, is named by no check of that engine (%v)", code.ID, code.Engine, by[code])
		}
	}
}

// A check that would be incomplete in the table is refused when it is
// registered: the program does not start.
func TestRegisterRefusesIncompleteChecks(t *testing.T) {
	code := &finding.Code{ID: "TEST_CODE", Severity: finding.Warning, Scope: finding.Lint, Purpose: "A test."}
	run := func(*check.Input) []finding.Finding { return nil }
	judge := func(*check.SmokeRun) []finding.Finding { return nil }
	for name, c := range map[string]check.Check{
		"no doc":           {ID: "test-a", Codes: []*finding.Code{code}, Step: check.Static, Run: run},
		"no code":          {ID: "test-b", Doc: "Checks.", Step: check.Static, Run: run},
		"no handler":       {ID: "test-c", Doc: "Checks.", Codes: []*finding.Code{code}, Step: check.Build},
		"no stopping rule": {ID: "test-d", Doc: "Checks.", Codes: []*finding.Code{code}, Step: check.Smoke, Smoke: &check.SmokeRule{Judge: judge}},
		"run never run":    {ID: "test-e", Doc: "Checks.", Codes: []*finding.Code{code}, Step: check.Load, Run: run},
		"bad id":           {ID: "Test_F", Doc: "Checks.", Codes: []*finding.Code{code}, Step: check.Static, Run: run},
		"registered twice": {ID: "text-fit", Doc: "Checks.", Codes: []*finding.Code{code}, Step: check.Static, Run: run},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: Register did not panic", name)
				}
			}()
			check.Register(c)
		}()
	}
}

// What a check reports carries one of the codes the table says it
// reports, on every shipped game; the static step is its checks' findings.
func TestChecksReportTheirOwnCodes(t *testing.T) {
	t.Chdir(testutil.RepoRoot())
	games, _ := pipeline.Load([]string{"cards"})
	if len(games) < 4 {
		t.Fatalf("%d shipped games", len(games))
	}
	ran := map[string]bool{}
	for _, g := range games {
		in := check.NewInput(g.Data, g.Engine, g.Valid, func() *render.Document { return pipeline.Document(g) })
		var static []finding.Finding
		for _, c := range check.All() {
			if c.Run == nil || (c.Needs&check.Valid != 0 && !g.Valid) || (c.Needs&check.Engine != 0 && g.Engine == nil) {
				continue
			}
			ran[c.ID] = true
			fs := c.Run(in)
			if c.Step == check.Static {
				static = append(static, fs...)
			}
			for _, f := range fs {
				if !slices.ContainsFunc(check.CodesOf(c), func(code *finding.Code) bool { return code.Is(f) }) {
					t.Errorf("%s on %s reported %s, not among its codes", c.ID, g.Data.Manifest.ID, f)
				}
			}
		}
		if got := pipeline.Static(g); len(got) != len(static) {
			t.Errorf("%s: pipeline.Static gave %d findings, its checks %d", g.Data.Manifest.ID, len(got), len(static))
		}
	}
	for _, id := range []string{"text-fit", "token-colors", "layout-empty", "heat-data", "mice-obstacles"} {
		if !ran[id] {
			t.Errorf("%s ran on no shipped game", id)
		}
	}
}

// OfEngine runs an engine's checks on that engine's games only: a game
// played by another engine (--engine) is not checked by them.
func TestOfEngineChecksOnlyItsEngine(t *testing.T) {
	run := kit.OfEngine(func(g *ownGame) []finding.Finding {
		return []finding.Finding{{Code: "OWN", Message: "checked"}}
	})
	if fs := run(&ownGame{}); len(fs) != 1 {
		t.Errorf("own engine: %v", fs)
	}
	if fs := run(otherGame{}); len(fs) != 0 {
		t.Errorf("another engine's game was checked: %v", fs)
	}
}

type ownGame struct{ engine.Game }
type otherGame struct{ engine.Game }

// What an engine's Build reports is among the codes of its build checks
// (kit.Check with Build) and the kit's: on every shipped game and rules
// game, as written, without its cards, with each card's copies made 300,
// and with the card of each deck given every keyword the game has.
func TestEngineBuildsReportTheirOwnCodes(t *testing.T) {
	t.Chdir(testutil.RepoRoot())
	games, _ := pipeline.Load([]string{"cards", "engine/rules/testdata"})
	reported := map[string]bool{}
	for _, g := range games {
		m, ok := kit.Lookup(g.Data.Manifest.Engine)
		if !ok || !g.Valid {
			continue
		}
		codes := kit.BuildCodes(m.ID())
		for name, broken := range brokenData(g.Data) {
			_, found := m.Build(broken)
			for _, f := range found {
				reported[f.Code] = true
				if !slices.ContainsFunc(codes, func(c *finding.Code) bool { return c.Is(f) }) {
					t.Errorf("%s %s: engine %s's build reported %s, which none of its build checks names: %s", g.Data.Manifest.ID, name, m.ID(), f.Code, f)
				}
			}
		}
	}
	t.Logf("build codes seen: %v", reported)
	if len(reported) < 3 {
		t.Errorf("the broken data made only %v: the test checks nothing", reported)
	}
}

// brokenData is d as written and broken in ways every engine meets.
func brokenData(d *gamedata.Data) map[string]*gamedata.Data {
	with := func(change func(*gamedata.Data)) *gamedata.Data {
		c := *d
		c.Cards = slices.Clone(d.Cards)
		change(&c)
		return &c
	}
	return map[string]*gamedata.Data{
		"as written": d,
		"no cards":   with(func(c *gamedata.Data) { c.Cards = nil }),
		"300 copies": with(func(c *gamedata.Data) {
			for i := range c.Cards {
				c.Cards[i].Count = 300
			}
		}),
		"first card of each deck gone": with(func(c *gamedata.Data) {
			seen := map[string]bool{}
			c.Cards = slices.DeleteFunc(c.Cards, func(card gamedata.Card) bool {
				first := !seen[card.Deck]
				seen[card.Deck] = true
				return first
			})
		}),
	}
}
