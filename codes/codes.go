// Package codes gathers the finding codes cardpress can report into one
// rule catalog. It writes no code down itself: every code is declared once
// as a value (finding.Declare) by the package that reports it, and every
// check in the table of checks (package check) names the codes it reports;
// the catalog lists the table's codes, each with the checks that report
// it: the generic codes of loading (source, schema, gamedata), lint,
// render and the engine kit, and the codes of the loaded games' engines.
// Nothing in it knows a particular game.
package codes

import (
	"slices"
	"strings"

	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/pipeline"
)

// Catalog is the rules by id.
type Catalog map[string]Rule

// Rule is a code as `cardpress rules` lists it: its rule, and the checks
// of the table that report it.
type Rule struct {
	finding.Rule
	Checks []string `json:"checks"`
}

// Help paragraphs by scope: what reports the code and how to act on it.
var scopeHelp = map[finding.Scope]string{
	finding.Validate: "Reported by `cardpress validate` (and by lint and build, which validate first) at the line and column of the offending key or value. Fix the YAML there; validation problems cannot be ignored, because the data must be valid before anything else runs.",
	finding.Lint:     "Reported by `cardpress lint` and `cardpress build`. A finding from smoke games names the seed and player count: `cardpress replay --game ID --players P --seed S` (the game's folder for one outside cards/) shows that game move by move. To keep a finding on purpose, add a `lint.ignore` entry with this code (and optionally `card:`) and a `reason:` to game.yaml.",
	finding.Render:   "Reported by `cardpress lint` and `cardpress render` at the card or sheet whose text does not fit its layout box even at the element's min_size: shorten the text, enlarge the box or lower min_size in layout.yaml.",
	finding.Engine:   "A check of this game's own rules engine, reported by `cardpress lint` and `cardpress build` at the data it concerns. A finding can be kept on purpose with a `lint.ignore` entry in game.yaml naming the code, with a reason.",
	finding.Tune:     "Reported by `cardpress tune` at the line and column of the offending key or value of the game's tune.yaml (docs/commands.md, Tuning): fix the plan there; nothing is played until it is right.",
	finding.Alarm:    "A counter this game's engine watches ran above its alarm rate per game in the random-bot smoke games; the message names the rate and the first game that raised it, with the `cardpress replay` command that shows it. A `lint.ignore` entry with the code and a reason keeps it quiet when the rate is expected.",
}

// Generic is the catalog of the codes every game can get: the codes of
// the checks that belong to no one engine.
func Generic() Catalog { return For(nil) }

// For is the generic catalog plus the codes of the loaded games' engines:
// their static checks and their alarms, each alarm with the counter it
// watches.
func For(games []*pipeline.LoadedGame) Catalog {
	engines := enginesOf(games)
	c := Catalog{}
	for _, ch := range check.All() {
		if ch.Engine != "" && !engines[ch.Engine] {
			continue // an engine no loaded game plays
		}
		for _, code := range check.CodesOf(ch) {
			if code.Engine == "" || engines[code.Engine] {
				c.add(code, code.Purpose, ch.ID)
			}
		}
	}
	for _, g := range games {
		if g.Engine == nil {
			continue
		}
		for _, a := range g.Engine.Info().Alarms {
			c.add(a.Code, "Alarm on counter "+a.Counter+": "+a.Code.Purpose, "alarms")
		}
	}
	return c
}

// Check is one check of the table as `cardpress rules --checks` lists it.
type Check struct {
	ID     string     `json:"id"`
	Step   check.Step `json:"step"`
	Engine string     `json:"engine,omitempty"`
	Needs  string     `json:"needs"`
	Codes  []string   `json:"codes"`
	Doc    string     `json:"doc"`
}

// Checks lists the table of checks, those of engines no loaded game plays
// left out, each with the codes it reports (the alarms check: the alarms of
// the loaded games' engines).
func Checks(games []*pipeline.LoadedGame) []Check {
	c, engines := For(games), enginesOf(games)
	out := []Check{}
	for _, ch := range check.All() {
		if ch.Engine != "" && !engines[ch.Engine] {
			continue
		}
		row := Check{ID: ch.ID, Step: ch.Step, Engine: ch.Engine, Needs: ch.Needs.String(), Codes: []string{}, Doc: ch.Doc}
		for _, code := range check.CodesOf(ch) {
			if _, ok := c[code.ID]; ok {
				row.Codes = append(row.Codes, code.ID)
			}
		}
		out = append(out, row)
	}
	return out
}

// enginesOf is the engines the games name.
func enginesOf(games []*pipeline.LoadedGame) map[string]bool {
	engines := map[string]bool{}
	for _, g := range games {
		if g.Data.Manifest.HasEngine() {
			engines[g.Data.Manifest.Engine] = true
		}
	}
	return engines
}

// add adds code as reported by the check named by, or adds by to the
// checks of a code already there.
func (c Catalog) add(code *finding.Code, desc, by string) {
	if r, ok := c[code.ID]; ok {
		if !slices.Contains(r.Checks, by) {
			r.Checks = append(r.Checks, by)
		}
		r.Description, r.Help = desc, help(code, desc)
		c[code.ID] = r
		return
	}
	scope := string(code.Scope)
	if code.Engine != "" {
		scope = "engine " + code.Engine
	}
	c[code.ID] = Rule{finding.Rule{ID: code.ID, Severity: code.Severity, Description: desc, Help: help(code, desc), Scope: scope}, []string{by}}
}

func help(code *finding.Code, desc string) string {
	h := desc
	if code.Help != "" {
		h += " " + code.Help
	}
	return h + " " + scopeHelp[code.Scope]
}

// Lookup finds a rule by code, for finding.Options.Rules.
func (c Catalog) Lookup(code string) (finding.Rule, bool) {
	r, ok := c[code]
	return r.Rule, ok
}

// Sorted lists the rules by scope (validate, lint, render, then the engine
// kit's and each engine's) and id.
func (c Catalog) Sorted() []Rule {
	rank := map[string]int{string(finding.Validate): 0, string(finding.Lint): 1, string(finding.Render): 2}
	out := make([]Rule, 0, len(c))
	for _, r := range c {
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b Rule) int {
		ra, oka := rank[a.Scope]
		rb, okb := rank[b.Scope]
		if !oka {
			ra = 3
		}
		if !okb {
			rb = 3
		}
		if ra != rb {
			return ra - rb
		}
		if a.Scope != b.Scope {
			return strings.Compare(a.Scope, b.Scope)
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out
}
