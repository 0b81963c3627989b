package engine

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Bot chooses a seat's move. Bots own a seeded generator, so a game played
// with the same seeds replays exactly.
type Bot interface {
	Act(s State, p Player, legal []Action) Action
}

// botKinds are the bots a run can be played with, by name. A bot spec is
// the name, then, after colons, a budget in iterations (for a bot that
// takes one) and knobs as key=value: "mcts:2000:c=0.5:horizon=200".
var botKinds = []botKind{
	{name: "random", make: func(seed uint64, _ int) Bot { return &RandomBot{rng: NewRand(seed)} }},
	{name: "heuristic", make: func(seed uint64, _ int) Bot { return newHeuristicBot(seed) }},
	{name: "mcts", iterations: MCTSIterations, make: func(seed uint64, n int) Bot { return NewMCTSBot(seed, n) },
		knobs: []botKnob{
			{key: "c", value: "X", doc: fmt.Sprintf("UCB1's exploration constant, 0 to 100 (default %g)", MCTSExploration), set: func(b Bot, _ uint64, v string) bool {
				c, err := strconv.ParseFloat(v, 64)
				b.(*MCTSBot).Exploration = c
				return err == nil && c >= 0 && c <= 100
			}},
			{key: "rollout", value: "random|heuristic", doc: "how the play-out after the tree is played: random (the default) or look-ahead moves, one sample each", set: func(b Bot, seed uint64, v string) bool {
				switch v {
				case "random":
					b.(*MCTSBot).Rollout = nil
				case "heuristic":
					h := newHeuristicBot(seed ^ rolloutSeed)
					h.Samples = rolloutSamples
					b.(*MCTSBot).Rollout = h
				default:
					return false
				}
				return true
			}},
			{key: "horizon", value: "H", doc: fmt.Sprintf("stop each play-out after H moves and score it by the evaluation, 0 (the default: none) to %d", MaxHorizon), set: func(b Bot, _ uint64, v string) bool {
				h, err := strconv.Atoi(v)
				b.(*MCTSBot).Horizon = h
				return err == nil && h >= 0 && h <= MaxHorizon
			}},
			{key: "cut", value: "rank|margin", doc: "how a play-out cut by the horizon is scored: the leader's win (rank, the default) or each seat's margin over the best other, scaled by the margins seen in the decision", set: func(b Bot, _ uint64, v string) bool {
				b.(*MCTSBot).Margin = v == "margin"
				return v == "rank" || v == "margin"
			}},
			{key: "time", value: "D", doc: fmt.Sprintf("a time budget a decision instead of iterations, %s to %s (50ms, 2s), at most %d iterations: the games then depend on the machine's speed and do not replay by seed", shortDuration(MinSearchTime), shortDuration(MaxSearchTime), MaxIterations), budget: true, set: func(b Bot, _ uint64, v string) bool {
				d, err := time.ParseDuration(v)
				b.(*MCTSBot).Time = d
				return err == nil && d >= MinSearchTime && d <= MaxSearchTime
			}},
			{key: "prior", value: "W", doc: "weight of the look-ahead's rating of the decision's moves in the search (progressive bias), 0 (the default: none) to 100", set: func(b Bot, _ uint64, v string) bool {
				w, err := strconv.ParseFloat(v, 64)
				b.(*MCTSBot).Prior = w
				return err == nil && w >= 0 && w <= 100
			}},
		}},
}

type botKind struct {
	name string
	make func(seed uint64, iterations int) Bot
	// iterations is the default budget; 0: the bot takes none.
	iterations int
	knobs      []botKnob
}

// botKnob is a key=value of a bot spec: value is its form in the usage,
// and set sets it on a bot of its kind, false for a bad value.
type botKnob struct {
	key, value, doc string
	set             func(b Bot, seed uint64, v string) bool
	// budget: the knob is the budget itself (time=), so a spec may not
	// give an iteration budget too.
	budget bool
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

// MCTSIterations is the budget of a plain "mcts" bot, MaxIterations the
// most a "kind:N" takes (the search tree holds a node per iteration), and
// MaxHorizon the longest horizon, the play-out's own limit.
const (
	MCTSIterations = 500
	MaxIterations  = 1_000_000
	MaxHorizon     = mctsMaxRolloutMoves
)

// MinSearchTime and MaxSearchTime bound a search's time budget a
// decision ("mcts:time=D"): below a millisecond the clock's reads cost a
// share of the search, and a minute a decision is already a long game.
const (
	MinSearchTime = time.Millisecond
	MaxSearchTime = time.Minute
)

// GuidedKnobs are the knobs of the guided search, the skill ladder's MCTS
// in a game that evaluates (docs/commands.md, Skill ladder): it starts
// from the look-ahead's choice (prior), plays each iteration on with
// look-ahead moves for GuidedHorizon moves and scores it by each seat's
// margin in the evaluation.
var GuidedKnobs = fmt.Sprintf("horizon=%d:rollout=heuristic:cut=margin:prior=1", GuidedHorizon)

// GuidedHorizon is where the guided search cuts an iteration: a few
// rounds of look-ahead moves, which cost a few look-aheads each.
const GuidedHorizon = 8

// rolloutSeed sets a search bot's play-out bot's seed apart from its own.
const rolloutSeed = 0x5eed_2011

// rolloutSamples is the look-ahead's samples of what its seat cannot see
// in a search's play-out: one, since the play-out is itself one sample of
// the luck, and it costs a third of the look-ahead bot's three.
const rolloutSamples = 1

// BotUsage is the bot specs' grammar, one line from botKinds:
// "random, heuristic or mcts[:N][:c=X]...".
func BotUsage() string {
	var forms []string
	for _, k := range botKinds {
		f := k.name
		if k.iterations > 0 {
			f += "[:N]"
		}
		for _, kn := range k.knobs {
			f += "[:" + kn.key + "=" + kn.value + "]"
		}
		forms = append(forms, f)
	}
	return strings.Join(forms[:len(forms)-1], ", ") + " or " + forms[len(forms)-1]
}

// BotKnobDocs says what each kind's budget and knobs mean, a line each,
// from botKinds.
func BotKnobDocs() []string {
	var out []string
	for _, k := range botKinds {
		if k.iterations > 0 {
			out = append(out, fmt.Sprintf("%s:N: N iterations a decision, 1 to %d (default %d)", k.name, MaxIterations, k.iterations))
		}
		for _, kn := range k.knobs {
			out = append(out, fmt.Sprintf("%s:%s=%s: %s", k.name, kn.key, kn.value, kn.doc))
		}
	}
	return out
}

// ParseBot makes a bot from its spec, or says in one line what is wrong
// with the spec.
func ParseBot(spec string, seed uint64) (Bot, error) {
	parts := strings.Split(spec, ":")
	i := slices.IndexFunc(botKinds, func(k botKind) bool { return k.name == parts[0] })
	if i < 0 {
		return nil, fmt.Errorf("unknown bot %q (want %s)", spec, BotUsage())
	}
	k := botKinds[i]
	n, rest := k.iterations, parts[1:]
	if len(rest) > 0 && !strings.Contains(rest[0], "=") {
		var err error
		if n, err = strconv.Atoi(rest[0]); err != nil || k.iterations == 0 || n < 1 || n > MaxIterations {
			if k.iterations == 0 {
				return nil, fmt.Errorf("bot %q: %s takes no budget", spec, k.name)
			}
			return nil, fmt.Errorf("bot %q: the budget %q is not 1 to %d iterations", spec, rest[0], MaxIterations)
		}
		rest = rest[1:]
	}
	b := k.make(seed, n)
	seen := map[string]bool{}
	iterationBudget := len(parts) > len(rest)+1
	for _, kv := range rest {
		key, v, _ := strings.Cut(kv, "=")
		j := slices.IndexFunc(k.knobs, func(kn botKnob) bool { return kn.key == key })
		switch {
		case j < 0:
			return nil, fmt.Errorf("bot %q: %q is not a knob of %s (want %s)", spec, kv, k.name, knobKeys(k))
		case seen[key]:
			return nil, fmt.Errorf("bot %q: %s given twice", spec, key)
		case !k.knobs[j].set(b, seed, v):
			return nil, fmt.Errorf("bot %q: %s=%q: want %s=%s, %s", spec, key, v, key, k.knobs[j].value, k.knobs[j].doc)
		case k.knobs[j].budget && iterationBudget:
			return nil, fmt.Errorf("bot %q: give %s iterations or %s=, not both", spec, k.name, key)
		}
		seen[key] = true
	}
	return b, nil
}

// shortDuration writes d as a spec would: "1m", not "1m0s".
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	return s
}

func knobKeys(k botKind) string {
	if len(k.knobs) == 0 {
		return "none: " + k.name + " has no knobs"
	}
	var keys []string
	for _, kn := range k.knobs {
		keys = append(keys, kn.key+"="+kn.value)
	}
	return strings.Join(keys, ", ")
}

// ReadsEvaluation reports whether the bot of spec reads the state's
// evaluation (Evaluator): the look-ahead does, and so does a search with
// a horizon, look-ahead play-outs or a prior. Where the game gives none
// they play blind: at random, or scoring a cut play-out as a draw.
func ReadsEvaluation(spec string) bool {
	switch b, _ := ParseBot(spec, 0); b := b.(type) {
	case *HeuristicBot:
		return true
	case *MCTSBot:
		return b.Horizon > 0 || b.Rollout != nil || b.Prior > 0
	}
	return false
}

// NewBot makes a bot from its spec (ParseBot); ok is false for a spec
// that is not one.
func NewBot(spec string, seed uint64) (b Bot, ok bool) {
	b, err := ParseBot(spec, seed)
	return b, err == nil
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

func newHeuristicBot(seed uint64) *HeuristicBot { return &HeuristicBot{rng: NewRand(seed), Samples: 3} }

func (b *HeuristicBot) Reseed(seed uint64) { b.rng.Seed(seed) }

func (b *HeuristicBot) Act(s State, p Player, legal []Action) Action {
	if len(legal) == 1 || !Evaluates(s) {
		return legal[b.rng.Intn(len(legal))]
	}
	b.score(s, p, legal)
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

// score sets b.scores[i] to the look-ahead's rating of legal[i] (the sum
// over the samples of p's evaluation after it) and returns them; s
// evaluates (Evaluates).
func (b *HeuristicBot) score(s State, p Player, legal []Action) []float64 {
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
			stopInferring(b.world)
			world = b.world
		}
		luck := b.scratch
		for i, a := range legal {
			b.scratch = luck
			b.scores[i] += b.playout(world, p, a)
		}
	}
	return b.scores
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
