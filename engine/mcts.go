package engine

import (
	"math"
	"slices"
	"time"
)

// MCTSBot is information-set Monte Carlo tree search in its single-observer
// form (SO-ISMCTS: Cowling, Powley and Whitehouse, "Information Set Monte
// Carlo Tree Search", IEEE TCIAIG 2012). Each iteration re-deals what its
// seat cannot see (Determinizer), walks one tree of the seats' moves from
// the decision by UCB1 with availability counts (a move only competes on
// the iterations where it was legal), adds one node, plays the game out and
// credits every move on the path with its seat's return. Chance moves are
// sampled and not kept in the tree (an open-loop tree), so the tree holds
// what seats choose, and its statistics average over the luck.
//
// At a simultaneous node the seats are put in a row, the deciding seat
// first, each choosing by its own statistics; later seats' statistics are
// therefore kept per earlier choice, which makes opponents slightly
// better informed than they are (a known bias of the sequential form,
// accepted for its simplicity).
//
// The tree lives in one slice of nodes reused from decision to decision,
// and the play-out state is one scratch state (CloneInto), so after the
// first decision an iteration allocates nothing. The tree holds at most
// maxTreeNodes, and a tree past keptTreeNodes is let go after its
// decision, so a table of big searches holds one big tree at a time.
type MCTSBot struct {
	// Iterations is the budget per decision; with Time set, the budget is
	// time instead and the choice is no longer reproducible by seed.
	Iterations int
	Time       time.Duration
	// Exploration is UCB1's constant; returns are in [0, 1] (a win is 1,
	// shared among tied winners), for which √2 is the textbook value and
	// smaller values search deeper.
	Exploration float64
	// Rollout plays the moves after the tree; nil plays uniformly at
	// random (fast: no interface call per move).
	Rollout Bot
	// MaxRolloutMoves stops a play-out that does not end; it then counts
	// as a draw (every seat 1/n). A play-out also stops at the game's
	// turn cap, when the runner has told it (capTurns): past it the game
	// would not end either.
	MaxRolloutMoves int
	// Horizon, when above 0, stops every iteration after that many moves
	// from the decision (tree, play-out and chance moves alike): the
	// truncated roll-out of TAG's MCTS, for games whose play-outs run to
	// thousands of moves. A state that evaluates (Evaluates) is then
	// scored by its evaluation (horizonReturns); one that does not counts
	// as a draw.
	Horizon int
	// Prior, when above 0, is the weight of a progressive bias (Chaslot
	// et al., "Progressive strategies for Monte-Carlo tree search", 2008)
	// at the decision: each move's UCB1 score gains Prior·h/(visits+1),
	// h the one-step look-ahead's rating of the move scaled to [0, 1]
	// (the best 1, the worst 0), and untried moves are tried best first.
	// The search so starts from the look-ahead's choice and leaves it
	// only when play-outs show a better one. States that do not evaluate
	// get no bias.
	Prior float64
	// Margin scores a play-out cut by the horizon by each seat's margin
	// over the best other seat's evaluation, scaled to [0, 1] by the
	// least and greatest margins seen in the decision's search (TAG's
	// normaliseRewards), instead of by rank (horizonReturns).
	Margin bool
	// PlayOutGenerically plays out through the generic calls (State) even
	// where the state plays out in its own loop (RandomPlayer): the same
	// moves, so tests can hold the two to each other.
	PlayOutGenerically bool

	rng *Rand
	// maxNodes bounds the tree (maxTreeNodes; tests set it lower).
	maxNodes int
	// turnCap is the game's Info.MaxMoves (0: not told), counted from
	// the game's first move.
	turnCap int
	// lookahead rates the decision's moves for Prior; bias is its rating
	// of each of the decision's legal moves, rootLegal, scaled to [0, 1].
	lookahead *HeuristicBot
	decider   Player
	rootLegal []Action
	bias      []float64
	// marginLo and marginHi bound the margins seen in the decision (Margin).
	marginLo, marginHi float64
	nodes              []mctsNode
	world              State
	path               []int32
	legal              []Action
	// tried and byAction are selectChild's scratch (mctsmoves.go).
	tried    []bool
	byAction []int32
	joint    []Action
	outs     []Outcome
	returns  []float64
	// sampler is world's ChanceSampler (nil: none), asserted once for the
	// scratch state every iteration reuses.
	sampled State
	sampler ChanceSampler
	eval    Evaluator
	// player is world's RandomPlayer (nil: none), which plays the random
	// play-out in the state's own loop.
	player RandomPlayer
}

// mctsNode is one move in the tree: action chosen by seat after the moves
// of its ancestors. Children are a linked list (child, then each one's
// sibling), so the tree is one flat slice.
type mctsNode struct {
	action         Action
	seat           Player
	child, sibling int32
	visits, avail  float64
	reward         float64
	bias           float64 // Prior's h, 0 off the decision
}

const noNode = -1

// NewMCTSBot is an MCTS bot with the default knobs and iters iterations a
// decision.
func NewMCTSBot(seed uint64, iters int) *MCTSBot {
	return &MCTSBot{Iterations: iters, Exploration: MCTSExploration, MaxRolloutMoves: mctsMaxRolloutMoves, rng: NewRand(seed),
		lookahead: newHeuristicBot(seed ^ priorSeed), maxNodes: maxTreeNodes}
}

// maxTreeNodes bounds the tree: an iteration adds at most one node, so a
// budget of MaxIterations never reaches it, but a time budget would grow
// the tree for as long as it runs (a node is 56 bytes: 56 MB). Past it
// the search goes on without growing the tree. keptTreeNodes is the
// largest tree whose storage a bot keeps for its next decision (3.7 MB):
// bigger ones are let go, since a table holds one search bot a seat but
// decides one seat at a time; a decision of more than 65,536 iterations
// (seconds) then allocates its tree anew.
const (
	maxTreeNodes  = MaxIterations + 1
	keptTreeNodes = 1 << 16
)

// MCTSExploration is the default UCB1 constant (Exploration), and
// mctsMaxRolloutMoves the default MaxRolloutMoves.
const (
	MCTSExploration     = 0.7
	mctsMaxRolloutMoves = 100_000
)

// priorSeed sets the seed of the look-ahead that rates a decision's moves
// (Prior) apart from the search's own.
const priorSeed = 0x9e10_2008

// Reseed starts the bot over, its play-out bot too (with a seed of its
// own), so a reused bot replays as a new one.
func (b *MCTSBot) Reseed(seed uint64) {
	b.rng.Seed(seed)
	b.lookahead.Reseed(seed ^ priorSeed)
	if r, ok := b.Rollout.(Reseeder); ok {
		r.Reseed(seed ^ rolloutSeed)
	}
}

// capTurns tells the bot the game's turn cap (turnCapper).
func (b *MCTSBot) capTurns(maxMoves int) { b.turnCap = maxMoves }

// UsesInferences: the search's determinisations gain from what public
// play tells of hidden cards (Inferrer).
func (b *MCTSBot) UsesInferences() bool { return true }

func (b *MCTSBot) Act(s State, p Player, legal []Action) Action {
	if len(legal) == 1 {
		return legal[0]
	}
	if want := min(b.Iterations+1, b.maxNodes); b.Time == 0 && cap(b.nodes) < want {
		// The most the budget can grow, at once: growing by appends
		// would hold several times the tree at its peak.
		b.nodes = make([]mctsNode, 0, want)
	}
	b.nodes = append(b.nodes[:0], mctsNode{seat: Terminal, child: noNode, sibling: noNode})
	b.decider, b.marginLo, b.marginHi = p, math.Inf(1), math.Inf(-1)
	b.rateMoves(s, p, legal)
	deadline := time.Now().Add(b.Time)
	for i := 0; b.more(i, deadline); i++ {
		b.iterate(s, p)
	}
	a := b.mostVisited(p, legal)
	if cap(b.nodes) > keptTreeNodes {
		b.nodes = nil
	}
	return a
}

// rateMoves sets the progressive bias of the decision's moves (Prior):
// the look-ahead's scores scaled to [0, 1], none when Prior is 0, the
// state does not evaluate or every move rates the same.
func (b *MCTSBot) rateMoves(s State, p Player, legal []Action) {
	b.rootLegal, b.bias = b.rootLegal[:0], b.bias[:0]
	if b.Prior <= 0 || !Evaluates(s) {
		return
	}
	scores := b.lookahead.score(s, p, legal)
	lo, hi := slices.Min(scores), slices.Max(scores)
	if !(hi-lo > 1e-9) {
		return
	}
	b.rootLegal = append(b.rootLegal, legal...)
	for _, v := range scores {
		b.bias = append(b.bias, (v-lo)/(hi-lo))
	}
}

// moveBias is the progressive bias's h of the decision's move a by seat,
// 0 for any other.
func (b *MCTSBot) moveBias(node int32, seat Player, a Action) float64 {
	if node != 0 || len(b.bias) == 0 {
		return 0
	}
	if i := slices.Index(b.rootLegal, a); i >= 0 && seat == b.decider {
		return b.bias[i]
	}
	return 0
}

// more says whether iteration i is within the budget; a time budget reads
// the clock every 16 iterations only, and stops at MaxIterations too, since
// the tree holds a node an iteration.
func (b *MCTSBot) more(i int, deadline time.Time) bool {
	if b.Time > 0 {
		return i < MaxIterations && (i%16 != 0 || time.Now().Before(deadline))
	}
	return i < b.Iterations
}

// mostVisited is the root move of p's, legal now, tried most often (ties:
// the higher bias, so a budget smaller than the moves keeps the
// look-ahead's choice; then the better mean; then the first); random when
// the budget tried none.
func (b *MCTSBot) mostVisited(p Player, legal []Action) Action {
	best, bestVisits, bestBias, bestMean := legal[b.rng.Intn(len(legal))], 0.0, 0.0, 0.0
	for c := b.nodes[0].child; c != noNode; c = b.nodes[c].sibling {
		n := &b.nodes[c]
		if n.seat != p || n.visits == 0 || !contains(legal, n.action) {
			continue
		}
		mean := n.reward / n.visits
		if n.visits != bestVisits {
			if n.visits > bestVisits {
				best, bestVisits, bestBias, bestMean = n.action, n.visits, n.bias, mean
			}
			continue
		}
		if n.bias > bestBias || n.bias == bestBias && mean > bestMean {
			best, bestBias, bestMean = n.action, n.bias, mean
		}
	}
	return best
}

func contains(legal []Action, a Action) bool {
	for _, l := range legal {
		if l == a {
			return true
		}
	}
	return false
}

// iterate is one iteration: determinise, select and expand, play out,
// back up.
func (b *MCTSBot) iterate(s State, p Player) {
	b.world = s.CloneInto(b.world)
	w := b.world
	if w != b.sampled {
		b.sampled = w
		b.sampler, _ = w.(ChanceSampler)
		b.player, _ = w.(RandomPlayer)
		b.eval = nil
		if Evaluates(w) {
			b.eval = w.(Evaluator)
		}
	}
	if d, ok := w.(Determinizer); ok {
		d.Determinize(p, b.rng)
		stopInferring(w) // the play-out learns nothing it would use
	}
	b.path = append(b.path[:0], 0)
	node, inTree := int32(0), true
	limit, horizon := b.MaxRolloutMoves, false
	if b.turnCap > 0 {
		limit = min(limit, b.turnCap-s.MoveNumber())
	}
	if b.Horizon > 0 && b.Horizon < limit {
		limit, horizon = b.Horizon, true
	}
	for moves := 0; !w.IsTerminal() && moves < limit; moves++ {
		if !inTree && b.Rollout == nil && b.player != nil && !b.PlayOutGenerically {
			// Out of the tree at random: the same moves, played in the
			// state's own loop.
			if n := b.player.PlayRandomly(b.rng, limit-moves); n > 0 {
				moves += n - 1
				continue
			}
		}
		switch q := w.CurrentPlayer(); q {
		case Chance:
			Apply(w, b.sampleChance(w))
		case Simultaneous:
			b.joint = b.joint[:0]
			for range w.NumPlayers() {
				b.joint = append(b.joint, NoAction)
			}
			for k := range w.NumPlayers() {
				seat := Player((int(p) + k) % w.NumPlayers()) // the deciding seat first
				b.legal = w.LegalActions(seat, b.legal[:0])
				if len(b.legal) == 0 {
					continue
				}
				var a Action
				node, a, inTree = b.choose(w, node, seat, inTree)
				b.joint[seat] = a
			}
			ApplyJoint(w, b.joint)
		default:
			b.legal = w.LegalActions(q, b.legal[:0])
			var a Action
			node, a, inTree = b.choose(w, node, q, inTree)
			Apply(w, a)
		}
	}
	b.backUp(w, horizon)
}

// choose picks seat's move among b.legal: by the tree while the walk is
// in it, at random (or by the Rollout bot) once it has left it.
func (b *MCTSBot) choose(w State, node int32, seat Player, inTree bool) (int32, Action, bool) {
	if !inTree {
		if b.Rollout != nil {
			return node, b.Rollout.Act(w, seat, b.legal), false
		}
		return node, b.legal[b.rng.Intn(len(b.legal))], false
	}
	next, expanded := b.selectChild(node, seat)
	if next == noNode { // the tree is full: play on out of it
		return b.choose(w, node, seat, false)
	}
	b.path = append(b.path, next)
	return next, b.nodes[next].action, !expanded
}

// selectChild is UCB1 over node's children legal now (b.legal), after
// crediting each with one more availability; a legal move without a
// child yet is added instead: the one of the highest bias (Prior), else
// one at random among such moves; none (noNode) if the tree is full.
func (b *MCTSBot) selectChild(node int32, seat Player) (child int32, expanded bool) {
	many := b.markMany(node, seat)
	untried, pick, pickBias := 0, NoAction, -1.0
	for i, a := range b.legal {
		if many {
			if b.tried[i] {
				continue
			}
		} else if c := b.find(node, seat, a); c != noNode {
			b.nodes[c].avail++
			continue
		}
		if untried++; len(b.bias) > 0 {
			if h := b.moveBias(node, seat, a); h > pickBias {
				pick, pickBias = a, h
			}
		}
	}
	if untried > 0 && len(b.nodes) >= b.maxNodes {
		return noNode, true
	}
	if untried > 0 && pickBias > 0 {
		return b.add(node, seat, pick), true
	}
	if untried > 0 {
		k := b.rng.Intn(untried)
		for i, a := range b.legal {
			if many && b.tried[i] || !many && b.find(node, seat, a) != noNode {
				continue
			}
			if k == 0 {
				return b.add(node, seat, a), true
			}
			k--
		}
	}
	best, bestScore := int32(noNode), math.Inf(-1)
	for c := b.nodes[node].child; c != noNode; c = b.nodes[c].sibling {
		n := &b.nodes[c]
		if n.seat != seat || !b.isLegal(n.action) {
			continue
		}
		score := n.reward/n.visits + b.Exploration*math.Sqrt(math.Log(n.avail)/n.visits) + b.Prior*n.bias/(n.visits+1)
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	return best, false
}

func (b *MCTSBot) find(node int32, seat Player, a Action) int32 {
	for c := b.nodes[node].child; c != noNode; c = b.nodes[c].sibling {
		if n := &b.nodes[c]; n.action == a && n.seat == seat {
			return c
		}
	}
	return noNode
}

func (b *MCTSBot) add(parent int32, seat Player, a Action) int32 {
	id := int32(len(b.nodes))
	b.nodes = append(b.nodes, mctsNode{action: a, seat: seat, child: noNode, sibling: b.nodes[parent].child, avail: 1,
		bias: b.moveBias(parent, seat, a)})
	b.nodes[parent].child = id
	return id
}

// backUp credits every move on the path with the return of the seat that
// chose it; horizon says the play-out was cut by the Horizon.
func (b *MCTSBot) backUp(w State, horizon bool) {
	switch {
	case w.IsTerminal():
		b.returns = w.Returns(b.returns[:0])
	case horizon && b.eval != nil && b.Margin:
		b.marginReturns(w.NumPlayers())
	case horizon && b.eval != nil:
		b.horizonReturns(w.NumPlayers())
	default:
		b.returns = b.returns[:0]
		for range w.NumPlayers() {
			b.returns = append(b.returns, 1/float64(w.NumPlayers()))
		}
	}
	b.nodes[0].visits++
	for _, id := range b.path[1:] {
		n := &b.nodes[id]
		n.visits++
		n.reward += b.returns[n.seat]
	}
}

// horizonReturns scores a play-out cut by the horizon as if the seats
// ahead by the state's evaluation had won: 1 shared among the seats of
// the highest evaluation (within 1e-9), 0 for the others. That is the
// scale and sum of a finished game's returns (a win is 1, shared among
// tied winners), so cut and finished play-outs average alike in a node's
// mean. Only the ranking is kept: evaluations are in each game's own
// units (HEAT's money, Mice Heist's cheese) and some are relative (Heist
// Society's is a seat's value less half the best other's), so their
// margins have no common scale; TAG instead normalises raw scores by the
// bounds seen so far, which makes a return depend on the search's history.
func (b *MCTSBot) horizonReturns(players int) {
	b.returns = b.returns[:0]
	best := math.Inf(-1)
	for p := range players {
		v := b.eval.Evaluate(Player(p))
		b.returns = append(b.returns, v)
		best = max(best, v)
	}
	leaders := 0.0 // 0 only if every evaluation is NaN: then a draw
	for p, v := range b.returns {
		b.returns[p] = 0
		if v >= best-1e-9 {
			b.returns[p] = 1
			leaders++
		}
	}
	for p := range b.returns {
		if leaders == 0 {
			b.returns[p] = 1 / float64(players)
		} else {
			b.returns[p] /= leaders
		}
	}
}

// marginReturns scores a cut play-out by each seat's evaluation less the
// best other seat's, scaled by the decision's margins so far (Margin).
func (b *MCTSBot) marginReturns(players int) {
	b.returns = b.returns[:0]
	for p := range players {
		b.returns = append(b.returns, b.eval.Evaluate(Player(p)))
	}
	for p := range players {
		best := math.Inf(-1)
		for o, v := range b.returns[:players] {
			if o != p {
				best = max(best, v)
			}
		}
		m := b.returns[p] - best
		b.returns = append(b.returns, m)
		b.marginLo, b.marginHi = min(b.marginLo, m), max(b.marginHi, m)
	}
	span := b.marginHi - b.marginLo
	for p := range players {
		b.returns[p] = 0.5
		if span > 1e-9 {
			b.returns[p] = (b.returns[players+p] - b.marginLo) / span
		}
	}
	b.returns = b.returns[:players]
}

func (b *MCTSBot) sampleChance(w State) Action {
	if b.sampler != nil {
		return b.sampler.SampleChance(b.rng)
	}
	b.outs = w.ChanceOutcomes(b.outs[:0])
	return SampleOutcome(b.outs, b.rng)
}
