package hmm

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// The typed log: the result of a game is rebuilt from the events' typed
// fields alone (never their Text), and rule-by-rule checks that specific
// events carry the right fields.

// playLogged plays one game from its seed with bots of the given kinds
// (one per seat, repeating) and returns the final state and its log.
func playLogged(t *testing.T, g *Game, players int, seed uint64, kinds []string) (*state, []engine.Event) {
	t.Helper()
	var log []engine.Event
	s := g.NewState(players, engine.StateOptions{Log: func(e engine.Event) { log = append(log, e) }}).(*state)
	bots := make([]engine.Bot, players)
	for p := range bots {
		b, ok := engine.NewBot(kinds[p%len(kinds)], engine.GameSeed(seed, 1000+p))
		if !ok {
			t.Fatalf("no bot %s", kinds[p%len(kinds)])
		}
		bots[p] = b
	}
	chance := engine.NewRand(seed)
	for !s.IsTerminal() {
		if s.Move >= g.Info().MaxMoves {
			t.Fatalf("%d players, seed %d: no end after %d moves", players, seed, s.Move)
		}
		switch cur := s.CurrentPlayer(); cur {
		case engine.Chance:
			engine.Apply(s, s.SampleChance(chance))
		default:
			engine.Apply(s, bots[cur].Act(s, cur, s.LegalActions(cur, nil)))
		}
	}
	return s, log
}

// rebuilt is what the log says of one seat at the end.
type rebuilt struct {
	coll     int            // Prestige collected (prestige events)
	revealed int            // Prestige cards revealed from hand at the end
	heat     int            // Heat (heat resource changes)
	jail     int            // jail Time on the crew (jail time changes)
	hand     map[string]int // cards in hand, by id (moves to and from the hand)
}

// rebuild replays a log's typed fields: every change of a resource with a
// Total must add up to it, and a card leaves a hand only if it is there.
func rebuild(t *testing.T, players int, tieBreak string, log []engine.Event) ([]rebuilt, []float64) {
	t.Helper()
	seats := make([]rebuilt, players)
	for p := range seats {
		seats[p].hand = map[string]int{}
	}
	jobTime := map[string]int{}
	var returns []float64
	check := func(e engine.Event, got int) {
		if e.Total != nil && *e.Total != got {
			t.Fatalf("move %d %s seat %d: Total %d, the changes add up to %d", e.Move, e.Kind, e.Player+1, *e.Total, got)
		}
	}
	amount := func(e engine.Event) int {
		if e.Amount == nil {
			t.Fatalf("move %d %s seat %d: a %s change without an Amount", e.Move, e.Kind, e.Player+1, e.Resource)
		}
		return *e.Amount
	}
	for _, e := range log {
		if e.Kind == "end" {
			// The winners: the seats with most Prestige (collection and
			// hand), then least Heat or jail Time as tie_break reads it; a
			// full tie shares the win.
			st := make([]Standing, players)
			for p, r := range seats {
				st[p] = Standing{Collection: r.coll, InHand: r.revealed, Heat: r.heat, JailTime: r.jail}
			}
			won := Winners(st, tieBreak)
			returns = make([]float64, players)
			for _, w := range won {
				returns[w] = 1 / float64(len(won))
			}
			continue
		}
		if e.Player < 0 {
			continue
		}
		r := &seats[e.Player]
		if e.Card != "" && e.To == zHand {
			r.hand[e.Card]++
		}
		if e.Card != "" && e.From == zHand {
			if r.hand[e.Card] == 0 {
				t.Fatalf("move %d %s: seat %d has no %s in hand", e.Move, e.Kind, e.Player+1, e.Card)
			}
			r.hand[e.Card]--
		}
		switch e.Resource {
		case rPrestige:
			switch e.Kind {
			case "prestige":
				r.coll += amount(e)
				check(e, r.coll)
			case "reveal":
				if r.hand[e.Card] == 0 {
					t.Fatalf("move %d: seat %d reveals %s, not in hand", e.Move, e.Player+1, e.Card)
				}
				r.revealed += amount(e)
				check(e, r.coll+r.revealed)
			case "goal":
				check(e, r.coll)
			case "score":
				check(e, r.coll+r.revealed)
			}
		case rHeat:
			r.heat += amount(e)
			check(e, r.heat)
		case rJail:
			r.jail += amount(e)
			check(e, r.jail)
		case rTime:
			if e.Total == nil {
				continue // an effect that came to nothing
			}
			if e.Kind == "job" {
				jobTime[e.Card] = 0
			}
			jobTime[e.Card] += amount(e)
			check(e, jobTime[e.Card])
		}
	}
	return seats, returns
}

func TestLogRebuildsTheResult(t *testing.T) {
	g := shipped(t)
	info := g.Info()
	lineups := []struct {
		kinds []string
		games int
	}{
		{[]string{"random"}, 12},
		{[]string{"heuristic", "random"}, 2},
		{[]string{"heuristic"}, 1},
	}
	if testing.Short() {
		lineups = lineups[:1]
	}
	for players := max(info.MinPlayers, 2); players <= min(info.MaxPlayers, 6); players++ {
		for _, l := range lineups {
			for seed := uint64(1); seed <= uint64(l.games); seed++ {
				t.Run(fmt.Sprintf("%dp-%v-seed%d", players, l.kinds, seed), func(t *testing.T) {
					s, log := playLogged(t, g, players, seed, l.kinds)
					seats, returns := rebuild(t, players, g.params.TieBreak, log)
					referee(t, g, players, log)
					if returns == nil {
						t.Fatal("no end event")
					}
					if want := s.Returns(nil); !slices.Equal(returns, want) {
						t.Errorf("winners from the log %v, the engine's returns %v", returns, want)
					}
					for p, r := range seats {
						if r.coll != s.coll[p] || r.revealed != s.handPrestige(p) || r.heat != s.heat[p] || r.heat+r.jail != s.pending(p) {
							t.Errorf("seat %d from the log: collection %d, hand %d, Heat %d, jail Time %d; the engine: %d, %d, %d, pending %d",
								p+1, r.coll, r.revealed, r.heat, r.jail, s.coll[p], s.handPrestige(p), s.heat[p], s.pending(p))
						}
						want := map[string]int{}
						for k := 0; k < s.hand[p].Len(); k++ {
							want[s.id(s.hand[p].At(k))]++
						}
						for id, n := range r.hand {
							if n == 0 {
								delete(r.hand, id)
							}
						}
						if fmt.Sprint(r.hand) != fmt.Sprint(want) {
							t.Errorf("seat %d's hand from the log %v, the engine's %v", p+1, r.hand, want)
						}
					}
					for _, e := range log {
						if e.Kind == "score" && *e.Total != s.coll[e.Player]+s.handPrestige(e.Player) {
							t.Errorf("seat %d scores %d in the log, %d in the engine", e.Player+1, *e.Total, s.coll[e.Player]+s.handPrestige(e.Player))
						}
					}
				})
			}
		}
	}
}

// logged wires a log to a state set up by hand.
func logged(s *state) *[]engine.Event {
	var log []engine.Event
	s.Log = func(e engine.Event) { log = append(log, e) }
	return &log
}

// find is the first event of kind in log, failing the test without one.
func find(t *testing.T, log []engine.Event, kind string, match func(engine.Event) bool) engine.Event {
	t.Helper()
	for _, e := range log {
		if e.Kind == kind && (match == nil || match(e)) {
			return e
		}
	}
	t.Fatalf("no %s event in %v", kind, log)
	return engine.Event{}
}

func intIs(p *int, want int) bool { return p != nil && *p == want }

func TestLayLowCutAtZeroLogsThePrintedAmount(t *testing.T) {
	g := shipped(t)
	s := started(t, g, 2)
	setCrew(t, s, 0)
	s.heat[0] = 1
	log := logged(s)
	engine.Apply(s, actLayLow)
	e := find(t, *log, "laylow", nil)
	n := g.params.LayLow
	if e.Player != 0 || e.Resource != rHeat || !intIs(e.Amount, -1) || !intIs(e.Printed, -n) || !intIs(e.Total, 0) || e.Cause != causeLayLow {
		t.Errorf("lay low from 1 Heat: %+v; want Amount -1, Printed -%d, Total 0, cause %q", e, n, causeLayLow)
	}
	if want := fmt.Sprintf("seat 1 Heat -1 of -%d, now 0 (lay low)", n); e.Text != want {
		t.Errorf("text %q, want %q", e.Text, want)
	}
}

func TestUnpaidFeeLogsTheShortfallAndItsCause(t *testing.T) {
	g := shipped(t)
	s := started(t, g, 2)
	setCrew(t, s, 0, "ghost")
	setHand(t, s, 0)
	s.cur, s.heat[0], s.feeMask, s.cont = 0, 0, 1<<1, contFees
	log := logged(s)
	s.settle()
	fee := g.cards[mustCard(t, g, "ghost")].cost
	pay := find(t, *log, "pay", nil)
	if pay.Cause != "ghost" || !intIs(pay.Amount, 0) || !intIs(pay.Printed, fee) || pay.Result != "short" {
		t.Errorf("pay event %+v; want $0 of $%d for ghost, short", pay, fee)
	}
	if e := find(t, *log, "fee", nil); e.Card != "ghost" || e.Result != "unpaid" {
		t.Errorf("fee event %+v", e)
	}
	if e := find(t, *log, "quit", nil); e.Card != "ghost" || e.From != zCrew || e.To != zDiscard {
		t.Errorf("quit event %+v", e)
	}
	h := g.params.UnpaidFeeHeat
	if e := find(t, *log, "heat", nil); e.Cause != "ghost" || !intIs(e.Amount, h) || !intIs(e.Total, h) {
		t.Errorf("heat event %+v; want +%d caused by ghost", e, h)
	}
}

func TestCompletedHeistLogsPrestigeHeatAndRewardDraws(t *testing.T) {
	g := shipped(t)
	s := monaLisaTable(t, g, "laser-grid", "timelock-vault")
	log := logged(s)
	engine.Apply(s, actHeist+0)
	engine.Apply(s, s.LegalActions(0, nil)[0])
	for s.ph == phChance {
		engine.Apply(s, s.ChanceOutcomes(nil)[0].Action)
	}
	att := find(t, *log, "attempt", nil)
	if att.Card != "mona-lisa" || att.Result != "complete" {
		t.Fatalf("attempt %+v", att)
	}
	pr := find(t, *log, "prestige", nil)
	if pr.Card != "mona-lisa" || !intIs(pr.Amount, s.coll[0]) || !intIs(pr.Total, s.coll[0]) || pr.To != zCollection || s.coll[0] == 0 {
		t.Errorf("prestige %+v, collection %d", pr, s.coll[0])
	}
	if e := find(t, *log, "heat", nil); e.Cause != "mona-lisa" || !intIs(e.Total, s.heat[0]) {
		t.Errorf("heat %+v, Heat %d", e, s.heat[0])
	}
	draws := 0
	for _, e := range *log {
		if e.Kind == "draw" && e.Cause == "mona-lisa" && e.From == zDeck && e.To == zHand {
			draws++
		}
	}
	if want := g.cards[mustCard(t, g, "mona-lisa")].job.Reward; draws != want {
		t.Errorf("%d reward draws logged, want %d", draws, want)
	}
}

func TestTurnsAndRoundsAreMarked(t *testing.T) {
	g := shipped(t)
	_, log := playLogged(t, g, 3, 1, []string{"random"})
	turns, rounds := 0, 0
	for _, e := range log {
		switch e.Kind {
		case "turn":
			turns++
			if e.At == nil || e.At.Turn != turns || e.At.Round != rounds {
				t.Fatalf("turn %d marked %+v in round %d", turns, e.At, rounds)
			}
		case "round":
			rounds++
			if e.Player != -1 || e.At == nil || e.At.Round != rounds {
				t.Fatalf("round %d marked %+v", rounds, e.At)
			}
		}
	}
	if turns == 0 || rounds == 0 || rounds > turns {
		t.Errorf("%d turns in %d rounds", turns, rounds)
	}
}
