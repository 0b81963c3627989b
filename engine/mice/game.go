// Package mice implements Mice Heist (shared/rulebooks/003_7c595fa3e8a4fa9d.txt):
// each turn one mouse tests against the top obstacle of a job, the others
// bet cheese on it in secret, two two-sided modifier chips come out of the
// bag, skills paid with cheese change them, and contribution tracks decide
// who gets the food when a Finale falls. engine/mice/RULES.md is the
// contract between this engine and cards/mice.
package mice

import (
	"embed"
	"fmt"
	"iter"
	"sort"
	"strings"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/sat"
)

// Limits of the state's fixed arrays.
const (
	maxJobs     = 6
	maxObstacle = 10 // obstacles per job
	maxSkills   = 8  // skill_limit at most
	maxMarket   = 6
	maxFood     = 6 // food tokens per job
)

// Params are the rule parameters (game.yaml parameters).
type Params struct {
	MinPlayers     int    `yaml:"min_players" min:"1" max:"MaxPlayers"`
	StartingCheese int    `yaml:"starting_cheese" min:"0" max:"20"`
	SkillLimit     int    `yaml:"skill_limit" min:"1" max:"maxSkills"`
	MarketSize     int    `yaml:"market_size" min:"0" max:"maxMarket"`
	ChipsDrawn     int    `yaml:"chips_drawn" min:"1" max:"5"`
	TrackLength    int    `yaml:"track_length" min:"MaxPlayers" max:"MaxTrack"`
	FailureCheese  int    `yaml:"failure_obstacle_cheese" min:"0" max:"5"`
	CheeseShortage string `yaml:"cheese_shortage" enum:"none,unlimited"`
	CleanupStep    int    `yaml:"cleanup_step" min:"8" max:"9"`
	FoodPerJob     []int  `yaml:"food_per_job" items:",maxFood" min:"0" max:"maxFoodValue"`
	Chips          []Chip `yaml:"chips" items:"1,maxChipKinds"`
	CheeseTotal    int    `yaml:"cheese_total" min:"0" max:"999"`
}

// Chip is one kind of modifier chip.
type Chip struct {
	Colour string `yaml:"colour" len:"1,20"`
	Sides  [2]int `yaml:"sides" min:"-maxModifier" max:"maxModifier"`
	Count  int    `yaml:"count" min:"1" max:"maxChipKind"`
}

// params declares Mice Heist's rule parameters: the tags of Params, with
// the limits of bounds.go.
var params = kit.DeclareParams[Params]("Mice Heist", kit.Consts{
	"MaxPlayers": engine.MaxPlayers, "MaxTrack": maxTrack, "maxSkills": maxSkills, "maxMarket": maxMarket,
	"maxFood": maxFood, "maxFoodValue": maxFoodValue, "maxChipKinds": maxChipKinds, "maxChipKind": maxChipKind,
	"maxModifier": maxModifier,
})

//go:embed cards.schema.json
var cardsSchema embed.FS

// schemas are the engine's cards schema and its generated parameters schema.
var schemas = params.Schemas(cardsSchema)

func init() { kit.Register(kit.ModuleOf("mice", schemas, Build, params.Bounds(), cardBounds)) }

// codes declares the engine's finding codes, each beside its check.
var codes = kit.CodesOf("mice")

// What Build reports as it compiles the data, for the table of checks.
var _ = kit.RegisterCheck(kit.Check{
	ID:     "mice-build",
	Doc:    "Checks as Mice Heist builds a game that the obstacles make between one and six jobs with their Finale last and the fields they need, and that every skill has exactly one kind of effect, with icons that are declared keywords.",
	Engine: "mice",
	Codes:  []*finding.Code{codeTooManyObstacles, codeFinaleNotLast, codeJobsRange, codeObstacleFields, codeSkillNoEffect, codeSkillEffect, gamedata.CodeUndefinedKeyword},
	Build:  true,
})

type cardKind uint8

const (
	kindObstacle cardKind = iota
	kindStarting
	kindUpgrade
	kindReminder
	kindIdentity
)

var deckKinds = map[string]cardKind{"obstacle": kindObstacle, "starting": kindStarting, "upgrade": kindUpgrade, "reminder": kindReminder, "identity": kindIdentity}

type effectKind uint8

const (
	effAdd effectKind = iota
	effFlip
	effDraw
)

type effect struct {
	kind   effectKind
	amount int
	icon   int // -1: always; else the keyword index the obstacle must show
}

// worksAgainst: the effect has no icon, or obstacle ob shows its icon.
func (e effect) worksAgainst(ob card) bool {
	return e.icon < 0 || ob.icons&(1<<uint(e.icon)) != 0
}

// effectsAgainst yields skill c's effects that work against obstacle ob,
// in order.
func (c card) effectsAgainst(ob card) iter.Seq[effect] {
	return func(yield func(effect) bool) {
		for _, e := range c.effects {
			if e.worksAgainst(ob) && !yield(e) {
				return
			}
		}
	}
}

type card struct {
	id     string
	name   string
	kind   cardKind
	copies int
	pos    finding.Pos
	// obstacles
	job, order, target, payout int
	finale                     bool
	icons                      uint64 // keyword bitmask
	// skills
	effects []effect
	colour  string
}

// Game is Mice Heist with one set of rules and cards.
type Game struct {
	data     *gamedata.Data
	params   Params
	cards    []card
	keywords []gamedata.Keyword
	jobs     []string // job letters, sorted
	stacks   [][]int  // per job the obstacle cards, first to be tested first
	starting []int    // starting skill cards; a player gets one of each
	upgrades []int    // upgrade skill cards, one entry per copy
	reminder []int    // rules reminder and identity cards (tallied at set-up)
	chips    [][2]int // one entry per chip
	chipIDs  []string // each chip's name in the log: its colour and number ("yellow-3")
	maxMoves int

	// Tables of the hot paths (state.go, fast.go), fixed at Build.
	setWords int          // the words of a cardSet that can hold a card: (cards+63)/64
	jobMask  [maxJobs]int // -1 (all ones) for each job of the game, 0 past them
	// placeWorth[rank] is Evaluate's worth of a place on a track: half its
	// food (float64(food_per_job[rank]) / 2), 0 past the food and at
	// index MaxPlayers (off the track).
	placeWorth [engine.MaxPlayers + 1]float64
}

type compiler struct {
	data     *gamedata.Data
	findings []finding.Finding
	keywords map[string]int
}

func (c *compiler) report(code *finding.Code, pos finding.Pos, format string, args ...any) {
	c.findings = append(c.findings, code.At(pos, format, args...))
}

var codeFinaleNotLast = codes.Error("FINALE_NOT_LAST", "A job's Finale is not its last obstacle.")

var codeJobsRange = codes.Error("JOBS_RANGE", "The obstacles make no job, or more jobs than the engine holds (6).")

// Build compiles validated data into a playable game: commands build
// only from data that passed validation, and for data that did not (the
// Go API) every bound the rules rely on is checked before anything is
// sized by the data, so it gives findings, never a crash or a giant
// allocation.
func Build(d *gamedata.Data) (*Game, []finding.Finding) {
	c := &compiler{data: d, keywords: map[string]int{}}
	for i, kw := range d.Manifest.Keywords {
		c.keywords[kw.ID] = i
	}
	g := &Game{data: d, keywords: d.Manifest.Keywords}
	open, ok := kit.Open(d, params, kit.Limits{Seats: engine.MaxPlayers, Keywords: 64}, cardBounds, c.compileCard)
	c.findings = append(c.findings, open.Findings...)
	if !ok {
		return nil, c.findings
	}
	g.params, g.cards = open.Params, open.Cards
	c.checkPiles(g.cards)
	if errs, _ := finding.Count(c.findings); errs > 0 {
		return nil, c.findings
	}
	jobIdx := map[string]int{}
	for i, cd := range g.cards {
		switch cd.kind {
		case kindObstacle:
			j := d.Cards[i]
			letter := cardJob(j)
			if _, ok := jobIdx[letter]; !ok {
				jobIdx[letter] = -1
				g.jobs = append(g.jobs, letter)
			}
		case kindStarting:
			g.starting = append(g.starting, i)
		case kindUpgrade:
			for k := 0; k < cd.copies; k++ {
				g.upgrades = append(g.upgrades, i)
			}
		default:
			g.reminder = append(g.reminder, i)
		}
	}
	sort.Strings(g.jobs)
	for k, l := range g.jobs {
		jobIdx[l] = k
	}
	g.stacks = make([][]int, len(g.jobs))
	for i := range g.cards {
		if g.cards[i].kind == kindObstacle {
			k := jobIdx[cardJob(d.Cards[i])]
			g.cards[i].job = k
			for n := 0; n < g.cards[i].copies; n++ {
				g.stacks[k] = append(g.stacks[k], i)
			}
		}
	}
	for k := range g.stacks {
		st := g.stacks[k]
		sort.SliceStable(st, func(a, b int) bool { return g.cards[st[a]].order < g.cards[st[b]].order })
		for n, ci := range st {
			if g.cards[ci].finale && n != len(st)-1 {
				c.report(codeFinaleNotLast, g.cards[ci].pos, "obstacle %s is a Finale but not the last of job %s", g.cards[ci].id, g.jobs[k])
			}
		}
	}
	if len(g.jobs) == 0 || len(g.jobs) > maxJobs {
		c.report(codeJobsRange, d.Manifest.Pos, "Mice Heist needs 1-%d jobs of obstacles, found %d", maxJobs, len(g.jobs))
	}
	if len(g.starting) > g.params.SkillLimit {
		c.report(kit.CodeParamRange, d.Manifest.Pos, "%d starting skills but skill_limit is %d", len(g.starting), g.params.SkillLimit)
	}
	chips := 0
	for _, ch := range g.params.Chips {
		chips = sat.Add(chips, max(ch.Count, 0))
	}
	if chips < g.params.ChipsDrawn || chips > maxChips {
		c.report(kit.CodeParamRange, c.paramPos("chips"), "%d chips: need at least chips_drawn (%d) and at most %d", chips, g.params.ChipsDrawn, maxChips)
	} else {
		seen := map[string]int{}
		for _, ch := range g.params.Chips {
			for k := 0; k < ch.Count; k++ {
				g.chips = append(g.chips, [2]int{ch.Sides[0], ch.Sides[1]})
				seen[ch.Colour]++
				g.chipIDs = append(g.chipIDs, fmt.Sprintf("%s-%d", ch.Colour, seen[ch.Colour]))
			}
		}
	}
	if len(g.upgrades) < g.params.MarketSize {
		c.report(kit.CodeParamRange, d.Manifest.Pos, "%d upgrade skills cannot fill a market of %d", len(g.upgrades), g.params.MarketSize)
	}
	if errs, _ := finding.Count(c.findings); errs > 0 {
		return nil, c.findings
	}
	g.setWords = (len(g.cards) + 63) / 64
	for j := range g.jobs {
		g.jobMask[j] = -1
	}
	for rank, f := range g.params.FoodPerJob[:min(len(g.params.FoodPerJob), engine.MaxPlayers)] {
		g.placeWorth[rank] = float64(f) / 2
	}
	// Smoke games last about 220 moves (sd 70) at every player count; a
	// game still running at 20,000 does not end.
	g.maxMoves = 20000
	return g, c.findings
}

func cardJob(gc gamedata.Card) string {
	var y struct {
		Job string `yaml:"job"`
	}
	_ = gc.Node.Decode(&y)
	return y.Job
}

func (c *compiler) paramPos(name string) finding.Pos {
	if prm, ok := c.data.Params[name]; ok {
		return prm.Pos
	}
	return c.data.Manifest.Pos
}

type cardYAML struct {
	Job     string       `yaml:"job"`
	Order   int          `yaml:"order"`
	Target  int          `yaml:"target"`
	Payout  int          `yaml:"payout"`
	Finale  bool         `yaml:"finale"`
	Icons   []string     `yaml:"icons"`
	Colour  string       `yaml:"colour"`
	Effects []effectYAML `yaml:"effects"`
}

type effectYAML struct {
	Add    int    `yaml:"add"`
	Flip   int    `yaml:"flip"`
	Draw   int    `yaml:"draw"`
	IfIcon string `yaml:"if_icon"`
}

var codeObstacleFields = codes.Error("OBSTACLE_FIELDS", "An obstacle lacks a job, an order or a target of 1 or more.")

var codeSkillNoEffect = codes.Error("SKILL_NO_EFFECT", "A skill has no effects.")

var codeSkillEffect = codes.Error("SKILL_EFFECT", "A skill effect is not exactly one of add, flip, draw.")

func (c *compiler) compileCard(gc gamedata.Card) card {
	out := card{id: gc.ID, name: gc.Name, copies: kit.Copies(gc), pos: gc.Pos}
	kind, ok := deckKinds[gc.Deck]
	if !ok {
		c.report(kit.CodeCardInvalid, gc.Pos, "card %s: Mice Heist decks are obstacle, starting, upgrade, reminder and identity, not %q", gc.ID, gc.Deck)
		return out
	}
	out.kind = kind
	var y cardYAML
	if gc.Node != nil {
		if err := gc.Node.Decode(&y); err != nil {
			c.report(kit.CodeCardInvalid, gc.Pos, "card %s: %v", gc.ID, err)
			return out
		}
	}
	out.colour = y.Colour
	switch kind {
	case kindObstacle:
		if y.Job == "" || y.Order < 1 || y.Target < 1 {
			c.report(codeObstacleFields, gc.Pos, "obstacle %s needs job, order (1 or more) and target (1 or more)", gc.ID)
		}
		out.order, out.target, out.payout, out.finale = y.Order, y.Target, y.Payout, y.Finale
		for _, ic := range y.Icons {
			k, ok := c.keywords[ic]
			if !ok {
				c.report(gamedata.CodeUndefinedKeyword, gc.Pos, "obstacle %s: icon %q is not a keyword in game.yaml", gc.ID, ic)
				continue
			}
			out.icons |= 1 << uint(k)
		}
	case kindStarting, kindUpgrade:
		if len(y.Effects) == 0 {
			c.report(codeSkillNoEffect, gc.Pos, "skill %s has no effects", gc.ID)
		}
		for _, ey := range y.Effects {
			e := effect{icon: -1}
			n := 0
			if ey.Add != 0 {
				e.kind, e.amount = effAdd, ey.Add
				n++
			}
			if ey.Flip != 0 {
				e.kind, e.amount = effFlip, ey.Flip
				n++
			}
			if ey.Draw != 0 {
				e.kind, e.amount = effDraw, ey.Draw
				n++
			}
			if n != 1 {
				c.report(codeSkillEffect, gc.Pos, "skill %s: each effect is exactly one of add, flip, draw", gc.ID)
			}
			if ey.IfIcon != "" {
				k, ok := c.keywords[ey.IfIcon]
				if !ok {
					c.report(gamedata.CodeUndefinedKeyword, gc.Pos, "skill %s: icon %q is not a keyword in game.yaml", gc.ID, ey.IfIcon)
				}
				e.icon = k
			}
			out.effects = append(out.effects, e)
		}
	}
	return out
}

// Params exposes the compiled parameters.
func (g *Game) Params() Params { return g.params }

// Counters this game tallies, each with what it counts.
const (
	cntCheeseShort = iota
	cntTrackOverflow
	cntChipsShort
	cntFinaleFailed
)

var counterNames, counterDocs = kit.CounterInfo([]kit.Counter{
	{Name: "cheese_short", Doc: "cheese due that the supply did not have"},
	{Name: "track_overflow", Doc: "increases past the end of a track"},
	{Name: "chips_short", Doc: "chip draws with no chip left"},
	{Name: "finale_failed", Doc: "failed tests against a Finale"},
})

var alarmCheeseShort = codes.Alarm("CHEESE_SUPPLY_EMPTY", "The central cheese supply ran out when the rules handed out cheese.")

var alarmTrackOverflow = codes.Alarm("TRACK_OVERFLOW", "A contribution marker counted past the end of its track.")

var alarmChipsShort = codes.Alarm("CHIPS_EXHAUSTED", "A chip was to be drawn with none left in the bag or the play area.")

// Info: the bets are secret choices revealed together (SimultaneousMoves),
// and every seat sees the whole state (RULES.md, Bots and balance).
func (g *Game) Info() engine.Info {
	info := kit.Info(g.data)
	info.MinPlayers = max(info.MinPlayers, g.params.MinPlayers)
	info.MaxMoves = g.maxMoves
	info.SmokeGames = 300
	info.Cards = len(g.cards)
	info.Counters, info.CounterDocs = counterNames, counterDocs
	info.EndCauses = endCauses
	info.Dynamics = engine.SimultaneousMoves
	info.Information = engine.PerfectInformation
	info.Alarms = []engine.Alarm{
		{Counter: "cheese_short", Code: alarmCheeseShort, PerGame: 1},
		{Counter: "track_overflow", Code: alarmTrackOverflow, PerGame: 2},
		{Counter: "chips_short", Code: alarmChipsShort, PerGame: 0.1},
	}
	return info
}

// Facts are the numbers derived from parameters and data, for the sheet.
func (g *Game) Facts() map[string]any {
	food := make([]string, len(g.params.FoodPerJob))
	for i, f := range g.params.FoodPerJob {
		food[i] = fmt.Sprint(f)
	}
	finales := 0
	per := 0
	for _, st := range g.stacks {
		per = max(per, len(st))
		if len(st) > 0 && g.cards[st[len(st)-1]].finale {
			finales++
		}
	}
	return map[string]any{
		"jobs":              len(g.jobs),
		"obstacles_per_job": per,
		"finales":           finales,
		"chips":             len(g.chips),
		"food_values":       strings.Join(food, ", "),
		"foods_per_job":     len(g.params.FoodPerJob),
		"starting_skills":   len(g.starting),
		"max_players":       g.Info().MaxPlayers,
		"min_players":       g.Info().MinPlayers,
		"last_step":         g.params.CleanupStep,
		"upgrade_skills":    len(g.upgrades),
	}
}
