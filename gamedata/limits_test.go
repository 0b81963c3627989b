package gamedata

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/source"
)

// findingsWith keeps the briefs of the findings with code.
func findingsWith(t *testing.T, schemas Schemas, code *finding.Code) ([]string, *Data) {
	t.Helper()
	g, fs := Load("cards/mini", schemas)
	var out []string
	for _, f := range fs {
		if code.Is(f) {
			out = append(out, brief(f)+": "+f.Message)
		}
	}
	return out, g
}

// Card files of nearly 1 MiB each: the fifth would take the game past
// MaxGameBytes and is not read at all (its size is known before reading).
func TestGameBytesLimit(t *testing.T) {
	padding := strings.Repeat("# padding to make the file large, but cheap to parse\n", (source.MaxSize-4096)/53)
	card := func(id string) string {
		return "# yaml-language-server: $schema=../../engine/mini/cards.schema.json\ncards:\n  - {id: " + id + ", name: X, power: 1}\n" + padding
	}
	files := miniWith(t, "game.yaml", "cards: [cards.yaml]", "cards: [cards.yaml, b.yaml, c.yaml, d.yaml, e.yaml, f.yaml]",
		"game.yaml", "count: 3, deck: main", "count: 8, deck: main")
	files["cards/mini/b.yaml"] = card("bb")
	files["cards/mini/c.yaml"] = card("cc")
	files["cards/mini/d.yaml"] = card("dd")
	files["cards/mini/e.yaml"] = card("ee")
	files["cards/mini/f.yaml"] = card("ff")
	got, g := findingsWith(t, workspace(t, files), CodeGameTooLarge)
	want := []string{"cards/mini/game.yaml:7:55 GAME_TOO_LARGE: cards/mini/f.yaml not read: the game's files would add up to 5.0 MiB, over the limit of 4.0 MiB"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if g == nil || len(g.Cards) != 6 {
		t.Errorf("the files within the limit are loaded: %d cards", len(g.Cards))
	}
}

// A game of small files that together hold more than MaxGameValues values:
// the file that would cross the limit is not kept.
func TestGameValuesLimit(t *testing.T) {
	list := func(id string) string {
		return "# yaml-language-server: $schema=../../engine/mini/cards.schema.json\ncards:\n  - {id: " + id + ", name: X, power: 1, players: [" +
			strings.Repeat("2, ", MaxGameValues/3) + "2]}\n"
	}
	files := miniWith(t, "game.yaml", "cards: [cards.yaml]", "cards: [cards.yaml, b.yaml, c.yaml, d.yaml]",
		"game.yaml", "count: 3, deck: main", "count: 6, deck: main")
	files["cards/mini/b.yaml"] = list("bb")
	files["cards/mini/c.yaml"] = list("cc")
	files["cards/mini/d.yaml"] = list("dd")
	got, _ := findingsWith(t, workspace(t, files), CodeGameTooLarge)
	if len(got) != 1 || !strings.HasPrefix(got[0], "cards/mini/d.yaml:1:1 GAME_TOO_LARGE: not read: the file holds 83346 YAML values") ||
		!strings.HasSuffix(got[0], "over the limit of 250000") {
		t.Errorf("got %q", got)
	}
}

// More than MaxCards cards: the limit is checked while the cards are read,
// so what is over it is never decoded, and files after it never opened.
func TestCardLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("# yaml-language-server: $schema=../../engine/mini/cards.schema.json\ncards:\n")
	for i := range MaxCards + 1 {
		fmt.Fprintf(&b, "  - {id: c%d, name: X, power: 1}\n", i)
	}
	files := miniWith(t, "game.yaml", "cards: [cards.yaml]", "cards: [big.yaml, cards.yaml]")
	files["cards/mini/big.yaml"] = b.String()
	got, g := findingsWith(t, workspace(t, files), CodeGameTooLarge)
	want := []string{
		fmt.Sprintf("cards/mini/big.yaml:%d:5 GAME_TOO_LARGE: more than %d cards in the game; this card and those after it are not read", MaxCards+3, MaxCards),
		fmt.Sprintf("cards/mini/game.yaml:7:21 GAME_TOO_LARGE: cards/mini/cards.yaml not read: the game already has %d cards, the most a game may have", MaxCards),
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if g == nil || len(g.Cards) != MaxCards {
		t.Errorf("cards loaded: %d, want %d", len(g.Cards), MaxCards)
	}
}
