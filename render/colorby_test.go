package render

import (
	"strings"
	"testing"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/render/pdftest"
)

// A field's value picks an element's ink and the accent band's fill, read
// back from each card's own page: the hearts card is drawn in red, the
// clubs card in the element's own colour, with no red on its page.
func TestColourByAFieldsValue(t *testing.T) {
	const red, black, band = "#c0182b", "#1b1b1b", "#3366aa"
	doc := smallDoc()
	doc.Layout.Decks = nil
	doc.Layout.Front = gamedata.Front{
		Accent: gamedata.Accent{Box: []float64{3, 3, 57, 6}, By: "field", Field: "suit", Colors: map[string]string{"clubs": band}},
		Elements: []gamedata.Element{
			{Field: "rank", Box: []float64{5, 12, 20, 12}, Size: 20, Color: gamedata.PlainColor(black), ColorBy: "suit", Colors: map[string]string{"hearts": red}},
		},
	}
	doc.Cards = doc.Cards[:2]
	for i, suit := range []string{"hearts", "clubs"} {
		doc.Cards[i].Fields = map[string]string{"name": suit, "rank": "Q", "suit": suit}
	}
	page := func(card int) string {
		data, err := CardPDF(doc, card, false, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return pdftest.Content(t, pdftest.Read(t, data), 1)
	}
	// fpdf writes a grey as "v g", any other colour as "r g b rg".
	grey := strings.Fields(rgOf(black))[0] + " g BT"
	hearts, clubs := page(0), page(1)
	if !strings.Contains(hearts, rgOf(red)+" rg BT") || strings.Contains(hearts, rgOf(band)+" rg") {
		t.Errorf("the hearts card is not inked red, or has the clubs band:\n%s", hearts)
	}
	if strings.Contains(clubs, rgOf(red)+" rg") || !strings.Contains(clubs, grey) || !strings.Contains(clubs, rgOf(band)+" rg") {
		t.Errorf("the clubs card is not inked in the element's colour on the clubs band:\n%s", clubs)
	}
}
