package masterminds

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/cardpress/cardpress/engine"
)

// The flow of a game is a stack of tasks. Each task is one step of the
// rules (draw N Prep cards, the interrupt window, upkeep, ...); run pops
// and performs tasks until the top one needs a chance outcome or a player's
// decision. A task may push the tasks it leads to, which then run first:
// an immediate Prep card drawn in the middle of a Plan action resolves,
// with all its own draws and choices, before the Plan phase goes on.
type op uint8

const (
	opColour          op = iota // chance: seat n draws a Mastermind colour card
	opDrawPrep                  // chance: seat p draws n Prep cards (x=1: setup, immediate cards redrawn)
	opFillPool                  // chance: refill the Talent Pool
	opFillHeists                // chance: lay out heists (A card, then B card) in empty slots
	opDealCash                  // Starter Cash for everyone
	opFirstRecruit              // chance: seat n draws its first Recruit
	opStartGems                 // clear gems from the bag for everyone
	opFirstPlayer               // chance: seat p's die for the first player (x: the seats rolling, n: the round)
	opTurn                      // decision: a recruit option (PREP) or a heist step (HEIST)
	opBurnDraw                  // chance: the Talent drawn after burning the pool
	opBurnChoice                // decision: recruit the drawn Talent or put it in the pool
	opPlan                      // decision: n Plan actions left
	opGear2                     // decision: a second Gear (not on slot x) or stop
	opImmediate                 // decision: pay a gem for play-immediately card x's gem section
	opGainGem                   // chance: seat p draws n gems from the bag
	opRecruitEffect             // decision: recruit a pool Talent (the recruit effect)
	opDiscardGear               // decision: another player's Gear to discard
	opUntap                     // un-turn n of p's tapped recruits
	opActivate                  // decision: the recruits to activate
	opWindow                    // decision: interrupt window (x=0 before the roll, 1 after), n seats left
	opTally                     // perfection, or roll
	opRoll                      // chance: the heist die
	opOutcome                   // success, push or failure
	opFace                      // decision: the die face of a perfection
	opSuffer                    // decision: the activated recruit who suffers the Failure card
	opFailureDraw               // chance: the Failure card
	opTestRoll                  // chance: the recruit's skill test
	opLoseGem                   // decision: the gem to return (lose_gem)
	opDiscardPrep               // decision: the Prep card to discard (discard_prep)
	opAttemptEnd                // one-use Gear, then hold/continue or completion
	opAfterSuccess              // decision: hold or continue with another step
	opCompletionDraw            // decision: draw a Prep card or not (optional completion draw)
	opRemoveMarkers             // every marker off the completed heist; bonus gem
	opDiscardTeamGear           // the team's Gear to the discard
	opKeepCards                 // A card kept, B card to the bottom of the heist deck
	opRetire                    // decision: the recruit to keep (keep_one) or retire (retire_one)
	opUpkeep                    // untap, then refill, hand limit and end check
	opHandLimit                 // decision: a card to discard down to the hand limit
	opEndCheck                  // the end, or the next player's turn
	opScore                     // chance: seat n's scoring roll
	opDiscardPlayed             // Prep card x has resolved: to the discard
	nOps                        // how many ops there are
)

type task struct {
	op op
	p  int8
	n  int16
	x  int16
}

// maxStack bounds the task stack. A play-immediately card drawn while
// another resolves nests its tasks on top (about three per card), so
// Build allows at most maxImmediate of them.
const (
	maxStack     = 128
	maxImmediate = 32
)

// Recruit flags.
const (
	rTapped uint8 = 1 << iota // turned: cannot be activated
	rStay                     // stays turned through the next upkeep (stay_tapped)
	rUsed                     // activated this turn (once per turn)
	rActive                   // activated for the attempt in progress
)

type recruit struct {
	talent int16
	flags  uint8
}

type seat struct {
	// gear is recruit r's Gear (-1: none), kept apart from team so that
	// the invariant screen reads a seat's Gear as two words. 8 slots
	// (maxTeam used, the rest -1), and the zero-size uint64 array aligns
	// them for those word loads.
	_    [0]uint64
	gear [8]int16 `ledger:"prep"`
	// A field tagged ledger:"<group>..." is counted by the invariant
	// check of those groups: every write to it marks them first (see
	// state.dirty).
	cash    int8  `ledger:"cash"` // unflipped Starter Cash
	flipped int8  `ledger:"cash"`
	heists  int8  `ledger:"heist"`   // completed heists (A cards kept)
	markers int8  `ledger:"markers"` // marker dice on heists
	teamN   int8  `ledger:"prep talent"`
	colour  int8  // gem kind of this player's colour
	roll    int8  // the scoring roll
	card    int16 `ledger:"colour"`
	team    [maxTeam]recruit
	hand    engine.Hand   `ledger:"prep"`
	gems    [nKinds]uint8 `ledger:"gems"`
}

type heistSlot struct {
	a, b int16 `ledger:"heist markers"` // A card and B card; -1 when not laid out
	// prog is each seat's marker dice on the heist; 8 places (maxSeats
	// used) so that the invariant check reads them as one word.
	prog  [8]uint8 `ledger:"markers"`
	faces [maxSeats][stepsPerHeist]uint8
}

func (h *heistSlot) open() bool { return h.a >= 0 && h.b >= 0 }

// Attempt results.
const (
	resNone uint8 = iota
	resSuccess
	resPush
	resFailure
)

type state struct {
	engine.Base `ledger:"gems prep talent heist failure colour cash markers"` // N: the seats
	g           *Game
	cur         engine.Player

	stack [maxStack]task
	sp    int

	seats      [maxSeats]seat
	bag        gemBag `ledger:"gems"`
	bagTotal   int    `ledger:"gems"`
	bagEmptied bool   // a draw took the last gem: the game ends at upkeep

	colourDeck    engine.Deck `ledger:"colour"`
	prepDeck      engine.Deck `ledger:"prep"`
	prepDiscard   engine.Deck `ledger:"prep"`
	talentDeck    engine.Deck `ledger:"talent"`
	talentDiscard engine.Deck `ledger:"talent"`
	pool          [maxPool]int16
	poolN         int         `ledger:"talent"`
	heistDeck     engine.Deck `ledger:"heist"`
	heistQueue    [32]int16   // B cards put at the bottom, in order
	qLen          int         `ledger:"heist"`
	table         [maxHeists]heistSlot
	tableN        int         `ledger:"heist markers"`
	failDeck      engine.Deck `ledger:"failure"`
	failDiscard   engine.Deck `ledger:"failure"`
	cashSupply    int         `ledger:"cash"`
	completed     int
	resolving     int `ledger:"prep"` // Prep cards played and not yet resolved

	turn  int // the seat whose turn it is
	turns int // turns begun, for the log's At
	// The attempt in progress.
	atHeist, atStep, atSkill int
	total                    int
	roll                     int
	result                   uint8
	inAttempt, activated     bool
	rolled                   bool
	burnCard                 int16 `ledger:"talent"`
	failCard                 int16
	sufferer                 int
	completing               int

	sampled int
	ended   bool

	// The Prep cards the mover could play in the interrupt window
	// LegalActions last listed (bit c: card c), kept for the card
	// statistics when the state keeps a tally: tallyPlay would otherwise
	// list them again, payments and all. heldAt is the move that window is
	// decided by (Move+1 then, 0: none), so the set is used only at that
	// very decision; Reset clears it, CloneInto copies it with the move.
	held   [engine.MaxDeck / 64]uint64
	heldAt int

	// dirty has a bit per ledger group (the fields tagged with it) written
	// since the last invariant check that passed: a group whose bit is
	// clear needs no recount. TestLedgerMarks holds every write to a tagged
	// field to marking its groups first.
	dirty uint8
}

// The ledger groups: each conservation law, or limit, of the invariant
// check, and the fields it counts.
const (
	ledgerGems    uint8 = 1 << iota // gems in the bag and with the seats
	ledgerPrep                      // Prep cards: decks, hands, Gear, cards resolving
	ledgerTalent                    // Talent cards, and the team limit
	ledgerHeist                     // Heist cards
	ledgerFailure                   // Failure cards
	ledgerColour                    // Mastermind cards
	ledgerCash                      // Starter Cash
	ledgerMarkers                   // marker dice, on heists laid out
	ledgerAll     = 1<<iota - 1
)

// NewState starts a game: every setup draw is a chance move.
func (g *Game) NewState(players int, opts engine.StateOptions) engine.State {
	return engine.Started(&state{g: g}, players, opts)
}

// Reset starts a new game in place (engine.Resetter).
func (s *state) Reset(players int, opts engine.StateOptions) {
	g := s.g
	*s = state{Base: engine.NewBase(players, opts), g: g, sampled: -1, burnCard: -1, failCard: -1, dirty: ledgerAll}
	p := &g.params
	for _, c := range g.masterminds {
		s.colourDeck.Add(c)
	}
	g.fill(&s.prepDeck, g.preps)
	g.fill(&s.talentDeck, g.talents)
	g.fill(&s.heistDeck, g.heists)
	g.fill(&s.failDeck, g.failures)
	s.cashSupply = g.cashCopies
	s.tableN = min(p.Heists(players), maxHeists)
	for h := range s.table {
		s.table[h].a, s.table[h].b = -1, -1
	}
	for q := range s.seats {
		s.seats[q].card = -1
		for r := range s.seats[q].gear {
			s.seats[q].gear[r] = -1
		}
	}
	// Setup, in order (pushed last first): colours and the bag, the Prep
	// deal, the Talent Pool, the heists, Starter Cash, first recruits,
	// clear gems, the first player's roll.
	s.push(task{op: opFirstPlayer, n: 1, x: int16(1)<<players - 1})
	if p.StartClearGems > 0 {
		s.push(task{op: opStartGems})
	}
	if p.FirstRecruit {
		s.push(task{op: opFirstRecruit})
	}
	s.push(task{op: opDealCash})
	s.push(task{op: opFillHeists})
	s.push(task{op: opFillPool})
	for q := players - 1; q >= 0; q-- {
		s.push(task{op: opDrawPrep, p: int8(q), n: int16(p.OpeningPrep), x: 1})
	}
	s.push(task{op: opColour})
	s.run()
}

// fill puts every copy of the cards ids into deck d.
func (g *Game) fill(d *engine.Deck, ids []int) {
	for _, c := range ids {
		for k := 0; k < g.cards[c].copies; k++ {
			d.Add(c)
		}
	}
}

func (s *state) push(t task) {
	if s.sp == maxStack {
		panic("masterminds: task stack overflow")
	}
	s.stack[s.sp] = t
	s.sp++
}

func (s *state) pop() { s.sp-- }

func (s *state) top() *task { return &s.stack[s.sp-1] }

func (s *state) IsTerminal() bool             { return s.ended }
func (s *state) CurrentPlayer() engine.Player { return s.cur }

func (s *state) CloneInto(dst engine.State) engine.State { return engine.CloneState(s, dst) }

// ChanceOutcomes lists the outcomes of the chance node on top.
func (s *state) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	if s.cur != engine.Chance {
		return buf
	}
	switch t := s.top(); t.op {
	case opRoll, opTestRoll, opScore:
		buf = engine.Uniform(buf, 1, 6)
	case opFirstPlayer:
		buf = engine.Uniform(buf, 1, 6)
	case opGainGem:
		buf = s.bag.Outcomes(buf)
	default:
		buf = s.chanceDeck(t.op).Outcomes(buf, len(s.g.cards))
	}
	return buf
}

// chanceDeck is the deck a drawing task draws from, to read: the draw
// itself marks its ledger group (see chance).
func (s *state) chanceDeck(o op) deckView {
	switch o {
	case opColour:
		return viewDeck(&s.colourDeck)
	case opDrawPrep:
		return viewDeck(&s.prepDeck)
	case opFillPool, opFirstRecruit, opBurnDraw:
		return viewDeck(&s.talentDeck)
	case opFillHeists:
		return viewDeck(&s.heistDeck)
	case opFailureDraw:
		return viewDeck(&s.failDeck)
	}
	panic(fmt.Sprintf("masterminds: no deck for task %d", o))
}

// SampleChance draws straight from the source: a die, a seat, a gem from
// the bag, or the top card of a shuffled deck.
func (s *state) SampleChance(r *engine.Rand) engine.Action {
	switch t := s.top(); t.op {
	case opRoll, opTestRoll, opScore:
		return engine.Action(1 + r.Intn(6))
	case opFirstPlayer:
		return engine.Action(1 + r.Intn(6))
	case opGainGem:
		return engine.Action(s.bag.Sample(r))
	default:
		d := s.chanceDeck(t.op)
		s.sampled = d.SampleAt(r)
		return engine.Action(d.At(s.sampled))
	}
}

// draw takes card c from a deck, by the sampled position when it matches.
func (s *state) draw(d *engine.Deck, c int) {
	switch {
	case s.sampled >= 0 && s.sampled < d.Len() && d.At(s.sampled) == c:
		d.TakeAt(s.sampled)
	case !d.Take(c):
		panic(fmt.Sprintf("masterminds: illegal draw of card %d", c))
	}
	s.sampled = -1
}

func (s *state) DoApply(a engine.Action) {
	if s.ended || s.sp == 0 {
		panic("masterminds: Apply on a finished game")
	}
	if s.cur == engine.Chance {
		s.chance(s.top(), int(a))
	} else {
		s.decide(s.top(), a)
	}
	s.run()
}

// run performs tasks until one waits for a move, or the game is over.
func (s *state) run() {
	for s.sp > 0 {
		if !s.step(s.top()) {
			return
		}
	}
	s.cur = engine.Terminal
}

// reshuffle turns a discard pile into the deck.
func reshuffle(deck, discard *engine.Deck) {
	for discard.Len() > 0 {
		deck.Add(discard.TakeAt(discard.Len() - 1))
	}
}

// String summarises the public state, for debugging and tests.
func (s *state) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "turn seat %d, bag %d, completed %d:", s.turn+1, s.bag.Len(), s.completed)
	for q := 0; q < s.N; q++ {
		st := &s.seats[q]
		fmt.Fprintf(&b, " [seat %d team %d hand %d gems %d markers %d heists %d]", q+1, st.teamN, st.hand.Len(), s.gemCount(q), st.markers, st.heists)
	}
	return b.String()
}

func (s *state) gemCount(q int) int {
	// The 16 counts as two words, each summed a byte pair at a time: the
	// invariants ask this for every seat after every move.
	st := &s.seats[q]
	return byteSum(binary.LittleEndian.Uint64(st.gems[:8])) + byteSum(binary.LittleEndian.Uint64(st.gems[8:]))
}

// gemCount reads the gem counts as two 8-byte words.
var _ [8 - maxSeats]struct{} // heistSlot.prog has a place per seat

var _ [nKinds - 16]struct{}
var _ [16 - nKinds]struct{}

// byteSum is the sum of x's eight bytes: pairs of bytes in 16-bit lanes
// (at most 510 each), then the four lanes added by one multiplication (at
// most 2,040, so no lane overflows).
func byteSum(x uint64) int {
	const bytes, lanes = 0x00FF00FF00FF00FF, 0x0001000100010001
	pairs := x&bytes + (x>>8)&bytes
	return int((pairs * lanes) >> 48)
}
