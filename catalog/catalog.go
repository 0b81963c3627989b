// Package catalog gathers every finding code cardpress can report into one
// rule catalog: the generic codes of loading (source, schema, gamedata),
// lint and render, and each loaded game's own codes (its alarms, and its
// static checks when the engine implements engine.Documented). Nothing in
// it knows a particular game.
package catalog

import (
	"slices"
	"strings"

	"cardpress/engine"
	"cardpress/finding"
	"cardpress/gamedata"
	"cardpress/lint"
	"cardpress/pipeline"
	"cardpress/render"
)

// Catalog is the rules by id.
type Catalog map[string]finding.Rule

// Help paragraphs by scope: what reports the code and how to act on it.
var scopeHelp = map[string]string{
	"validate": "Reported by `cardpress validate` (and by lint and build, which validate first) at the line and column of the offending key or value. Fix the YAML there; validation problems cannot be ignored, because the data must be valid before anything else runs.",
	"lint":     "Reported by `cardpress lint` and `cardpress build`. A finding from smoke games names the seed and player count: `cardpress replay --game ID --players P --seed S` shows that game move by move. To keep a finding on purpose, add a `lint.ignore` entry with this code (and optionally `card:`) and a `reason:` to game.yaml.",
	"render":   "Reported by `cardpress lint` and `cardpress render` at the card or sheet whose text does not fit its layout box even at the element's min_size: shorten the text, enlarge the box or lower min_size in layout.yaml.",
	"engine":   "A check of this game's own rules engine, reported by `cardpress lint` and `cardpress build` at the data it concerns. A finding can be kept on purpose with a `lint.ignore` entry in game.yaml naming the code, with a reason.",
	"alarm":    "A counter this game's engine watches ran above its alarm rate per game in the random-bot smoke games; the message names the rate and the first game that raised it, with the `cardpress replay` command that shows it. A `lint.ignore` entry with the code and a reason keeps it quiet when the rate is expected.",
}

// warnings are the generic codes whose findings are warnings.
var warnings = map[string]bool{
	"CARD_NEVER_CHOSEN": true, "SEAT_ADVANTAGE": true, "LINT_IGNORE_UNUSED": true,
}

// lintOwn are the codes lint's ignore handling reports.
var lintOwn = map[string]string{
	"LINT_IGNORE_UNUSED":       "A lint.ignore entry silences nothing any more: remove it.",
	"LINT_IGNORE_UNKNOWN_CARD": "A lint.ignore entry names a card that does not exist.",
}

// Generic is the catalog of the codes every game can get.
func Generic() Catalog {
	c := Catalog{}
	for _, code := range gamedata.Codes {
		desc, sev := code.Doc, finding.Error
		if d, ok := strings.CutPrefix(desc, "warning: "); ok {
			desc, sev = d, finding.Warning
		}
		c.add(code.ID, sev, desc, "validate")
	}
	for id, doc := range lint.Codes {
		c.add(id, sevOf(id), doc, "lint")
	}
	for id, doc := range lintOwn {
		c.add(id, sevOf(id), doc, "lint")
	}
	c.add(render.CodeTextOverflow, finding.Error, "Card or sheet text does not fit its box even at its minimum size.", "render")
	c.add(render.CodeWordBroken, finding.Warning, "A card field fits its box only by breaking a word between letters, even at its minimum size.", "render")
	c.add(render.CodeTextSmall, finding.Warning, "A card field prints under 6 pt on some card (its size or min_size is below 6 pt, or its text shrinks that far to fit): reported once at the layout element, with how many cards.", "render")
	return c
}

// For is the generic catalog plus the codes of the loaded games: their
// alarms and, when the engine implements engine.Documented, their static
// checks. Alarms are warnings; static checks are errors unless their
// description starts with "warning: ".
func For(games []*pipeline.Game) Catalog {
	c := Generic()
	for _, g := range games {
		if g.Engine == nil {
			continue
		}
		id := g.Engine.Info().ID
		if d, ok := g.Engine.(engine.Documented); ok {
			for code, doc := range d.CheckCodes() {
				// The same convention as gamedata.Codes: a "warning: "
				// prefix marks a check that reports warnings.
				sev := finding.Error
				if rest, ok := strings.CutPrefix(doc, "warning: "); ok {
					sev, doc = finding.Warning, rest
				}
				c.addGame(code, sev, doc, id)
			}
		}
		for _, a := range g.Engine.Info().Alarms {
			c.addGame(a.Code.ID, a.Code.Severity, "Alarm on counter "+a.Counter+": "+a.Code.Purpose, id)
		}
	}
	return c
}

// addGame adds a game's own code. Several games may use one code for checks
// of their own (PARAMETER_RANGE): the rule then names each game with its
// description, so none is lost; a code the generic catalog has stays as is.
func (c Catalog) addGame(code string, sev finding.Severity, doc, game string) {
	old, ok := c[code]
	if !ok {
		c.add(code, sev, doc, "engine "+game)
		return
	}
	first, isGame := strings.CutPrefix(old.Scope, "engine ")
	if !isGame {
		return
	}
	desc := old.Description
	if !strings.Contains(first, ", ") {
		desc = first + ": " + desc
	}
	// The most severe wins (Error is the lowest value).
	c.add(code, min(sev, old.Severity), desc+" "+game+": "+doc, old.Scope+", "+game)
}

func sevOf(id string) finding.Severity {
	if warnings[id] {
		return finding.Warning
	}
	return finding.Error
}

func (c Catalog) add(id string, sev finding.Severity, desc, scope string) {
	desc = strings.TrimSpace(desc)
	if desc != "" && !strings.HasSuffix(desc, ".") {
		desc += "."
	}
	help := scopeHelp[scope]
	if help == "" {
		help = scopeHelp["engine"]
	}
	c[id] = finding.Rule{ID: id, Severity: sev, Description: desc, Help: desc + " " + help, Scope: scope}
}

// Lookup finds a rule by code, for finding.PrintRules.
func (c Catalog) Lookup(code string) (finding.Rule, bool) {
	r, ok := c[code]
	return r, ok
}

// Sorted lists the rules by scope (validate, lint, render, then engines)
// and id.
func (c Catalog) Sorted() []finding.Rule {
	rank := map[string]int{"validate": 0, "lint": 1, "render": 2}
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
