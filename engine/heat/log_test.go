package heat

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// The typed log (log.go): each seat's money and Heat, the value of a Heat
// token, the scores and the winners are rebuilt from the events' typed
// fields alone (never their Text) and compared with the engine's state.

// keeper is a Game that keeps the last state it made, so a test can play
// a game as `cardpress replay` does and then look at the state it ended in.
type keeper struct {
	*Game
	last *state
}

func (k *keeper) NewState(players int, opts engine.StateOptions) engine.State {
	k.last = k.Game.NewState(players, opts).(*state)
	return k.last
}

// ledger is what the log says each seat holds.
type ledger struct {
	money, heat [maxSeats]int
	value       int  // a Heat token's worth, from heat_value
	valued      bool // the log gave it
	score       [maxSeats]int
	scored      engine.Seats // seats whose score event was seen
	winners     engine.Seats // score events with result win
	arrested    bool
	board       *slotBoard // the Heat board, slot by slot
}

// slotBoard is the Heat board as the log draws it: which slots hold a
// token, rebuilt from the heat_slot events alone, each checked against the
// book ("remove a Heat token from the board in the slot covering the least
// negative number"; "When returning Heat, place it in the most negative
// spot available") and against the Heat change that moved it.
type slotBoard struct {
	rows   []BoardRow // the heat_board parameter, as the log's header gives it
	filled [][]bool   // [row][slot], both from 0
	tokens int        // slots filled
	// The last Heat change between a seat and the board: its heat_slot
	// events must follow it, one a token.
	due         int
	seat        int
	cause       string
	took        bool
	value       int    // a token's worth, from the board (heat_value)
	valued      bool   // heat_value was seen
	worstRow    string // the zone heat_value names
	slotsLogged int    // heat_slot events seen
}

// newSlotBoard is a board with every slot filled but the first taken
// (a test position that starts with Heat out).
func newSlotBoard(rows []BoardRow, taken int) *slotBoard {
	b := &slotBoard{rows: rows, filled: make([][]bool, len(rows))}
	for r, row := range rows {
		b.filled[r] = make([]bool, row.Slots)
		for k := range b.filled[r] {
			b.filled[r][k] = taken <= 0
			taken--
			if b.filled[r][k] {
				b.tokens++
			}
		}
	}
	return b
}

// slotOf parses a slot zone, "heat-board:r2s3".
func (b *slotBoard) slotOf(zone string) (row, slot int, err error) {
	var r, k int
	if n, _ := fmt.Sscanf(zone, "heat-board:r%ds%d", &r, &k); n != 2 || fmt.Sprintf("heat-board:r%ds%d", r, k) != zone ||
		r < 1 || r > len(b.rows) || k < 1 || k > b.rows[r-1].Slots {
		return 0, 0, fmt.Errorf("%q is no slot of the board", zone)
	}
	return r - 1, k - 1, nil
}

// edge is the slot a take must empty (the first filled in row order:
// least negative row, then its first slot) or a return must fill (the
// last empty), or -1, -1.
func (b *slotBoard) edge(take bool) (int, int) {
	er, ek := -1, -1
	for r := range b.filled {
		for k, f := range b.filled[r] {
			if f && take {
				return r, k
			}
			if !f && !take {
				er, ek = r, k
			}
		}
	}
	return er, ek
}

// apply reads one event.
func (b *slotBoard) apply(e engine.Event) error {
	if b.due > 0 && e.Kind != "heat_slot" {
		return fmt.Errorf("%d token(s) of seat %d's %s name no slot", b.due, b.seat+1, b.cause)
	}
	switch e.Kind {
	case "setup":
		if e.Player < 0 && e.Resource == rHeat {
			*b = *newSlotBoard(b.rows, 0)
			if e.To != "heat-board" || e.Total == nil || *e.Total != b.tokens {
				return fmt.Errorf("set-up fills %v of %d slots, to %q", e.Total, b.tokens, e.To)
			}
		}
	case "take_heat", "return_heat":
		take := e.Kind == "take_heat"
		if from, to := "heat-board", "player"; (take && (e.From != from || e.To != to)) || (!take && (e.From != to || e.To != from)) {
			return fmt.Errorf("%s from %q to %q", e.Kind, e.From, e.To)
		}
		b.due, b.seat, b.cause, b.took = *e.Amount, e.Player, e.Cause, take
	case "give_heat":
		if e.From != "" || e.To != "" {
			return fmt.Errorf("a gift between seats names the board: %q to %q", e.From, e.To)
		}
	case "heat_slot":
		return b.slot(e)
	case "heat_value":
		return b.valueOf(e)
	}
	return nil
}

// slot checks one token's move against the book's slot order and the
// change it belongs to, and makes it.
func (b *slotBoard) slot(e engine.Event) error {
	if b.due == 0 || e.Player != b.seat || e.Cause != b.cause || e.Amount == nil || *e.Amount != 1 {
		return fmt.Errorf("a token seat %d's %s did not move (due %d of seat %d's %s)", e.Player+1, e.Cause, b.due, b.seat+1, b.cause)
	}
	zone, other := e.To, e.From
	if b.took {
		zone, other = e.From, e.To
	}
	r, k, err := b.slotOf(zone)
	if err != nil {
		return err
	}
	if other != "player" {
		return fmt.Errorf("a token between %q and %q", e.From, e.To)
	}
	if wr, wk := b.edge(b.took); r != wr || k != wk {
		return fmt.Errorf("slot r%ds%d moved; the book's order moves r%ds%d", r+1, k+1, wr+1, wk+1)
	}
	b.filled[r][k] = !b.took
	if b.took {
		b.tokens--
	} else {
		b.tokens++
	}
	if e.Total == nil || *e.Total != b.tokens {
		return fmt.Errorf("board %v after slot r%ds%d, the slots hold %d", e.Total, r+1, k+1, b.tokens)
	}
	b.due--
	b.slotsLogged++
	return nil
}

// valueOf checks heat_value against the board: "The value of each is
// represented by the worst completely empty row on the Heat board", no
// empty row being the empty_board_value parameter.
func (b *slotBoard) valueOf(e engine.Event) error {
	worst := -1
	for r := range b.filled {
		if !slices.Contains(b.filled[r], true) && (worst < 0 || b.rows[r].Value < b.rows[worst].Value) {
			worst = r
		}
	}
	b.valued, b.worstRow = true, causeNoRowEmpty
	if worst >= 0 {
		b.value, b.worstRow = b.rows[worst].Value, fmt.Sprintf("heat-board:r%d", worst+1)
		if *e.Amount != b.value {
			return fmt.Errorf("a token worth %d, its worst empty row %s %d", *e.Amount, b.worstRow, b.value)
		}
	} else {
		b.value = *e.Amount // the empty_board_value parameter; rebuild checks it
	}
	if e.Cause != b.worstRow || *e.Total != b.tokens {
		return fmt.Errorf("value of %q with the board at %d; the slots make %q and %d", e.Cause, *e.Total, b.worstRow, b.tokens)
	}
	return nil
}

// rebuild replays the log's changes onto the holdings a game (or a test's
// position) started from, checking as it goes that each event's Total is
// what the log's own amounts make, that nothing moves more than was asked
// and that every change names its cause. tokens is the number of Heat
// tokens; the board's value at the end follows from what the seats hold.
func rebuild(t *testing.T, g *Game, players int, money, heat [maxSeats]int, log []engine.Event) ledger {
	t.Helper()
	taken := 0
	for _, h := range heat {
		taken += h
	}
	l := ledger{money: money, heat: heat, board: newSlotBoard(g.params.HeatBoard, taken)}
	fail := func(e engine.Event, format string, args ...any) {
		t.Helper()
		t.Fatalf("move %d %s seat %d: %s\nevent %+v", e.Move, e.Kind, e.Player+1, fmt.Sprintf(format, args...), e)
	}
	for _, e := range log {
		if err := l.board.apply(e); err != nil {
			fail(e, "Heat board: %v", err)
		}
		switch e.Kind {
		case "setup":
			if e.Player >= 0 && e.Resource == rMoney && (e.Total == nil || *e.Total != l.money[e.Player] || e.Cause != causeStartMoney) {
				fail(e, "starts with %s, the book's set-up (the parameter) %d", val(e.Total), l.money[e.Player])
			}
		case "gain", "pay", "steal", "take_heat", "return_heat", "give_heat":
			if e.Amount == nil || e.Cause == "" || e.Player < 0 || e.Total == nil {
				fail(e, "a change without its amount, cause, seat or total")
			}
			n := *e.Amount
			if n < 0 || (e.Printed != nil && n > *e.Printed && e.Kind != "gain" && e.Kind != "take_heat") {
				fail(e, "moved %d of %v", n, e.Printed)
			}
			hold, other := &l.money, -1
			if e.Resource == rHeat {
				hold = &l.heat
			}
			if e.Target != nil {
				other = *e.Target
			}
			switch e.Kind {
			case "gain", "take_heat":
				hold[e.Player] += n
			case "pay", "return_heat":
				hold[e.Player] -= n
			case "steal", "give_heat":
				if other < 0 && n > 0 {
					fail(e, "moved %d to or from nobody", n)
				}
				if e.Kind == "give_heat" {
					n = -n
				}
				hold[e.Player] += n
				if other >= 0 {
					hold[other] -= n
				}
			}
			if *e.Total != hold[e.Player] {
				fail(e, "total %d, the log's amounts make %d", *e.Total, hold[e.Player])
			}
		case "heat_value":
			taken := 0
			for p := range players {
				taken += l.heat[p]
			}
			l.value, l.valued = *e.Amount, true
			if want := g.params.HeatValue(taken); l.value != want {
				fail(e, "a token worth %d with %d off the board, the board says %d", l.value, taken, want)
			}
			if *e.Total != g.params.HeatTokens()-taken {
				fail(e, "board %d, the log's Heat leaves %d", *e.Total, g.params.HeatTokens()-taken)
			}
			if l.board.tokens != *e.Total || l.board.value != l.value {
				fail(e, "the slots hold %d worth %d a token", l.board.tokens, l.board.value)
			}
		case "score":
			p := e.Player
			switch e.Resource {
			case rMoney:
				if *e.Total != l.money[p] {
					fail(e, "ends with %d, the log makes %d", *e.Total, l.money[p])
				}
			case rHeat:
				if *e.Total != l.heat[p] || *e.Amount != l.heat[p]*l.value {
					fail(e, "ends with %d Heat worth %d, the log makes %d", *e.Total, *e.Amount, l.heat[p])
				}
			default:
				if !l.valued || *e.Total != l.money[p]+l.heat[p]*l.value {
					fail(e, "scores %d, the log makes %d", *e.Total, l.money[p]+l.heat[p]*l.value)
				}
				l.score[p], l.scored = *e.Total, l.scored.With(p)
				if e.Result == "win" {
					l.winners = l.winners.With(p)
				}
			}
		case "arrest":
			l.arrested = true
		}
	}
	if l.board.due > 0 {
		t.Fatalf("the log ends with %d token(s) of seat %d's %s on no slot", l.board.due, l.board.seat+1, l.board.cause)
	}
	return l
}

// returns are the shares of the win the ledger's scores give: most
// money, then least Heat; nobody after an arrest.
func (l *ledger) returns(players int) []float64 {
	var b engine.Base
	b.N = players
	if !l.arrested {
		top := 0
		for p := 1; p < players; p++ {
			if l.score[p] > l.score[top] || (l.score[p] == l.score[top] && l.heat[p] < l.heat[top]) {
				top = p
			}
		}
		var best engine.Seats
		for p := range players {
			if l.score[p] == l.score[top] && l.heat[p] == l.heat[top] {
				best = best.With(p)
			}
		}
		if best != l.winners {
			return nil
		}
		b.ShareWin(best)
	}
	return b.Returns(nil)
}

// playLogged plays one game as `cardpress replay` does and returns its
// events and the state it ended in.
func playLogged(t *testing.T, g *Game, players int, seed uint64, bots []string) ([]engine.Event, *state, engine.Result) {
	t.Helper()
	k := &keeper{Game: g}
	var log []engine.Event
	res := engine.PlayGame(k, players, seed, engine.PlayOptions{Bots: bots, CheckInvariants: true, Log: func(e engine.Event) {
		log = append(log, e)
	}})
	if res.Failed() {
		t.Fatalf("seed %d: %+v", seed, res)
	}
	return log, k.last, res
}

// Many seeded games at every count, under both resolutions and every
// shortfall rule, random and heuristic bots: the log alone gives each
// seat's money and Heat, the token value, the scores and the winners.
func TestLogRebuildsTheScores(t *testing.T) {
	games := map[string]int{"random": 40, "heuristic": 4, "mixed": 4}
	if testing.Short() {
		games = map[string]int{"random": 5, "heuristic": 1, "mixed": 1}
	}
	seen := map[string]bool{} // kinds of event and results that came up
	for _, variant := range logVariants() {
		{
			g := shippedWith(t, variant)
			r, sf := variant["phase_resolution"], variant["shortfall"]
			if b := variant["heat_board"]; b != "" {
				sf += " board " + b
			}
			var start [maxSeats]int
			for p := range start {
				start[p] = g.params.StartingMoney
			}
			for _, bots := range []string{"random", "heuristic", "mixed"} {
				kinds := []string{bots}
				if bots == "mixed" {
					kinds = []string{"heuristic", "random", "random"}
				}
				for players := 3; players <= 5; players++ {
					for seed := uint64(1); seed <= uint64(games[bots]); seed++ {
						log, s, res := playLogged(t, g, players, seed, kinds)
						l := rebuild(t, g, players, start, [maxSeats]int{}, log)
						name := fmt.Sprintf("%s/%s %s %dp seed %d", r, sf, bots, players, seed)
						if l.board.tokens != s.heat.Supply || (!l.arrested && (!l.board.valued || l.board.value != s.heatValue())) {
							t.Fatalf("%s: the log's slots hold %d tokens worth %d, the engine's board %d worth %d",
								name, l.board.tokens, l.board.value, s.heat.Supply, s.heatValue())
						}
						for p := range players {
							if l.money[p] != s.money[p] || l.heat[p] != s.heat.Held[p] {
								t.Fatalf("%s: seat %d: the log makes $%d and %d Heat, the engine $%d and %d",
									name, p+1, l.money[p], l.heat[p], s.money[p], s.heat.Held[p])
							}
						}
						if !l.arrested {
							if l.scored.Len() != players {
								t.Fatalf("%s: scores for seats %b", name, l.scored)
							}
							for p := range players {
								if l.score[p] != s.score(p) {
									t.Fatalf("%s: seat %d scores %d in the log, %d in the engine", name, p+1, l.score[p], s.score(p))
								}
							}
						}
						if got := l.returns(players); !slices.Equal(got, res.Returns) {
							t.Fatalf("%s: the log's winners give %v (win events %b), the engine %v", name, got, l.winners, res.Returns)
						}
						for _, e := range log {
							seen[e.Kind] = true
							if e.Result != "" {
								seen[e.Result] = true
							}
							if e.Cause != "" {
								seen["cause "+e.Cause] = true
							}
						}
					}
				}
			}
		}
	}
	// The games exercised the log: payments cut short or not made, Heat
	// given and returned, the out-of-Heat rule, effects that did nothing.
	for _, k := range []string{"phase", "heat_slot", "setup", "cause " + causeFillBoard, "cause " + causeStartMoney, "steal", "give_heat", "to_draw", resUnmet, resRefused, resSkipped, resNoTarget,
		"cause " + causeOutOfHeat, "cause " + causeShortfall, "cause " + causeHeatShort, "cause " + causeDeal, "cause " + causeDraft} {
		if !seen[k] && !testing.Short() {
			t.Errorf("no game logged %q", k)
		}
	}
}

// logVariants are the rule variants the log is rebuilt under: every
// phase_resolution and shortfall reading on the shipped board, and a board
// of uneven rows (the book gives no layout) with a value while no row is
// empty.
func logVariants() []map[string]string {
	var vs []map[string]string
	for _, r := range resolutions {
		for _, sf := range shortfalls {
			vs = append(vs, map[string]string{"phase_resolution": r, "shortfall": sf})
		}
	}
	return append(vs, map[string]string{"phase_resolution": "simultaneous", "shortfall": "debt", "empty_board_value": "-1",
		"heat_board": "[{value: -1, slots: 2}, {value: -2, slots: 4}, {value: -4, slots: 4}, {value: -7, slots: 5}]"})
}

// The slot facts are what the rebuilt board stands on: a log with a slot
// event dropped, moved to another slot or given to the wrong seat, or a
// Heat value naming the wrong row, fails the referee's board.
func TestLogSlotsAreChecked(t *testing.T) {
	g := shipped(t)
	log, _, _ := playLogged(t, g, 4, 3, []string{"random"})
	check := func(log []engine.Event) error {
		b := newSlotBoard(g.params.HeatBoard, 0)
		for _, e := range log {
			if err := b.apply(e); err != nil {
				return fmt.Errorf("move %d %s: %w", e.Move, e.Kind, err)
			}
		}
		if b.due > 0 {
			return fmt.Errorf("%d token(s) on no slot at the end", b.due)
		}
		return nil
	}
	if err := check(log); err != nil {
		t.Fatalf("the engine's own log: %v", err)
	}
	first := slices.IndexFunc(log, func(e engine.Event) bool { return e.Kind == "heat_slot" })
	ret := slices.IndexFunc(log, func(e engine.Event) bool { return e.Kind == "heat_slot" && e.To != "player" })
	end := slices.IndexFunc(log, func(e engine.Event) bool { return e.Kind == "heat_value" })
	if first < 0 || ret < 0 || end < 0 {
		t.Fatalf("no take, return or value to tamper with: %d %d %d", first, ret, end)
	}
	tamper := map[string]func(log []engine.Event) []engine.Event{
		"slot dropped":      func(l []engine.Event) []engine.Event { return slices.Delete(l, first, first+1) },
		"another slot":      func(l []engine.Event) []engine.Event { l[first].From = "heat-board:r1s2"; return l },
		"a row off board":   func(l []engine.Event) []engine.Event { l[first].From = "heat-board:r6s1"; return l },
		"return misplaced":  func(l []engine.Event) []engine.Event { l[ret].To = "heat-board:r5s3"; return l },
		"wrong seat":        func(l []engine.Event) []engine.Event { l[first].Player = (l[first].Player + 1) % 4; return l },
		"wrong board count": func(l []engine.Event) []engine.Event { *l[first].Total = 15; return l },
		"wrong worst row":   func(l []engine.Event) []engine.Event { l[end].Cause = "heat-board:r1"; return l },
		"slot never due":    func(l []engine.Event) []engine.Event { return slices.Insert(l, first+1, l[first]) },
	}
	for name, f := range tamper {
		l := make([]engine.Event, len(log))
		for i, e := range log {
			if e.Total != nil {
				e.Total = engine.Int(*e.Total)
			}
			l[i] = e
		}
		if err := check(f(l)); err == nil {
			t.Errorf("%s: the board accepted it", name)
		}
	}
}

// logged gives a test position a log, and returns where the events go.
func logged(s *state) *[]engine.Event {
	log := new([]engine.Event)
	s.Log = func(e engine.Event) { *log = append(*log, e) }
	return log
}

// loggedStage plays a stage of the fixture at 3 players, seat by seat
// revealing ids, and returns its log.
func loggedStage(t *testing.T, ids ...string) *[]engine.Event {
	t.Helper()
	g := fixture(t, testCards, nil)
	s := newTestState(g, 3)
	log := logged(s)
	reveal(t, s, ids...)
	return log
}

// find is the events of a kind of one seat (-1: the table).
func find(log []engine.Event, kind string, seat int) []engine.Event {
	var out []engine.Event
	for _, e := range log {
		if e.Kind == kind && e.Player == seat {
			out = append(out, e)
		}
	}
	return out
}

func val(p *int) string {
	if p == nil {
		return "-"
	}
	return fmt.Sprint(*p)
}

// "Pay $3. Return 2 Heat." with $1 and 2 Heat: the payment names its card
// and says both what it asked and what it took; under no_effect the
// return that follows is logged as not done.
func TestLogPaymentCutShort(t *testing.T) {
	want := map[string]struct{ paid, returned, total, printedRet string }{
		"debt":              {"3", "2", "-2", "-"},
		"pay_what_you_have": {"1", "2", "0", "-"},
		"no_effect":         {"0", "0", "1", "2"},
	}
	for _, r := range resolutions {
		for _, sf := range shortfalls {
			g := readingGame(t, readingCards, r, sf)
			s := newTestState(g, 3)
			log := logged(s)
			s.money[0] = 1
			s.heat.Take(0, 2)
			reveal(t, s, "bribe")
			w := want[sf]
			pay, ret := find(*log, "pay", 0), find(*log, "return_heat", 0)
			if len(pay) != 1 || len(ret) != 1 {
				t.Fatalf("%s/%s: %d payments, %d returns: %+v", r, sf, len(pay), len(ret), *log)
			}
			p, h := pay[0], ret[0]
			printed := "3"
			if sf == "debt" {
				printed = "-" // paid as printed: nothing differs
			}
			if p.Cause != "bribe" || p.Resource != rMoney || val(p.Amount) != w.paid || val(p.Printed) != printed || val(p.Total) != w.total {
				t.Errorf("%s/%s: payment cause %q amount %s printed %s total %s; want bribe, %s of %s, now %s",
					r, sf, p.Cause, val(p.Amount), val(p.Printed), val(p.Total), w.paid, printed, w.total)
			}
			if h.Cause != "bribe" || h.Resource != rHeat || val(h.Amount) != w.returned || val(h.Printed) != w.printedRet {
				t.Errorf("%s/%s: return cause %q amount %s printed %s; want bribe, %s of %s", r, sf, h.Cause, val(h.Amount), val(h.Printed), w.returned, w.printedRet)
			}
			if sf == "no_effect" && (p.Result != resRefused || h.Result != resSkipped) {
				t.Errorf("%s/%s: results %q, %q; want %q, %q", r, sf, p.Result, h.Result, resRefused, resSkipped)
			}
			l := rebuild(t, g, 3, [maxSeats]int{1}, [maxSeats]int{2}, *log)
			if l.money[0] != s.money[0] || l.heat[0] != s.heat.Held[0] {
				t.Errorf("%s/%s: log makes $%d and %+d Heat, engine $%d and %d", r, sf, l.money[0], l.heat[0], s.money[0], s.heat.Held[0])
			}
		}
	}
}

// The Bank with the Casino: the Bank's $9 "if no other player revealed a
// Vault card" comes to nothing and is logged so, with what it would have
// paid; its $3 is paid; both name the Bank.
func TestLogEffectsThatComeToNothing(t *testing.T) {
	log := loggedStage(t, "bank", "casino", "heavy")
	var got []string
	for _, e := range find(*log, "gain", 0) {
		got = append(got, fmt.Sprintf("%s %s/%s %s", e.Cause, val(e.Amount), val(e.Printed), e.Result))
	}
	want := []string{"bank 0/9 " + resUnmet, "bank 3/- "}
	if !slices.Equal(got, want) {
		t.Errorf("bank's gains %q, want %q", got, want)
	}
	if c := find(*log, "gain", 1); len(c) != 1 || *c[0].Amount != 0 || *c[0].Printed != 8 || c[0].Cause != "casino" {
		t.Errorf("casino's gain %+v, want 0 of 8", c)
	}
	// A theft with nobody to take from.
	log = loggedStage(t, "pickpocket", "bank", "casino")
	if st := find(*log, "steal", 0); len(st) != 1 || *st[0].Amount != 0 || *st[0].Printed != 2 || st[0].Result != resNoTarget {
		t.Errorf("pickpocket with no Crew revealed: %+v", st)
	}
}

// Each stage: the stage marker, the reveals (card, from hand to record,
// where), then every phase in order, each effect after its phase's marker.
func TestLogMarksStagesAndPhases(t *testing.T) {
	log := loggedStage(t, "early", "late", "heavy")
	var kinds []string
	for _, e := range *log {
		switch e.Kind {
		case "stage", "phase":
			kinds = append(kinds, fmt.Sprintf("%s %d/%d/%s", e.Kind, e.At.Round, e.At.Stage, e.At.Phase))
		case "reveal":
			if e.At == nil || e.At.Round != 1 || e.At.Stage != 1 || e.From != zHand || e.To != zRecord {
				t.Errorf("reveal %+v", e)
			}
			kinds = append(kinds, "reveal "+e.Card)
		default:
			kinds = append(kinds, fmt.Sprintf("%s %d %s", e.Kind, e.Player, e.Cause))
		}
	}
	want := []string{"stage 1/1/", "reveal early", "reveal late", "reveal heavy",
		"phase 1/1/A", "pay 0 early", "phase 1/1/B", "gain 0 early", "gain 1 late", "gain 2 heavy", "phase 1/1/C", "pay 1 late"}
	if !slices.Equal(kinds, want) {
		t.Errorf("log\n%q\nwant\n%q", kinds, want)
	}
}

// Out of Heat: the table event says what the phase takes and what the
// board holds; each holder's return and loss name the rule, the loss cut
// short with the printed $3.
func TestLogOutOfHeat(t *testing.T) {
	g := fixture(t, testCards, map[string]string{"shortfall": "pay_what_you_have"})
	s := newTestState(g, 3)
	log := logged(s)
	s.heat.Take(0, 6)
	s.heat.Take(1, 6)
	s.money = [maxSeats]int{10, 2, 10}
	reveal(t, s, "hog")
	if o := find(*log, "out_of_heat", -1); len(o) != 2 || *o[0].Printed != 6 || *o[0].Total != 3 || *o[1].Total != 5 {
		t.Errorf("out-of-Heat rounds %+v, want two: 6 needed, board 3 then 5", o)
	}
	var losses []string
	for _, e := range find(*log, "pay", 1) {
		losses = append(losses, fmt.Sprintf("%s %s/%s %s", e.Cause, val(e.Amount), val(e.Printed), val(e.Total)))
	}
	if want := []string{"out_of_heat 2/3 0", "out_of_heat 0/3 0"}; !slices.Equal(losses, want) {
		t.Errorf("seat 2's losses %q, want %q", losses, want)
	}
	l := rebuild(t, g, 3, [maxSeats]int{10, 2, 10}, [maxSeats]int{6, 6}, *log)
	if l.money != s.money || l.heat != s.heat.Held {
		t.Errorf("log makes %v and %v Heat, engine %v and %v", l.money, l.heat, s.money, s.heat.Held)
	}
}

// At once under pay_what_you_have, what a short seat has left after its
// shares goes to the bank, logged as a payment of the shortfall rule; the
// log still makes every seat's money.
func TestLogShortfallRest(t *testing.T) {
	for _, start := range []int{3, 4, 6} {
		for _, sf := range shortfalls {
			g := readingGame(t, readingCards, "simultaneous", sf)
			s := newTestState(g, 3)
			log := logged(s)
			s.money = [maxSeats]int{start, 10, 10}
			s.heat.Take(0, 2)
			reveal(t, s, "bribe", "thief", "thief")
			l := rebuild(t, g, 3, [maxSeats]int{start, 10, 10}, [maxSeats]int{2}, *log)
			if [3]int(l.money[:3]) != [3]int(s.money[:3]) || l.heat[0] != s.heat.Held[0] {
				t.Errorf("%s with $%d: log makes %v and %d Heat, engine %v and %d", sf, start, l.money[:3], l.heat[0], s.money[:3], s.heat.Held[0])
			}
			rest := slices.ContainsFunc(find(*log, "pay", 0), func(e engine.Event) bool { return e.Cause == causeShortfall })
			// $3 and $6 go to the requests alike ($1 or $2 each); of $4, $1 is left.
			if want := sf == "pay_what_you_have" && start == 4; rest != want {
				t.Errorf("%s with $%d: a payment of the rest to the bank: %v, want %v", sf, start, rest, want)
			}
		}
	}
}
