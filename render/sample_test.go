package render

import (
	"fmt"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// sampleLayout is a poker-size layout like a real game's layout.yaml.
func sampleLayout() gamedata.Layout {
	return gamedata.Layout{
		Front: gamedata.Front{
			Background: gamedata.PlainColor("#f7f2e8"),
			Border:     gamedata.Border{Color: "#2b2b2b", Width: 0.5, Inset: 2.5, Radius: 2.5},
			Accent: gamedata.Accent{Box: []float64{2.5, 2.5, 58, 14}, By: "keyword", Colors: map[string]string{
				"heist": "#c0392b", "vault": "#8e44ad", "crew": "#2e6f95",
				"muscle": "#5d4037", "intel": "#2e7d32", "cover": "#546e7a",
			}},
			Elements: []gamedata.Element{
				{Field: "name", Box: []float64{5, 4, 53, 11}, Size: 12, MinSize: 7, Style: "bold", Align: "center", Color: gamedata.PlainColor("#ffffff")},
				{Field: "keywords", Box: []float64{5, 18, 53, 5}, Size: 7, MinSize: 5, Style: "italic", Align: "center", Color: gamedata.PlainColor("#444444")},
				{Field: "rules", Box: []float64{6, 25, 51, 38}, Size: 9, MinSize: 6, Align: "left", Color: gamedata.PlainColor("#111111"), PhaseBadges: true},
				{Field: "flavor", Box: []float64{6, 64, 51, 12}, Size: 7, MinSize: 5, Style: "italic", Align: "center", Color: gamedata.PlainColor("#555555")},
				{Field: "players", Kind: "pips", Box: []float64{38, 78, 21, 6}, Size: 7, Color: gamedata.PlainColor("#2b2b2b")},
				{Field: "count", Kind: "text", Box: []float64{5, 79, 20, 4}, Size: 6.5, Color: gamedata.PlainColor("#666666"), Align: "left"},
			},
		},
		Back: gamedata.BackLayout{
			Border:    gamedata.Border{Color: "#e0533d", Width: 1.2, Inset: 4, Radius: 2.5},
			TitleSize: 28, SubtitleSize: 8,
		},
	}
}

type sampleCard struct {
	name     string
	keywords []string
	copies   int
	players  []int
	rules    []RulesLine
	flavor   string
}

var keywordNames = map[string]string{
	"heist": "Heist", "vault": "Vault", "crew": "Crew", "muscle": "Muscle", "intel": "Intel", "cover": "Cover",
}

func rl(phase, text string) RulesLine { return RulesLine{Phase: phase, Text: text} }

// sampleCards is a 34-card heist deck.
var sampleCards = []sampleCard{
	{"Bank Job", []string{"heist"}, 2, []int{3, 4, 5}, []RulesLine{rl("B", "Gain $6. Take 1 Heat.")}, "In and out in ninety seconds."},
	{"Vault Crack", []string{"heist", "vault"}, 2, []int{3, 4, 5}, []RulesLine{rl("B", "Gain $9 if no other player revealed a Vault card."), rl("B", "Take 2 Heat.")}, "Patience is a tool like any other."},
	{"Armoured Car", []string{"heist", "muscle"}, 1, []int{4, 5}, []RulesLine{rl("B", "Gain $4, plus $2 for each Muscle card in your Record."), rl("B", "Take 2 Heat.")}, ""},
	{"Getaway Driver", []string{"crew"}, 2, []int{3, 4, 5}, []RulesLine{rl("A", "Draw 1 card."), rl("B", "Gain $2 for each Heist card in your Record.")}, "Keeps the engine running."},
	{"Safecracker", []string{"crew", "vault"}, 1, []int{3, 4, 5}, []RulesLine{rl("B", "Gain $3 for each Vault card in your Record, including this one.")}, "Listens more than she talks."},
	{"Enforcer", []string{"muscle"}, 2, []int{3, 4, 5}, []RulesLine{rl("B", "Gain $1 for each Muscle card in your Record, including this one."), rl("B", "Take 1 Heat.")}, ""},
	{"Heavy", []string{"muscle"}, 1, []int{5}, []RulesLine{rl("B", "Gain $2 for each Muscle card revealed this Stage.")}, "Big. Quiet. Expensive."},
	{"Informant", []string{"intel"}, 2, []int{3, 4, 5}, []RulesLine{rl("A", "Draw 2 cards, then discard 1."), rl("C", "Gain $1 for each Vault card revealed this Stage.")}, ""},
	{"Wiretap", []string{"intel"}, 1, []int{4, 5}, []RulesLine{rl("A", "Look at the top 3 cards of the deck and put them back in any order."), rl("B", "Gain $2.")}, "Every phone has two ends."},
	{"Casing the Joint", []string{"intel", "heist"}, 2, []int{3, 4, 5}, []RulesLine{rl("A", "Draw 1 card."), rl("B", "Gain $3 if you revealed a Heist card last Stage.")}, ""},
	{"Safe House", []string{"cover"}, 2, []int{3, 4, 5}, []RulesLine{rl("C", "Return 2 Heat.")}, "Nobody asks questions here."},
	{"Bribe", []string{"cover"}, 2, []int{3, 4, 5}, []RulesLine{rl("C", "Pay $3 to return 2 Heat. If you cannot pay, return 1 Heat instead.")}, ""},
	{"Alibi", []string{"cover", "crew"}, 1, []int{3, 4, 5}, []RulesLine{rl("C", "Return 1 Heat for each Crew card in your Record.")}, "I was at my mother's."},
	{"Inside Man", []string{"crew", "intel"}, 2, []int{3, 4, 5}, []RulesLine{rl("A", "Draw 1 card."), rl("B", "Gain $1 for each card in your hand."), rl("C", "Return 1 Heat.")}, ""},
	{"Diamond Exchange", []string{"heist", "vault"}, 1, []int{4, 5}, []RulesLine{rl("B", "Gain $12. Take 3 Heat."), rl("C", "Lose $4 unless your Record holds a Cover card.")}, "Cut, clarity, carats, cash."},
	{"Smash and Grab", []string{"heist"}, 2, []int{3, 4, 5}, []RulesLine{rl("B", "Gain $5. Take 2 Heat.")}, ""},
	{"Fence", []string{"crew"}, 1, []int{3, 4, 5}, []RulesLine{rl("B", "Gain $1 for each Heat you hold.")}, "No receipts."},
	{"Lookout", []string{"crew", "cover"}, 2, []int{3, 4, 5}, []RulesLine{rl("A", "Draw 1 card."), rl("C", "Return 1 Heat.")}, ""},
	{"Counterfeit Bills", []string{"heist"}, 2, []int{3, 4, 5}, []RulesLine{rl("B", "Gain $7. Take 1 Heat."), rl("C", "Lose $2 if another player revealed an Intel card.")}, "Nearly as good as the real thing."},
	{"Crooked Cop", []string{"cover", "intel"}, 2, []int{4, 5}, []RulesLine{rl("A", "Draw 1 card."), rl("C", "Pay $2 to return 2 Heat.")}, ""},
	{"The Long Con", []string{"intel", "crew"}, 1, []int{3, 4, 5}, []RulesLine{
		rl("A", "Every player passes one card from hand to the player on their left; you may look at every passed card before it is taken and swap one of them with a card from your hand."),
		rl("B", "Gain $1 for each card revealed this Stage that shares a keyword with any card in your Record, plus $2 for each Intel card in any other player's Record, up to a limit of $15."),
		rl("B", "If another player revealed a Vault card this Stage, take 1 Heat for each Vault card revealed, and that player returns the same amount of Heat to the board."),
		rl("C", "Return 1 Heat for each Cover card in your Record. If your Record holds no Cover card, every other player may return 1 Heat, and then you take 1 Heat from the least negative slot."),
		rl("C", "Discard your hand and draw the same number of cards from the top of the deck, then shuffle the discards back into the deck."),
	}, "It has taken years."},
}

// sampleDoc builds a Document like the pipeline would for a 34-card game.
func sampleDoc() *Document {
	doc := &Document{
		GameID: "sample",
		Title:  "Sample Heist",
		Card:   gamedata.Size{Width: 63, Height: 88},
		Layout: sampleLayout(),
		Backs: map[string]gamedata.Back{
			"common": {Title: "HEAT", Subtitle: "a game of civilized crime", Color: "#1f2a36", Accent: "#e0533d"},
		},
	}
	line := 10
	for _, c := range sampleCards {
		var kws []string
		for _, k := range c.keywords {
			kws = append(kws, keywordNames[k])
		}
		count := ""
		if c.copies > 1 {
			count = fmt.Sprintf("x%d", c.copies)
		}
		id := strings.ReplaceAll(strings.ToLower(c.name), " ", "-")
		doc.Cards = append(doc.Cards, CardFace{
			ID: id, Deck: "main", Back: "common", Copies: c.copies,
			Keywords: c.keywords, Players: c.players, Rules: c.rules,
			Fields: map[string]string{"name": c.name, "keywords": gamedata.JoinList(kws), "flavor": c.flavor, "count": count},
			Pos:    finding.Pos{File: "cards/sample/cards.yaml", Line: line, Col: 5},
		})
		line += 12
	}
	rows := []BoardRow{{"-$1", 3}, {"-$2", 3}, {"-$3", 3}, {"-$4", 3}, {"-$5", 3}}
	doc.Components = []Component{
		{Kind: "board", Title: "Heat board", Rows: rows, SlotDiameter: 16,
			Note: "Take Heat from the least negative slot; return it to the most negative free slot. Heat is worth the worst completely empty row."},
		{Kind: "tokens", Title: "Heat token × 15", Label: "HEAT", Count: 15, Diameter: 14, Color: "#e0533d"},
		{Kind: "tokens", Title: "$1 × 20", Label: "$1", Count: 20, Diameter: 18, Color: "#c8e6c9"},
		{Kind: "tokens", Title: "$5 × 20", Label: "$5", Count: 20, Diameter: 20, Color: "#a5d6a7"},
		{Kind: "tokens", Title: "$25 × 10", Label: "$25", Count: 10, Diameter: 24, Color: "#66bb6a"},
	}
	doc.Reference = ReferenceSheet{
		Title:    "HEAT — rule reference",
		Subtitle: "3-5 players • 3 heists of 4 stages",
		Sections: []Section{
			{Heading: "Setup", Items: []string{
				"Put one Heat token on each of the 15 slots of the Heat board.",
				"Each player starts with $0.",
				"Remove the cards whose player marks (bottom right) do not show your player count, then shuffle.",
			}},
			{Heading: "Drafting a plan (before each heist)", Items: []string{
				"Deal 2 cards to each player.",
				"Repeat 3 times: everyone passes one card at once, then draws one card and takes the passed card. Hands end at 5 cards.",
				"Pass directions, heist by heist: left, right, left.",
			}},
			{Heading: "A heist", Items: []string{
				"4 Stages. Each Stage everyone secretly chooses a card from hand, then all reveal it at once and add it to the right end of their Record.",
				"Resolve every A effect, then every B effect, then every C effect. A card in your Record counts itself.",
				"After the last Stage, shuffle every card back into the deck and draft again.",
			}},
			{Heading: "Phases", Phases: []Phase{
				{"A", "Prepare", "Cards are drawn and plans laid."},
				{"B", "Score", "Money is made and Heat is taken."},
				{"C", "Clean up", "Heat is shed, debts are settled."},
			}},
			{Heading: "Heat", Items: []string{
				"Taking Heat: take the token on the least negative slot. Returning Heat: put it on the most negative free slot.",
				"A Heat token is worth the worst completely empty row ($0 while no row is empty).",
				"Out of Heat: if Phase B needs more Heat than the board holds, every player with Heat returns 1 and loses $3; repeat until there is enough.",
				"Out of cards: if the deck cannot give every drawing player their cards in a phase, nobody draws in that phase.",
				"Arrest: if a Phase B would need more than 15 Heat, the game ends at once and everybody loses.",
			}, Board: rows},
			{Heading: "End and scoring", Items: []string{
				"After 3 heists, pay the bank the current Heat value for each Heat token you hold.",
				"Most money wins. Tie: least Heat wins. Still tied: victory is shared.",
			}},
		},
		AidTitle: "HEAT — player aid",
		AidItems: []string{
			"Draft: deal 2, then 3 × pass 1, draw 1.",
			"Passing: left, right, left.",
			"Stage: choose, reveal, then A → B → C.",
			"Take Heat from the least negative slot.",
			"Heat is worth the worst empty row.",
			"Short of Heat: all return 1, lose $3.",
			"End: pay Heat, most money wins, then least Heat.",
		},
		Pos: finding.Pos{File: "cards/sample/reference.yaml", Line: 1, Col: 1},
	}
	return doc
}
