package heat

import (
	"fmt"
	"strings"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/gamedata"
)

// CardRules generates card i's printed rules from the effects the engine
// runs: one line per phase, sentences in effect order. Under shortfall
// no_effect what follows your own payment on a line happens only if you
// paid ("If you did, …").
func (g *Game) CardRules(i int) []engine.RulesLine {
	var lines []engine.RulesLine
	paid := false // a payment of yours came before on this line
	for _, e := range g.cards[i].effects {
		phase := g.phases[e.phase].ID
		sentence := g.sentence(e)
		n := len(lines)
		same := n > 0 && lines[n-1].Phase == phase
		if same && paid && g.short == shortNoEffect {
			sentence = "If you did, " + strings.ToLower(sentence[:1]) + sentence[1:]
		}
		paid = (same && paid) || (e.action == actPay && e.target == targetSelf)
		if same {
			lines[n-1].Text += " " + sentence
			continue
		}
		lines = append(lines, engine.RulesLine{Phase: phase, Text: sentence})
	}
	return lines
}

func (g *Game) kwName(mask uint64) string {
	if mask == anyKeyword {
		return ""
	}
	for i, kw := range g.keywords {
		if mask&(1<<uint(i)) != 0 {
			return kw.Name
		}
	}
	return "?"
}

// aCard is "a Vault card" / "an Intel card".
func (g *Game) aCard(mask uint64) string {
	name := g.kwName(mask)
	article := "a"
	if strings.ContainsRune("AEIOU", rune(name[0])) {
		article = "an"
	}
	return fmt.Sprintf("%s %s card", article, name)
}

func money(n int) string {
	if n < 0 {
		return fmt.Sprintf("-$%d", -n)
	}
	return fmt.Sprintf("$%d", n)
}

// Icons the shipped game declares for its recurring terms. A game that
// does not declare one reads the word instead ("$3", "2 Heat").
const (
	iconHeat  = "heat"
	iconMoney = "money"
)

// cash is an amount of money as printed: "3 :money:" with the game's money
// icon, else "$3".
func (g *Game) cash(n int) string {
	if g.data.HasIcon(iconMoney) {
		return gamedata.IconAmount(n, iconMoney)
	}
	return money(n)
}

// heat is an amount of Heat as printed: "2 :heat:", else "2 Heat".
func (g *Game) heat(n int) string {
	if g.data.HasIcon(iconHeat) {
		return gamedata.IconAmount(n, iconHeat)
	}
	return fmt.Sprintf("%d Heat", n)
}

// sentence renders one effect as an English sentence.
func (g *Game) sentence(e effect) string {
	var who, verb, obj string
	amount := func(unitMoney bool) string {
		if unitMoney {
			return g.cash(int(e.amount))
		}
		return fmt.Sprint(e.amount)
	}
	others := "each other player"
	if e.targetMask != 0 {
		others = "each other player who revealed " + g.aCard(e.targetMask)
	}
	neighbour := map[target]string{targetLeft: "the player on your left", targetRight: "the player on your right", targetOthers: others}
	switch e.action {
	case actGain:
		verb, obj = "Gain", amount(true)
	case actPay:
		verb, obj = "Pay", amount(true)
	case actTakeHeat:
		verb, obj = "Take", g.heat(int(e.amount))
	case actReturnHeat:
		verb, obj = "Return", g.heat(int(e.amount))
	case actDraw:
		verb, obj = "Draw", plural(int(e.amount), "card", "cards")
	case actSteal:
		verb, obj = "Take", amount(true)+" from "+neighbour[e.target]
	case actGiveHeat:
		obj = amount(false) + " of your Heat"
		if g.data.HasIcon(iconHeat) {
			// Only your own Heat can be given: the icon needs no "of your".
			obj = g.heat(int(e.amount))
		}
		verb, obj = "Give", obj+" to "+neighbour[e.target]
	}
	s := verb + " " + obj
	// Actions that fall on other players read better with them as subject.
	if e.target != targetSelf && e.action != actSteal && e.action != actGiveHeat {
		who = strings.ToUpper(neighbour[e.target][:1]) + neighbour[e.target][1:]
		s = who + " " + strings.ToLower(verb) + "s " + obj
	}
	switch e.per {
	case perRecord:
		if e.perMask == anyKeyword {
			s += " for each card in your Record"
		} else {
			s += " for each " + g.kwName(e.perMask) + " card in your Record"
		}
	case perOthersRevealed:
		s += " for each other player who revealed " + g.aCard(e.perMask)
	}
	if e.max > 0 {
		if e.action == actGain || e.action == actPay || e.action == actSteal {
			s += fmt.Sprintf(" (at most %s)", g.cash(int(e.max)))
		} else {
			s += fmt.Sprintf(" (at most %d)", e.max)
		}
	}
	switch e.cond {
	case condRevealedByOther:
		s += " if another player revealed " + g.aCard(e.condMask)
	case condNotRevealedByOther:
		s += " if no other player revealed " + g.aCard(e.condMask)
	case condRecordHas:
		s += " if your Record holds another " + g.kwName(e.condMask) + " card"
	case condStage:
		s += fmt.Sprintf(" in Stage %d", e.stage)
	}
	return g.shortfallClause(e, s) + "."
}

// shortfallClause says what a payment does when the payer is short
// (shortfall): under debt the printed amount is always paid, so the
// sentence stands as it is.
func (g *Game) shortfallClause(e effect, s string) string {
	if e.action != actPay && e.action != actSteal {
		return s
	}
	yours := e.action == actPay && e.target == targetSelf
	switch {
	case g.short == shortPayWhatYouHave && yours:
		return s + ", or all you have"
	case g.short == shortPayWhatYouHave:
		return s + ", or all they have"
	case g.short == shortNoEffect && yours:
		return "If you can, " + strings.ToLower(s[:1]) + s[1:]
	case g.short == shortNoEffect && e.action == actPay:
		return s + ", if they can"
	case g.short == shortNoEffect:
		return s + ", if they can pay it"
	}
	return s
}
