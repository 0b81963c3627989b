package example

import (
	"embed"
	"fmt"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// The rules of Draw and Bank. Every card starts in the deck and every hand
// empty. On your turn either draw (the deck's top card goes into your
// hand, hidden from the others; a hand worth more than bust_limit busts and
// goes back into the deck) or bank (score your hand's points and shuffle
// the hand back into the deck; banking an empty hand is a pass). The first
// to bank goal points wins at once.

// Params are the rule parameters (game.yaml parameters), declared once:
// the tags give their names and the ranges the engine plays, from which
// the kit makes the decoder, the bounds and params.schema.json.
type Params struct {
	Goal      int `yaml:"goal" min:"1" max:"99"`       // banked points that win
	BustLimit int `yaml:"bust_limit" min:"1" max:"99"` // a hand worth more busts
}

var params = kit.DeclareParams[Params]("Draw and Bank", nil)

//go:embed cards.schema.json
var cardsSchema embed.FS

// schemas are the cards schema and the parameters schema made from Params.
var schemas = params.Schemas(cardsSchema)

func init() { kit.Register(kit.ModuleOf("example", schemas, Build, params.Bounds(), cardBounds)) }

// codes declares the engine's finding codes, each beside its check.
var codes = kit.CodesOf("example")

// What Build reports as it compiles the data, for the table of checks.
var _ = kit.RegisterCheck(kit.Check{
	ID:     "example-build",
	Doc:    "Checks as the example engine builds a game that no card is worth more than bust_limit.",
	Engine: "example",
	Codes:  []*finding.Code{codeAlwaysBusts},
	Build:  true,
})

// cardBounds are the ranges of card fields the engine plays, read from
// cards.schema.json, where they are declared.
var cardBounds = kit.CardBounds(schemas)

// codeAlwaysBusts is this engine's own finding code.
var codeAlwaysBusts = codes.Warning("CARD_ALWAYS_BUSTS", "A card is worth more than bust_limit: whoever draws it busts.")

type card struct {
	id     string
	name   string
	points int
	copies int
}

func compileCard(gc gamedata.Card) card {
	var fields struct {
		Points int `yaml:"points"`
	}
	if gc.Node != nil {
		// A value that does not decode is CARD_FIELD_RANGE already.
		_ = gc.Node.Decode(&fields)
	}
	return card{id: gc.ID, name: gc.Name, points: fields.Points, copies: kit.Copies(gc)}
}

// check reports cards and parameters that do not fit together: a card
// that always busts is a warning, a game where every card does can never
// end.
func (g *Game) check() []finding.Finding {
	var found []finding.Finding
	for i, c := range g.cards {
		if c.points > g.params.BustLimit {
			found = append(found, codeAlwaysBusts.At(g.data.Cards[i].Pos, "%s is worth %d, more than bust_limit %d", c.name, c.points, g.params.BustLimit))
		}
	}
	if len(found) == len(g.cards) {
		limit := g.data.Params["bust_limit"]
		found = append(found, kit.CodeParamRange.At(limit.Pos, "bust_limit %d is below every card's points: every draw busts and nobody can win", g.params.BustLimit))
	}
	return found
}

// CardRules is card i's printed rules text.
func (g *Game) CardRules(i int) []engine.RulesLine {
	return []engine.RulesLine{{Text: fmt.Sprintf("%d points", g.cards[i].points)}}
}

// The two moves of a seat.
const (
	actDraw engine.Action = iota
	actBank
)

// Counters this game tallies (engine.Info.Counters).
const cntBusts = 0

var counters = []string{"busts"}

type state struct {
	engine.Base
	g       *Game
	turn    int  // the seat to move
	drawing bool // turn drew: chance deals it a card
	over    bool
	deck    engine.Deck
	hands   [engine.MaxPlayers]engine.Hand
	banked  [engine.MaxPlayers]int
}

func (s *state) IsTerminal() bool { return s.over }

func (s *state) CurrentPlayer() engine.Player {
	switch {
	case s.over:
		return engine.Terminal
	case s.drawing:
		return engine.Chance
	}
	return engine.Player(s.turn)
}

func (s *state) LegalActions(p engine.Player, buf []engine.Action) []engine.Action {
	if p < 0 || p != s.CurrentPlayer() {
		return buf
	}
	if s.deck.Len() > 0 {
		buf = append(buf, actDraw)
	}
	return append(buf, actBank)
}

// ChanceOutcomes are the cards the drawing seat may get, each as likely as
// its copies in the deck.
func (s *state) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	return s.deck.Outcomes(buf, len(s.g.cards))
}

// DoApply is the rules of one move; engine.Apply, which alone calls it,
// has counted the move already.
func (s *state) DoApply(a engine.Action) {
	switch {
	case s.drawing:
		s.draw(int(a))
	case a == actDraw && s.deck.Len() > 0:
		s.drawing = true
		return // the seat's turn ends once chance has dealt its card
	case a == actBank:
		s.bank()
	default:
		panic(fmt.Sprintf("example: illegal action %d", a))
	}
	if !s.over {
		s.turn = (s.turn + 1) % s.N
	}
}

func (s *state) draw(c int) {
	if !s.deck.Take(c) {
		panic(fmt.Sprintf("example: card %d is not in the deck", c))
	}
	s.drawing = false
	s.hands[s.turn].Add(c)
	if held := s.handPoints(s.turn); held > s.g.params.BustLimit {
		s.Tally.Count(cntBusts, 1)
		if s.Log != nil {
			// A typed event: the fields say it, the text is made from them.
			s.Record(engine.Event{Kind: "bust", Player: s.turn, Card: s.g.cards[c].id, Resource: "points",
				Amount: engine.Int(held), From: "hand", To: "deck",
				Text: fmt.Sprintf("draws %s and busts with %d points", s.g.cards[c].name, held)})
		}
		s.toDeck(s.turn)
	}
}

func (s *state) bank() {
	p := s.turn
	held := s.handPoints(p)
	s.banked[p] += held
	for i := range s.hands[p].Len() {
		s.Tally.Took(s.hands[p].At(i))
	}
	if s.Log != nil {
		s.Record(engine.Event{Kind: "bank", Player: p, Resource: "points", Amount: engine.Int(held), Total: engine.Int(s.banked[p]),
			Text: fmt.Sprintf("banks %d points: %d in all", held, s.banked[p])})
	}
	s.toDeck(p)
	if s.banked[p] >= s.g.params.Goal {
		s.over, s.Cause = true, endGoal
		s.ShareWin(engine.Seats(0).With(p))
	}
}

// toDeck shuffles seat p's hand back into the deck.
func (s *state) toDeck(p int) {
	for s.hands[p].Len() > 0 {
		c := s.hands[p].At(0)
		s.hands[p].Remove(c)
		s.deck.Add(c)
	}
}

func (s *state) handPoints(p int) int {
	sum := 0
	for i := range s.hands[p].Len() {
		sum += s.g.cards[s.hands[p].At(i)].points
	}
	return sum
}

// Evaluate rates seat p's position for the heuristic bot: a win above all,
// then banked points, then half the points its hand risks. It reads only
// what p sees.
func (s *state) Evaluate(p engine.Player) float64 {
	return 100*s.Won[p] + float64(s.banked[p]) + float64(s.handPoints(int(p)))/2
}

// CheckInvariants holds the state to the rules: no card made or lost, no
// hand over the limit between moves.
func (s *state) CheckInvariants() error {
	cards := s.deck.Len()
	for p := range s.N {
		cards += s.hands[p].Len()
		if s.handPoints(p) > s.g.params.BustLimit {
			return fmt.Errorf("seat %d holds %d points, over bust_limit", p+1, s.handPoints(p))
		}
	}
	for _, c := range s.g.cards {
		cards -= c.copies
	}
	if cards != 0 {
		return fmt.Errorf("%d cards made or lost", cards)
	}
	return nil
}

func (s *state) ActionString(p engine.Player, a engine.Action) string {
	switch {
	case p == engine.Chance:
		return s.g.cards[a].name
	case a == actDraw:
		return "draw"
	}
	return "bank"
}

// endGoal is how a game ends (Info.EndCauses): someone banked the goal.
const endGoal = "goal reached"
