package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/cardpress/cardpress/engine"
)

// A skill ladder plays a game with agents of rising skill (the Tabletop
// Games framework's way of judging a game: Goodman et al., "Measuring
// game balance with a skill ladder"): random, the one-step look-ahead,
// MCTS at half the budget and MCTS at the budget. Every ordered pair of
// agents is a cell of the matchup matrix; every agent alone at the table
// is a cell of the diagonal, the seat advantage at its skill level.

// Ladder budgets. L is the mean length in moves of LadderProbeGames
// seeded random-bot games. An MCTS iteration that plays the game out from
// the decision plays about L/2 moves, so a decision simulates B times
// that; the top agent gets B = S / L iterations a decision, S =
// LadderMoves: every game's search simulates about LadderMoves/2 moves a
// decision, 2-30 ms on the engines (docs/commands.md, Skill ladder).
//
// A long game (L above LadderLongGame: Heist Society's thousands of
// moves, Hearts') has as many more decisions, so its ladder would cost
// L/LadderLongGame times as much: its S is LadderMoves*LadderLongGame/L,
// the moves a decision that keep a whole game's search at what a game of
// LadderLongGame moves costs; when its states evaluate, B = S /
// LadderLongHorizon, the length of play-out that budget was set for.
//
// A game whose states evaluate gets the guided search (LadderGuided):
// MCTS that starts from the one-step look-ahead's choice (prior), plays
// each iteration on with look-ahead moves for engine.GuidedHorizon moves
// and scores it by each seat's margin in the evaluation. Random
// play-outs scored by who wins or leads told moves apart too faintly in
// Crazy Eights and Heist Society, where the look-ahead beat MCTS with
// them (docs/commands.md, Skill ladder). A guided iteration costs a few
// look-aheads, about the same in every game, so its B is at most
// LadderGuidedMaxBudget.
//
// B is even (the half budget exact), within LadderMinBudget and
// LadderMaxBudget.
const (
	LadderMoves           = 18_000
	LadderLongGame        = 400
	LadderLongHorizon     = 100
	LadderProbeGames      = 20
	LadderMinBudget       = 8
	LadderMaxBudget       = 1000
	LadderGuidedMaxBudget = 100
)

// LadderGuided is the guided search's knobs (engine.ParseBot), after
// its budget.
var LadderGuided = engine.GuidedKnobs

// LadderPlayers is the player count of the one ladder a report has by
// default, per variant (the nearest count the report covers when the
// game or --players leaves it out): the one the measured ladders and the
// benchmark are at, and most games' middle count.
const LadderPlayers = 4

// LadderPlan is the budget and search of a ladder's MCTS agents.
type LadderPlan struct {
	Budget int  // the top agent's iterations a decision
	Guided bool // the guided search (LadderGuided), else random play-outs to the end
}

// PlanLadder is the ladder plan for g at players, from the length of
// LadderProbeGames random-bot games and whether its states evaluate.
func PlanLadder(g engine.Game, players int, seed uint64) LadderPlan {
	s := engine.Run(g, engine.RunConfig{Players: players, Games: LadderProbeGames, Seed: seed, Workers: 1})
	return planFor(s.MeanMoves(), engine.Evaluates(g.NewState(players, engine.StateOptions{})))
}

// planFor is the plan for a game of mean length l moves; evaluates says
// whether its states evaluate, which the guided search needs.
func planFor(l float64, evaluates bool) LadderPlan {
	l = math.Max(l, 1)
	moves, length := float64(LadderMoves), l
	if l > LadderLongGame {
		moves = LadderMoves * LadderLongGame / l
		if evaluates {
			length = LadderLongHorizon
		}
	}
	b := int(math.Round(moves / length))
	b = min(max(b+b%2, LadderMinBudget), LadderMaxBudget)
	if evaluates {
		return LadderPlan{Budget: min(b, LadderGuidedMaxBudget), Guided: true}
	}
	return LadderPlan{Budget: b}
}

// LadderAgents are the ladder's agents, weakest first, with plan's
// budget and search.
func LadderAgents(plan LadderPlan) []string {
	mcts := func(n int) string {
		if plan.Guided {
			return fmt.Sprintf("mcts:%d:%s", n, LadderGuided)
		}
		return fmt.Sprintf("mcts:%d", n)
	}
	return []string{"random", "heuristic", mcts(plan.Budget / 2), mcts(plan.Budget)}
}

// How long a ladder's runs play. An off-diagonal cell plays LadderFloor
// games with its row agent at each seat, then half as many again at a
// time, until the row agent's 95% interval over all seats leaves the fair
// share 1/n (the matchup is decided) or is within LadderWithin either
// side, or LadderCap games a seat. A diagonal cell (every seat the same
// agent) plays LadderFloor games a seat likewise until every seat's
// interval leaves 1/n or is within LadderSeatWithin.
const (
	LadderFloor      = 10
	LadderCap        = 150
	LadderWithin     = 0.05
	LadderSeatWithin = 0.08
)

// LadderConfig is one ladder's settings at one player count.
type LadderConfig struct {
	Players int
	Agents  []string // engine.NewBot names, weakest first
	Seed    uint64
	Workers int
	// Floor and Cap are games a seat (0: LadderFloor, LadderCap).
	Floor, Cap int
	// Shard and Shards split the ladder by cell: with Shards = N > 1 only
	// the cells i with i % N == Shard are played (0-based). A cell is not
	// split: it stops on its own intervals.
	Shard, Shards int
	Each          func(engine.Result)
}

// Ladder is a skill ladder's results at one player count, or the part of
// them one shard played.
type Ladder struct {
	Players int           `json:"players"`
	Agents  []string      `json:"agents"`
	Cells   []*LadderCell `json:"cells"`
}

// LadderCell is one cell of the matrix. Row == Col is the diagonal: one
// run with that agent at every seat (Seats[0]). Otherwise Seats[k] is
// the run with Row's agent at seat k and Col's at every other seat.
type LadderCell struct {
	Row   int               `json:"row"`
	Col   int               `json:"col"`
	Seats []*engine.Summary `json:"seats"`
}

// ladderCells lists the cells in their fixed order (the shards' order):
// the diagonal first, then the matrix row by row.
func ladderCells(agents int) [][2]int {
	var out [][2]int
	for i := range agents {
		out = append(out, [2]int{i, i})
	}
	for r := range agents {
		for c := range agents {
			if r != c {
				out = append(out, [2]int{r, c})
			}
		}
	}
	return out
}

// PlayLadder plays cfg's cells of g's ladder side by side; each cell
// stops on its own intervals, so its games do not depend on the others,
// on the workers or on the shard it was played in.
func PlayLadder(g engine.Game, cfg LadderConfig) *Ladder {
	cfg.Floor, cfg.Cap = cmp.Or(cfg.Floor, LadderFloor), cmp.Or(cfg.Cap, LadderCap)
	shards := max(cfg.Shards, 1)
	l := &Ladder{Players: cfg.Players, Agents: slices.Clone(cfg.Agents)}
	var wg sync.WaitGroup
	for i, rc := range ladderCells(len(cfg.Agents)) {
		if i%shards != cfg.Shard {
			continue
		}
		cell := &LadderCell{Row: rc[0], Col: rc[1]}
		l.Cells = append(l.Cells, cell)
		wg.Add(1)
		go func() {
			defer wg.Done()
			playCell(g, cfg, cell)
		}()
	}
	wg.Wait()
	return l
}

// lineups are a cell's runs: the row agent at each seat, or the one
// agent everywhere on the diagonal.
func (c *LadderCell) lineups(agents []string, players int) [][]string {
	if c.Row == c.Col {
		return [][]string{{agents[c.Row]}}
	}
	var out [][]string
	for k := range players {
		l := make([]string, players)
		for s := range l {
			l[s] = agents[c.Col]
		}
		l[k] = agents[c.Row]
		out = append(out, l)
	}
	return out
}

// playCell plays a cell's runs in step, floor games a seat, then half as
// many again at a time, until decided says so or the cap is reached; the
// games played are always the first of each run's seed (as RunUntil).
func playCell(g engine.Game, cfg LadderConfig, cell *LadderCell) {
	lineups := cell.lineups(cfg.Agents, cfg.Players)
	// A diagonal run counts its games for all seats at once.
	per := 1
	if cell.Row == cell.Col {
		per = cfg.Players
	}
	cell.Seats = make([]*engine.Summary, len(lineups))
	done, next := 0, cfg.Floor*per
	for {
		for k, bots := range lineups {
			s := engine.Run(g, engine.RunConfig{Players: cfg.Players, Games: next - done, First: done, Seed: cfg.Seed,
				Workers: cfg.Workers, Bots: bots, Each: cfg.Each})
			if cell.Seats[k] == nil {
				cell.Seats[k] = s
			} else {
				cell.Seats[k].Merge(s)
			}
		}
		done = next
		if done >= cfg.Cap*per || cell.decided(cfg.Players) {
			return
		}
		next = nextLook(done, cfg.Floor*per, cfg.Cap*per)
	}
}

// decided says whether a cell's runs may stop: its interval excludes the
// fair share, or its 95% interval holds it and is within LadderWithin
// (LadderSeatWithin) of its rate. On the diagonal every seat's, judged by
// seatZ's wider interval, the one SkilledSeats names a seat by: a seat
// beyond its 95% interval but not the wide one plays on, narrow or not,
// so the cell stops neither on a run of luck nor before a real advantage
// shows (Heist Masterminds' last seat, 18% at 405 games, named; at 180 it
// was narrow and the cell stopped unnamed).
func (c *LadderCell) decided(players int) bool {
	fair := 1 / float64(players)
	settled := func(won, games, within float64, judged func(k, n float64) (lo, hi float64)) bool {
		if lo, hi := judged(won, games); lo > fair || hi < fair {
			return true
		}
		lo, hi := engine.Wilson(won, games)
		return (hi-lo)/2 <= within && lo <= fair && fair <= hi
	}
	if c.Row == c.Col {
		s, z := c.Seats[0], seatZ(players)
		wide := func(k, n float64) (float64, float64) { return engine.WilsonAt(k, n, z) }
		for seat := range players {
			if !settled(s.WinRate(seat)*float64(s.Games), float64(s.Games), LadderSeatWithin, wide) {
				return false
			}
		}
		return true
	}
	won, games := c.rowWins()
	return settled(won, games, LadderWithin, engine.Wilson)
}

// rowWins sums the row agent's wins (shares of wins) and the games over
// the cell's runs.
func (c *LadderCell) rowWins() (won, games float64) {
	for k, s := range c.Seats {
		won += s.WinRate(k) * float64(s.Games)
		games += float64(s.Games)
	}
	return won, games
}

// Merge adds the cells of another shard of the same ladder.
func (l *Ladder) Merge(o *Ladder) error {
	if o.Players != l.Players || !slices.Equal(o.Agents, l.Agents) {
		return fmt.Errorf("a ladder at %d players of %v, not %d players of %v", o.Players, o.Agents, l.Players, l.Agents)
	}
	for _, c := range o.Cells {
		if l.Cell(c.Row, c.Col) != nil {
			return fmt.Errorf("cell %s vs %s twice", l.Agents[c.Row], l.Agents[c.Col])
		}
		l.Cells = append(l.Cells, c)
	}
	order := ladderCells(len(l.Agents))
	slices.SortFunc(l.Cells, func(a, b *LadderCell) int {
		return slices.Index(order, [2]int{a.Row, a.Col}) - slices.Index(order, [2]int{b.Row, b.Col})
	})
	return nil
}

// Check reports why l is not a whole ladder: a cell missing or out of
// range, or a run of another player count or seat.
func (l *Ladder) Check() error {
	if err := l.CheckAgents(); err != nil {
		return err
	}
	n := len(l.Agents)
	for i, c := range l.Cells {
		switch {
		case c.Row < 0 || c.Row >= n || c.Col < 0 || c.Col >= n:
			return fmt.Errorf("cells/%d: row %d, column %d: the ladder has %d agents", i, c.Row, c.Col, n)
		case len(c.Seats) != len(c.lineups(l.Agents, l.Players)):
			return fmt.Errorf("cells/%d/seats: %d runs, want %d", i, len(c.Seats), len(c.lineups(l.Agents, l.Players)))
		}
		for k, s := range c.Seats {
			if s == nil || s.Players != l.Players || s.Games == 0 {
				return fmt.Errorf("cells/%d/seats/%d: not a run of %d players", i, k, l.Players)
			}
			if err := s.Check(); err != nil {
				return fmt.Errorf("cells/%d/seats/%d/%v", i, k, err)
			}
		}
	}
	for _, rc := range ladderCells(n) {
		if l.Cell(rc[0], rc[1]) == nil {
			return fmt.Errorf("cell %s vs %s is missing (a shard not merged?)", l.Agents[rc[0]], l.Agents[rc[1]])
		}
	}
	return nil
}

// CheckAgents reports why l's agents are not a ladder's (LadderAgents):
// the page names the rungs by their place, the MCTS ones by budget, so a
// shard file edited by hand with other agents is refused, not drawn.
func (l *Ladder) CheckAgents() error {
	if b := l.Budget(); b > 0 {
		for _, guided := range []bool{false, true} {
			if slices.Equal(l.Agents, LadderAgents(LadderPlan{Budget: b, Guided: guided})) {
				return nil
			}
		}
	}
	return fmt.Errorf("agents: %q are not a skill ladder's (random, heuristic, mcts:B/2 and mcts:B with the same knobs)", l.Agents)
}

// Budget is the top MCTS agent's iterations a decision, read from its
// spec ("mcts:B:..."), or 0 when l's agents are not a ladder's.
func (l *Ladder) Budget() int {
	if len(l.Agents) != 4 {
		return 0
	}
	_, top, _ := strings.Cut(l.Agents[3], ":")
	top, _, _ = strings.Cut(top, ":")
	b, err := strconv.Atoi(top)
	if err != nil || b < 0 {
		return 0
	}
	return b
}

// Cell is the cell of row agent r against column agent c, nil when l
// does not hold it.
func (l *Ladder) Cell(r, c int) *LadderCell {
	for _, cell := range l.Cells {
		if cell.Row == r && cell.Col == c {
			return cell
		}
	}
	return nil
}

// Rate is a share of games won with its 95% Wilson interval.
type Rate struct {
	Value, Lo, Hi float64
	Games         int
}

func rateOf(won, games float64) Rate {
	lo, hi := engine.Wilson(won, games)
	v := 0.0
	if games > 0 {
		v = won / games
	}
	return Rate{Value: v, Lo: lo, Hi: hi, Games: int(games)}
}

// Above and Below say whether the interval lies wholly above or below x.
func (r Rate) Above(x float64) bool { return r.Lo > x }
func (r Rate) Below(x float64) bool { return r.Hi < x }

// Fair is the fair share of a seat, 1/n.
func (l *Ladder) Fair() float64 { return 1 / float64(l.Players) }

// Matchup is how often row agent r wins against column agent c (c at
// every other seat, r at each seat in turn); on the diagonal it is the
// mean over seats, the fair share.
func (l *Ladder) Matchup(r, c int) Rate {
	cell := l.Cell(r, c)
	if r == c {
		s := cell.Seats[0]
		return rateOf(float64(s.Games)*l.Fair(), float64(s.Games))
	}
	return rateOf(cell.rowWins())
}

// SeatRates are each seat's win rates with agent a at every seat.
func (l *Ladder) SeatRates(a int) []Rate {
	s := l.Cell(a, a).Seats[0]
	var out []Rate
	for seat := range l.Players {
		out = append(out, rateOf(s.WinRate(seat)*float64(s.Games), float64(s.Games)))
	}
	return out
}

// Depth is the skill-depth figure: the mean over every pair of agents of
// how often the stronger won against the weaker (the matrix's lower
// triangle, stronger rows against weaker columns), each pair counting
// alike however many games decided it; to set against the fair share
// 1/n. Its interval is the normal one of a mean of independent shares.
func (l *Ladder) Depth() Rate {
	var sum, variance float64
	pairs, games := 0, 0
	for r := range l.Agents {
		for c := range r {
			m := l.Matchup(r, c)
			sum += m.Value
			variance += m.Value * (1 - m.Value) / float64(max(m.Games, 1))
			pairs++
			games += m.Games
		}
	}
	k := float64(max(pairs, 1))
	mean, half := sum/k, 1.959963984540054*math.Sqrt(variance)/k
	return Rate{Value: mean, Lo: math.Max(0, mean-half), Hi: math.Min(1, mean+half), Games: games}
}

// Steps says, for each agent above the weakest, whether it beat the agent
// below it beyond its interval.
func (l *Ladder) Steps() []bool {
	var out []bool
	for r := 1; r < len(l.Agents); r++ {
		out = append(out, l.Matchup(r, r-1).Above(l.Fair()))
	}
	return out
}

// StrongestBeaten is the strongest agent below r's neighbour that r beats
// beyond its interval, or -1. A step too small to show (MCTS against
// MCTS at half its budget, or the half budget against the look-ahead)
// does not mean the agent above it plays no better than those further
// down: Crazy Eights' top search beats the look-ahead where its half
// budget does not.
func (l *Ladder) StrongestBeaten(r int) int {
	for c := r - 2; c >= 0; c-- {
		if l.Matchup(r, c).Above(l.Fair()) {
			return c
		}
	}
	return -1
}

// LuckDominated says the ladder is flat: no agent beat a weaker one
// beyond its interval, so skill does not show in who wins. Each step may
// be too small to show on its own while the top agent still beats random
// or the look-ahead; such a ladder is not flat.
func (l *Ladder) LuckDominated() bool {
	for r := range l.Agents {
		for c := range r {
			if l.Matchup(r, c).Above(l.Fair()) {
				return false
			}
		}
	}
	return true
}

// SkilledSeat is a seat whose advantage shows only with skilled play.
type SkilledSeat struct {
	Seat   int // 0-based
	Agent  int // the weakest agent at whose level it shows
	Random Rate
	Rate   Rate
}

// SkilledSeats are the seats whose win rate is within its interval of
// fair with the weakest agent at every seat but not with the strongest:
// an advantage (or handicap) that only skilled play shows. The intervals
// are seatZ's, widened for every seat at every look of the cell, so a
// fair game is not named for its luck.
func (l *Ladder) SkilledSeats() []SkilledSeat { return l.seatsUnfair(false) }

// SteadySeats are the seats whose win rate is off fair the same way with
// the weakest agent and the strongest at every seat, by seatZ's intervals:
// an advantage (or handicap) play does not change. A game that one seat
// always wins has a flat ladder, but it is not a game of luck. When games
// of those runs were unfinished (no winner: the verdict says so), every
// seat is below fair and none is named.
func (l *Ladder) SteadySeats() []SkilledSeat {
	for _, a := range []int{0, len(l.Agents) - 1} {
		if s := l.Cell(a, a).Seats[0]; s.Capped+s.Panics > 0 {
			return nil
		}
	}
	return l.seatsUnfair(true)
}

// seatsUnfair are the seats off fair with the strongest agent at every
// seat and, when random, with the weakest too, on the same side; else
// within their interval with the weakest.
func (l *Ladder) seatsUnfair(random bool) []SkilledSeat {
	z := seatZ(l.Players)
	side := func(a, seat int) (Rate, int) {
		s := l.Cell(a, a).Seats[0]
		won, games := s.WinRate(seat)*float64(s.Games), float64(s.Games)
		lo, hi := engine.WilsonAt(won, games, z)
		switch {
		case lo > l.Fair():
			return rateOf(won, games), 1
		case hi < l.Fair():
			return rateOf(won, games), -1
		}
		return rateOf(won, games), 0
	}
	top := len(l.Agents) - 1
	var out []SkilledSeat
	for seat := range l.Players {
		base, was := side(0, seat)
		r, is := side(top, seat)
		if is != 0 && ((random && was == is) || (!random && was == 0)) {
			out = append(out, SkilledSeat{Seat: seat, Agent: top, Random: base, Rate: r})
		}
	}
	return out
}

// seatZ is the width, in standard errors, of the intervals a seat is
// judged by on the diagonal: 95% for all n seats at every look a diagonal
// cell can take before it stops (Bonferroni over n x ladderLooks tests),
// since a cell that stops when its seats look decided may stop on a run
// of luck. Corrected for the seats alone, a Crazy Eights ladder at B 686
// named two seats after 120 games, 15% and 38%, that 600 fresh games
// showed at 27% and 24%; now its cell plays on to 270 games and names
// none (decided).
func seatZ(players int) float64 {
	return normalQuantile(1 - 0.05/(2*float64(players*ladderLooks(LadderFloor, LadderCap))))
}

// ladderLooks is how many times a cell of floor to most games a seat
// looks at its intervals: at the floor, then at each step of half as many
// again (at least the floor) up to most.
func ladderLooks(floor, most int) int {
	looks := 1
	for done := floor; done < most; done = nextLook(done, floor, most) {
		looks++
	}
	return looks
}

// nextLook is the games a cell has played at its next look, after done:
// half as many again, at least floor more, at most most.
func nextLook(done, floor, most int) int { return min(most, done+max(done/2, floor)) }

// normalQuantile is the standard normal's quantile at p (0.5 < p < 1).
func normalQuantile(p float64) float64 { return math.Sqrt2 * math.Erfinv(2*p-1) }

// Unfinished is how many of the ladder's games hit the turn cap and how
// many stopped on a panic: no seat won them, so the rates of their cells
// add up to less than the fair shares.
func (l *Ladder) Unfinished() (capped, panicked int) {
	for _, c := range l.Cells {
		for _, s := range c.Seats {
			capped, panicked = capped+s.Capped, panicked+s.Panics
		}
	}
	return capped, panicked
}

// MostlyUnfinished says that at least unfinishedShare of the ladder's
// games did not finish, too many for a flat ladder to say luck.
func (l *Ladder) MostlyUnfinished() bool {
	capped, panicked := l.Unfinished()
	return float64(capped+panicked) >= unfinishedShare*float64(l.Games())
}

// unfinishedShare is the share of unfinished games (won by nobody) past
// which a flat ladder is not called luck-dominated: one game in a hundred
// drawn by the cap moves a cell by at most a point.
const unfinishedShare = 0.01

// Games is the number of games the ladder played.
func (l *Ladder) Games() int {
	n := 0
	for _, c := range l.Cells {
		for _, s := range c.Seats {
			n += s.Games
		}
	}
	return n
}
