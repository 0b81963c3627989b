package engine

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// Bot chooses a seat's move. Bots own a seeded generator, so a game played
// with the same seeds replays exactly.
type Bot interface {
	Act(s State, p Player, legal []Action) Action
}

// botKinds are the bots a run can be played with, by name: a bot with an
// iteration budget also takes it after a colon ("mcts:2000"), and without
// one has its own default.
var botKinds = []struct {
	name string
	make func(seed uint64, iterations int) Bot
	// iterations is the default budget; 0: the bot takes none.
	iterations int
}{
	{"random", func(seed uint64, _ int) Bot { return &RandomBot{rng: NewRand(seed)} }, 0},
	{"heuristic", func(seed uint64, _ int) Bot { return &HeuristicBot{rng: NewRand(seed), Samples: 3} }, 0},
	{"mcts", func(seed uint64, n int) Bot { return NewMCTSBot(seed, n) }, MCTSIterations},
}

// BotKinds are the bots' names, from botKinds.
var BotKinds = botNames()

func botNames() []string {
	var names []string
	for _, k := range botKinds {
		names = append(names, k.name)
	}
	return names
}

// MCTSIterations is the budget of a plain "mcts" bot, and MaxIterations
// the most a "kind:N" takes (the search tree holds a node per iteration).
const (
	MCTSIterations = 500
	MaxIterations  = 1_000_000
)

// NewBot makes a bot by name ("kind" or "kind:N"); ok is false for an
// unknown name or a budget out of range.
func NewBot(kind string, seed uint64) (b Bot, ok bool) {
	name, budget, hasBudget := strings.Cut(kind, ":")
	for _, k := range botKinds {
		if k.name != name {
			continue
		}
		n := k.iterations
		if hasBudget {
			var err error
			if n, err = strconv.Atoi(budget); err != nil || k.iterations == 0 || n < 1 || n > MaxIterations {
				return nil, false
			}
		}
		return k.make(seed, n), true
	}
	return nil, false
}

// Reseeder is a bot that can start over with a new seed, so a worker
// reuses its bots from game to game instead of allocating new ones.
type Reseeder interface {
	Reseed(seed uint64)
}

// RandomBot plays a uniformly random legal action.
type RandomBot struct{ rng *Rand }

func (b *RandomBot) Reseed(seed uint64) { b.rng.Seed(seed) }

func (b *RandomBot) Act(_ State, _ Player, legal []Action) Action {
	return legal[b.rng.Intn(len(legal))]
}

// HeuristicBot looks one move ahead: for each legal action it plays the
// move (others moving at random at a simultaneous node), lets chance settle,
// and keeps the action whose outcome the state's Evaluator rates best.
// States without an Evaluator (or whose game gives no estimate,
// MaybeEvaluator) get random play. It plays fair: on a state
// that is a Determinizer, each look-ahead first re-deals what its seat
// cannot see, so its choice depends on its seat's observation only.
type HeuristicBot struct {
	rng     *Rand
	Samples int
	// scratch replays the same random stream for every candidate action in
	// a sample (common random numbers), so actions are compared under the
	// same luck and one lucky roll does not pick the worse move.
	scratch Rand
	// world is the sample's determinised state, and whatIf the state each
	// look-ahead plays on, both reused (CloneInto).
	world, whatIf State
	// eval and sampler are lookedAt's interfaces (nil sampler: it has
	// none), asserted once for the state every look-ahead reuses rather
	// than once per playout and chance move.
	lookedAt State
	eval     Evaluator
	sampler  ChanceSampler
	seeds    []uint64
	scores   []float64
	legal    []Action
	joint    []Action
	outs     []Outcome
}

func (b *HeuristicBot) Reseed(seed uint64) { b.rng.Seed(seed) }

func (b *HeuristicBot) Act(s State, p Player, legal []Action) Action {
	if len(legal) == 1 || !Evaluates(s) {
		return legal[b.rng.Intn(len(legal))]
	}
	b.seeds = b.seeds[:0]
	for k := 0; k < b.Samples; k++ {
		b.seeds = append(b.seeds, b.rng.Uint64())
	}
	b.scores = slices.Grow(b.scores[:0], len(legal))[:len(legal)]
	clear(b.scores)
	for _, seed := range b.seeds {
		b.scratch.Seed(seed)
		world := s
		if _, ok := s.(Determinizer); ok {
			// One sample of what p cannot see, met by every candidate
			// action alike.
			b.world = s.CloneInto(b.world)
			b.world.(Determinizer).Determinize(p, &b.scratch)
			world = b.world
		}
		luck := b.scratch
		for i, a := range legal {
			b.scratch = luck
			b.scores[i] += b.playout(world, p, a)
		}
	}
	best, bestScore, ties := legal[0], math.Inf(-1), 0
	for i, a := range legal {
		switch score := b.scores[i]; {
		case score > bestScore+1e-9:
			best, bestScore, ties = a, score, 1
		case math.Abs(score-bestScore) <= 1e-9:
			// Break ties at random so equal cards are played equally often.
			ties++
			if b.rng.Intn(ties) == 0 {
				best = a
			}
		}
	}
	return best
}

func (b *HeuristicBot) playout(s State, p Player, a Action) float64 {
	b.whatIf = s.CloneInto(b.whatIf)
	c := b.whatIf
	if c != b.lookedAt {
		b.lookedAt = c
		b.eval, _ = c.(Evaluator)
		b.sampler, _ = c.(ChanceSampler)
	}
	if c.CurrentPlayer() == Simultaneous {
		b.joint = b.joint[:0]
		for seat := 0; seat < c.NumPlayers(); seat++ {
			switch {
			case Player(seat) == p:
				b.joint = append(b.joint, a)
			default:
				b.legal = c.LegalActions(Player(seat), b.legal[:0])
				if len(b.legal) == 0 {
					b.joint = append(b.joint, NoAction)
				} else {
					b.joint = append(b.joint, b.legal[b.scratch.Intn(len(b.legal))])
				}
			}
		}
		ApplyJoint(c, b.joint)
	} else {
		Apply(c, a)
	}
	for guard := 0; c.CurrentPlayer() == Chance && guard < 1000; guard++ {
		Apply(c, b.sampleChance(c))
	}
	return b.eval.Evaluate(p)
}

// sampleChance samples s's chance move; s is the look-ahead state.
func (b *HeuristicBot) sampleChance(s State) Action {
	if b.sampler != nil {
		return b.sampler.SampleChance(&b.scratch)
	}
	b.outs = s.ChanceOutcomes(b.outs[:0])
	return SampleOutcome(b.outs, &b.scratch)
}

// SampleOutcome picks one outcome by its probability.
func SampleOutcome(outs []Outcome, r *Rand) Action {
	x := r.Float64()
	for _, o := range outs {
		if x < o.Prob {
			return o.Action
		}
		x -= o.Prob
	}
	return outs[len(outs)-1].Action
}
