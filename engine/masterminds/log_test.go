package masterminds

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// logged plays one game of g with bots, collecting its log, and returns
// the final state and the events.
func logged(t *testing.T, g *Game, players int, seed uint64, bot string) (*state, []engine.Event) {
	t.Helper()
	var events []engine.Event
	s := g.NewState(players, engine.StateOptions{Log: func(e engine.Event) { events = append(events, e) }}).(*state)
	bots := make([]engine.Bot, players)
	for q := range bots {
		b, ok := engine.NewBot(bot, engine.GameSeed(seed, 1000+q))
		if !ok {
			t.Fatalf("no bot %q", bot)
		}
		bots[q] = b
	}
	r := engine.NewRand(seed)
	var legal []engine.Action
	for moves := 0; s.cur != engine.Terminal; moves++ {
		if moves > g.maxMoves {
			t.Fatalf("seed %d: no end after %d moves", seed, moves)
		}
		if s.cur == engine.Chance {
			engine.Apply(s, s.SampleChance(r))
			continue
		}
		legal = s.LegalActions(s.cur, legal[:0])
		engine.Apply(s, bots[s.cur].Act(s, s.cur, legal))
	}
	return s, events
}

// rebuilt is what the log alone says about a finished game.
type rebuilt struct {
	colour  []string         // each seat's gem colour
	gems    []map[string]int // each seat's gems by colour ("clear" too)
	heists  []int            // heists completed (kept A cards)
	markers []int            // marker dice out on heists
	roll    map[string]int   // the scoring roll of each colour
	bag     map[string]int   // gems in the bag by colour
	score   []int
	winners engine.Seats
}

func deref(t *testing.T, e engine.Event, p *int, field string) int {
	t.Helper()
	if p == nil {
		t.Fatalf("move %d %s event %q has no %s", e.Move, e.Kind, e.Text, field)
	}
	return *p
}

// rebuild reads the typed fields of the events, never their text: every
// gem that moved between the bag and a seat, the heists kept, the marker
// dice, the scoring rolls; then it scores by the rules (clear gems worth
// clear_gem_value, each colour its owner's roll) and breaks ties by
// tie_break.
func rebuild(t *testing.T, g *Game, players int, events []engine.Event) rebuilt {
	t.Helper()
	rb := rebuilt{colour: make([]string, players), heists: make([]int, players), markers: make([]int, players),
		roll: map[string]int{}, bag: map[string]int{}, score: make([]int, players)}
	onHeist := make([]map[string][]int, players) // marker faces by heist A card
	for q := range players {
		rb.gems = append(rb.gems, map[string]int{})
		onHeist[q] = map[string][]int{}
	}
	for _, e := range events {
		amount := func() int { return deref(t, e, e.Amount, "amount") }
		total := func() int { return deref(t, e, e.Total, "total") }
		switch e.Kind {
		case "colour":
			rb.colour[e.Player] = e.Resource
		case "bag":
			rb.bag[e.Resource] += amount()
			if total() != rb.bag[e.Resource] {
				t.Errorf("move %d: bag holds %d %s, the log says %d", e.Move, rb.bag[e.Resource], e.Resource, total())
			}
		case "keep":
			rb.heists[e.Player] += amount()
			if total() != rb.heists[e.Player] {
				t.Errorf("move %d: seat %d has %d heists, the log says %d", e.Move, e.Player+1, rb.heists[e.Player], total())
			}
		case "marker":
			faces := append(onHeist[e.Player][e.Card], amount())
			onHeist[e.Player][e.Card] = faces
			rb.markers[e.Player]++
			if total() != len(faces) {
				t.Errorf("move %d: seat %d has %d dice on %s, the log says %d", e.Move, e.Player+1, len(faces), e.Card, total())
			}
		case "markers_off", "recall":
			if amount() != len(onHeist[e.Player][e.Card]) {
				t.Errorf("move %d: seat %d takes %d dice off %s, where it has %d", e.Move, e.Player+1, amount(), e.Card, len(onHeist[e.Player][e.Card]))
			}
			rb.markers[e.Player] -= amount()
			delete(onHeist[e.Player], e.Card)
			if total() != rb.markers[e.Player] {
				t.Errorf("move %d: seat %d has %d dice out, the log says %d", e.Move, e.Player+1, rb.markers[e.Player], total())
			}
		case "bonus":
			if want := maxMatching(onHeist[e.Player][e.Card]); amount() != want {
				t.Errorf("move %d: bonus check says %d matching dice, the markers logged show %d", e.Move, amount(), want)
			}
		case "score_roll":
			rb.roll[e.Resource] = amount()
		}
		// A gem moves between the bag and a seat.
		if _, gem := rb.bag[e.Resource]; gem && e.Amount != nil {
			n := amount()
			switch {
			case e.From == "bag" && e.To == "seat":
			case e.From == "seat" && e.To == "bag":
				n = -n
			default:
				continue
			}
			rb.gems[e.Player][e.Resource] += n
			rb.bag[e.Resource] -= n
			if total() != rb.gems[e.Player][e.Resource] {
				t.Errorf("move %d: seat %d holds %d %s gems, the log says %d", e.Move, e.Player+1, rb.gems[e.Player][e.Resource], e.Resource, total())
			}
		}
	}
	value := func(colour string) int {
		if colour == "clear" {
			return g.params.ClearGemValue
		}
		return rb.roll[colour]
	}
	for q := range players {
		for colour, n := range rb.gems[q] {
			rb.score[q] += n * value(colour)
		}
	}
	better := func(a, b int) bool {
		if rb.score[a] != rb.score[b] {
			return rb.score[a] > rb.score[b]
		}
		for _, k := range g.params.TieBreak {
			switch k {
			case "clear_gems":
				if x, y := rb.gems[a]["clear"], rb.gems[b]["clear"]; x != y {
					return x > y
				}
			case "heists":
				if x, y := rb.heists[a], rb.heists[b]; x != y {
					return x > y
				}
			case "shared":
				return false
			}
		}
		return false
	}
	for q := range players {
		won := true
		for o := range players {
			won = won && !better(o, q)
		}
		if won {
			rb.winners = rb.winners.With(q)
		}
	}
	return rb
}

func maxMatching(faces []int) int {
	best := 0
	for _, f := range faces {
		best = max(best, countOf(faces, f))
	}
	return best
}

func countOf(faces []int, f int) int {
	n := 0
	for _, g := range faces {
		if g == f {
			n++
		}
	}
	return n
}

// TestLogRebuildsTheScore plays seeded games of the shipped cards in both
// variants at every count with random and heuristic bots, and rebuilds
// from the log's typed fields alone each seat's gems, heists, marker dice
// and score, the bag and the winners; each must match the engine's final
// state, and the logged score parts must add up to the logged score.
//
// The same games are refereed from the log: the roll for the first player
// (checkFirstPlayer) and every interrupt window (checkWindows); each fact
// must have come up in them.
func TestLogRebuildsTheScore(t *testing.T) {
	sn := seen{}
	for _, variant := range []string{"", "draft"} {
		g := shipped(t, variant)
		for players := 2; players <= 5; players++ {
			for _, bot := range []string{"random", "heuristic"} {
				seeds := []uint64{1, 2, 3}
				if bot == "heuristic" && testing.Short() {
					seeds = seeds[:1]
				}
				for _, seed := range seeds {
					t.Run(fmt.Sprintf("%s/%dp/%s/%d", variant, players, bot, seed), func(t *testing.T) {
						s, events := logged(t, g, players, seed, bot)
						checkRebuilt(t, g, s, events)
						checkFirstPlayer(t, players, events, sn)
						checkWindows(t, g, s, events, sn)
					})
				}
			}
		}
	}
	for _, fact := range []string{"first_player", "first_tie", "window", "interrupt", "reroll", "pass:" + resultPassed, "pass:" + resultNonePlayable} {
		if sn[fact] == 0 {
			t.Errorf("no game had a %s", fact)
		}
	}
	t.Logf("facts refereed: %v", sn)
}

func checkRebuilt(t *testing.T, g *Game, s *state, events []engine.Event) {
	t.Helper()
	rb := rebuild(t, g, s.N, events)
	for q := range s.N {
		st := &s.seats[q]
		if rb.colour[q] != g.cards[st.card].color {
			t.Errorf("seat %d: colour %q, the engine's %q", q+1, rb.colour[q], g.cards[st.card].color)
		}
		held := 0
		for o := 0; o <= s.N; o++ {
			k := kindClear
			if o < s.N {
				k = int(s.seats[o].colour)
			}
			held += int(st.gems[k])
			if rb.gems[q][s.kindName(k)] != int(st.gems[k]) {
				t.Errorf("seat %d: %d %s gems rebuilt, the engine has %d", q+1, rb.gems[q][s.kindName(k)], s.kindName(k), st.gems[k])
			}
		}
		if held != s.gemCount(q) {
			t.Errorf("seat %d holds gems of a colour nobody plays", q+1)
		}
		if rb.heists[q] != int(st.heists) || rb.markers[q] != int(st.markers) {
			t.Errorf("seat %d: heists %d markers %d rebuilt, the engine has %d and %d", q+1, rb.heists[q], rb.markers[q], st.heists, st.markers)
		}
		if rb.score[q] != s.score(q) {
			t.Errorf("seat %d: score %d rebuilt, the engine's %d", q+1, rb.score[q], s.score(q))
		}
	}
	for q := 0; q <= s.N; q++ {
		k := kindClear
		if q < s.N {
			k = int(s.seats[q].colour)
		}
		if n := rb.bag[s.kindName(k)]; n != s.bag.Count(k) {
			t.Errorf("bag: %d %s gems rebuilt, the engine has %d", n, s.kindName(k), s.bag.Count(k))
		}
	}
	returns := s.Returns(nil)
	for q := range s.N {
		if rb.winners.Has(q) != (returns[q] > 0) {
			t.Errorf("winners rebuilt %b, the engine's returns %v", rb.winners, returns)
			break
		}
	}
	// The logged score parts add up to the logged score, which is the
	// engine's; the win events name the winners.
	parts := make([]int, s.N)
	var won engine.Seats
	for _, e := range events {
		switch e.Kind {
		case "score_gems":
			parts[e.Player] += *e.Amount
		case "score":
			if *e.Amount != parts[e.Player] || *e.Amount != s.score(e.Player) {
				t.Errorf("seat %d: logged score %d, parts %d, engine %d", e.Player+1, *e.Amount, parts[e.Player], s.score(e.Player))
			}
		case "win":
			won = won.With(e.Player)
		}
	}
	if won != rb.winners {
		t.Errorf("win events %b, rebuilt winners %b", won, rb.winners)
	}
	if last := events[len(events)-1]; last.Kind != "win" {
		t.Errorf("the log ends with %s, want the winners", last.Kind)
	}
	for _, e := range events {
		if e.Kind == "turn" && (e.At == nil || e.At.Turn == 0 || e.At.Round == 0) {
			t.Fatalf("move %d: a turn marker without its place: %+v", e.Move, e)
		}
	}
}

// collect starts logging s's events into the returned slice.
func collect(s *state) *[]engine.Event {
	var events []engine.Event
	s.Log = func(e engine.Event) { events = append(events, e) }
	return &events
}

func TestLogPaymentAndGemsNameTheirCard(t *testing.T) {
	s := ready(t, nil)
	launder := give(t, s, 0, "launder") // gem section OR: gain 2 gems
	if !s.bag.Take(kindClear) {
		t.Fatal("no clear gem in the bag")
	}
	s.seats[0].gems[kindClear] = 1
	s.sp = 0
	s.push(task{op: opUpkeep, p: 0})
	s.push(task{op: opPlan, p: 0, n: 1})
	events := collect(s)
	s.run()
	do(t, s, act(aPlanAction, launder*32+payGem+kindClear))
	red := int(s.seats[1].colour)
	roll(t, s, red)
	roll(t, s, kindClear)
	pay := enginetest.OfKind(*events, "pay")
	if len(pay) != 1 || pay[0].Resource != "clear" || *pay[0].Amount != 1 || *pay[0].Total != 0 || pay[0].Cause != "launder" || pay[0].To != "bag" {
		t.Errorf("payment: %+v", pay)
	}
	gems := enginetest.OfKind(*events, "gem")
	if len(gems) != 2 || gems[0].Resource != s.kindName(red) || gems[1].Resource != "clear" || *gems[1].Total != 1 ||
		gems[0].Cause != "launder" || gems[1].Cause != "launder" || gems[0].From != "bag" {
		t.Errorf("gems: %+v", gems)
	}
	if d := enginetest.OfKind(*events, "discard"); len(d) != 1 || d[0].Card != "launder" || d[0].From != "play" || d[0].To != "prep_discard" {
		t.Errorf("the played card's discard: %+v", d)
	}
	if p := enginetest.OfKind(*events, "phase"); len(p) == 0 || p[0].At == nil || p[0].At.Phase != "plan" {
		t.Errorf("the plan phase is not marked: %+v", p)
	}
}

func TestLogGainFromAnEmptyBagComesToNothing(t *testing.T) {
	s := ready(t, nil)
	for k := range nKinds {
		for s.bag.Take(k) {
		}
	}
	events := collect(s)
	s.sp = 0
	s.push(task{op: opUpkeep, p: 0})
	s.push(task{op: opGainGem, p: 0, n: 2, x: causeX(s.g.cardIndex(t, "launder"))})
	s.run()
	e := enginetest.OfKind(*events, "bag_empty")
	if len(e) != 1 || *e[0].Amount != 0 || *e[0].Printed != 2 || e[0].Cause != "launder" {
		t.Errorf("gain from an empty bag: %+v", e)
	}
}

func TestLogCompletionTakeBonusAndKeep(t *testing.T) {
	s := nearlyDone(t, nil, "wheels", "rookie", "rookie")
	events := collect(s)
	do(t, s, stepAct(0, skillDriving))
	do(t, s, act(aActivate, 0b111))
	roll(t, s, 2) // three 2s among seat 1's dice
	for range 3 {
		roll(t, s, kindClear)
	}
	do(t, s, act(aCompletionDraw, 0))
	roll(t, s, kindClear)
	do(t, s, act(aRetire, 0))
	at := enginetest.OfKind(*events, "attempt")
	if len(at) != 1 || at[0].Card != "museum" || at[0].Resource != "driving" || *at[0].Printed != 10 || at[0].At.Stage != 4 || at[0].At.Phase != "heist" {
		t.Errorf("attempt: %+v", at)
	}
	var causes []string
	for _, e := range enginetest.OfKind(*events, "gem") {
		causes = append(causes, e.Cause)
	}
	if !slices.Equal(causes, []string{"museum", "museum", "museum", "bonus_gem_matching"}) {
		t.Errorf("gem causes %v: TAKE 3 from the Museum, then the bonus", causes)
	}
	if b := enginetest.OfKind(*events, "bonus"); len(b) != 1 || *b[0].Amount != 3 || *b[0].Printed != 3 || b[0].Result != "bonus gem" {
		t.Errorf("bonus: %+v", b)
	}
	off := enginetest.OfKind(*events, "markers_off")
	if len(off) != 2 || off[0].Player != 0 || *off[0].Amount != 4 || *off[0].Total != 0 || off[1].Player != 1 || *off[1].Amount != 2 {
		t.Errorf("markers off: %+v", off)
	}
	if k := enginetest.OfKind(*events, "keep"); len(k) != 1 || k[0].Card != "museum" || *k[0].Total != 1 {
		t.Errorf("keep: %+v", k)
	}
	if r := enginetest.OfKind(*events, "retire"); len(r) != 2 || r[0].Cause != "retire_after_heist" {
		t.Errorf("retire: %+v", r)
	}
}

// TestLogFirstPlayerDiceAndTies: every seat rolls for the first player;
// a tie for the highest face re-rolls among the tied seats only, and the
// one highest face goes first.
func TestLogFirstPlayerDiceAndTies(t *testing.T) {
	g := fixture(t, nil)
	var events []engine.Event
	s := g.NewState(3, engine.StateOptions{Log: func(e engine.Event) { events = append(events, e) }}).(*state)
	r := engine.NewRand(1)
	for s.cur == engine.Chance && s.top().op != opFirstPlayer {
		engine.Apply(s, s.SampleChance(r))
	}
	for _, face := range []int{5, 2, 5, 6, 3} { // seats 1 and 3 tie on 5; seat 1 re-rolls 6
		roll(t, s, face)
	}
	if s.cur != 0 || s.turn != 0 || s.seats[0].roll != 0 {
		t.Fatalf("seat 1 rolled highest on the re-roll: current %v, turn of seat %d, roll kept %d", s.cur, s.turn+1, s.seats[0].roll)
	}
	type fact struct {
		kind           string
		player, amount int
		cause          string
	}
	var got []fact
	for _, e := range events {
		if strings.HasPrefix(e.Kind, "first") {
			got = append(got, fact{e.Kind, e.Player, *e.Amount, e.Cause})
		}
	}
	want := []fact{
		{"first_roll", 0, 5, causeFirstRoll}, {"first_roll", 1, 2, causeFirstRoll}, {"first_roll", 2, 5, causeFirstRoll},
		{"first_tie", -1, 5, causeFirstRoll},
		{"first_roll", 0, 6, causeReroll}, {"first_roll", 2, 3, causeReroll},
		{"first", 0, 6, causeFirstRoll},
	}
	if !slices.Equal(got, want) {
		t.Errorf("first-player events\n%v, want\n%v", got, want)
	}
	if turn := enginetest.OfKind(events, "turn"); len(turn) != 1 || turn[0].Player != 0 {
		t.Errorf("first turn: %+v", turn)
	}
}

// TestLogInterruptWindowNamesEveryAnswer: each window lists every seat's
// answer clockwise from the acting seat, a pass saying whether the seat
// chose it or had nothing it could play; a reroll's die names its card.
func TestLogInterruptWindowNamesEveryAnswer(t *testing.T) {
	s := ready(t, nil)
	hire(t, s, 0, "ghost", "")
	lucky := give(t, s, 0, "lucky")
	give(t, s, 1, "lucky") // +2 self: not playable on another's attempt
	butter := give(t, s, 2, "butter")
	again := give(t, s, 1, "again") // reroll: only after the roll
	give(t, s, 2, "butter")
	events := collect(s)
	do(t, s, stepAct(0, skillStealth))
	do(t, s, act(aActivate, 0b1))
	do(t, s, act(aInterrupt, lucky*32))
	do(t, s, act(aInterrupt, butter*32))
	roll(t, s, 1)
	do(t, s, act(aInterrupt, again*32))
	roll(t, s, 5)
	do(t, s, act(aPass, 0)) // seat 3 keeps its second Butterfingers
	type answer struct {
		kind   string
		player int
		result string
		stage  int
	}
	var got []answer
	for _, e := range *events {
		switch e.Kind {
		case "window", "pass", "interrupt", "window_end":
			if *e.Target != 0 {
				t.Errorf("%s names seat %d acting, want seat 1", e.Kind, *e.Target+1)
			}
			got = append(got, answer{e.Kind, e.Player, e.Result, e.At.Stage})
		case "roll":
			got = append(got, answer{"roll:" + e.Cause, e.Player, "", 0})
		}
	}
	want := []answer{
		{"window", 0, "", 1}, {"interrupt", 0, "", 1}, {"pass", 1, resultNonePlayable, 1}, {"interrupt", 2, "", 1}, {"window_end", 0, "", 1},
		{"roll:heist_die", 0, "", 0},
		{"window", 0, "", 2}, {"pass", 0, resultNonePlayable, 2}, {"interrupt", 1, "", 2}, {"roll:again", 0, "", 0}, {"pass", 2, resultPassed, 2}, {"window_end", 0, "", 2},
	}
	if !slices.Equal(got, want) {
		t.Errorf("window events\n%v, want\n%v", got, want)
	}
}
