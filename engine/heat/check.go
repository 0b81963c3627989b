package heat

import (
	"cardpress/finding"
	"cardpress/gamedata"
)

// The codes of HEAT's own checks of its data: Build's (limits of the
// engine, references to phases) and Check's (rules that cannot be played).
var (
	codeHandTooSmall = finding.Declare(finding.Code{ID: "HAND_TOO_SMALL", Severity: finding.Error, Scope: finding.Engine, Engine: "heat",
		Purpose: "A drafted hand (draft_deal + draft_rounds) holds fewer cards than a heist has Stages."})
	codeHeatBoardOrder = finding.Declare(finding.Code{ID: "HEAT_BOARD_ORDER", Severity: finding.Error, Scope: finding.Engine, Engine: "heat",
		Purpose: "The heat_board rows do not go from the least to the most negative value."})
	codeDraftTooFewCards = finding.Declare(finding.Code{ID: "DRAFT_TOO_FEW_CARDS", Severity: finding.Error, Scope: finding.Engine, Engine: "heat",
		Purpose: "At a supported player count the deck cannot fill every hand in the draft; reported at the player marks of each card left out."})
	codeCardNeverPlayable = finding.Declare(finding.Code{ID: "CARD_NEVER_PLAYABLE", Severity: finding.Error, Scope: finding.Engine, Engine: "heat",
		Purpose: "A card is marked for no supported player count."})
	codeUndefinedPhase = finding.Declare(finding.Code{ID: "UNDEFINED_PHASE", Severity: finding.Error, Scope: finding.Engine, Engine: "heat",
		Purpose: "An effect's phase is not declared in game.yaml phases, or the game declares no phase."})
	codeTooManyKeywords = finding.Declare(finding.Code{ID: "TOO_MANY_KEYWORDS", Severity: finding.Error, Scope: finding.Engine, Engine: "heat",
		Purpose: "The game has more than 64 keywords (the engine keeps them as a bit mask)."})
	codeTooManyPhases = finding.Declare(finding.Code{ID: "TOO_MANY_PHASES", Severity: finding.Error, Scope: finding.Engine, Engine: "heat",
		Purpose: "The game has more than 8 phases."})
)

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
