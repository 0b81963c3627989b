package heat

import (
	"cardpress/finding"
)

// CheckCodes are the codes HEAT's Build and Check report beyond the generic
// ones, each with what its check makes sure of.
var CheckCodes = map[string]string{
	"HAND_TOO_SMALL":      "Checks that a drafted hand (draft_deal + draft_rounds) holds at least one card per Stage.",
	"HEAT_BOARD_ORDER":    "Checks that heat_board rows go from the least to the most negative value.",
	"DRAFT_TOO_FEW_CARDS": "Checks that at every supported player count the deck fills every hand in the draft; reported at the player marks of each card left out.",
	"CARD_NEVER_PLAYABLE": "Checks that every card is marked for at least one supported player count.",
	"UNDEFINED_PHASE":     "Checks that every effect's phase is declared in game.yaml phases.",
	"EFFECT_TARGET":       "Checks that steal and give_heat target another player and that target_if comes with such a target.",
	"TOO_MANY_KEYWORDS":   "Checks that a game has at most 64 keywords (the engine keeps them as a bit mask).",
	"TOO_MANY_CARDS":      "Checks that a game has at most 255 distinct cards and that at every supported player count the deck holds at most 256 cards and 255 copies of a card; reported at the count of the card that takes it past.",
	"TOO_MANY_PLAYERS":    "Checks that the player range fits the engine (at most 8 players).",
	"PARAMETER_RANGE":     "Checks that every rule parameter is within the range the engine plays (the bounds of params.schema.json, checked again for data that did not come through validation): money and Heat values small enough that no sum can overflow.",
	"CARD_FIELD_RANGE":    "Checks that every number on a card is within the range the engine plays (the bounds of cards.schema.json, checked again for data that did not come through validation).",
	"TOO_MANY_PHASES":     "Checks that a game has at most 8 phases.",
}

// CheckCodes lists the codes above (engine.Documented).
func (g *Game) CheckCodes() map[string]string { return CheckCodes }

// Check runs HEAT's static checks on its data.
func (g *Game) Check() []finding.Finding {
	var out []finding.Finding
	d := g.data
	p := g.params
	hand := p.HandSize()
	if pr, ok := d.Params["stages"]; ok && hand < p.Stages {
		out = append(out, finding.New(pr.Pos, "HAND_TOO_SMALL",
			"a drafted hand has %d cards (draft_deal + draft_rounds) but a heist has %d stages", hand, p.Stages))
	}
	if pr, ok := d.Params["heat_board"]; ok {
		for i := 1; i < len(p.HeatBoard); i++ {
			if p.HeatBoard[i].Value > p.HeatBoard[i-1].Value {
				out = append(out, finding.New(pr.Pos, "HEAT_BOARD_ORDER",
					"heat_board rows must go from the least to the most negative value: row %d (%d) is above row %d (%d)",
					i+1, p.HeatBoard[i].Value, i, p.HeatBoard[i-1].Value))
				break
			}
		}
		for _, c := range d.Manifest.Components {
			if c.Kind == "token" && c.ID == "heat-token" && c.Count != p.HeatTokens() {
				out = append(out, finding.New(c.Pos, "COUNT_MISMATCH",
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
			out = append(out, finding.New(c.PlayersPos, "CARD_NEVER_PLAYABLE",
				"card %s is marked for no player count between %d and %d", g.cards[i].id, d.Manifest.Players.Min, d.Manifest.Players.Max))
		}
	}
	return out
}

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
				out = append(out, finding.New(c.PlayersPos, "DRAFT_TOO_FEW_CARDS",
					"at %d players the deck has %d cards but the draft needs %d (%d × %d); card %s is not used at %d players",
					n, have, n*need, n, need, g.cards[i].id, n))
			}
		}
		if left == 0 {
			out = append(out, finding.New(d.Manifest.PlayersPos, "DRAFT_TOO_FEW_CARDS",
				"at %d players the deck has %d cards but the draft needs %d (%d × %d)", n, have, n*need, n, need))
		}
	}
	return out
}
