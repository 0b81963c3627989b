package gamedata

import (
	"fmt"
	"strings"
	"testing"
)

// card is a card as a when reads it.
type card map[string]any

func (c card) FieldValue(name string) (any, bool) { v, ok := c[name]; return v, ok }

var whenScope = WhenScope{
	Fields: []Field{
		{Name: "cost", Type: FieldInteger},
		{Name: "weight", Type: FieldNumber},
		{Name: "bonus", Type: FieldText},
		{Name: "suit", Type: FieldEnum, Values: []string{"hearts", "spades"}},
		{Name: "tags", Type: FieldList, Values: []string{"heavy", "rare"}},
		{Name: "wild", Type: FieldBoolean},
		{Name: "suit", Type: FieldEnum, Values: []string{"clubs"}}, // another deck's: values merge
	},
	Decks:    []string{"heroes", "items"},
	Keywords: []string{"vault", "swift"},
}

func TestWhenHolds(t *testing.T) {
	knight := card{"id": "knight", "deck": "heroes", "name": "Knight", "keywords": []string{"vault"}, "players": []int{3, 4},
		"count": 2, "cost": 3, "weight": 2.5, "bonus": "Draw a card.", "suit": "hearts", "tags": []any{"rare"}, "wild": true,
		"rank": "10"} // rank: text an engine prints
	rope := card{"id": "rope", "deck": "items", "name": "Rope", "keywords": []string{}, "players": []int(nil), "count": 1,
		"cost": 0, "bonus": "", "wild": false}
	for _, c := range []struct {
		src          string
		knight, rope bool
	}{
		{"cost >= 3", true, false},
		{"cost < 3", false, true},
		{"cost == 0", false, true},
		{"-cost < -2", true, false},
		{"weight > 2", true, false},
		{"weight == 0", false, true}, // absent: 0
		{"bonus != ''", true, false}, // has a bonus (empty text is none)
		{"bonus == 'Draw a card.'", true, false},
		// '' asks whether the field prints nothing: a cost of 0 prints.
		{"cost != ''", true, true},
		{"weight == ''", false, true},
		{"tags == ''", false, true},
		{"wild", true, false},
		{"not wild", false, true},
		{"wild == false", false, true},
		{"suit == 'hearts'", true, false},
		{"'hearts' == suit", true, false},
		{"suit in ('hearts', 'clubs')", true, false},
		{"suit == ''", false, true},
		{"'vault' in keywords", true, false},
		{"'rare' in tags", true, false},
		{"3 in players", true, false},
		{"deck == 'heroes'", true, false},
		{"deck == 'items' or cost >= 3", true, true},
		{"deck == 'items' and cost >= 3", false, false},
		{"count > 1", true, false},
		{"id in ('rope', 'lamp')", false, true},
		{"name != 'Rope'", true, false},
		{"card.cost >= 3", true, false},
		{"(cost >= 3 or wild) and not (deck == 'items')", true, false},
		// Text an engine prints compares as text, or as a number with one.
		{"rank == '10'", true, false},
		{"rank >= 9", true, false},
		{"rank != 9", true, true}, // Rope has no rank, which is no number
		{"true", true, true},
	} {
		cond, problems := CompileWhen(c.src, whenScope)
		if len(problems) > 0 {
			t.Errorf("CompileWhen(%q): %v", c.src, problems)
			continue
		}
		if got := cond.Holds(knight); got != c.knight {
			t.Errorf("%q on the knight = %v, want %v", c.src, got, c.knight)
		}
		if got := cond.Holds(rope); got != c.rope {
			t.Errorf("%q on the rope = %v, want %v", c.src, got, c.rope)
		}
	}
	var none *Condition
	if !none.Holds(rope) {
		t.Error("no when must hold on every card")
	}
}

func TestWhenProblems(t *testing.T) {
	for _, c := range []struct {
		src string
		off int
		msg string
	}{
		{"cost >=", 7, "the expression ends too soon"},
		{"cost == 'x'", 5, "cost is a number and 'x' is text: compare it with a number (cost == 3), or with '' for cards without one"},
		{"suit == 3", 5, "suit is text and 3 is a number: they cannot be compared"},
		{"suit > 'a'", 5, "> compares numbers, and suit is text"},
		{"suit == 'heart'", 8, "'heart' is not a value of suit (did you mean 'hearts'?); its values: hearts, spades, clubs"},
		{"'vualt' in keywords", 0, "'vualt' is not a value of keywords (did you mean 'vault'?); its values: vault, swift"},
		{"deck == 'hero'", 8, "'hero' is not a value of deck (did you mean 'heroes'?); its values: heroes, items"},
		{"suit in ('hearts', 'diamond')", 19, "'diamond' is not a value of suit; its values: hearts, spades, clubs"},
		{"'x' in bonus", 7, "in needs a list after it, ('a', 'b') or a list field such as keywords, and bonus is text"},
		{"'x' in players", 4, "'x' is quoted text, and players holds numbers"},
		{"bonus", 0, "bonus is text, not a condition: write bonus != '' for cards that have one"},
		{"keywords", 0, "keywords is a list, not a condition: write 'x' in keywords"},
		{"keywords == 'vault'", 9, "keywords is a list: write 'x' in keywords"},
		{"wild and cost", 9, "and needs conditions on both sides, and cost is a number: write cost != '' for cards that have one"},
		{"not bonus", 4, "not needs a condition, and bonus is text: write bonus != '' for cards that have one"},
		{"cost + 1 > 3", 5, "+ is not available in when, which compares the card's fields with values"},
		{"len(keywords) > 1", 0, "a when compares the card's fields with values: calls, [ ] and . are not available"},
		{"3", 0, "3 is a number, not a condition"},
		{"hand.cost > 1", 0, "a when compares the card's fields with values: calls, [ ] and . are not available"},
	} {
		_, problems := CompileWhen(c.src, whenScope)
		if len(problems) != 1 || problems[0].Off != c.off || problems[0].Msg != c.msg {
			t.Errorf("CompileWhen(%q) = %+v,\nwant %q at %d", c.src, problems, c.msg, c.off)
		}
	}
}

// In a game that declares no keywords, every keyword is unknown.
func TestWhenWithoutKeywords(t *testing.T) {
	_, problems := CompileWhen("'vault' in keywords", WhenScope{Decks: []string{"main"}})
	if len(problems) != 1 || problems[0].Msg != "'vault' is not a value of keywords: it has none" {
		t.Errorf("problems %+v", problems)
	}
}

func TestWhenFields(t *testing.T) {
	cond, _ := CompileWhen("cots >= 3 and card.bonus != '' and 'vault' in keywords", whenScope)
	var got []string
	for _, r := range cond.Fields {
		got = append(got, fmt.Sprintf("%s@%d", r.Name, r.Off))
	}
	if strings.Join(got, " ") != "cots@0 bonus@19 keywords@46" {
		t.Errorf("fields named: %v", got)
	}
}

// FuzzWhen: any text compiles or is reported inside itself, never a
// panic, and a compiled when evaluates on any card.
func FuzzWhen(f *testing.F) {
	for _, s := range []string{"cost >= 3 and 'vault' in keywords", "suit in ('hearts', 'x') or not wild", "bonus != ''", "card.cost < -2", "rank == 9"} {
		f.Add(s)
	}
	cards := []card{
		{"cost": 3, "suit": "hearts", "keywords": []string{"vault"}, "players": []int{2}, "wild": true, "rank": "x", "tags": []any{"rare"}},
		{"cost": "not a number", "suit": 7, "keywords": nil, "weight": 2.5},
		{},
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1000 { // the layout schema's maxLength for when
			return
		}
		cond, problems := CompileWhen(src, whenScope)
		for _, p := range problems {
			if p.Off < 0 || p.Off > len(src) || p.Msg == "" {
				t.Fatalf("CompileWhen(%q): problem %+v", src, p)
			}
		}
		if cond == nil {
			return
		}
		for _, r := range cond.Fields {
			if r.Off < 0 || r.Off >= len(src) {
				t.Fatalf("CompileWhen(%q): field %+v", src, r)
			}
		}
		for _, c := range cards {
			cond.Holds(c)
		}
	})
}
