package masterminds

import (
	"embed"
	"fmt"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/source"

	"go.yaml.in/yaml/v3"
)

// Skills, in the order the books list them on a Talent card.
const (
	skillStealth = iota
	skillTech
	skillMuscle
	skillCharm
	skillDriving
	nSkills
	// skillAny is "the step's skill" for gear and active abilities.
	skillAny = nSkills
)

var skillIDs = [nSkills]string{"stealth", "tech", "muscle", "charm", "driving"}
var skillNames = [nSkills + 1]string{"Stealth", "Tech", "Muscle", "Charm", "Driving", "any skill"}

func skillIndex(id string) int {
	for i, s := range skillIDs {
		if s == id {
			return i
		}
	}
	if id == "any" {
		return skillAny
	}
	return -1
}

// Limits of a state's fixed arrays (states clone with a plain copy).
const (
	maxSeats   = 6
	maxTeam    = 6
	maxPool    = 8
	maxHeists  = 6
	maxColours = 15
	// kindClear is the clear gems' kind in the bag; colour kinds are the
	// Mastermind cards' order (0..14).
	kindClear     = 15
	nKinds        = 16
	stepsPerHeist = 4
)

// Params are the rule parameters, decoded from game.yaml (a variant's
// values already applied).
type Params struct {
	HandLimit             int          `yaml:"hand_limit" min:"0" max:"30"`
	OpeningPrep           int          `yaml:"opening_prep" min:"0" max:"20"`
	TalentPool            int          `yaml:"talent_pool" min:"0" max:"maxPool"`
	TeamMax               int          `yaml:"team_max" min:"1" max:"maxTeam"`
	ActivateMax           int          `yaml:"activate_max" min:"1" max:"maxTeam"`
	PlanActions           int          `yaml:"plan_actions" min:"0" max:"6"`
	MarkersPerPlayer      int          `yaml:"markers_per_player" min:"1" max:"24"`
	HeistsOnTable         []HeistCount `yaml:"heists_on_table" items:"1,maxSeats"`
	EndHeistsExtra        int          `yaml:"end_heists_extra" min:"0" max:"10"`
	ClearGemValue         int          `yaml:"clear_gem_value" min:"0" max:"12"`
	BonusGemMatching      int          `yaml:"bonus_gem_matching" min:"1" max:"4"`
	FailureTest           string       `yaml:"failure_test" enum:"at_least,higher"`
	RetireAfterHeist      string       `yaml:"retire_after_heist" enum:"keep_one,retire_one"`
	CompletionDraw        string       `yaml:"completion_draw" enum:"optional,mandatory"`
	CompletionDrawMaxTeam int          `yaml:"completion_draw_max_team" min:"0" max:"maxTeam"`
	ReplaceRecruit        string       `yaml:"replace_recruit" enum:"when_full,any_time"`
	ContinueStep          string       `yaml:"continue_step" enum:"any_heist,same_heist"`
	StartClearGems        int          `yaml:"start_clear_gems" min:"0" max:"5"`
	StarterCash           []CashCount  `yaml:"starter_cash" items:",maxSeats"`
	FirstRecruit          bool         `yaml:"first_recruit"`
	PayGemWithCash        bool         `yaml:"pay_gem_with_cash"`
	TieBreak              []string     `yaml:"tie_break" items:",3" enum:"clear_gems,heists,shared" unique:""`
	// RecallMarkers may be left out: the books say nothing (RULES.md).
	RecallMarkers bool `yaml:"recall_markers" optional:""`
}

// HeistCount is one entry of heists_on_table.
type HeistCount struct {
	Players int `yaml:"players" min:"1" max:"maxSeats"`
	Heists  int `yaml:"heists" min:"1" max:"maxHeists"`
}

// CashCount is one entry of starter_cash.
type CashCount struct {
	Players int `yaml:"players" min:"1" max:"maxSeats"`
	Cards   int `yaml:"cards" min:"0" max:"10"`
}

// params declares Masterminds' rule parameters: the tags of Params, with
// the limits above, in RULES.md order.
var params = kit.DeclareParams[Params]("Masterminds", kit.Consts{
	"maxPool": maxPool, "maxTeam": maxTeam, "maxSeats": maxSeats, "maxHeists": maxHeists,
})

//go:embed cards.schema.json
var cardsSchema embed.FS

// schemas are the engine's cards schema and its generated parameters schema.
var schemas = params.Schemas(cardsSchema)

func init() { kit.Register(kit.ModuleOf("masterminds", schemas, Build, params.Bounds(), cardBounds)) }

// codes declares the engine's finding codes, each beside its check.
var codes = kit.CodesOf("masterminds")

// What Build reports as it compiles the data, for the table of checks.
var _ = kit.RegisterCheck(kit.Check{
	ID:     "masterminds-build",
	Doc:    "Checks as Masterminds builds a game that its Mastermind colours, Talents, play-immediately cards, Heist and Cash decks and gem counts are what the engine plays at every player count, that its gems and dice are the components the colours need, and cards are in their type's deck.",
	Engine: "masterminds",
	Codes:  []*finding.Code{codeTooManyMasterminds, codeTooFewMasterminds, codeTooManyImmediate, codeNoTalents, codeDuplicateColor, codeHeistDeckShort, codeCashShort, codeComponentRange, codeTypeDeckMismatch, gamedata.CodeUndefinedComponent, gamedata.CodeCountMismatch},
	Build:  true,
})

// Heists is the number of heists on the table at a player count (0 when
// heists_on_table has no entry for it).
func (p *Params) Heists(players int) int {
	for _, h := range p.HeistsOnTable {
		if h.Players == players {
			return h.Heists
		}
	}
	return 0
}

// Cash is the number of Starter Cash cards each player gets.
func (p *Params) Cash(players int) int {
	for _, c := range p.StarterCash {
		if c.Players == players {
			return c.Cards
		}
	}
	return 0
}

// EndHeists is the number of completed heists that ends the game.
func (p *Params) EndHeists(players int) int { return players + p.EndHeistsExtra }

// The types of card, one per deck.
type cardType uint8

const (
	typeMastermind cardType = iota
	typeCash
	typeTalent
	typePrep
	typeHeist
	typeFailure
)

var typeIDs = []string{"mastermind", "cash", "talent", "prep", "heist", "failure"}

type prepKind uint8

const (
	kindAction prepKind = iota
	kindGear
	kindInterrupt
)

var prepKinds = []string{"action", "gear", "interrupt"}

// effKind is one word of the effect vocabulary.
type effKind uint8

const (
	effNone effKind = iota
	effDrawPrep
	effGainGem
	effRecruit
	effUntap
	effDiscardGear
	effRollBonus
	effReroll
)

var effKeys = []string{"", "draw_prep", "gain_gem", "recruit", "untap", "discard_gear", "roll_bonus", "reroll"}

// Who may play an interrupt, or whom an action hits.
type target uint8

const (
	targetAny   target = iota // reroll without a target: anyone
	targetSelf                // your own attempt
	targetOther               // another player (or their attempt)
)

type effect struct {
	kind   effKind
	n      int
	target target
}

// Gem-section modes.
const (
	gemAnd = 1 // in addition to the white section
	gemOr  = 2 // instead of it
)

type abilityWhen uint8

const (
	whenNone abilityWhen = iota
	whenRecruit
	whenActive
	whenAlways
)

type ability struct {
	when          abilityWhen
	drawPrep      int
	bonusSkill    int // a skill or skillAny
	bonusAmount   int
	ignoreFailure bool
}

// step is one heist step: its skills (the player chooses one) and the
// number to beat.
type step struct {
	skills []int
	mask   uint8
	target int
}

// Failure consequences.
type consequence uint8

const (
	consRetire consequence = iota
	consLoseGear
	consLoseGem
	consDiscardPrep
	consStayTapped
)

var consequenceIDs = []string{"retire", "lose_gear", "lose_gem", "discard_prep", "stay_tapped"}

// card is one distinct card, compiled.
type card struct {
	id     string
	name   string
	typ    cardType
	copies int
	pos    finding.Pos

	// mastermind
	color  string
	colour int // ordinal among the Mastermind cards: its gems' kind

	// talent
	skills  [nSkills]int
	ability ability

	// prep
	kind      prepKind
	gearSkill int
	gearAmt   int
	oneUse    bool
	immediate bool
	effect    effect
	gemMode   int // 0: no pay-a-gem section
	gemEffect effect

	// heist: steps[0] is side A's step, steps[1..3] side B's
	title string
	steps [stepsPerHeist]step
	take  int

	// failure
	triggers    [][]int
	triggerMask uint8
	testSkill   int
	testTarget  int
	consequence consequence
}

// gearBonus is what this gear adds to a recruit's skill sk.
func (c *card) gearBonus(sk int) int {
	if c.gearSkill == sk || c.gearSkill == skillAny {
		return c.gearAmt
	}
	return 0
}

// activeBonus is what a Talent's active ability adds to skill sk.
func (c *card) activeBonus(sk int) int {
	if c.ability.when == whenActive && (c.ability.bonusSkill == sk || c.ability.bonusSkill == skillAny) {
		return c.ability.bonusAmount
	}
	return 0
}

// --- YAML shapes (engine/masterminds/cards.schema.json) ---

type effectYAML struct {
	DrawPrep    int    `yaml:"draw_prep"`
	GainGem     int    `yaml:"gain_gem"`
	Recruit     int    `yaml:"recruit"`
	Untap       int    `yaml:"untap"`
	DiscardGear int    `yaml:"discard_gear"`
	RollBonus   int    `yaml:"roll_bonus"`
	Reroll      int    `yaml:"reroll"`
	Target      string `yaml:"target"`
}

type skillAmountYAML struct {
	Skill  string `yaml:"skill"`
	Amount int    `yaml:"amount"`
}

type abilityYAML struct {
	When          string           `yaml:"when"`
	DrawPrep      int              `yaml:"draw_prep"`
	SkillBonus    *skillAmountYAML `yaml:"skill_bonus"`
	IgnoreFailure int              `yaml:"ignore_failure"`
}

type stepYAML struct {
	Skills []string `yaml:"skills"`
	Target int      `yaml:"target"`
}

type cardYAML struct {
	Type    string           `yaml:"type"`
	Color   string           `yaml:"color"`
	Skills  map[string]int   `yaml:"skills"`
	Ability *abilityYAML     `yaml:"ability"`
	Kind    string           `yaml:"kind"`
	Gear    *skillAmountYAML `yaml:"gear"`
	OneUse  bool             `yaml:"one_use"`
	Effect  *effectYAML      `yaml:"effect"`
	Gem     *struct {
		Mode   string      `yaml:"mode"`
		Effect *effectYAML `yaml:"effect"`
	} `yaml:"gem"`
	Immediate bool `yaml:"immediate"`
	SideA     *struct {
		Title string   `yaml:"title"`
		Step  stepYAML `yaml:"step"`
		Take  int      `yaml:"take"`
	} `yaml:"side_a"`
	SideB *struct {
		Steps []stepYAML `yaml:"steps"`
	} `yaml:"side_b"`
	Triggers [][]string `yaml:"triggers"`
	Test     *struct {
		Skill  string `yaml:"skill"`
		Target int    `yaml:"target"`
	} `yaml:"test"`
	Consequence string `yaml:"consequence"`
}

// compiler turns validated data into rules, collecting findings for what
// the schema cannot check.
type compiler struct {
	data     *gamedata.Data
	findings []finding.Finding
}

func (c *compiler) report(code *finding.Code, pos finding.Pos, format string, args ...any) {
	c.findings = append(c.findings, code.At(pos, format, args...))
}

// at is the position of the node reached from n by keys (mapping keys or
// sequence indexes as "0", "1", ...); the deepest node found when a key is
// missing.
func at(file string, n *yaml.Node, keys ...string) finding.Pos {
	for _, k := range keys {
		next := child(n, k)
		if next == nil {
			break
		}
		n = next
	}
	if n == nil {
		return finding.Pos{File: file}
	}
	return finding.Pos{File: file, Line: n.Line, Col: n.Column}
}

func child(n *yaml.Node, key string) *yaml.Node {
	if n == nil {
		return nil
	}
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	switch n.Kind {
	case yaml.MappingNode:
		return source.MapValue(n, key)
	case yaml.SequenceNode:
		var i int
		if _, err := fmt.Sscan(key, &i); err == nil && i >= 0 && i < len(n.Content) {
			return n.Content[i]
		}
	}
	return nil
}

func oneLine(err error) string { return strings.ReplaceAll(err.Error(), "\n", "; ") }

// checkParams reports values the engine cannot play that the declaration
// does not cover (a heist count for every player count); those already out
// of range are not reported again.
func (c *compiler) checkParams(p *Params, outOfRange map[string]bool) {
	bad := func(name string, ok bool, format string, args ...any) {
		if _, declared := c.data.Params[name]; declared && !ok && !outOfRange[name] {
			c.report(kit.CodeParamRange, paramPos(c.data, name), format, args...)
		}
	}
	lo, hi := kit.PlayerCounts(c.data.Manifest.Players, maxSeats)
	for n := lo; n <= hi; n++ {
		h := p.Heists(n)
		bad("heists_on_table", h >= 1 && h <= maxHeists, "heists_on_table needs an entry of 1-%d heists for %d players", maxHeists, n)
	}
}

var codeTypeDeckMismatch = codes.Error("TYPE_DECK_MISMATCH", "A card is not in the deck of its type.")

// invalid reports what cards.schema.json rules out, met by Build only on
// data that skipped validation (the Go API): a guard, so such data gives
// an error rather than a crash, never a second report of a schema finding.
func (c *compiler) invalid(gc gamedata.Card, keys []string, format string, args ...any) {
	c.report(kit.CodeCardInvalid, at(gc.Pos.File, gc.Node, keys...), "card %s: "+format, append([]any{gc.ID}, args...)...)
}

// skill is the index of a skill a card names at keys; anyOK admits any.
func (c *compiler) skill(gc gamedata.Card, name string, anyOK bool, keys ...string) int {
	i := skillIndex(name)
	if i < 0 || (i == skillAny && !anyOK) {
		c.invalid(gc, keys, "skill %q is not one of %s", name, strings.Join(skillIDs[:], ", "))
		return 0
	}
	return i
}

// compileCard decodes one card by its type. The schema has checked every
// field; what it cannot say (a type's deck) is checked here.
func (c *compiler) compileCard(gc gamedata.Card) card {
	out := card{id: gc.ID, name: gc.Name, copies: kit.Copies(gc), pos: gc.Pos}
	var y cardYAML
	if gc.Node != nil {
		if err := gc.Node.Decode(&y); err != nil {
			c.invalid(gc, nil, "does not decode: %s", oneLine(err))
			return out
		}
	}
	typ := slices.Index(typeIDs[:], y.Type)
	if typ < 0 {
		c.invalid(gc, []string{"type"}, "type %q is not one of %s", y.Type, strings.Join(typeIDs[:], ", "))
		return out
	}
	out.typ = cardType(typ)
	if gc.Deck != "" && gc.Deck != y.Type {
		c.report(codeTypeDeckMismatch, at(gc.Pos.File, gc.Node, "deck"), "card %s is of type %s but in deck %s; each type has its own deck of the same id", gc.ID, y.Type, gc.Deck)
	}
	switch out.typ {
	case typeMastermind:
		out.color = y.Color
	case typeTalent:
		c.compileTalent(gc, &y, &out)
	case typePrep:
		c.compilePrep(gc, &y, &out)
	case typeHeist:
		c.compileHeist(gc, &y, &out)
	case typeFailure:
		c.compileFailure(gc, &y, &out)
	}
	return out
}

func (c *compiler) compileTalent(gc gamedata.Card, y *cardYAML, out *card) {
	for name, v := range y.Skills {
		out.skills[c.skill(gc, name, false, "skills", name)] = v
	}
	for _, s := range skillIDs {
		if _, ok := y.Skills[s]; !ok {
			c.invalid(gc, []string{"skills"}, "a Talent needs a %s value", s)
		}
	}
	a := y.Ability
	if a == nil {
		return
	}
	switch a.When {
	case "recruit":
		out.ability = ability{when: whenRecruit, drawPrep: a.DrawPrep}
	case "active":
		out.ability = ability{when: whenActive}
		if a.SkillBonus != nil {
			out.ability.bonusSkill = c.skill(gc, a.SkillBonus.Skill, true, "ability", "skill_bonus", "skill")
			out.ability.bonusAmount = a.SkillBonus.Amount
		}
	case "always":
		out.ability = ability{when: whenAlways, ignoreFailure: a.IgnoreFailure > 0}
	}
}

func (c *compiler) compilePrep(gc gamedata.Card, y *cardYAML, out *card) {
	if i := slices.Index(prepKinds[:], y.Kind); i >= 0 {
		out.kind = prepKind(i)
	}
	out.oneUse, out.immediate = y.OneUse, y.Immediate
	switch {
	case out.immediate && out.kind != kindAction:
		c.invalid(gc, []string{"immediate"}, "only Action cards can be play-immediately")
	case out.kind == kindGear && y.Gear == nil:
		c.invalid(gc, nil, "a Gear needs gear: {skill, amount}")
	case out.kind == kindGear:
		out.gearSkill = c.skill(gc, y.Gear.Skill, true, "gear", "skill")
		out.gearAmt = y.Gear.Amount
	case y.Effect == nil:
		c.invalid(gc, nil, "an %s needs an effect", y.Kind)
	default:
		out.effect = c.compileEffect(gc, out.kind, y.Effect, "effect")
		if y.Gem != nil && y.Gem.Effect != nil {
			out.gemMode = gemAnd
			if y.Gem.Mode == "or" {
				out.gemMode = gemOr
			}
			out.gemEffect = c.compileEffect(gc, out.kind, y.Gem.Effect, "gem", "effect")
		}
	}
}

func (c *compiler) compileHeist(gc gamedata.Card, y *cardYAML, out *card) {
	if y.SideA == nil || y.SideB == nil || len(y.SideB.Steps) != stepsPerHeist-1 {
		c.invalid(gc, nil, "a Heist needs side_a (title, step, take) and side_b with %d steps", stepsPerHeist-1)
		return
	}
	out.title, out.take = y.SideA.Title, y.SideA.Take
	if out.title == "" {
		out.title = gc.Name
	}
	compileStep := func(sy stepYAML, keys ...string) step {
		st := step{target: sy.Target}
		for j, name := range sy.Skills {
			i := c.skill(gc, name, false, append(keys, "skills", fmt.Sprint(j))...)
			if st.mask&(1<<i) == 0 {
				st.skills = append(st.skills, i)
				st.mask |= 1 << i
			}
		}
		if len(st.skills) == 0 {
			c.invalid(gc, keys, "a heist step needs at least one skill")
		}
		return st
	}
	out.steps[0] = compileStep(y.SideA.Step, "side_a", "step")
	for k, sy := range y.SideB.Steps {
		out.steps[k+1] = compileStep(sy, "side_b", "steps", fmt.Sprint(k))
	}
}

func (c *compiler) compileFailure(gc gamedata.Card, y *cardYAML, out *card) {
	for a, area := range y.Triggers {
		var list []int
		for j, name := range area {
			i := c.skill(gc, name, false, "triggers", fmt.Sprint(a), fmt.Sprint(j))
			list = append(list, i)
			out.triggerMask |= 1 << i
		}
		out.triggers = append(out.triggers, list)
	}
	if y.Test == nil {
		c.invalid(gc, nil, "a Failure card needs test: {skill, target}")
	} else {
		out.testSkill = c.skill(gc, y.Test.Skill, false, "test", "skill")
		out.testTarget = y.Test.Target
	}
	i := slices.Index(consequenceIDs[:], y.Consequence)
	if i < 0 {
		c.invalid(gc, []string{"consequence"}, "consequence %q is not one of %s", y.Consequence, strings.Join(consequenceIDs[:], ", "))
		return
	}
	out.consequence = consequence(i)
}

// compileEffect reads one effect (exactly one vocabulary key and a
// target, and only one its card's kind plays: the schema's) and checks
// whom it targets.
func (c *compiler) compileEffect(gc gamedata.Card, kind prepKind, ey *effectYAML, keys ...string) effect {
	var e effect
	amounts := []int{0, ey.DrawPrep, ey.GainGem, ey.Recruit, ey.Untap, ey.DiscardGear, ey.RollBonus, ey.Reroll}
	found := 0
	for i, a := range amounts {
		if a != 0 {
			e.kind, e.n = effKind(i), a
			found++
		}
	}
	if found != 1 {
		c.invalid(gc, keys, "an effect has exactly one of %s", strings.Join(effKeys[1:], ", "))
		return effect{}
	}
	switch ey.Target {
	case "self":
		e.target = targetSelf
	case "other":
		e.target = targetOther
	case "":
		switch e.kind {
		case effRollBonus:
			e.target = targetSelf
		case effDiscardGear:
			e.target = targetOther
		}
	}
	file := gc.Pos.File
	if interrupt := e.kind == effRollBonus || e.kind == effReroll; interrupt != (kind == kindInterrupt) {
		c.invalid(gc, append(keys, effKeys[e.kind]), "%s is not an effect of an %s", effKeys[e.kind], prepKinds[kind])
		return effect{}
	}
	switch {
	case e.kind == effDiscardGear && e.target != targetOther:
		c.report(kit.CodeEffectTarget, at(file, gc.Node, append(keys, "target")...), "card %s: discard_gear hits another player (target: other)", gc.ID)
	case e.kind != effDiscardGear && e.kind != effRollBonus && e.kind != effReroll && ey.Target != "" && ey.Target != "self":
		c.report(kit.CodeEffectTarget, at(file, gc.Node, append(keys, "target")...), "card %s: %s only affects you (target: self)", gc.ID, effKeys[e.kind])

	}
	return e
}
