package report

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// tiny is a ladder small enough for a test: few games, small budgets.
func tiny(players, budget, shard, shards int) LadderConfig {
	return LadderConfig{Players: players, Agents: LadderAgents(LadderPlan{Budget: budget}), Seed: 5, Workers: 2, Floor: 8, Cap: 40, Shard: shard, Shards: shards}
}

// In the Toy with a dominant card, skill pays: MCTS beats random beyond
// its interval and the ladder is not flat.
func TestLadderShowsSkillWhereThereIsSome(t *testing.T) {
	l := PlayLadder(&enginetest.Toy{Goal: 12, Dominant: true}, tiny(2, 60, 0, 1))
	if err := l.Check(); err != nil {
		t.Fatal(err)
	}
	top := len(l.Agents) - 1
	if r := l.Matchup(top, 0); !r.Above(l.Fair()) {
		t.Errorf("%s vs random: %.2f [%.2f-%.2f] over %d games, want above the fair %.2f", l.Agents[top], r.Value, r.Lo, r.Hi, r.Games, l.Fair())
	}
	if !l.Steps()[0] || l.LuckDominated() {
		t.Errorf("steps %v: the look-ahead must beat random and the ladder must not be flagged", l.Steps())
	}
	if d := l.Depth(); !d.Above(l.Fair()) {
		t.Errorf("skill depth %.2f [%.2f-%.2f], want above %.2f", d.Value, d.Lo, d.Hi, l.Fair())
	}
}

// Where both cards are the same, only the dice decide: no agent beats a
// weaker one, and the ladder is flagged as luck-dominated.
func TestLadderOfPureLuckIsFlat(t *testing.T) {
	l := PlayLadder(&enginetest.Toy{Goal: 12}, tiny(2, 16, 0, 1))
	if err := l.Check(); err != nil {
		t.Fatal(err)
	}
	if !l.LuckDominated() {
		for r := 1; r < len(l.Agents); r++ {
			m := l.Matchup(r, r-1)
			t.Logf("%s vs %s: %.2f [%.2f-%.2f] %d games", l.Agents[r], l.Agents[r-1], m.Value, m.Lo, m.Hi, m.Games)
		}
		t.Error("a game of pure luck is not flagged as luck-dominated")
	}
}

// Three shards, written as JSON and read back, merge into exactly the
// ladder one run plays.
func TestLadderShardsMergeToOneRun(t *testing.T) {
	g := &enginetest.Toy{Goal: 10, Dominant: true}
	whole := PlayLadder(g, tiny(3, 16, 0, 1))
	var merged *Ladder
	for k := range 3 {
		part := PlayLadder(g, tiny(3, 16, k, 3))
		b, err := json.Marshal(part)
		if err != nil {
			t.Fatal(err)
		}
		var back Ladder
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if merged == nil {
			if merged = &back; merged.Check() == nil {
				t.Fatal("one shard of three passes as a whole ladder")
			}
			continue
		}
		if err := merged.Merge(&back); err != nil {
			t.Fatal(err)
		}
	}
	if err := merged.Check(); err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(whole)
	b, _ := json.Marshal(merged)
	if string(a) != string(b) {
		t.Errorf("the merged shards differ from one run:\n%s\n%s", a, b)
	}
	if err := merged.Merge(PlayLadder(g, tiny(3, 16, 1, 3))); err == nil {
		t.Error("a shard merged twice is accepted")
	}
}

// A seat that is fair under random play and favoured under skilled play
// is named; one favoured at every level is not "skilled only".
func TestSkilledOnlySeatAdvantage(t *testing.T) {
	run := func(wins ...int64) *engine.Summary {
		s := engine.NewSummary(engine.Info{}, 2)
		s.Games = 400
		for seat, w := range wins {
			s.SeatWins[seat] = w * 840
		}
		return s
	}
	l := &Ladder{Players: 2, Agents: []string{"random", "mcts:8"}, Cells: []*LadderCell{
		{Row: 0, Col: 0, Seats: []*engine.Summary{run(205, 195)}},
		{Row: 1, Col: 1, Seats: []*engine.Summary{run(260, 140)}},
	}}
	// 54% of 400 is beyond the 95% interval of one seat, not of two;
	// 56.5% beyond that of two seats, not of two seats at each of the
	// cell's seven looks.
	for _, wins := range []int64{218, 226} {
		l.Cells[1].Seats[0] = run(wins, 400-wins)
		if got := l.SkilledSeats(); len(got) != 0 {
			t.Errorf("%d of 400, within the interval corrected for two seats at seven looks, is named: %+v", wins, got)
		}
	}
	l.Cells[1].Seats[0] = run(260, 140)
	got := l.SkilledSeats()
	if len(got) != 2 || got[0].Seat != 0 || got[1].Seat != 1 || got[0].Agent != 1 {
		t.Errorf("skilled-only seats %+v, want seat 1 (ahead) and seat 2 (behind) at mcts:8", got)
	}
	l.Cells[0].Seats[0] = run(250, 150)
	if got := l.SkilledSeats(); len(got) != 0 {
		t.Errorf("a seat favoured at every level is named skilled-only: %+v", got)
	}
}

// A game up to LadderLongGame moves gets a budget of LadderMoves over its
// length; a longer one the moves a decision of a LadderLongGame-move game
// over its length, or over LadderLongHorizon when it evaluates. A game
// that evaluates gets the guided search, at most LadderGuidedMaxBudget.
func TestPlanFor(t *testing.T) {
	for _, c := range []struct {
		length    float64
		evaluates bool
		want      LadderPlan
	}{
		{90, false, LadderPlan{Budget: 200}},               // 18000/90
		{90, true, LadderPlan{Budget: 100, Guided: true}},  // HEAT: the guided cap
		{346, true, LadderPlan{Budget: 52, Guided: true}},  // 18000/346, rounded up to even
		{7141, true, LadderPlan{Budget: 10, Guided: true}}, // 18000*400/7141 = 1008 over 100
		{1154, true, LadderPlan{Budget: 62, Guided: true}}, // 6239 over 100
		{1154, false, LadderPlan{Budget: 8}},               // 6239 over 1154: the floor
		{2, false, LadderPlan{Budget: 1000}},               // the ceiling
	} {
		if got := planFor(c.length, c.evaluates); got != c.want {
			t.Errorf("length %g, evaluates %v: %+v, want %+v", c.length, c.evaluates, got, c.want)
		}
	}
	if got := LadderAgents(LadderPlan{Budget: 10}); got[3] != "mcts:10" || got[2] != "mcts:5" {
		t.Errorf("agents %v", got)
	}
	got := LadderAgents(LadderPlan{Budget: 10, Guided: true})
	if got[3] != "mcts:10:"+LadderGuided || got[2] != "mcts:5:"+LadderGuided {
		t.Errorf("guided agents %v", got)
	}
	for _, spec := range got[2:] {
		if _, err := engine.ParseBot(spec, 1); err != nil {
			t.Errorf("guided agent: %v", err)
		}
	}
}

// madeLadder is a 4-player ladder of four agents whose cell r, c has the
// row agent win wins[r][c] of 400 games (100 at each seat); the diagonal
// is fair.
func madeLadder(wins [4][4]int) *Ladder {
	const players, games = 4, 100
	l := &Ladder{Players: players, Agents: []string{"random", "heuristic", "mcts:343", "mcts:686"}}
	for _, rc := range ladderCells(len(l.Agents)) {
		r, c := rc[0], rc[1]
		cell := &LadderCell{Row: r, Col: c}
		seats := players
		if r == c {
			seats = 1
		}
		for k := range seats {
			s := &engine.Summary{Players: players, Games: games}
			if r == c {
				s.Games = 4 * games
				for p := range players {
					s.SeatWins[p] = games * 840
				}
			} else {
				// The row agent's wins at seat k: its share of wins[r][c].
				s.SeatWins[k] = int64(wins[r][c]/players+boolInt(k < wins[r][c]%players)) * 840
			}
			cell.Seats = append(cell.Seats, s)
		}
		l.Cells = append(l.Cells, cell)
	}
	return l
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// A rung that does not beat the one just below it may still beat one
// further down (Crazy Eights at B 686: the top search beats the
// look-ahead, its half budget does not); StrongestBeaten finds it, and
// only beyond the interval.
func TestStrongestBeaten(t *testing.T) {
	var wins [4][4]int
	wins[1][0] = 136 // look-ahead vs random: 34% of 400, beyond
	wins[2][1] = 112 // MCTS 343 vs look-ahead: 28%, not beyond
	wins[3][2] = 92  // MCTS 686 vs MCTS 343: 23%
	wins[3][1] = 120 // MCTS 686 vs look-ahead: 30%, beyond
	wins[3][0] = 160
	wins[2][0] = 104 // 26%: not beyond
	l := madeLadder(wins)
	if got := l.StrongestBeaten(3); got != 1 {
		t.Errorf("MCTS 686's strongest beaten agent: %d, want 1 (the look-ahead)", got)
	}
	if got := l.StrongestBeaten(2); got != -1 {
		t.Errorf("MCTS 343 beats nobody below the look-ahead beyond its interval, got %d", got)
	}
	if got := l.StrongestBeaten(1); got != -1 {
		t.Errorf("the look-ahead has nobody below random: got %d", got)
	}
	if l.LuckDominated() {
		t.Error("a ladder whose look-ahead beats random is flagged as luck-dominated")
	}
}

// A cell looks at its intervals at the floor and at each step of half as
// many games again up to the cap: seven times from 10 to 150 games a seat
// (10, 20, 30, 45, 67, 100, 150), the looks seatZ corrects for.
func TestLadderLooks(t *testing.T) {
	var seen []int
	for done := LadderFloor; ; done = nextLook(done, LadderFloor, LadderCap) {
		seen = append(seen, done)
		if done >= LadderCap {
			break
		}
	}
	if want := []int{10, 20, 30, 45, 67, 100, 150}; !slices.Equal(seen, want) {
		t.Errorf("looks at %v games a seat, want %v", seen, want)
	}
	if got := ladderLooks(LadderFloor, LadderCap); got != len(seen) {
		t.Errorf("ladderLooks: %d, want %d", got, len(seen))
	}
	if got := ladderLooks(8, 8); got != 1 {
		t.Errorf("a cell whose floor is its cap looks %d times, want once", got)
	}
}

// A diagonal cell plays on while a seat is beyond its 95% interval but
// within the wider one SkilledSeats judges it by, narrow or not: it would
// otherwise stop on a run of luck and name it, or stop on a real
// advantage before the wide interval could show it.
func TestDiagonalCellPlaysOnUntilTheWideIntervalDecides(t *testing.T) {
	diag := func(games int, wins ...int64) *LadderCell {
		s := engine.NewSummary(engine.Info{}, 4)
		s.Games = games
		for seat, w := range wins {
			s.SeatWins[seat] = w * 840
		}
		return &LadderCell{Row: 2, Col: 2, Seats: []*engine.Summary{s}}
	}
	// 43 of 120 (36% [28-45] at 95%) and three seats near fair, each
	// within 8 points: the old rule stopped here.
	if diag(120, 43, 26, 25, 26).decided(4) {
		t.Error("a diagonal cell stops with a seat decided only at one look's 95%")
	}
	// 48 of 120 (40%) is beyond even the wide interval.
	if !diag(120, 48, 24, 24, 24).decided(4) {
		t.Error("a diagonal cell with a seat beyond its wide interval plays on")
	}
	// 30 of 180 (17% [12-23] at 95%, within 8 points) is narrow but still
	// looks unfair: the cell plays on until the wide interval decides.
	if diag(180, 30, 50, 50, 50).decided(4) {
		t.Error("a diagonal cell stops on a narrow seat that looks unfair only at one look's 95%")
	}
	// Every seat within 8 points of its rate: narrow enough.
	if !diag(120, 30, 30, 30, 30).decided(4) {
		t.Error("a fair diagonal cell whose intervals are narrow plays on")
	}
}
