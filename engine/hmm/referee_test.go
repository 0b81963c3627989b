package hmm

import (
	"fmt"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// referee checks a game against the book from its log's typed fields and
// the card data alone, as an outside referee would: who may go on a heist,
// who carries which Gear, Play Immediately cards resolved when drawn (from
// the deck or the discard pile, before any other draw waits), and the Time
// the goal removes. It knows the rules through g's parameters only.
func referee(t *testing.T, g *Game, players int, log []engine.Event) {
	t.Helper()
	r := newRefTable(g, players)
	for i, e := range log {
		if err := r.event(log, i); err != nil {
			t.Fatalf("move %d %s seat %d (%s): %v", e.Move, e.Kind, e.Player+1, e.Text, err)
		}
	}
}

// refMember is one crew member as the log shows it.
type refMember struct {
	gear     string
	jail     int
	faceDown bool
	sent     bool // on the heist under way
}

// refCrew is a seat's members by card id.
type refCrew map[string][]*refMember

func (c refCrew) add(id string) { c[id] = append(c[id], &refMember{}) }

// pick is a copy of card id for which ok holds, or nil.
func (c refCrew) pick(id string, ok func(*refMember) bool) *refMember {
	for _, m := range c[id] {
		if ok(m) {
			return m
		}
	}
	return nil
}

func (c refCrew) remove(id string, m *refMember) {
	ms := c[id]
	for k := range ms {
		if ms[k] == m {
			c[id] = append(ms[:k], ms[k+1:]...)
			return
		}
	}
}

type refTable struct {
	g     *Game
	kinds map[string]cardKind
	// crews: each seat's members by card id; copies of a card are told
	// apart by what the log says of them (Gear, jail, face down).
	crews []map[string][]*refMember
	jobs  map[string]bool // Jobs on the table
	sent  []string        // members sent on the heist under way
	// mustDraw: a Play Immediately card that draws resolved; its draws
	// come next, before any other.
	mustDraw     string
	mustDrawLeft int
	goalTime     bool // the goal was reached: the Time removals follow
	goalJobs     int  // Jobs whose Time the goal removed
	jobsAtGoal   int  // Jobs on the table when the goal was reached
}

func newRefTable(g *Game, players int) *refTable {
	r := &refTable{g: g, kinds: map[string]cardKind{}, jobs: map[string]bool{}}
	for _, c := range g.cards {
		r.kinds[c.id] = c.kind
	}
	for p := 0; p < players; p++ {
		r.crews = append(r.crews, map[string][]*refMember{})
	}
	return r
}

func (r *refTable) card(id string) *card { return &r.g.cards[r.g.cardID(id)] }

func (r *refTable) event(log []engine.Event, i int) error {
	e := log[i]
	if err := r.drawOrder(e); err != nil {
		return err
	}
	if r.goalTime && e.Cause != causeGoal && e.Kind != "expire" && e.Kind != "complication" {
		// The goal's Time removals are over: every Job lost one.
		r.goalTime = false
		if r.g.params.GoalTime == goalTimeAll && r.goalJobs != r.jobsAtGoal {
			return fmt.Errorf("the goal took Time off %d Jobs, %d are on the table", r.goalJobs, r.jobsAtGoal)
		}
	}
	if e.Card != "" && e.To == zHand && r.kinds[e.Card] == kindImmediate {
		return fmt.Errorf("a Play Immediately card went to the hand unresolved")
	}
	var crew refCrew
	if e.Player >= 0 && e.Player < len(r.crews) {
		crew = refCrew(r.crews[e.Player])
	}
	switch e.Kind {
	case "turn":
		for _, ms := range crew {
			for _, m := range ms {
				m.faceDown = false
			}
		}
	case "mastermind":
		crew.add(e.Card)
	case "hire":
		if r.kinds[e.Card] != kindGear {
			crew.add(e.Card)
			break
		}
		// Gear goes to a member out of jail (a jailed one would lose it).
		m := crew.pick(e.Result, func(m *refMember) bool { return m.gear == "" && m.jail == 0 })
		if m == nil {
			return fmt.Errorf("Gear %s given to %q, not a member out of jail without Gear", e.Card, e.Result)
		}
		m.gear = e.Card
	case "discard", "dismiss", "quit":
		if e.From != zCrew {
			break
		}
		if r.kinds[e.Card] == kindGear {
			m := crew.pick(e.Result, func(m *refMember) bool { return m.gear == e.Card })
			if m == nil {
				return fmt.Errorf("%s leaves a crew it is not in", e.Card)
			}
			m.gear = ""
			break
		}
		// The member leaves after its Gear; a jailed one snitches next.
		// Copies in jail are told apart by the Time the snitch brings back.
		time := 0
		if i+1 < len(log) && log[i+1].Kind == "snitch" {
			time = -*log[i+1].Amount
		}
		jailed := time > 0
		m := crew.pick(e.Card, func(m *refMember) bool { return m.gear == "" && m.jail == time })
		if m == nil {
			return fmt.Errorf("%s (jailed %v) leaves a crew without such a member", e.Card, jailed)
		}
		if jailed && e.Kind == "discard" && r.g.params.DemolitionVictim == victimFree {
			return fmt.Errorf("jailed %s discarded by Demolition", e.Card)
		}
		crew.remove(e.Card, m)
	case "jail":
		// Its Gear, if any, was discarded just before.
		m := crew.pick(e.Card, func(m *refMember) bool { return m.jail == 0 && m.gear == "" })
		if m == nil {
			return fmt.Errorf("%s jailed: not a free member without Gear", e.Card)
		}
		m.jail = *e.Amount
	case "time":
		if e.Resource == rJail {
			return r.serve(crew, *e.Amount)
		}
		if e.Cause == causeGoal {
			r.goalJobs++
		}
	case "snitch":
		// Logged after the member left (dismissed, or Demolition's
		// victim with demolition_victim any).
		if e.Cause != causeSnitch {
			return fmt.Errorf("a snitch caused by %q", e.Cause)
		}
	case "maneuver":
		m := crew.pick(e.Card, func(m *refMember) bool { return m.jail == 0 && !m.faceDown && m.gear == e.Result })
		if m == nil {
			return fmt.Errorf("a maneuver by %s, not a free member", e.Card)
		}
		m.faceDown = true
	case "job":
		if e.Card != "" { // else none was left to deal
			r.jobs[e.Card] = true
		}
	case "expire":
		delete(r.jobs, e.Card)
	case "prestige":
		delete(r.jobs, e.Card)
	case "goal":
		r.goalTime, r.goalJobs, r.jobsAtGoal = true, 0, len(r.jobs)
	case "heist":
		r.sent = r.sent[:0]
		for _, ms := range crew {
			for _, m := range ms {
				m.sent = false
			}
		}
	case "send":
		m := crew.pick(e.Card, func(m *refMember) bool { return m.jail == 0 && !m.faceDown && m.gear == e.Result && !m.sent })
		if m == nil {
			return fmt.Errorf("%s sent with %q: no such free member in the crew", e.Card, e.Result)
		}
		m.sent = true
		r.sent = append(r.sent, e.Card)
	case "attempt":
		if len(r.sent) == 0 {
			return fmt.Errorf("a heist attempted by nobody")
		}
		if r.card(e.Card).job.RivalStash != (e.Target != nil) {
			return fmt.Errorf("Rival's Stash %v, rival named %v", r.card(e.Card).job.RivalStash, e.Target)
		}
	case "immediate":
		if e.Result == "resolves" {
			for _, ef := range r.card(e.Card).effects {
				if ef.Draw > 0 {
					r.mustDraw, r.mustDrawLeft = e.Card, ef.Draw
				}
			}
		}
	}
	return nil
}

// serve: amount (negative) jail Time came off a crew, one from each jailed
// member.
func (r *refTable) serve(crew refCrew, amount int) error {
	n := 0
	for _, ms := range crew {
		for _, m := range ms {
			if m.jail > 0 {
				m.jail--
				n++
			}
		}
	}
	if -amount != n {
		return fmt.Errorf("jail Time %d off a crew with %d jailed", amount, n)
	}
	return nil
}

// drawOrder: after a Play Immediately card that draws, its draws come
// first (a draw, another Play Immediately card, or nothing left to draw).
func (r *refTable) drawOrder(e engine.Event) error {
	if r.mustDrawLeft == 0 {
		return nil
	}
	isDraw := (e.Kind == "draw" || e.Kind == "immediate") && e.From == zDeck || e.Kind == "draw" && e.Result == "deck empty"
	if !isDraw {
		return nil
	}
	if e.Cause != r.mustDraw {
		return fmt.Errorf("a draw for %q while %s's draws wait", e.Cause, r.mustDraw)
	}
	r.mustDrawLeft--
	return nil
}

// The book's readings, and their alternatives, each played by random and
// heuristic bots at every player count, refereed from the log.
func TestRefereeReadsEveryReading(t *testing.T) {
	readings := []map[string]string{
		nil,
		{"final_round": "finish_round"},
		{"goal_time": "own", "tie_break": "heat_plus_time", "demolition_victim": "any"},
	}
	games := 6
	if testing.Short() {
		games = 2
	}
	for _, params := range readings {
		d := shippedData(t)
		setParams(t, d, params)
		g, fs := Build(d)
		if g == nil {
			t.Fatal(fs)
		}
		for players := 2; players <= 6; players++ {
			for seed := uint64(1); seed <= uint64(games); seed++ {
				kinds := []string{"random", "heuristic"}
				_, log := playLogged(t, g, players, seed, kinds[seed%2:])
				t.Run(fmt.Sprintf("%v/%dp/seed%d", params, players, seed), func(t *testing.T) {
					referee(t, g, players, log)
				})
			}
		}
	}
}
