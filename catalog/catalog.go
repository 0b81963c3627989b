// Package catalog gathers the finding codes cardpress can report into one
// rule catalog. It writes no code down itself: every code is declared once
// as a value (finding.Declare) by the package that reports it, and the
// catalog lists the declared values: the generic codes of loading (source,
// schema, gamedata), lint, render and the engine kit, and the codes of the
// loaded games' engines. Nothing in it knows a particular game.
package catalog

import (
	"slices"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/pipeline"
)

// Catalog is the rules by id.
type Catalog map[string]finding.Rule

// Help paragraphs by scope: what reports the code and how to act on it.
var scopeHelp = map[finding.Scope]string{
	finding.Validate: "Reported by `cardpress validate` (and by lint and build, which validate first) at the line and column of the offending key or value. Fix the YAML there; validation problems cannot be ignored, because the data must be valid before anything else runs.",
	finding.Lint:     "Reported by `cardpress lint` and `cardpress build`. A finding from smoke games names the seed and player count: `cardpress replay --game ID --players P --seed S` shows that game move by move. To keep a finding on purpose, add a `lint.ignore` entry with this code (and optionally `card:`) and a `reason:` to game.yaml.",
	finding.Render:   "Reported by `cardpress lint` and `cardpress render` at the card or sheet whose text does not fit its layout box even at the element's min_size: shorten the text, enlarge the box or lower min_size in layout.yaml.",
	finding.Engine:   "A check of this game's own rules engine, reported by `cardpress lint` and `cardpress build` at the data it concerns. A finding can be kept on purpose with a `lint.ignore` entry in game.yaml naming the code, with a reason.",
	finding.Tune:     "Reported by `cardpress tune` at the line and column of the offending key or value of the game's tune.yaml (docs/commands.md, Tuning): fix the plan there; nothing is played until it is right.",
	finding.Alarm:    "A counter this game's engine watches ran above its alarm rate per game in the random-bot smoke games; the message names the rate and the first game that raised it, with the `cardpress replay` command that shows it. A `lint.ignore` entry with the code and a reason keeps it quiet when the rate is expected.",
}

// Generic is the catalog of the codes every game can get: the declared
// codes that belong to no one engine.
func Generic() Catalog {
	c := Catalog{}
	for _, code := range finding.Declared() {
		if code.Engine == "" {
			c.add(code, code.Purpose)
		}
	}
	return c
}

// For is the generic catalog plus the codes of the loaded games' engines:
// their static checks and their alarms, each alarm with the counter it
// watches.
func For(games []*pipeline.LoadedGame) Catalog {
	c := Generic()
	engines := map[string]bool{}
	for _, g := range games {
		if g.Data.Manifest.HasEngine() {
			engines[g.Data.Manifest.Engine] = true
		}
	}
	for _, code := range finding.Declared() {
		if engines[code.Engine] {
			c.add(code, code.Purpose)
		}
	}
	for _, g := range games {
		if g.Engine == nil {
			continue
		}
		for _, a := range g.Engine.Info().Alarms {
			c.add(a.Code, "Alarm on counter "+a.Counter+": "+a.Code.Purpose)
		}
	}
	return c
}

func (c Catalog) add(code *finding.Code, desc string) {
	scope := string(code.Scope)
	if code.Engine != "" {
		scope = "engine " + code.Engine
	}
	help := desc
	if code.Help != "" {
		help += " " + code.Help
	}
	help += " " + scopeHelp[code.Scope]
	c[code.ID] = finding.Rule{ID: code.ID, Severity: code.Severity, Description: desc, Help: help, Scope: scope}
}

// Lookup finds a rule by code, for finding.Options.Rules.
func (c Catalog) Lookup(code string) (finding.Rule, bool) {
	r, ok := c[code]
	return r, ok
}

// Sorted lists the rules by scope (validate, lint, render, then the engine
// kit's and each engine's) and id.
func (c Catalog) Sorted() []finding.Rule {
	rank := map[string]int{string(finding.Validate): 0, string(finding.Lint): 1, string(finding.Render): 2}
	out := make([]finding.Rule, 0, len(c))
	for _, r := range c {
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b finding.Rule) int {
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
