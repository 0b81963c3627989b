package heat

import (
	"embed"
	"fmt"

	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/source"

	"go.yaml.in/yaml/v3"
)

// Params are HEAT's rule parameters, decoded from game.yaml's defaults.
type Params struct {
	StartingMoney    int        `yaml:"starting_money" min:"0" max:"maxStartingMoney"`
	Heists           int        `yaml:"heists" min:"1" max:"maxHeists"`
	Stages           int        `yaml:"stages" min:"1" max:"maxStages"`
	DraftDeal        int        `yaml:"draft_deal" min:"0" max:"maxDraft"`
	DraftRounds      int        `yaml:"draft_rounds" min:"0" max:"maxDraft"`
	PassDirections   []string   `yaml:"pass_directions" items:"1,maxHeists" enum:"left,right"`
	HeatBoard        []BoardRow `yaml:"heat_board" items:"1,maxBoardRows"`
	EmptyBoardValue  int        `yaml:"empty_board_value" min:"minHeatValue" max:"0"`
	OutOfHeatPenalty int        `yaml:"out_of_heat_penalty" min:"0" max:"maxPenalty"`
	PhaseResolution  string     `yaml:"phase_resolution" enum:"simultaneous,seat_order"`
	Shortfall        string     `yaml:"shortfall" enum:"debt,pay_what_you_have,no_effect"`
}

// shortfallRule is what a payment does when the payer has less than it
// asks (the shortfall parameter): the book never says.
type shortfallRule uint8

const (
	shortDebt           shortfallRule = iota // paid in full, money goes below $0
	shortPayWhatYouHave                      // pays what there is; the card goes on
	shortNoEffect                            // not paid at all; the card's effects after it do not happen
)

var shortfallRules = map[string]shortfallRule{"debt": shortDebt, "pay_what_you_have": shortPayWhatYouHave, "no_effect": shortNoEffect}

// BoardRow is one row of the Heat board.
type BoardRow struct {
	Value int `yaml:"value" min:"minHeatValue" max:"0"`
	Slots int `yaml:"slots" min:"1" max:"maxRowSlots"`
}

// params declares HEAT's rule parameters: the tags of Params, with the
// limits of bounds.go.
var params = kit.DeclareParams[Params]("HEAT", kit.Consts{
	"maxStartingMoney": maxStartingMoney, "maxHeists": maxHeists, "maxStages": maxStages, "maxDraft": maxDraft,
	"maxBoardRows": maxBoardRows, "minHeatValue": minHeatValue, "maxRowSlots": maxRowSlots, "maxPenalty": maxPenalty,
})

//go:embed cards.schema.json
var cardsSchema embed.FS

// schemas are the engine's cards schema and its generated parameters schema.
var schemas = params.Schemas(cardsSchema)

func init() { kit.Register(kit.ModuleOf("heat", schemas, Build, params.Bounds(), cardBounds)) }

// codes declares the engine's finding codes, each beside its check.
var codes = kit.CodesOf("heat")

// What Build reports as it compiles the data, for the table of checks.
var _ = kit.RegisterCheck(kit.Check{
	ID:     "heat-build",
	Doc:    "Checks as HEAT builds a game that the game declares at most 8 phases and every effect's phase and keyword is one game.yaml declares.",
	Engine: "heat",
	Codes:  []*finding.Code{codeTooManyPhases, codeUndefinedPhase, gamedata.CodeUndefinedKeyword},
	Build:  true,
})

// HandSize is the hand each player drafts.
func (p *Params) HandSize() int { return p.DraftDeal + p.DraftRounds }

// HeatTokens is the number of slots on the board, and so of Heat tokens.
func (p *Params) HeatTokens() int {
	n := 0
	for _, r := range p.HeatBoard {
		n += r.Slots
	}
	return n
}

// HeatValue is what one Heat token costs when `taken` tokens are off the
// board: the value of the worst completely empty row.
func (p *Params) HeatValue(taken int) int {
	if r := p.EmptyRows(taken); r > 0 {
		return p.HeatBoard[r-1].Value
	}
	return p.EmptyBoardValue
}

// EmptyRows is how many rows, from the least negative, are completely
// empty when `taken` tokens are off the board. Tokens leave from the least
// negative slot and come back to the most negative free one, so the empty
// slots are always the first `taken` in row order (see Slot) and the rows
// empty follow from the count.
func (p *Params) EmptyRows(taken int) int {
	n := 0
	for _, r := range p.HeatBoard {
		if taken < r.Slots {
			break
		}
		taken -= r.Slots
		n++
	}
	return n
}

// Slot is the row and the slot within it (both from 1) of the i-th slot
// (from 0) in the order Heat leaves the board: the least negative row
// first, each row's slots in order. The book lets a token leave any slot
// of the least negative row ("It never matters which space a Heat token
// came from"); ours leave a row from its first slot and come back to its
// last free one, so a taken token always leaves slot `taken` of this order
// and a returned one fills slot `taken-1`.
func (p *Params) Slot(i int) (row, slot int) {
	for r, br := range p.HeatBoard {
		if i < br.Slots {
			return r + 1, i + 1
		}
		i -= br.Slots
	}
	return 0, 0
}

type actionKind uint8

const (
	actGain actionKind = iota
	actPay
	actTakeHeat
	actReturnHeat
	actDraw
	actSteal
	actGiveHeat
)

var actionKeys = []string{"gain", "pay", "take_heat", "return_heat", "draw", "steal", "give_heat"}

type target uint8

const (
	targetSelf target = iota
	targetOthers
	targetLeft
	targetRight
)

type condKind uint8

const (
	condNone condKind = iota
	condRevealedByOther
	condNotRevealedByOther
	condRecordHas
	condStage
)

type perKind uint8

const (
	perNone perKind = iota
	perRecord
	perOthersRevealed
)

// anyKeyword is the keyword mask that matches every card ("any").
const anyKeyword = ^uint64(0)

// effect is one compiled card effect, kept small: smoke games walk these
// millions of times a second.
type effect struct {
	condMask   uint64 // keyword for revealed/record conditions
	targetMask uint64 // when non-zero, only targets who revealed one of these keywords
	perMask    uint64
	amount     int32
	stage      int32 // condStage: 1-based stage
	max        int32 // 0: no cap
	phase      uint8 // index into the manifest's phases
	action     actionKind
	target     target
	cond       condKind
	per        perKind
}

// card is one distinct card, compiled.
type card struct {
	id       string
	name     string
	copies   int
	players  []int
	keywords uint64
	effects  []effect
	pos      finding.Pos
}

// phaseTable is every card's effects again, flat and grouped by card and
// phase, so resolving a phase touches one contiguous run per seat: smoke
// games spend most of their time here.
type phaseTable struct {
	phases  int
	effects []effect
	// start[c*phases+ph] .. start[c*phases+ph+1] is card c's run in phase ph.
	start []uint16
	// heatPhases has bit ph set for a card with a take_heat effect in phase
	// ph; anyPhases for a card with any effect in phase ph.
	heatPhases []uint64
	anyPhases  []uint64
	// keywords is each card's keyword mask, dense for the same reason.
	keywords []uint64
}

func newPhaseTable(cards []card, phases int) phaseTable {
	t := phaseTable{phases: phases, heatPhases: make([]uint64, len(cards)), anyPhases: make([]uint64, len(cards))}
	for c, cd := range cards {
		t.keywords = append(t.keywords, cd.keywords)
		for ph := 0; ph < phases; ph++ {
			t.start = append(t.start, uint16(len(t.effects)))
			for _, e := range cd.effects {
				if int(e.phase) == ph {
					t.effects = append(t.effects, e)
					t.anyPhases[c] |= 1 << uint(ph)
					if e.action == actTakeHeat {
						t.heatPhases[c] |= 1 << uint(ph)
					}
				}
			}
		}
	}
	t.start = append(t.start, uint16(len(t.effects)))
	return t
}

// of returns card c's effects in phase ph.
func (t *phaseTable) of(c, ph int) []effect {
	i := c*t.phases + ph
	return t.effects[t.start[i]:t.start[i+1]]
}

// effectYAML mirrors one effect entry of cards.schema.json.
type effectYAML struct {
	Phase      string            `yaml:"phase"`
	Gain       int               `yaml:"gain"`
	Pay        int               `yaml:"pay"`
	TakeHeat   int               `yaml:"take_heat"`
	ReturnHeat int               `yaml:"return_heat"`
	Draw       int               `yaml:"draw"`
	Steal      int               `yaml:"steal"`
	GiveHeat   int               `yaml:"give_heat"`
	Target     string            `yaml:"target"`
	If         map[string]any    `yaml:"if"`
	TargetIf   map[string]string `yaml:"target_if"`
	Per        map[string]string `yaml:"per"`
	Max        int               `yaml:"max"`
}

// compiler turns validated data into rules, collecting findings for
// references the schema cannot check.
type compiler struct {
	data     *gamedata.Data
	keywords map[string]int
	phases   map[string]int
	findings []finding.Finding
}

func (c *compiler) report(f finding.Finding) { c.findings = append(c.findings, f) }

func (c *compiler) pos(file string, n *yaml.Node) finding.Pos {
	return finding.Pos{File: file, Line: n.Line, Col: n.Column}
}

// keywordMask resolves a keyword reference, reporting an undefined one.
func (c *compiler) keywordMask(file string, n *yaml.Node, name string, allowAny bool) uint64 {
	if name == "any" && allowAny {
		return anyKeyword
	}
	i, ok := c.keywords[name]
	if !ok {
		c.report(gamedata.CodeUndefinedKeyword.At(c.pos(file, n), "keyword %q is not declared in game.yaml keywords", name))
		return 0
	}
	return 1 << uint(i)
}

// valueNode finds the value node of key in a mapping node (or the mapping
// itself when absent), for positions.
func valueNode(m *yaml.Node, key string) *yaml.Node {
	if v := source.MapValue(m, key); v != nil {
		return v
	}
	return m
}

func (c *compiler) compileCard(gc gamedata.Card) card {
	out := card{id: gc.ID, name: gc.Name, copies: kit.Copies(gc), players: gc.Players, pos: gc.Pos}
	file := gc.Pos.File
	for _, kw := range gc.Keywords {
		if i, ok := c.keywords[kw]; ok {
			out.keywords |= 1 << uint(i)
		}
	}
	effectsNode := valueNode(gc.Node, "effects")
	if effectsNode == nil || effectsNode.Kind != yaml.SequenceNode {
		return out
	}
	for _, en := range effectsNode.Content {
		var ey effectYAML
		if err := en.Decode(&ey); err != nil {
			c.report(kit.CodeCardInvalid.At(c.pos(file, en), "card %s: effect does not decode: %v", gc.ID, err))
			continue
		}
		out.effects = append(out.effects, c.compileEffect(file, en, ey))
	}
	return out
}

var codeUndefinedPhase = codes.Error("UNDEFINED_PHASE", "An effect's phase is not declared in game.yaml phases, or the game declares no phase.")

func (c *compiler) compileEffect(file string, n *yaml.Node, ey effectYAML) effect {
	var e effect
	phase, ok := c.phases[ey.Phase]
	if !ok {
		c.report(codeUndefinedPhase.At(c.pos(file, valueNode(n, "phase")), "phase %q is not declared in game.yaml phases", ey.Phase))
	}
	e.phase = uint8(phase)
	amounts := []int{ey.Gain, ey.Pay, ey.TakeHeat, ey.ReturnHeat, ey.Draw, ey.Steal, ey.GiveHeat}
	for i, a := range amounts {
		if a != 0 {
			e.action, e.amount = actionKind(i), int32(a)
		}
	}
	switch ey.Target {
	case "others":
		e.target = targetOthers
	case "left":
		e.target = targetLeft
	case "right":
		e.target = targetRight
	}
	if (e.action == actSteal || e.action == actGiveHeat) && e.target == targetSelf {
		if ey.Target == "self" {
			c.report(kit.CodeEffectTarget.At(c.pos(file, valueNode(n, "target")), "%s needs another player as target", actionKeys[e.action]))
		}
		e.target = targetOthers
	}
	if kw, ok := ey.TargetIf["revealed"]; ok {
		if e.target == targetSelf {
			c.report(kit.CodeEffectTarget.At(c.pos(file, valueNode(n, "target_if")), "target_if needs target others, left or right"))
		}
		e.targetMask = c.keywordMask(file, valueNode(valueNode(n, "target_if"), "revealed"), kw, false)
	}
	ifNode := valueNode(n, "if")
	for k, v := range ey.If {
		vn := valueNode(ifNode, k)
		switch k {
		case "stage":
			e.cond = condStage
			stage, _ := v.(int)
			e.stage = int32(stage)
		case "revealed_by_other", "not_revealed_by_other", "record_has":
			e.cond = map[string]condKind{
				"revealed_by_other": condRevealedByOther, "not_revealed_by_other": condNotRevealedByOther, "record_has": condRecordHas,
			}[k]
			name, _ := v.(string)
			e.condMask = c.keywordMask(file, vn, name, false)
		}
	}
	perNode := valueNode(n, "per")
	for k, v := range ey.Per {
		switch k {
		case "record":
			e.per = perRecord
		case "others_revealed":
			e.per = perOthersRevealed
		}
		e.perMask = c.keywordMask(file, valueNode(perNode, k), v, k == "record")
	}
	e.max = int32(ey.Max)
	return e
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)

}
