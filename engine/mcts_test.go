package engine_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// nim is the subtraction game: seats take 1 to 3 stones in turn from one
// pile, and whoever takes the last wins. A pile of 4k is lost for the seat
// to move, so from any other pile the only winning move leaves a multiple
// of 4: a forced win a search must find.
type nim struct{ stones int }

func (g nim) Info() engine.Info {
	return engine.Info{ID: "nim", MinPlayers: 2, MaxPlayers: 2, MaxMoves: 100, Cards: 1, Information: engine.PerfectInformation}
}
func (g nim) NewState(players int, opts engine.StateOptions) engine.State {
	return &nimState{Base: engine.NewBase(players, opts), left: g.stones}
}
func (g nim) CardRules(int) []engine.RulesLine { return nil }

type nimState struct {
	engine.Base
	left, turn int
}

func (s *nimState) CurrentPlayer() engine.Player {
	if s.left == 0 {
		return engine.Terminal
	}
	return engine.Player(s.turn)
}
func (s *nimState) LegalActions(p engine.Player, buf []engine.Action) []engine.Action {
	for take := 1; take <= min(3, s.left) && p == s.CurrentPlayer(); take++ {
		buf = append(buf, engine.Action(take))
	}
	return buf
}
func (s *nimState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome { return buf }
func (s *nimState) DoApply(a engine.Action) {
	if s.left -= int(a); s.left == 0 {
		s.ShareWin(engine.Seats(0).With(s.turn))
		return
	}
	s.turn = 1 - s.turn
}
func (s *nimState) IsTerminal() bool                        { return s.left == 0 }
func (s *nimState) CloneInto(dst engine.State) engine.State { return engine.CloneState(s, dst) }
func (s *nimState) ActionString(_ engine.Player, a engine.Action) string {
	return fmt.Sprintf("take %d", a)
}

// The search finds the one winning move from every pile that has one.
func TestMCTSFindsTheForcedWin(t *testing.T) {
	for stones := 5; stones <= 15; stones++ {
		if stones%4 == 0 {
			continue
		}
		s := nim{stones}.NewState(2, engine.StateOptions{})
		bot := engine.NewMCTSBot(uint64(stones), 3000)
		legal := s.LegalActions(0, nil)
		if got, want := bot.Act(s, 0, legal), engine.Action(stones%4); got != want {
			t.Errorf("%d stones: takes %d, want %d (leaving a multiple of 4)", stones, got, want)
		}
	}
}

// With the same seed and budget the same game is played again exactly.
func TestMCTSIsReproducible(t *testing.T) {
	g := &enginetest.Toy{Goal: 12, Dominant: true}
	play := func(iters int) []engine.Action {
		var moves []engine.Action
		s := g.NewState(3, engine.StateOptions{})
		bots := []*engine.MCTSBot{engine.NewMCTSBot(1, iters), engine.NewMCTSBot(2, iters), engine.NewMCTSBot(3, iters)}
		r := engine.NewRand(9)
		for !s.IsTerminal() {
			switch s.CurrentPlayer() {
			case engine.Chance:
				engine.Apply(s, engine.SampleOutcome(s.ChanceOutcomes(nil), r))
			case engine.Simultaneous:
				var joint []engine.Action
				for p := range 3 {
					joint = append(joint, bots[p].Act(s, engine.Player(p), s.LegalActions(engine.Player(p), nil)))
				}
				moves = append(moves, joint...)
				engine.ApplyJoint(s, joint)
			}
		}
		return moves
	}
	a, b := play(64), play(64)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatalf("two runs with the same seeds differ:\n%v\n%v", a, b)
	}
	// In the dominant toy, adding one is always better: the search sees it.
	a = play(1000)
	adds := 0
	for _, m := range a {
		adds += int(m)
	}
	if adds < len(a)*9/10 {
		t.Errorf("the search added one in %d of %d choices, want nearly all", adds, len(a))
	}
}

// playingNim is nim whose states play out on their own
// (engine.RandomPlayer), counting how often the search lets them.
type playingNim struct {
	nimState
	calls *int
}

func (s *playingNim) CloneInto(dst engine.State) engine.State { return engine.CloneState(s, dst) }

func (s *playingNim) PlayRandomly(r *engine.Rand, limit int) (moves int) {
	*s.calls++
	for ; moves < limit && !s.IsTerminal(); moves++ {
		legal := s.LegalActions(s.CurrentPlayer(), nil)
		s.Move++
		s.DoApply(legal[r.Intn(len(legal))])
	}
	return moves
}

// The search plays its random play-outs through a state's RandomPlayer,
// and searches exactly as through the generic calls: the same moves from
// every pile, seed for seed.
func TestMCTSPlaysOutThroughRandomPlayer(t *testing.T) {
	calls := 0
	for stones := 5; stones <= 30; stones++ {
		plain := nim{stones}.NewState(2, engine.StateOptions{})
		playing := &playingNim{nimState: *plain.(*nimState), calls: &calls}
		legal := plain.LegalActions(0, nil)
		for seed := range uint64(3) {
			want := engine.NewMCTSBot(seed, 200).Act(plain, 0, legal)
			if got := engine.NewMCTSBot(seed, 200).Act(playing, 0, legal); got != want {
				t.Errorf("%d stones, seed %d: takes %d through PlayRandomly, %d without", stones, seed, got, want)
			}
		}
	}
	if calls == 0 {
		t.Error("the search never called PlayRandomly")
	}
	// Told to play out generically, it leaves PlayRandomly alone.
	calls = 0
	s := &playingNim{nimState: nimState{Base: engine.NewBase(2, engine.StateOptions{}), left: 21}, calls: &calls}
	bot := engine.NewMCTSBot(1, 200)
	bot.PlayOutGenerically = true
	bot.Act(s, 0, s.LegalActions(0, nil))
	if calls != 0 {
		t.Errorf("PlayRandomly called %d times by a search told to play out generically", calls)
	}
}

// After the first decision has grown the tree's storage, a decision
// allocates nothing: no allocation per iteration.
func TestMCTSIterationsDoNotAllocate(t *testing.T) {
	s := nim{stones: 21}.NewState(2, engine.StateOptions{})
	bot := engine.NewMCTSBot(1, 500)
	legal := s.LegalActions(0, nil)
	bot.Act(s, 0, legal)
	if n := testing.AllocsPerRun(5, func() { bot.Act(s, 0, legal) }); n != 0 {
		t.Errorf("%.1f allocations a decision of 500 iterations, want 0", n)
	}
}

// It beats random play clearly where skill pays: the search wins most
// games of Nim from a pile it can win, against a random seat.
func TestMCTSBeatsRandomAtNim(t *testing.T) {
	wins := 0
	const games = 40
	for i := range games {
		s := nim{stones: 23}.NewState(2, engine.StateOptions{})
		search, random := engine.NewMCTSBot(uint64(i), 400), engine.NewRand(uint64(i))
		for !s.IsTerminal() {
			legal := s.LegalActions(s.CurrentPlayer(), nil)
			if s.CurrentPlayer() == 0 {
				engine.Apply(s, search.Act(s, 0, legal))
			} else {
				engine.Apply(s, legal[random.Intn(len(legal))])
			}
		}
		wins += int(s.Returns(nil)[0])
	}
	if wins < games*9/10 {
		t.Errorf("the search won %d of %d games from a winning pile, want at least 90%%", wins, games)
	}
}

// race is a long game for the horizon: in turn each seat adds 1 or 2 to
// its score, and after moves moves the higher score wins. applied counts
// every move played, in the game and in every copy of it.
// A turnCap below moves makes a race that never ends within its turn cap.
type race struct {
	moves    int
	evaluate bool
	applied  *int
	turnCap  int
}

func (g race) Info() engine.Info {
	turnCap := g.moves
	if g.turnCap > 0 {
		turnCap = g.turnCap
	}
	return engine.Info{ID: "race", MinPlayers: 2, MaxPlayers: 2, MaxMoves: turnCap, Cards: 1, Information: engine.PerfectInformation}
}
func (g race) NewState(players int, opts engine.StateOptions) engine.State {
	s := &raceState{Base: engine.NewBase(players, opts), g: g}
	if g.evaluate {
		return &evalRaceState{*s}
	}
	return s
}
func (g race) CardRules(int) []engine.RulesLine { return nil }

type raceState struct {
	engine.Base
	g     race
	score [2]int
}

func (s *raceState) CurrentPlayer() engine.Player {
	if s.Move == s.g.moves {
		return engine.Terminal
	}
	return engine.Player(s.Move % 2)
}
func (s *raceState) LegalActions(p engine.Player, buf []engine.Action) []engine.Action {
	if p != s.CurrentPlayer() {
		return buf
	}
	return append(buf, 1, 2)
}
func (s *raceState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome { return buf }

// DoApply runs after engine.Apply has counted the move: the mover is
// the seat of move Move-1.
func (s *raceState) DoApply(a engine.Action) {
	*s.g.applied++
	s.score[(s.Move-1)%2] += int(a)
	if s.Move == s.g.moves {
		winByScore(&s.Base, s.score)
	}
}

// winByScore ends a two-seat game: the higher score wins, a tie is shared.
func winByScore(b *engine.Base, score [2]int) {
	switch {
	case score[0] > score[1]:
		b.ShareWin(engine.Seats(0).With(0))
	case score[1] > score[0]:
		b.ShareWin(engine.Seats(0).With(1))
	default:
		b.ShareWin(engine.Seats(0).With(0).With(1))
	}
}
func (s *raceState) IsTerminal() bool                        { return s.Move == s.g.moves }
func (s *raceState) CloneInto(dst engine.State) engine.State { return engine.CloneState(s, dst) }
func (s *raceState) ActionString(_ engine.Player, a engine.Action) string {
	return fmt.Sprintf("add %d", a)
}

// evalRaceState is the race with an evaluation: a seat's lead.
type evalRaceState struct{ raceState }

func (s *evalRaceState) Evaluate(p engine.Player) float64 {
	return float64(s.score[p] - s.score[1-p])
}
func (s *evalRaceState) CloneInto(dst engine.State) engine.State { return engine.CloneState(s, dst) }

// The horizon cuts every iteration after Horizon moves: a decision of N
// iterations plays at most N*Horizon moves, where without it each one
// plays the game out.
func TestMCTSHorizonShortensPlayOuts(t *testing.T) {
	for _, horizon := range []int{0, 10} {
		applied := 0
		g := race{moves: 1000, evaluate: true, applied: &applied}
		s := g.NewState(2, engine.StateOptions{})
		bot := engine.NewMCTSBot(1, 50)
		bot.Horizon = horizon
		bot.Act(s, 0, s.LegalActions(0, nil))
		switch {
		case horizon == 0 && applied != 50*1000:
			t.Errorf("no horizon: %d moves played, want every iteration's 1000", applied)
		case horizon > 0 && applied > 50*horizon:
			t.Errorf("horizon %d: %d moves played, want at most %d", horizon, applied, 50*horizon)
		}
	}
}

// A game that never ends within its turn cap (a rules file that loops)
// costs a search at most the cap's moves an iteration: a play-out past the
// cap would be a game that does not end, so it stops there as a draw. A
// game of 40 moves with mcts:4 so plays at most 40 decisions × 4
// iterations × 40 moves, where play-outs of MaxRolloutMoves (100,000)
// would play 16 million.
func TestMCTSPlayOutsStopAtTheTurnCap(t *testing.T) {
	applied := 0
	g := race{moves: 1 << 30, turnCap: 40, applied: &applied}
	sum := engine.Run(g, engine.RunConfig{Players: 2, Games: 1, Seed: 1, Workers: 1, Bots: []string{"mcts:4"}})
	if sum.Capped != 1 {
		t.Fatalf("%d games capped, want the one", sum.Capped)
	}
	if limit := 40 + 40*4*40; applied > limit {
		t.Errorf("%d moves played in a game capped at 40 moves with mcts:4, want at most %d", applied, limit)
	}
}

// A time budget plays a legal move, and the tree stays within its bound
// however long the search runs: past it the search goes on without
// growing the tree (as it does past maxTreeNodes, which an iteration
// budget of MaxIterations never reaches).
func TestMCTSTreeStaysWithinItsBound(t *testing.T) {
	applied := 0
	s := race{moves: 30, applied: &applied}.NewState(2, engine.StateOptions{})
	legal := s.LegalActions(0, nil)
	timed := engine.NewMCTSBot(1, 0)
	timed.Time = 20 * time.Millisecond
	timed.LimitTree(100)
	if a := timed.Act(s, 0, legal); a != 1 && a != 2 {
		t.Errorf("a time budget played %v, not a legal move", a)
	}
	if n := timed.TreeNodes(); n < 2 || n > 100 {
		t.Errorf("a time budget grew a tree of %d nodes, want 2 to 100", n)
	}
	choices := func() (out []engine.Action) {
		bot := engine.NewMCTSBot(3, 2000)
		bot.LimitTree(50)
		for range 10 {
			out = append(out, bot.Act(s, 0, legal))
			if n := bot.TreeNodes(); n > 50 {
				t.Fatalf("2000 iterations grew a tree of %d nodes, bounded at 50", n)
			}
		}
		return out
	}
	if a, b := choices(), choices(); fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("with the tree full, two runs with the same seed differ: %v, %v", a, b)
	}
}

// A bot lets a big tree go after its decision, so the seats of a table of
// big searches, which decide one at a time, hold one big tree at a time;
// a tree of a usual budget is kept (no allocation a decision).
func TestMCTSLetsABigTreeGo(t *testing.T) {
	applied := 0
	s := race{moves: 24, applied: &applied}.NewState(2, engine.StateOptions{})
	legal := s.LegalActions(0, nil)
	big := engine.NewMCTSBot(1, engine.KeptTreeNodes+1000)
	big.Exploration = 100 // breadth first: a node an iteration
	big.Act(s, 0, legal)
	if n := big.TreeStorage(); n != 0 {
		t.Errorf("after %d iterations the bot keeps storage for %d nodes, want none", engine.KeptTreeNodes+1000, n)
	}
	small := engine.NewMCTSBot(1, 500)
	small.Act(s, 0, legal)
	if n := small.TreeStorage(); n < 500 {
		t.Errorf("after 500 iterations the bot keeps storage for %d nodes, want its tree's", n)
	}
}

// Cut by the horizon, a play-out is scored by the evaluation (the seat
// ahead counts as the winner), so the search sees that adding 2 is better
// a thousand moves before the end; without an evaluation a cut play-out
// is a draw and tells it nothing.
func TestMCTSHorizonScoresByEvaluation(t *testing.T) {
	twos := map[bool]int{}
	for _, evaluate := range []bool{true, false} {
		for seed := range 20 {
			applied := 0
			s := race{moves: 1000, evaluate: evaluate, applied: &applied}.NewState(2, engine.StateOptions{})
			bot := engine.NewMCTSBot(uint64(seed), 200)
			bot.Horizon = 6
			if bot.Act(s, 0, s.LegalActions(0, nil)) == 2 {
				twos[evaluate]++
			}
		}
	}
	if twos[true] != 20 {
		t.Errorf("with the evaluation, the search added 2 in %d of 20 decisions, want all", twos[true])
	}
	if twos[false] == 20 {
		t.Errorf("without an evaluation, the search added 2 in all 20 decisions: a cut play-out is not a draw")
	}
}

// The horizon keeps the search reproducible and allocation-free.
func TestMCTSHorizonReproducibleWithoutAllocating(t *testing.T) {
	applied := 0
	g := race{moves: 1000, evaluate: true, applied: &applied}
	s := g.NewState(2, engine.StateOptions{})
	for range 10 {
		engine.Apply(s, 1)
	}
	legal := s.LegalActions(0, nil)
	choices := func(seed uint64) (out []engine.Action) {
		bot := engine.NewMCTSBot(seed, 300)
		bot.Horizon = 20
		for range 10 {
			out = append(out, bot.Act(s, 0, legal))
		}
		return out
	}
	if a, b := choices(7), choices(7); fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("two runs with the same seed differ: %v, %v", a, b)
	}
	bot := engine.NewMCTSBot(1, 500)
	bot.Horizon = 20
	bot.Act(s, 0, legal)
	if n := testing.AllocsPerRun(5, func() { bot.Act(s, 0, legal) }); n != 0 {
		t.Errorf("%.1f allocations a decision of 500 iterations with a horizon, want 0", n)
	}
}

// A spec's knobs reach the bot: its budget, exploration, roll-out bot and
// horizon; a reseeded bot replays as a new one, its roll-out bot too.
func TestMCTSSpecSetsTheKnobs(t *testing.T) {
	b, err := engine.ParseBot("mcts:40:c=1.5:rollout=heuristic:horizon=30", 3)
	if err != nil {
		t.Fatal(err)
	}
	m := b.(*engine.MCTSBot)
	if _, heuristic := m.Rollout.(*engine.HeuristicBot); m.Iterations != 40 || m.Exploration != 1.5 || m.Horizon != 30 || !heuristic {
		t.Errorf("spec gave %+v", m)
	}
	if b, _ := engine.ParseBot("mcts", 3); b.(*engine.MCTSBot).Iterations != engine.MCTSIterations || b.(*engine.MCTSBot).Horizon != 0 {
		t.Errorf("a plain mcts has %+v", b)
	}
	// Without an evaluation the heuristic roll-out plays at random, from
	// its own generator: the choices depend on it.
	applied := 0
	s := race{moves: 30, applied: &applied}.NewState(2, engine.StateOptions{})
	legal := s.LegalActions(0, nil)
	choices := func(b engine.Bot) (out []engine.Action) {
		for range 40 {
			out = append(out, b.Act(s, 0, legal))
		}
		return out
	}
	fresh, _ := engine.ParseBot("mcts:9:rollout=heuristic", 7)
	want := choices(fresh)
	used, _ := engine.ParseBot("mcts:9:rollout=heuristic", 1)
	choices(used)
	used.(engine.Reseeder).Reseed(7)
	if got := choices(used); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("reseeded: %v, a new bot: %v", got, want)
	}
}

// With a prior (progressive bias), the search starts from the look-ahead's
// choice: in a long race whose random play-outs barely tell adding 2 from
// adding 1, a tiny budget adds 2 every time, where without the prior it
// is a coin flip. A single iteration tries the look-ahead's move first.
func TestMCTSPriorStartsFromTheLookAhead(t *testing.T) {
	twos := map[float64]int{}
	for _, prior := range []float64{0, 4} {
		for seed := range 20 {
			applied := 0
			s := race{moves: 1000, evaluate: true, applied: &applied}.NewState(2, engine.StateOptions{})
			bot := engine.NewMCTSBot(uint64(seed), 8)
			bot.Prior = prior
			if bot.Act(s, 0, s.LegalActions(0, nil)) == 2 {
				twos[prior]++
			}
		}
	}
	if twos[4] != 20 {
		t.Errorf("with the prior, the search added 2 in %d of 20 decisions, want all", twos[4])
	}
	if twos[0] == 20 {
		t.Errorf("without the prior, the search added 2 in all 20 decisions: the test does not need the prior")
	}
	applied := 0
	s := race{moves: 1000, evaluate: true, applied: &applied}.NewState(2, engine.StateOptions{})
	for seed := range 10 {
		bot := engine.NewMCTSBot(uint64(seed), 1)
		bot.Prior = 1
		if got := bot.Act(s, 0, s.LegalActions(0, nil)); got != 2 {
			t.Errorf("seed %d: one iteration with a prior adds %d, want the look-ahead's 2", seed, got)
		}
	}
}

// The guided search (prior, look-ahead play-outs, margin) stays
// reproducible and allocation-free.
func TestMCTSPriorReproducibleWithoutAllocating(t *testing.T) {
	applied := 0
	s := race{moves: 200, evaluate: true, applied: &applied}.NewState(2, engine.StateOptions{})
	for range 7 {
		engine.Apply(s, 1)
	}
	legal := s.LegalActions(1, nil)
	choices := func(seed uint64) (out []engine.Action) {
		b, _ := engine.ParseBot("mcts:20:prior=0.5:horizon=10", seed)
		for range 20 {
			out = append(out, b.Act(s, 1, legal))
		}
		return out
	}
	if a, b := choices(7), choices(7); fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("two runs with the same seed differ: %v, %v", a, b)
	}
	bot, _ := engine.ParseBot("mcts:500:horizon=8:rollout=heuristic:cut=margin:prior=2", 1)
	bot.Act(s, 1, legal)
	if n := testing.AllocsPerRun(5, func() { bot.Act(s, 1, legal) }); n != 0 {
		t.Errorf("%.1f allocations a decision of 500 guided iterations, want 0", n)
	}
}

// Far ahead, a seat leads every cut play-out whatever it does, so scoring
// by rank tells adding 2 from adding 1 nothing; scoring by the margin over
// the best other seat does (cut=margin), and the search adds 2.
func TestMCTSMarginScoresWhatRankCannot(t *testing.T) {
	twos := map[bool]int{}
	for _, margin := range []bool{true, false} {
		for seed := range 20 {
			applied := 0
			s := race{moves: 1000, evaluate: true, applied: &applied}.NewState(2, engine.StateOptions{})
			for range 100 {
				engine.Apply(s, engine.Action(2-s.CurrentPlayer())) // seat 1 adds 2, seat 2 adds 1
			}
			bot := engine.NewMCTSBot(uint64(seed), 200)
			bot.Horizon, bot.Margin = 6, margin
			if bot.Act(s, 0, s.LegalActions(0, nil)) == 2 {
				twos[margin]++
			}
		}
	}
	if twos[true] != 20 {
		t.Errorf("scored by margin, the search added 2 in %d of 20 decisions, want all", twos[true])
	}
	if twos[false] == 20 {
		t.Errorf("scored by rank, the search added 2 in all 20 decisions: the test does not need the margin")
	}
}

// The guided knobs reach the bot from a spec.
func TestMCTSSpecSetsTheGuidedKnobs(t *testing.T) {
	b, err := engine.ParseBot("mcts:32:horizon=8:rollout=heuristic:cut=margin:prior=4", 3)
	if err != nil {
		t.Fatal(err)
	}
	if m := b.(*engine.MCTSBot); !m.Margin || m.Prior != 4 || m.Horizon != 8 {
		t.Errorf("spec gave %+v", m)
	}
	if b, _ := engine.ParseBot("mcts:cut=rank", 3); b.(*engine.MCTSBot).Margin || b.(*engine.MCTSBot).Prior != 0 {
		t.Errorf("cut=rank gave %+v", b)
	}
	for _, bad := range []string{"mcts:cut=lead", "mcts:prior=-1", "mcts:prior=101", "mcts:prior=x"} {
		if _, err := engine.ParseBot(bad, 1); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// "mcts:time=D" gives the search a time budget a decision instead of
// iterations: the bot searches (more than one play-out) and returns; a
// budget out of range, not a duration, or given beside an iteration
// budget is refused.
func TestMCTSSpecSetsATimeBudget(t *testing.T) {
	b, err := engine.ParseBot("mcts:time=5ms:c=1", 3)
	if err != nil {
		t.Fatal(err)
	}
	m := b.(*engine.MCTSBot)
	if m.Time != 5*time.Millisecond || m.Exploration != 1 {
		t.Fatalf("spec gave %+v", m)
	}
	applied := 0
	s := race{moves: 10, applied: &applied}.NewState(2, engine.StateOptions{})
	if a := m.Act(s, 0, s.LegalActions(0, nil)); a != 1 && a != 2 {
		t.Errorf("played %d", a)
	}
	if applied <= 10 {
		t.Errorf("%d moves applied in 5 ms of search: not even two play-outs", applied)
	}
	for _, bad := range []string{"mcts:time=0s", "mcts:time=500us", "mcts:time=2m", "mcts:time=5", "mcts:time=-1ms", "mcts:time=", "mcts:100:time=20ms", "heuristic:time=1s"} {
		if _, err := engine.ParseBot(bad, 1); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
