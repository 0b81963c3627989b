package mice

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// playLogged plays one seeded game with these bots (one kind per seat,
// repeated) and returns its final state and its log.
func playLogged(t *testing.T, g *Game, players int, seed uint64, kinds []string) (*state, []engine.Event) {
	t.Helper()
	var log []engine.Event
	s := g.NewState(players, engine.StateOptions{Log: func(e engine.Event) { log = append(log, e) }}).(*state)
	chance := engine.NewRand(seed)
	bots := make([]engine.Bot, players)
	for p := range bots {
		bots[p], _ = engine.NewBot(kinds[p%len(kinds)], engine.GameSeed(seed, 1000+p))
	}
	for moves := 0; !s.IsTerminal(); moves++ {
		if moves > g.Info().MaxMoves {
			t.Fatalf("%d players, seed %d: no end after %d moves", players, seed, moves)
		}
		if s.CurrentPlayer() == engine.Chance {
			engine.Apply(s, engine.SampleOutcome(s.ChanceOutcomes(nil), chance))
			continue
		}
		enginetest.BotsMove(s, bots)
	}
	return s, log
}

// rebuilt is what a reader of the log alone knows at the end of a game.
type rebuilt struct {
	stash, skills, food, score [engine.MaxPlayers]int
	supply, bets               int
	obstacle                   map[string]int                    // cheese on each obstacle
	track                      map[string][]int                  // each track's seat spaces
	chip                       map[string]string                 // each chip's zone
	winners                    engine.Seats                      // by the rules: most score, then most stash
	scored                     [engine.MaxPlayers]string         // the score events' results
	owned, covered             [engine.MaxPlayers]map[string]int // each seat's skills, and the cheese covering them, by card id
	market                     map[string]int                    // the face-up upgrades, by card id
}

func sum(m map[string]int) int {
	n := 0
	for _, k := range m {
		n += k
	}
	return n
}

// skillCard follows a card event between a seat's skills and the box or
// the market: the book's "3 starting skill cards", "choose an upgrade
// skill from the market", "up to a maximum of 6 at a time". It returns
// what is wrong.
func (r *rebuilt) skillCard(g *Game, e engine.Event) string {
	p := e.Player
	switch {
	case e.Kind == "setup" && e.From == zBox && e.To == zSkills, e.Kind == "learn" && e.From == zMarket && e.To == zSkills:
		if e.Kind == "learn" {
			if r.market[e.Card]--; r.market[e.Card] < 0 {
				return "learns a skill not in the market"
			}
		}
		r.owned[p][e.Card]++
		if n := sum(r.owned[p]); n > g.params.SkillLimit {
			return fmt.Sprintf("%d skills, the limit is %d", n, g.params.SkillLimit)
		}
	case e.Kind == "discard" && e.From == zSkills && e.To == zBox:
		if r.owned[p][e.Card]--; r.owned[p][e.Card] < 0 {
			return "returns a skill it does not have"
		}
	}
	return ""
}

// rebuild replays a log's typed fields (never its Text) with the rules'
// numbers (the header's parameters): cheese by zone, food, the tracks,
// the chips and every test's rating, checking each event's Total against
// what it has so far; then scores and winners.
func rebuild(t *testing.T, g *Game, players int, log []engine.Event) *rebuilt {
	t.Helper()
	r := &rebuilt{supply: g.params.CheeseTotal, obstacle: map[string]int{}, track: map[string][]int{}, chip: map[string]string{}}
	for _, id := range g.chipIDs {
		r.chip[id] = zBag
	}
	r.market = map[string]int{}
	for p := range players {
		r.owned[p], r.covered[p] = map[string]int{}, map[string]int{}
	}
	rating := 0
	fail := func(e engine.Event, format string, args ...any) {
		t.Helper()
		t.Fatalf("move %d %s (seat %d, %s): %s", e.Move, e.Kind, e.Player, e.Text, fmt.Sprintf(format, args...))
	}
	amount := func(e engine.Event) int {
		t.Helper()
		if e.Amount == nil {
			fail(e, "no amount")
		}
		return *e.Amount
	}
	total := func(e engine.Event, want int) {
		t.Helper()
		if e.Total == nil || *e.Total != want {
			fail(e, "total %v, rebuilt %d", e.Total, want)
		}
	}
	for _, e := range log {
		if e.At == nil {
			fail(e, "no place in the game")
		}
		switch e.Resource {
		case "cheese":
			n := amount(e)
			if n < 0 || (e.Printed != nil && *e.Printed < n) {
				fail(e, "amount %d of %v printed", n, e.Printed)
			}
			for k, zone := range []string{e.From, e.To} {
				d := n
				if k == 0 {
					d = -n
				}
				switch zone {
				case zSupply:
					r.supply = max(r.supply+d, 0) // cheese_shortage unlimited makes up what is missing
				case zStash:
					r.stash[e.Player] += d
				case zSkill:
					if e.Player < 0 || (n > 0 && e.Card == "") {
						fail(e, "cheese on no one's skill")
					}
					r.skills[e.Player] += d
					// One cheese covers one copy of the skill, which the
					// seat must hold uncovered ("To activate a skill, it
					// must available (uncovered)").
					if c := r.covered[e.Player]; n > 0 {
						if c[e.Card] += d; c[e.Card] < 0 || c[e.Card] > r.owned[e.Player][e.Card] {
							fail(e, "skill %s: %d covered of %d held", e.Card, c[e.Card], r.owned[e.Player][e.Card])
						}
					}
				case zBet:
					r.bets += d
				case zObstacle:
					r.obstacle[e.Card] += d
				default:
					fail(e, "cheese from %q to %q", e.From, e.To)
				}
			}
			if e.Player >= 0 {
				total(e, r.stash[e.Player])
			} else {
				total(e, r.supply)
			}
			if e.Kind == "collect" && r.bets < 0 {
				fail(e, "collects more than was bet")
			}
		case "rating":
			switch e.Kind {
			case "chip":
				if r.chip[e.Card] != zBag {
					fail(e, "chip %q drawn from %q", e.Card, r.chip[e.Card])
				}
				r.chip[e.Card] = zTest
			case "flip":
				if _, chip := r.chip[e.Card]; chip && r.chip[e.Card] != zTest { // else the skill's flip did nothing
					fail(e, "flips chip %q in %q", e.Card, r.chip[e.Card])
				}
			}
			if e.Kind == "test" {
				if amount(e) != rating || e.Printed == nil || (e.Result == "success") != (rating >= *e.Printed) {
					fail(e, "rating %d, target %v: %s", rating, e.Printed, e.Result)
				}
				if r.bets != 0 {
					fail(e, "%d cheese still bet", r.bets)
				}
				continue
			}
			rating += amount(e)
			if e.Total != nil {
				total(e, rating)
			}
		case "":
			if e.Kind == "market" && e.From == zDeck && e.To == zMarket {
				if r.market[e.Card]++; sum(r.market) > g.params.MarketSize {
					fail(e, "%d cards in a market of %d", sum(r.market), g.params.MarketSize)
				}
			}
			if e.Player >= 0 && e.Card != "" {
				if msg := r.skillCard(g, e); msg != "" {
					fail(e, "%s", msg)
				}
			}
		case "chips":
			switch e.Kind {
			case "refill", "cleanup":
				from, to := e.From, e.To
				n := 0
				for id, z := range r.chip {
					if z == from {
						r.chip[id] = to
						n++
					}
				}
				if amount(e) != n {
					fail(e, "%d chips %s → %s, rebuilt %d", *e.Amount, from, to, n)
				}
			}
		case "contribution":
			spaces := r.track[e.To]
			if spaces == nil {
				spaces = make([]int, players)
				r.track[e.To] = spaces
			}
			if e.Total == nil || *e.Total != spaces[e.Player]+amount(e) {
				fail(e, "from space %d up %d: %v", spaces[e.Player], *e.Amount, e.Total)
			}
			spaces[e.Player] = *e.Total
		case "food":
			r.food[e.Player] += amount(e)
			total(e, r.food[e.Player])
		case "score":
			r.scored[e.Player] = e.Result
			r.score[e.Player] = amount(e)
			total(e, r.stash[e.Player])
		}
		if e.Kind == "select" {
			rating = 0
		}
	}
	// The food, again from the tracks alone: each job's food in space
	// order, then one cheese each (counted above, from their events).
	var food [engine.MaxPlayers]int
	for _, spaces := range r.track {
		order := make([]int, 0, players)
		for p, at := range spaces {
			if at > 0 {
				order = append(order, p)
			}
		}
		slices.SortFunc(order, func(a, b int) int { return spaces[b] - spaces[a] })
		for rank, p := range order {
			if rank < len(g.params.FoodPerJob) {
				food[p] += g.params.FoodPerJob[rank]
			}
		}
	}
	if food != r.food {
		t.Fatalf("food by the tracks %v, by the food events %v", food[:players], r.food[:players])
	}
	best, bestStash := -1, -1
	for p := range players {
		score := r.food[p] + r.stash[p]
		if score != r.score[p] {
			t.Fatalf("seat %d: food %d + stash %d, yet it scores %d", p+1, r.food[p], r.stash[p], r.score[p])
		}
		switch {
		case score > best || (score == best && r.stash[p] > bestStash):
			best, bestStash, r.winners = score, r.stash[p], engine.Seats(0).With(p)
		case score == best && r.stash[p] == bestStash:
			r.winners = r.winners.With(p)
		}
	}
	return r
}

// The log alone rebuilds each seat's stash, food and score, the winners,
// the supply and the cheese on skills and obstacles, the tracks and the
// chips, in games of 2-6 players with random and heuristic bots.
func TestLogRebuildsTheGame(t *testing.T) {
	g := shipped(t)
	games := 0
	for players := g.Info().MinPlayers; players <= g.Info().MaxPlayers; players++ {
		for _, kinds := range [][]string{{"random"}, {"heuristic", "random"}, {"heuristic"}} {
			n := 12
			if kinds[0] == "heuristic" && len(kinds) == 1 {
				n = 2 // heuristic bots play out every choice: slow
			}
			for game := range n {
				seed := engine.GameSeed(uint64(players), game)
				s, log := playLogged(t, g, players, seed, kinds)
				checkRebuilt(t, g, s, log, fmt.Sprintf("%d players %v seed %d", players, kinds, seed))
				games++
			}
		}
	}
	t.Logf("%d games rebuilt from their logs", games)
}

func checkRebuilt(t *testing.T, g *Game, s *state, log []engine.Event, name string) {
	t.Helper()
	r := rebuild(t, g, s.N, log)
	for p := range s.N {
		covered := 0
		for i := range s.nskill[p] {
			if s.covered[p][i] != 0 {
				covered++
			}
		}
		held := map[string]int{}
		for i := range s.nskill[p] {
			held[s.g.cards[s.skill[p][i]].id]++
		}
		maps.DeleteFunc(r.owned[p], func(_ string, n int) bool { return n == 0 })
		if !maps.Equal(held, r.owned[p]) || len(held) == 0 {
			t.Errorf("%s seat %d: skills %v by the log, %v in the game", name, p+1, r.owned[p], held)
		}
		if r.stash[p] != s.stash[p] || r.food[p] != s.food[p] || r.score[p] != s.score[p] || r.skills[p] != covered {
			t.Errorf("%s seat %d: log stash %d food %d score %d on skills %d; game %d %d %d %d", name, p+1,
				r.stash[p], r.food[p], r.score[p], r.skills[p], s.stash[p], s.food[p], s.score[p], covered)
		}
		if won := s.Won[p] > 0; won != r.winners.Has(p) || won != (r.scored[p] == "wins") {
			t.Errorf("%s seat %d: wins %v, by the log's scores %v, its score event %q", name, p+1, won, r.winners.Has(p), r.scored[p])
		}
	}
	if r.supply != s.supply {
		t.Errorf("%s: supply %d by the log, %d in the game", name, r.supply, s.supply)
	}
	for j := range s.g.jobs {
		for k := s.top[j]; k < s.size[j]; k++ {
			id := s.g.cards[s.stack[j][k]].id
			if k == s.top[j] && r.obstacle[id] != s.cheese[j] {
				t.Errorf("%s: %s holds %d cheese by the log, %d in the game", name, id, r.obstacle[id], s.cheese[j])
			}
		}
		spaces := r.track["track "+s.g.jobs[j]]
		for p := range s.N {
			at := 0
			if spaces != nil {
				at = spaces[p]
			}
			if at != s.tracks[j].Pos(p) {
				t.Errorf("%s: seat %d on space %d of job %s by the log, %d in the game", name, p+1, at, s.g.jobs[j], s.tracks[j].Pos(p))
			}
		}
	}
	for c, id := range g.chipIDs {
		want := map[int]string{chipInBag: zBag, chipPlayArea: zPlayArea, chipDrawn: zTest}[s.chips.Where(c)]
		if r.chip[id] != want {
			t.Errorf("%s: chip %s in %s by the log, %s in the game", name, id, r.chip[id], want)
		}
	}
}

// loggedTest is a started fixture game whose later events are collected.
func loggedTest(t *testing.T, players int, overrides map[string]string) (*state, *[]engine.Event) {
	t.Helper()
	s := started(t, fixture(t, testCards, overrides), players)
	log := &[]engine.Event{}
	s.Log = func(e engine.Event) { *log = append(*log, e) }
	return s, log
}

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}

// A failure with an empty supply: the helper's payout and the obstacle's
// cheese are logged with the rule's amount (Printed 1) and what moved (0);
// the bet, its collection by the tester, the test and the track move carry
// their amounts, causes and zones.
func TestLogFailureWithAnEmptySupply(t *testing.T) {
	s, log := loggedTest(t, 3, nil)
	engine.Apply(s, actFirst+0) // a1, target 2
	engine.ApplyJoint(s, bets(s, 0, 1, 0))
	s.supply = 0
	drawChip(t, s, chipOf(t, s, -2, -4), 0)
	drawChip(t, s, chipOf(t, s, -1, -2), 1)
	engine.Apply(s, actStop)
	type want struct {
		kind, cause, card, from, to string
		seat                        int
		amount, printed, total      any
	}
	var got []want
	for _, e := range *log {
		if e.Resource == "cheese" {
			got = append(got, want{e.Kind, e.Cause, e.Card, e.From, e.To, e.Player, deref(e.Amount), deref(e.Printed), deref(e.Total)})
		}
	}
	wants := []want{
		{"bet", "bet", "", zStash, zBet, 1, 1, nil, 2},
		{"abstain", "abstain", "", zSkill, zStash, 2, 0, 1, 3}, // no covered skill: nothing to take
		{"collect", "bet", "", zBet, zStash, 0, 1, nil, 4},
		{"payout", "failure", "", zSupply, zStash, 1, 0, 1, 2},
		{"bounty", "failure_obstacle_cheese", "a1", zSupply, zObstacle, -1, 0, 1, 0},
	}
	if !slices.Equal(got, wants) {
		t.Errorf("cheese events:\n%v\nwant\n%v", got, wants)
	}
	test := enginetest.OfKind(*log, "test")
	if len(test) != 1 || test[0].Card != "a1" || deref(test[0].Amount) != -4 || deref(test[0].Printed) != 2 || test[0].Result != "failure" {
		t.Errorf("test event %+v", test)
	}
	chips := enginetest.OfKind(*log, "chip")
	if len(chips) != 2 || chips[0].Card != "red-1" || chips[0].Result != "side 1" || deref(chips[0].Amount) != -2 ||
		chips[1].Card != "orange-1" || chips[1].Result != "side 2" || deref(chips[1].Total) != -4 || chips[1].Cause != "chips_drawn" {
		t.Errorf("chip events %+v", chips)
	}
	track := enginetest.OfKind(*log, "track")
	if len(track) != 1 || track[0].Player != 0 || track[0].Cause != "failure" || track[0].To != "track A" ||
		deref(track[0].Amount) != 1 || deref(track[0].Total) != 1 {
		t.Errorf("track events %+v", track)
	}
}

// Skills: the activation's cheese names the skill as its cause; a bonus
// that works carries its amount and the rating after it, one against an
// obstacle without its icon is logged as 0 of the printed 2; a flip names
// the chip, the side it now shows and what it gained.
func TestLogSkillBonusesAndFlips(t *testing.T) {
	s, log := loggedTest(t, 2, nil)
	engine.Apply(s, actFirst+1) // b1 shows a mouth, no leg
	engine.ApplyJoint(s, bets(s, 0, 0))
	drawChip(t, s, chipOf(t, s, 4, 2), 1)  // +2
	drawChip(t, s, chipOf(t, s, 3, -3), 1) // -3
	slot := func(id string) engine.Action {
		c := s.g.cardIndex(t, id)
		for i := range s.nskill[0] {
			if int(s.skill[0][i]) == c {
				return actFirst + engine.Action(i)
			}
		}
		s.skill[0][s.nskill[0]] = uint8(c)
		s.nskill[0]++
		return actFirst + engine.Action(s.nskill[0]-1)
	}
	*log = nil
	engine.Apply(s, slot("flip"))
	engine.Apply(s, slot("plus"))
	engine.Apply(s, slot("legs"))
	ev := *log
	if len(ev) != 6 {
		t.Fatalf("%d events: %+v", len(ev), ev)
	}
	act := ev[0]
	if act.Kind != "activate" || act.Cause != "flip" || act.Card != "flip" || act.From != zStash || act.To != zSkill || deref(act.Total) != 2 {
		t.Errorf("activation %+v", act)
	}
	if f := ev[1]; f.Kind != "flip" || f.Card != "purple-1" || f.Cause != "flip" || f.Result != "side 1" || deref(f.Amount) != 6 || deref(f.Total) != 5 {
		t.Errorf("flip %+v", f)
	}
	if b := ev[3]; b.Kind != "bonus" || b.Card != "plus" || deref(b.Amount) != 1 || b.Printed != nil || deref(b.Total) != 6 {
		t.Errorf("bonus %+v", b)
	}
	if b := ev[5]; b.Kind != "bonus" || b.Card != "legs" || deref(b.Amount) != 0 || deref(b.Printed) != 2 || deref(b.Total) != 6 || b.Result == "" {
		t.Errorf("bonus without its icon %+v", b)
	}
}

// An empty bag refilled from the play area is logged with the chips it
// took back.
func TestLogBagRefill(t *testing.T) {
	s, log := loggedTest(t, 2, nil)
	for i := 1; i < s.chips.Len(); i++ {
		s.chips.Draw(i, 0)
	}
	s.chips.EndTest() // every chip but chip 0 is in the play area
	engine.Apply(s, actFirst+0)
	engine.ApplyJoint(s, bets(s, 0, 0))
	drawChip(t, s, 0, 0)
	refill := enginetest.OfKind(*log, "refill")
	if len(refill) != 1 || deref(refill[0].Amount) != s.chips.Len()-1 || refill[0].From != zPlayArea || refill[0].To != zBag {
		t.Errorf("refill events %+v", refill)
	}
}
