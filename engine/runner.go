package engine

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
)

// Result is what one smoke game reports.
type Result struct {
	Index    int    // game number within the run
	Seed     uint64 // the game's own seed: replaying it needs nothing else
	Players  int
	Moves    int
	Returns  []float64
	EndCause string
	// Capped means the turn cap was hit: the game did not end.
	Capped bool
	// Panic holds the recovered panic and where it happened, if any.
	Panic string
	// Invariant is the first broken invariant, with the move it broke at.
	Invariant string
}

// Failed reports whether the game showed a problem.
func (r *Result) Failed() bool { return r.Capped || r.Panic != "" || r.Invariant != "" }

// PlayOptions configure one game.
type PlayOptions struct {
	Bots            []string // one kind per seat; empty means random everywhere
	CheckInvariants bool
	Log             func(Event)
	Tally           *Tally
	// History, when set, receives the game's moves (StateOptions.History).
	History *History
	// LogMoves logs every move, chance's included, as an event of kind
	// "action" before the events it causes: the log then holds the whole
	// game, and PlayMoves can play it again without the bots or the seed.
	LogMoves bool
}

var defaultBots = []string{"random"}

// botSeed gives seat p its own stream derived from the game seed.
func botSeed(seed uint64, seat int) uint64 { return GameSeed(seed, 1000+seat) }

// PlayGame plays one game from its seed and reports the result. A panic in
// the game is recovered and reported with the seed instead of crashing.
func PlayGame(g Game, players int, seed uint64, opt PlayOptions) (res Result) {
	var p player
	return p.play(g, players, seed, opt)
}

// Table plays games one after another, reusing its state, bots and
// buffers from game to game (as each worker of Run does): a benchmark of
// the bare engine plays on one.
type Table struct{ p player }

// Play plays one game from its seed (see PlayGame). The result's Returns
// are the table's until the next game: copy them to keep them.
func (t *Table) Play(g Game, players int, seed uint64, opt PlayOptions) Result {
	return t.p.play(g, players, seed, opt)
}

// player holds the buffers one worker reuses from game to game.
type player struct {
	legal   []Action
	joint   []Action
	outs    []Outcome
	returns []float64
	bots    []Bot
	kinds   []string
	game    Game
	state   State
	// maxMoves is game's turn cap (Info, asked once per game it plays:
	// an Info may allocate); chance the random stream of the game.
	maxMoves int
	chance   Rand
}

func (w *player) play(g Game, players int, seed uint64, opt PlayOptions) (res Result) {
	res = Result{Seed: seed, Players: players}
	defer func() {
		if r := recover(); r != nil {
			res.Panic = fmt.Sprintf("%v (at %s)", r, panicSite())
		}
	}()
	if opt.Tally != nil {
		opt.Tally.beginGame()
	}
	s := w.newState(g, players, StateOptions{Log: opt.Log, Tally: opt.Tally, History: opt.History})
	b := s.base() // where apply counts the moves
	chance := &w.chance
	chance.Seed(seed)
	w.setBots(players, seed, opt.Bots)
	for _, bot := range w.bots {
		if c, ok := bot.(turnCapper); ok {
			c.capTurns(w.maxMoves)
		}
	}
	StartInferring(s, w.bots)
	sampler, fast := s.(ChanceSampler)
	checker, checks := s.(InvariantChecker)
	checks = checks && opt.CheckInvariants
	// A game can break before its first move (the rules engine runs its
	// program to the first decision when it starts): then it is not played.
	if checks {
		if err := checker.CheckInvariants(); err != nil {
			res.Invariant = "before the first move: " + err.Error()
		}
	}
	if res.Invariant == "" {
		// The loop asks the state one question per move: who moves next.
		for moves := 0; ; moves++ {
			cur := s.CurrentPlayer()
			if cur == Terminal {
				break
			}
			if opt.Tally != nil {
				opt.Tally.mover(cur)
			}
			if moves >= w.maxMoves {
				res.Capped = true
				break
			}
			switch cur {
			case Chance:
				var a Action
				if fast {
					a = sampler.SampleChance(chance)
				} else {
					w.outs = s.ChanceOutcomes(w.outs[:0])
					a = SampleOutcome(w.outs, chance)
				}
				if opt.LogMoves {
					logMove(s, cur, a)
				}
				apply(b, s, a)
			case Simultaneous:
				w.joint = w.joint[:0]
				for seat := 0; seat < players; seat++ {
					w.legal = s.LegalActions(Player(seat), w.legal[:0])
					if len(w.legal) == 0 {
						w.joint = append(w.joint, NoAction)
						continue
					}
					w.joint = append(w.joint, w.bots[seat].Act(s, Player(seat), w.legal))
				}
				if opt.LogMoves {
					logJoint(s, w.joint)
				}
				ApplyJoint(s, w.joint)
			default:
				w.legal = s.LegalActions(cur, w.legal[:0])
				a := w.bots[cur].Act(s, cur, w.legal)
				if opt.LogMoves {
					logMove(s, cur, a)
				}
				apply(b, s, a)
			}
			if checks {
				if err := checker.CheckInvariants(); err != nil {
					res.Invariant = fmt.Sprintf("after move %d: %v", s.MoveNumber(), err)
					break
				}
			}
		}
	}
	w.finish(s, &res, opt.Tally)
	return res
}

// finish fills in how the game on s ended: its length, and once it is
// over each seat's return and the end's cause.
func (w *player) finish(s State, res *Result, tally *Tally) {
	res.Moves = s.MoveNumber()
	if !s.IsTerminal() {
		return
	}
	w.returns = s.Returns(w.returns[:0])
	// The worker's buffer: no allocation per game. Run copies the
	// returns of the games it keeps (keepFirst).
	res.Returns = w.returns
	if tally != nil {
		tally.endGame(w.returns)
	}
	if e, ok := s.(Ender); ok {
		res.EndCause = e.EndCause()
	}
}

// newState reuses the worker's last state when the game can reset it.
func (w *player) newState(g Game, players int, opts StateOptions) State {
	if r, ok := w.state.(Resetter); ok && w.game == g {
		r.Reset(players, opts)
		return w.state
	}
	w.game, w.state, w.maxMoves = g, g.NewState(players, opts), g.Info().MaxMoves
	return w.state
}

func (w *player) setBots(players int, seed uint64, kinds []string) {
	if len(kinds) == 0 {
		kinds = defaultBots
	}
	if len(w.bots) == players && slices.Equal(w.kinds, kinds) {
		for seat, b := range w.bots {
			if r, ok := b.(Reseeder); ok {
				r.Reseed(botSeed(seed, seat))
				continue
			}
			w.bots = w.bots[:0]
			break
		}
		if len(w.bots) == players {
			return
		}
	}
	w.kinds = append(w.kinds[:0], kinds...)
	w.bots = w.bots[:0]
	for seat := 0; seat < players; seat++ {
		kind := kinds[seat%len(kinds)]
		b, ok := NewBot(kind, botSeed(seed, seat))
		if !ok {
			panic(fmt.Sprintf("engine: unknown bot %q", kind))
		}
		w.bots = append(w.bots, b)
	}
}

// turnCapper is a bot told the game's turn cap before each game: a
// search's play-out stops there, since past it the game would not end.
type turnCapper interface{ capTurns(maxMoves int) }

// panicSite names the innermost frame of the panicking game code, so the
// report says where without printing a stack trace.
func panicSite() string {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, "runtime.") {
			return fmt.Sprintf("%s:%d", f.File[strings.LastIndex(f.File, "/")+1:], f.Line)
		}
		if !more {
			return "unknown"
		}
	}
}

// RunConfig describes a batch of smoke games at one player count.
type RunConfig struct {
	Players         int
	Games           int
	Seed            uint64
	Workers         int // 0 means every core
	Bots            []string
	CheckInvariants bool
	// Shard and Shards split a run across machines: with Shards = N > 1,
	// only the games i with i % N == Shard are played (Shard is 0-based).
	// Merging the N summaries gives exactly the unsharded run's.
	Shard, Shards int
	// First is the index of the run's first game: a run of Games games
	// from First plays games First to First+Games-1, so runs that continue
	// one another (lint's adaptive smoke games) merge into the one longer
	// run. Sharding counts from First.
	First int
	// Each, if set, sees every result (from several goroutines at once).
	Each func(Result)
}

// Run plays cfg.Games games in parallel and sums their statistics. Game i
// always gets GameSeed(cfg.Seed, i), whichever worker plays it, so the
// summary does not depend on the number of workers.
func Run(g Game, cfg RunConfig) *Summary {
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	shards, shard := max(cfg.Shards, 1), cfg.Shard
	// index is the run's j-th game of this shard; count is how many it has.
	index := func(j int) int { return cfg.First + shard + j*shards }
	count := 0
	if shard < cfg.Games {
		count = (cfg.Games - shard + shards - 1) / shards
	}
	workers = max(1, min(workers, count))
	parts := make([]*Summary, workers)
	var wg sync.WaitGroup
	for wk := 0; wk < workers; wk++ {
		wg.Add(1)
		go func(wk int) {
			defer wg.Done()
			sum := NewSummary(g.Info(), cfg.Players)
			var pl player
			// The tally's counters before each game tell which ones that
			// game raised.
			before := make([]int64, len(sum.Tally.Counters))
			// Fixed striping (not work stealing) keeps results independent
			// of scheduling.
			for j := wk; j < count; j += workers {
				i := index(j)
				copy(before, sum.Tally.Counters)
				res := pl.play(g, cfg.Players, GameSeed(cfg.Seed, i), PlayOptions{
					Bots: cfg.Bots, CheckInvariants: cfg.CheckInvariants, Tally: sum.Tally,
				})
				res.Index = i
				sum.Add(&res)
				sum.counted(&res, before)
				if cfg.Each != nil {
					cfg.Each(res)
				}
			}
			parts[wk] = sum
		}(wk)
	}
	wg.Wait()
	total := NewSummary(g.Info(), cfg.Players)
	for _, p := range parts {
		total.Merge(p)
	}
	return total
}

// RunUntil plays cfg.Games games (the floor), then half as many again at a
// time (at least 50) while enough says no, up to most games in all: the
// games played are always the first of the fixed run with cfg's seed, so
// `--games N` with the count played replays them. lint and report stop
// their runs with it.
func RunUntil(g Game, cfg RunConfig, most int, enough func(*Summary) bool) *Summary {
	cfg.Games = min(cfg.Games, most)
	sum := Run(g, cfg)
	for sum.Games < most && !enough(sum) {
		cfg.First = sum.Games
		cfg.Games = min(most, sum.Games+max(sum.Games/2, 50)) - sum.Games
		sum.Merge(Run(g, cfg))
	}
	return sum
}
