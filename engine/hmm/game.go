package hmm

import (
	"embed"
	"fmt"
	"slices"
	"strconv"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// Limits of the state's fixed arrays.
const (
	maxJobs  = 12 // jobs on the table
	maxComp  = 12 // complications on one job
	maxCrew  = 6  // crew_limit at most
	maxTasks = 64 // pending chance draws
)

// TableRow is one supported player count: its Prestige goal and the jobs
// each player looks after.
type TableRow struct {
	Players  int `yaml:"players" min:"1" max:"MaxPlayers"`
	Goal     int `yaml:"goal" min:"1" max:"99"`
	JobsEach int `yaml:"jobs_each" min:"1" max:"4"`
}

// DataParams are the rule parameters as game.yaml declares them.
type DataParams struct {
	ActionsPerTurn     int        `yaml:"actions_per_turn" min:"1" max:"5"`
	CrewLimit          int        `yaml:"crew_limit" min:"1" max:"maxCrew"`
	HeatToJail         int        `yaml:"heat_to_jail" min:"1" max:"maxHeatTurns"`
	JailTime           int        `yaml:"jail_time" min:"1" max:"maxHeatTurns"`
	JobTime            int        `yaml:"job_time" min:"1" max:"maxHeatTurns"`
	HandSize           int        `yaml:"hand_size" min:"1" max:"10"`
	GatherDraw         int        `yaml:"gather_draw" min:"1" max:"5"`
	LayLow             int        `yaml:"lay_low" min:"1" max:"5"`
	UnpaidFeeHeat      int        `yaml:"unpaid_fee_heat" min:"0" max:"5"`
	OpeningRedraws     int        `yaml:"opening_redraws" min:"0" max:"3"`
	MastermindJailable bool       `yaml:"mastermind_jailable"`
	RoundLimit         int        `yaml:"round_limit" min:"5" max:"500"`
	FinalRound         string     `yaml:"final_round" enum:"others_once,finish_round"`
	GoalCheck          string     `yaml:"goal_check" enum:"action,turn_end"`
	FeeRefusable       bool       `yaml:"fee_refusable"`
	GoalTime           string     `yaml:"goal_time" enum:"all,own"`
	TieBreak           string     `yaml:"tie_break" enum:"heat_then_time,heat_plus_time"`
	DemolitionVictim   string     `yaml:"demolition_victim" enum:"free,any"`
	Table              []TableRow `yaml:"player_counts" items:"1,MaxPlayers"`
}

// params declares Heist Masterminds' rule parameters: the tags of
// DataParams, with the limits of bounds.go.
var params = kit.DeclareParams[DataParams]("Heist Masterminds", kit.Consts{
	"MaxPlayers": engine.MaxPlayers, "maxCrew": maxCrew, "maxHeatTurns": maxHeatTurns,
})

//go:embed cards.schema.json
var cardsSchema embed.FS

// schemas are the engine's cards schema and its generated parameters schema.
var schemas = params.Schemas(cardsSchema)

func init() { kit.Register(kit.ModuleOf("hmm", schemas, Build, params.Bounds(), cardBounds)) }

// codes declares the engine's finding codes, each beside its check.
var codes = kit.CodesOf("hmm")

// What Build reports as it compiles the data, for the table of checks.
var _ = kit.RegisterCheck(kit.Check{
	ID:     "hmm-build",
	Doc:    "Checks as HMM builds a game that it has Jobs, Complications and Resources, that each kind of card has the skills, effects, fields and cost the engine plays.",
	Engine: "hmm",
	Codes:  []*finding.Code{codeDeckEmpty, codeEffect, codeMastermindSkills, codeCrewSkills, codeMercenaryFields, codeJobFields, codeResourceCost},
	Build:  true,
})

// final_round values: who plays after a player reaches the goal.
const (
	finalOthersOnce  = "others_once"  // the book: everyone else, once
	finalFinishRound = "finish_round" // only the rest of the round: equal turns
)

// goal_check values: when a player at the goal stops playing.
const (
	goalAction  = "action"   // the book: as soon as the collection holds the goal
	goalTurnEnd = "turn_end" // only at the end of the turn: the rest of it is played
)

// goal_time values: the Time removed when a player reaches the goal.
const (
	goalTimeAll = "all" // the book: one Time off every Job and jailed member
	goalTimeOwn = "own" // ours: the player's normal end of turn
)

// tie_break values: who wins a tie on Prestige.
const (
	tieHeatThenTime = "heat_then_time" // the book's order: least Heat, then least jail Time
	tieHeatPlusTime = "heat_plus_time" // ours: least Heat and jail Time together
)

// demolition_victim values: who Demolition may take.
const (
	victimFree = "free" // a member at the heist: not jailed, not the Mastermind
	victimAny  = "any"  // any member but the Mastermind; a jailed one snitches
)

// numberWord spells the small counts printed rules use ("two actions").
func numberWord(n int) string {
	if words := []string{"no", "one", "two", "three", "four", "five"}; n >= 0 && n < len(words) {
		return words[n]
	}
	return strconv.Itoa(n)
}

// finalRoundText says who plays after the goal, for the printed rules.
func (p DataParams) finalRoundText() string {
	if p.FinalRound == finalFinishRound {
		return "the players after you in this round finish it, so everyone has had as many turns"
	}
	return "everyone else has one more turn"
}

// goalText says when reaching the goal ends a player's game, for the
// printed rules (after "at the Prestige goal").
func (p DataParams) goalText() string {
	if p.GoalCheck == goalTurnEnd {
		return "if your collection holds it at the end of your turn, your game is over"
	}
	return "the moment your collection reaches it, your game is over (no further actions)"
}

// feeText says what a Mercenary sent on a heist costs, for the printed rules.
func (p DataParams) feeText() string {
	if p.FeeRefusable {
		return "pay their fee (from hand, the reward included); if you can't or won't, discard them and gain"
	}
	return "pay their fee (from hand, the reward included) if you can; if you can't, discard them and gain"
}

// goalTimeText says what Time comes off when a player reaches the goal,
// for the printed rules.
func (p DataParams) goalTimeText() string {
	if p.GoalTime == goalTimeOwn {
		return "their turn ends as usual"
	}
	return "remove one Time token from every Job and every jailed crew member (this replaces their end of turn)"
}

// tieText says who wins a tie on Prestige, for the printed rules.
func (p DataParams) tieText() string {
	if p.TieBreak == tieHeatPlusTime {
		return "then least Heat plus jail Time together"
	}
	return "then least Heat; then least jail Time"
}

func (p DataParams) row(players int) TableRow {
	for _, r := range p.Table {
		if r.Players == players {
			return r
		}
	}
	return TableRow{}
}

type cardKind uint8

const (
	kindMastermind cardKind = iota
	kindPrestige
	kindGear
	kindCrew
	kindMercenary
	kindEvent
	kindImmediate
	kindJob
	kindComplication
	kindReference
)

var kindNames = map[string]cardKind{"mastermind": kindMastermind, "prestige": kindPrestige, "gear": kindGear,
	"crew": kindCrew, "mercenary": kindMercenary, "event": kindEvent, "immediate": kindImmediate,
	"job": kindJob, "complication": kindComplication, "reference": kindReference}

var kindLabel = [...]string{"Mastermind", "Prestige", "Gear", "Crew", "Mercenary", "Event", "Play Immediately", "Job", "Complication", "Reference"}

// Effect is one structured effect of an event, a maneuver or a Play
// Immediately card; exactly one field is set.
type Effect struct {
	LoseHeat  int  `yaml:"lose_heat"`  // your crew discards this much Heat
	RivalHeat int  `yaml:"rival_heat"` // the leading rival's crew gains this much Heat
	Peek      bool `yaml:"peek"`       // look at every face-down complication of one job
	Draw      int  `yaml:"draw"`       // draw Resource cards
	AddTime   int  `yaml:"add_time"`   // add Time tokens to one of your jobs
	AllHeat   int  `yaml:"all_heat"`   // every crew gains this much Heat
	JobsTime  int  `yaml:"jobs_time"`  // every job loses this many Time tokens
}

// AbilityData is a passive ability as written in the data.
type AbilityData struct {
	HeatReduction *struct {
		By  int `yaml:"by"`
		Min int `yaml:"min"`
	} `yaml:"heat_reduction"`
	GatherExtra int  `yaml:"gather_extra"`
	LayLowExtra int  `yaml:"lay_low_extra"`
	Demolition  bool `yaml:"demolition"`
}

type card struct {
	id     string
	name   string
	kind   cardKind
	copies int
	pos    finding.Pos
	cost   int // cash value in dollars (Resource cards)
	icons  Icons
	// abilities
	ability     Ability
	gatherExtra int
	layLowExtra int
	demolition  bool
	singleUse   bool
	prestige    int      // Prestige card value, job Prestige, complication Prestige tokens
	effects     []Effect // events, maneuvers, Play Immediately
	job         Job
	comp        Complication
}

// cardHot is what the moves read most of a card (see Game.hot): its kind,
// cash value and Prestige, its icons and ability, its complication's, the
// icons packed (packIcons).
type cardHot struct {
	kind     cardKind
	cost     int
	prestige int
	icons    uint64
	reduce   int // ability.HeatReduction
	floor    int // ability.HeatMin
	// A complication's icons, Prestige tokens and crew maximum.
	compIcons             uint64
	compPrestige, compMax int
	// A job's difficulty icons, crew maximum and Rival's Stash.
	jobIcons   uint64
	jobMax     int
	jobRivals  bool
	singleUse  bool // a Gear spent by the heist its carrier joins
	demolition bool // a Gear's ability
}

// Game is Heist Masterminds with one set of rules and cards.
type Game struct {
	// hot is what moves read of a card most, one entry per card: a card
	// is a few hundred bytes, so walking a hand or a crew through cards
	// touched a cache line or two per card.
	hot []cardHot
	// kindBits are the cards of each kind.
	kindBits [kindReference + 1]engine.CardSet
	// hireCosts are the costs of Crew and Gear, sorted, each once;
	// cheap[k] the Crew and Gear costing at most hireCosts[k-1] (cheap[0]
	// none): see affordable.
	hireCosts []int
	cheap     []engine.CardSet
	// handWords: the words of a CardSet that may hold a hand's card.
	// Hands hold Resource cards only, which the shipped cards number
	// below 64: the walks over a hand stop after one word, not four.
	handWords int
	// cost is each card's cash value (cardHot.cost) alone, so that adding
	// up a hand reads one small table.
	cost []int
	// gearOf is each card as the Gear a member carries, made once so
	// that listing a crew allocates nothing.
	gearOf                                         []*Gear
	data                                           *gamedata.Data
	params                                         DataParams
	cards                                          []card
	masterminds, resources, jobs, comps, reference []int // one entry per copy
	maxMoves                                       int
}

type compiler struct {
	data     *gamedata.Data
	findings []finding.Finding
}

func (c *compiler) report(code *finding.Code, pos finding.Pos, format string, args ...any) {
	c.findings = append(c.findings, code.At(pos, format, args...))
}

func (c *compiler) paramPos(name string) finding.Pos {
	if prm, ok := c.data.Params[name]; ok {
		return prm.Pos
	}
	return c.data.Manifest.Pos
}

var codeDeckEmpty = codes.Error("DECK_EMPTY", "The game has no Jobs, no Complications or no Resource cards.")

// Build compiles validated data into a playable game: commands build
// only from data that passed validation, and for data that did not (the
// Go API) every bound the rules rely on is checked before anything is
// sized by the data, so it gives findings, never a crash or a giant
// allocation.
func Build(d *gamedata.Data) (*Game, []finding.Finding) {
	c := &compiler{data: d}
	g := &Game{data: d}
	open, ok := kit.Open(d, params, kit.Limits{Seats: engine.MaxPlayers}, cardBounds, c.compileCard)
	c.findings = append(c.findings, open.Findings...)
	if !ok {
		return nil, c.findings
	}
	g.params, g.cards = open.Params, open.Cards
	c.checkPiles(g.cards)
	if errs, _ := finding.Count(c.findings); errs > 0 {
		return nil, c.findings
	}
	for i, cd := range g.cards {
		for k := 0; k < cd.copies; k++ {
			switch cd.kind {
			case kindMastermind:
				g.masterminds = append(g.masterminds, i)
			case kindJob:
				g.jobs = append(g.jobs, i)
			case kindComplication:
				g.comps = append(g.comps, i)
			case kindReference:
				g.reference = append(g.reference, i)
			default:
				g.resources = append(g.resources, i)
			}
		}
	}
	for _, row := range g.params.Table {
		if row.Players < d.Manifest.Players.Min || row.Players > d.Manifest.Players.Max {
			continue
		}
		if row.Players > len(g.masterminds) {
			c.report(kit.CodeParamRange, c.paramPos("player_counts"), "%d players need %d Masterminds; the data has %d", row.Players, row.Players, len(g.masterminds))
		}
		if n := row.Players * row.JobsEach; n > maxJobs || n > len(g.jobs) {
			c.report(kit.CodeParamRange, c.paramPos("player_counts"), "%d players with %d jobs each need %d jobs (at most %d; the data has %d)", row.Players, row.JobsEach, n, maxJobs, len(g.jobs))
		}
	}
	lo, hi := kit.PlayerCounts(d.Manifest.Players, engine.MaxPlayers)
	for p := lo; p <= hi; p++ {
		if g.params.row(p).Players == 0 {
			c.report(kit.CodeParamRange, c.paramPos("player_counts"), "player_counts has no row for %d players (game.yaml players %d-%d)", p, d.Manifest.Players.Min, d.Manifest.Players.Max)
		}
	}
	if len(g.comps) == 0 || len(g.jobs) == 0 || len(g.resources) == 0 {
		c.report(codeDeckEmpty, d.Manifest.Pos, "Heist Masterminds needs Jobs, Complications and Resource cards")
	}
	if errs, _ := finding.Count(c.findings); errs > 0 {
		return nil, c.findings
	}
	g.maxMoves = 50000
	g.hot = make([]cardHot, len(g.cards))
	g.cost = make([]int, len(g.cards))
	for _, c := range g.resources {
		g.handWords = max(g.handWords, c/64+1)
	}
	for i, cd := range g.cards {
		g.gearOf = append(g.gearOf, &Gear{Name: cd.name, Icons: cd.icons, Ability: cd.ability})
		g.kindBits[cd.kind][i>>6] |= 1 << uint(i&63)
		g.hot[i] = cardHot{kind: cd.kind, cost: cd.cost, prestige: cd.prestige, icons: packIcons(cd.icons),
			reduce: cd.ability.HeatReduction, floor: cd.ability.HeatMin,
			compIcons: packIcons(cd.comp.Icons), compPrestige: cd.comp.Prestige, compMax: cd.comp.CrewMax,
			jobIcons: packIcons(cd.job.Difficulty), jobMax: cd.job.CrewMax, jobRivals: cd.job.RivalStash,
			singleUse: cd.singleUse, demolition: cd.demolition}
		g.cost[i] = cd.cost
		if cd.kind == kindCrew || cd.kind == kindGear {
			g.hireCosts = append(g.hireCosts, cd.cost)
		}
	}
	slices.Sort(g.hireCosts)
	g.hireCosts = slices.Compact(g.hireCosts)
	g.cheap = make([]engine.CardSet, len(g.hireCosts)+1)
	for k, most := range g.hireCosts {
		for i, cd := range g.cards {
			if (cd.kind == kindCrew || cd.kind == kindGear) && cd.cost <= most {
				g.cheap[k+1][i>>6] |= 1 << uint(i&63)
			}
		}
	}
	return g, c.findings
}

type iconsYAML struct {
	Force   int `yaml:"force"`
	Stealth int `yaml:"stealth"`
	Tech    int `yaml:"tech"`
}

func (y iconsYAML) icons() Icons { return Icons{Force: y.Force, Stealth: y.Stealth, Tech: y.Tech} }

type cardYAML struct {
	Cost       int         `yaml:"cost"`
	Skills     iconsYAML   `yaml:"skills"`
	Ability    AbilityData `yaml:"ability"`
	SingleUse  bool        `yaml:"single_use"`
	Prestige   int         `yaml:"prestige"`
	Effects    []Effect    `yaml:"effects"`
	Difficulty iconsYAML   `yaml:"difficulty"`
	FaceUp     int         `yaml:"face_up"`
	FaceDown   int         `yaml:"face_down"`
	Reward     int         `yaml:"reward"`
	Heat       int         `yaml:"heat"`
	CrewMax    int         `yaml:"crew_max"`
	RivalStash bool        `yaml:"rival_stash"`
	DrawMore   int         `yaml:"draw_more"`
}

var codeEffect = codes.Error("EFFECT", "An Event, Play Immediately card or maneuver has no effects.")

var codeMastermindSkills = codes.Error("MASTERMIND_SKILLS", "A Mastermind does not have three skill icons.")

var codeCrewSkills = codes.Error("CREW_SKILLS", "A Crew member does not have one or two skill icons.")

var codeMercenaryFields = codes.Error("MERCENARY_FIELDS", "A Mercenary lacks two skill icons, a maneuver or a fee.")

var codeJobFields = codes.Error("JOB_FIELDS", "A Job has no Complication, or more than the engine holds.")

var codeResourceCost = codes.Error("RESOURCE_COST", "A Resource card has no cost/cash value.")

func (c *compiler) compileCard(gc gamedata.Card) card {
	out := card{id: gc.ID, name: gc.Name, copies: kit.Copies(gc), pos: gc.Pos}
	var y cardYAML
	if gc.Node != nil {
		if err := gc.Node.Decode(&y); err != nil {
			c.report(kit.CodeCardInvalid, gc.Pos, "card %s: %v", gc.ID, err)
			return out
		}
	}
	kind, ok := kindNames[gc.Deck]
	if !ok {
		c.report(kit.CodeCardInvalid, gc.Pos, "card %s: Heist Masterminds decks are mastermind, prestige, gear, crew, mercenary, event, immediate, job, complication and reference, not %q", gc.ID, gc.Deck)
		return out
	}
	out.kind = kind
	out.cost, out.icons, out.singleUse, out.prestige, out.effects = y.Cost, y.Skills.icons(), y.SingleUse, y.Prestige, y.Effects
	if hr := y.Ability.HeatReduction; hr != nil {
		out.ability = Ability{HeatReduction: hr.By, HeatMin: hr.Min}
	}
	out.gatherExtra, out.layLowExtra, out.demolition = y.Ability.GatherExtra, y.Ability.LayLowExtra, y.Ability.Demolition
	for _, e := range y.Effects {
		n := 0
		for _, set := range []bool{e.LoseHeat != 0, e.RivalHeat != 0, e.Peek, e.Draw != 0, e.AddTime != 0, e.AllHeat != 0, e.JobsTime != 0} {
			if set {
				n++
			}
		}
		if n != 1 {
			c.report(kit.CodeCardInvalid, gc.Pos, "card %s: each effect sets exactly one of lose_heat, rival_heat, peek, draw, add_time, all_heat, jobs_time", gc.ID)
		}
	}
	switch kind {
	case kindMastermind:
		if out.icons.Total() != 3 {
			c.report(codeMastermindSkills, gc.Pos, "Mastermind %s has %d skill icons; a Mastermind has 3", gc.ID, out.icons.Total())
		}
	case kindCrew:
		if n := out.icons.Total(); n < 1 || n > 2 {
			c.report(codeCrewSkills, gc.Pos, "Crew %s has %d skill icons; Crew members have one or two", gc.ID, n)
		}
	case kindMercenary:
		if out.icons.Total() != 2 || len(out.effects) == 0 || out.cost <= 0 {
			c.report(codeMercenaryFields, gc.Pos, "Mercenary %s needs two skill icons, a maneuver (effects) and a fee (cost)", gc.ID)
		}
	case kindEvent, kindImmediate:
		if len(out.effects) == 0 {
			c.report(codeEffect, gc.Pos, "card %s has no effects", gc.ID)
		}
	case kindJob:
		out.job = Job{Name: gc.Name, Difficulty: y.Difficulty.icons(), FaceUp: y.FaceUp, FaceDown: y.FaceDown,
			Reward: y.Reward, Prestige: y.Prestige, Heat: y.Heat, CrewMax: y.CrewMax, RivalStash: y.RivalStash}
		if y.FaceUp+y.FaceDown < 1 || y.FaceUp+y.FaceDown > maxComp/2 {
			c.report(codeJobFields, gc.Pos, "job %s: every Job has 1-%d Complications", gc.ID, maxComp/2)
		}
	case kindComplication:
		out.comp = Complication{Name: gc.Name, Icons: y.Skills.icons(), Prestige: y.Prestige, DrawMore: y.DrawMore, CrewMax: y.CrewMax}
	}
	if kind != kindMastermind && kind != kindJob && kind != kindComplication && kind != kindReference && out.cost <= 0 {
		c.report(codeResourceCost, gc.Pos, "Resource card %s needs its cost/cash value", gc.ID)
	}
	return out
}

// Params exposes the compiled parameters.
func (g *Game) Params() DataParams { return g.params }

// Counters this game tallies, each with what it counts.
const (
	cntJailLock = iota
	cntDeckExhausted
	cntNoGoal
	cntUnpaidFees
	cntJobsExpired
	cntFailedHeists
	cntCompsShort
)

var counterNames, counterDocs = kit.CounterInfo([]kit.Counter{
	{Name: "jail_lock", Doc: "whole crews in jail jail_time turns in a row"},
	{Name: "deck_exhausted", Doc: "Resource draws with deck and discard empty"},
	{Name: "no_goal", Doc: "games stopped by round_limit, no one at the goal"},
	{Name: "unpaid_fees", Doc: "Mercenaries discarded for an unpaid fee"},
	{Name: "jobs_expired", Doc: "Jobs that ran out of Time"},
	{Name: "failed_heists", Doc: "heists short of icons"},
	{Name: "complications_short", Doc: "Complications due with none left"},
})

var alarmJailLock = codes.Alarm("JAIL_LOCK", "A crew was entirely in jail at the start of jail_time of its turns in a row.")

var alarmDeckExhausted = codes.Alarm("DECK_EXHAUSTED", "A Resource card was to be drawn with the deck and the discard pile both empty.")

var alarmNoGoal = codes.Alarm("GOAL_NOT_REACHED", "Nobody reached the Prestige goal before round_limit rounds.")

var alarmComplicationsShort = codes.Alarm("COMPLICATIONS_EXHAUSTED", "A Complication was to be dealt with none left in the deck or the discard pile.")

func (g *Game) Info() engine.Info {
	info := kit.Info(g.data)
	info.MaxMoves = g.maxMoves
	info.SmokeGames = 300
	info.Cards = len(g.cards)
	info.Counters, info.CounterDocs = counterNames, counterDocs
	info.EndCauses = endCauses
	info.Alarms = []engine.Alarm{
		{Counter: "jail_lock", Code: alarmJailLock, PerGame: 0.5},
		{Counter: "deck_exhausted", Code: alarmDeckExhausted, PerGame: 0.5},
		{Counter: "no_goal", Code: alarmNoGoal, PerGame: 0.05},
		{Counter: "complications_short", Code: alarmComplicationsShort, PerGame: 0.5},
	}
	return info
}

// Facts are the numbers derived from parameters and data, for the sheet.
func (g *Game) Facts() map[string]any {
	var goals, jobs []string
	for _, r := range g.params.Table {
		goals = append(goals, fmt.Sprintf("%d players: %d", r.Players, r.Goal))
		jobs = append(jobs, fmt.Sprintf("%d players: %d each", r.Players, r.JobsEach))
	}
	mm := "your Mastermind included"
	if !g.params.MastermindJailable {
		mm = "never your Mastermind"
	}
	return map[string]any{
		"actions_in_words": numberWord(g.params.ActionsPerTurn),
		"final_round":      g.params.finalRoundText(),
		"goal_when":        g.params.goalText(),
		"fee_rule":         g.params.feeText(),
		"goal_time":        g.params.goalTimeText(),
		"tie_break":        g.params.tieText(),
		"goals":            gamedata.JoinList(goals),
		"jobs_each":        gamedata.JoinList(jobs),
		"masterminds":      len(g.masterminds),
		"resource_cards":   len(g.resources),
		"job_cards":        len(g.jobs),
		"complications":    len(g.comps),
		"jail_who":         mm,
	}
}
