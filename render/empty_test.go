package render

import (
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// at is a layout position for an element of the test layouts.
func at(line int) finding.Pos { return finding.Pos{File: "layout.yaml", Line: line, Col: 7} }

// emptyDoc has three cards of deck "a" and one of deck "b", all printed
// with one front whose elements are els; card a1 alone has a "cost".
func emptyDoc(els ...gamedata.Element) *Document {
	doc := smallDoc()
	doc.Layout.Decks = nil
	doc.Layout.Front = gamedata.Front{Elements: els}
	doc.Cards = nil
	for _, id := range []string{"a1", "a2", "a3", "b1"} {
		doc.Cards = append(doc.Cards, CardFace{ID: id, Deck: id[:1], Back: "common", Copies: 1,
			Fields: map[string]string{"name": strings.ToUpper(id), "keywords": "", "flavor": "", "count": ""}})
	}
	doc.Cards[0].Fields["cost"] = "3"
	return doc
}

// Each element that draws nothing on every card it applies to is one
// warning at its own line, with the cards and decks it was drawn for;
// one that draws on a single card, rules an engine prints, player dots on
// a card with player marks and a picture that is there are not.
func TestCheckEmptyReportsElementsThatDrawNothing(t *testing.T) {
	els := []gamedata.Element{
		{Field: "name", Box: []float64{5, 5, 50, 8}, Pos: at(1)},
		{Field: "cost", Box: []float64{5, 15, 50, 8}, Pos: at(2)},                  // a1 only: drawn
		{Field: "rank", Box: []float64{5, 25, 50, 8}, Pos: at(3)},                  // nobody: empty
		{Field: "rules", Box: []float64{5, 35, 50, 8}, Pos: at(4)},                 // b1's engine rules
		{Field: "players", Kind: "pips", Box: []float64{5, 45, 50, 8}, Pos: at(5)}, // a2's marks
		{Field: "flavor", Box: []float64{5, 55, 50, 8}, Pos: at(6)},                // nobody: empty
		{Field: "players", Box: []float64{5, 65, 50, 8}, Pos: at(7)},               // text: never
		{Kind: "image", Field: "art", Box: []float64{5, 75, 20, 8}, Pos: at(8)},    // a3's picture
		{Kind: "image", Field: "portrait", Box: []float64{30, 75, 20, 8}, Pos: at(9)},
	}
	doc := emptyDoc(els...)
	doc.Cards[3].Rules = []RulesLine{{Text: "Draw a card."}}
	doc.Cards[1].Players = []int{3, 4}
	doc.Cards[2].Images = map[string]string{"art": "art.png"}
	fs := CheckEmpty(doc)
	var lines []int
	for _, f := range fs {
		if !CodeElementEmpty.Is(f) || f.Severity != finding.Warning {
			t.Errorf("not a LAYOUT_EMPTY warning: %v", f)
		}
		lines = append(lines, f.Pos.Line)
	}
	if !slices.Equal(lines, []int{3, 6, 7, 9}) {
		t.Fatalf("reported at lines %v, want 3, 6, 7, 9:\n%v", lines, fs)
	}
	for i, want := range []string{
		`field "rank" prints nothing on any of the 4 cards of decks "a", "b": no card has a value for it`,
		`field "flavor" prints nothing on any of the 4 cards`,
		`field "players" prints nothing on any of the 4 cards of decks "a", "b": players prints only as dots (kind: pips)`,
		`the picture of field "portrait" prints nothing on any of the 4 cards of decks "a", "b": no card has a picture in it`,
	} {
		if !strings.Contains(fs[i].Message, want) {
			t.Errorf("message %q lacks %q", fs[i].Message, want)
		}
	}
}

// An element applies to the cards of the decks its face is drawn for: a
// deck's own front is checked against that deck's cards alone (a field
// of another deck on it is empty: the wrong deck), and an own back face
// against each two-sided card's back, a card counted once for both sides.
func TestCheckEmptyPerDeckAndSide(t *testing.T) {
	doc := emptyDoc(gamedata.Element{Field: "name", Box: []float64{5, 5, 50, 8}, Pos: at(1)})
	cost := gamedata.Element{Field: "cost", Box: []float64{5, 15, 50, 8}}
	aFront := gamedata.Front{Elements: []gamedata.Element{{Field: "name", Box: []float64{5, 5, 50, 8}, Pos: at(10)}, withPos(cost, 11)}}
	bFront := gamedata.Front{Elements: []gamedata.Element{withPos(cost, 20)}}
	bBack := gamedata.Front{Elements: []gamedata.Element{{Field: "side", Box: []float64{5, 5, 50, 8}, Pos: at(30)}, withPos(cost, 31)}}
	doc.Layout.Decks = map[string]gamedata.DeckLayout{"a": {Front: &aFront}, "b": {Front: &bFront, BackFace: &bBack}}
	doc.Cards[3].BackFields = map[string]string{"name": "B1", "side": "B"}
	fs := CheckEmpty(doc)
	var lines []int
	for _, f := range fs {
		lines = append(lines, f.Pos.Line)
	}
	// a's cost is a1's; b's front and back print cost on b1, which has none.
	if !slices.Equal(lines, []int{20, 31}) {
		t.Fatalf("reported at lines %v, want 20 and 31:\n%v", lines, fs)
	}
	if !strings.Contains(fs[0].Message, `field "cost" prints nothing on the one card of deck "b": the cards of deck "a" have it: is the element on the wrong deck's face?`) {
		t.Errorf("message %q", fs[0].Message)
	}
}

func withPos(el gamedata.Element, line int) gamedata.Element {
	el.Pos = at(line)
	return el
}

// A face no card uses applies to no card: it is not this check's.
func TestCheckEmptyIgnoresUnusedFaces(t *testing.T) {
	doc := emptyDoc(gamedata.Element{Field: "rank", Box: []float64{5, 5, 50, 8}, Pos: at(1)})
	front := gamedata.Front{Elements: []gamedata.Element{{Field: "name", Box: []float64{5, 5, 50, 8}, Pos: at(2)}}}
	doc.Layout.Decks = map[string]gamedata.DeckLayout{"a": {Front: &front}, "b": {Front: &front}}
	if fs := CheckEmpty(doc); len(fs) != 0 {
		t.Errorf("the top-level front no deck uses was checked: %v", fs)
	}
}

// Every kind that can draw nothing says so in elementEmpty, and only
// kinds render draws are there.
func TestElementEmptyKindsAreDrawnKinds(t *testing.T) {
	for kind := range elementEmpty {
		if _, ok := elementKinds[kind]; !ok {
			t.Errorf("elementEmpty has kind %q, which render does not draw", kind)
		}
	}
	for _, kind := range []string{gamedata.KindText, gamedata.KindPips, gamedata.KindImage} {
		if _, ok := elementEmpty[kind]; !ok {
			t.Errorf("kind %q can draw nothing but has no elementEmpty entry", kind)
		}
	}
}
