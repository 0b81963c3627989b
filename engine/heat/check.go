package heat

import (
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

var codeHandTooSmall = codes.Error("HAND_TOO_SMALL", "A drafted hand (draft_deal + draft_rounds) holds fewer cards than a heist has Stages.")

var codeHeatBoardOrder = codes.Error("HEAT_BOARD_ORDER", "The heat_board rows do not go from the least to the most negative value.")

var codeCardNeverPlayable = codes.Error("CARD_NEVER_PLAYABLE", "A card is marked for no supported player count.")

// The engine's static checks, in the table cardpress rules lists.
var _ = kit.RegisterCheck(kit.Check{
	ID:     "heat-data",
	Doc:    "Checks HEAT's data beyond its build: hands big enough for the stages, the heat board in order and matching the Heat tokens, a draft every count can fill, every card playable at some count.",
	Engine: "heat",
	Codes:  []*finding.Code{codeHandTooSmall, codeHeatBoardOrder, codeCardNeverPlayable, codeDraftTooFewCards, gamedata.CodeCountMismatch},
	Run:    kit.OfEngine((*Game).Check),
})

// Check runs HEAT's static checks on its data.
func (g *Game) Check() []finding.Finding {
	var out []finding.Finding
	d := g.data
	p := g.params
	hand := p.HandSize()
	if pr, ok := d.Params["stages"]; ok && hand < p.Stages {
		out = append(out, codeHandTooSmall.At(pr.Pos,
			"a drafted hand has %d cards (draft_deal + draft_rounds) but a heist has %d stages", hand, p.Stages))
	}
	if pr, ok := d.Params["heat_board"]; ok {
		for i := 1; i < len(p.HeatBoard); i++ {
			if p.HeatBoard[i].Value > p.HeatBoard[i-1].Value {
				out = append(out, codeHeatBoardOrder.At(pr.Pos,
					"heat_board rows must go from the least to the most negative value: row %d (%d) is above row %d (%d)",
					i+1, p.HeatBoard[i].Value, i, p.HeatBoard[i-1].Value))
				break
			}
		}
		for _, c := range d.Manifest.Components {
			if c.Kind == "token" && c.ID == "heat-token" && c.Count != p.HeatTokens() {
				out = append(out, gamedata.CodeCountMismatch.At(c.Pos,
					"%d Heat tokens declared but the heat_board has %d slots", c.Count, p.HeatTokens()))
			}
		}
	}
	out = append(out, g.checkDraft()...)
	for i, c := range d.Cards {
		used := false
		for n := d.Manifest.Players.Min; n <= d.Manifest.Players.Max; n++ {
			used = used || c.UsedWith(n)
		}
		if !used {
			out = append(out, codeCardNeverPlayable.At(c.PlayersPos,
				"card %s is marked for no player count between %d and %d", g.cards[i].id, d.Manifest.Players.Min, d.Manifest.Players.Max))
		}
	}
	return out
}

var codeDraftTooFewCards = codes.Error("DRAFT_TOO_FEW_CARDS", "At a supported player count the deck cannot fill every hand in the draft; reported at the player marks of each card left out.")

// checkDraft reports player counts whose deck cannot fill every hand in
// the draft. The fix is in the player marks of the cards left out at that
// count, so each of them is named; with none left out, the manifest's
// player range is the place to look.
func (g *Game) checkDraft() []finding.Finding {
	var out []finding.Finding
	d := g.data
	need := g.params.HandSize()
	for n := d.Manifest.Players.Min; n <= d.Manifest.Players.Max; n++ {
		have := g.deckSize(n)
		if have >= n*need {
			continue
		}
		left := 0
		for i, c := range d.Cards {
			if !c.UsedWith(n) {
				left++
				out = append(out, codeDraftTooFewCards.At(c.PlayersPos,
					"at %d players the deck has %d cards but the draft needs %d (%d × %d); card %s is not used at %d players",
					n, have, n*need, n, need, g.cards[i].id, n))
			}
		}
		if left == 0 {
			out = append(out, codeDraftTooFewCards.At(d.Manifest.PlayersPos,
				"at %d players the deck has %d cards but the draft needs %d (%d × %d)", n, have, n*need, n, need))
		}
	}
	return out
}
