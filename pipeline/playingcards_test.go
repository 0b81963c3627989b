package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/render"
	"github.com/cardpress/cardpress/render/pdftest"

	"github.com/ledongthuc/pdf"
)

// No element of a shipped game's layout draws nothing on every card it
// is for.
func TestShippedGamesDrawEveryElement(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join(testutil.RepoRoot(), "cards", "*", "game.yaml"))
	if err != nil || len(dirs) < 6 {
		t.Fatalf("shipped games: %v %v", dirs, err)
	}
	for _, m := range dirs {
		games, fs := Load([]string{filepath.Dir(m)})
		if len(games) != 1 || !games[0].Valid {
			t.Fatalf("%s does not load: %v", m, fs)
		}
		for _, f := range fs {
			if render.CodeElementEmpty.Is(f) {
				t.Errorf("%s", f)
			}
		}
	}
}

// A game with an engine prints the fields its decks declare: every
// Crazy Eights and Hearts card carries its rank and suit, Hearts' 14
// scoring cards their points (the number the rules count) and the others
// none.
func TestRulesGamesPrintTheirDeclaredFields(t *testing.T) {
	for _, id := range []string{"crazy-eights", "hearts"} {
		g := load(t, filepath.Join(testutil.RepoRoot(), "cards", id))
		doc := Document(g)
		scoring := 0
		for i, c := range g.Data.Cards {
			f := doc.Cards[i].Fields
			if f["rank"] != c.Values["rank"] || f["suit"] != c.Values["suit"] {
				t.Errorf("%s: card %s prints rank %q, suit %q; its data says %v, %v", id, c.ID, f["rank"], f["suit"], c.Values["rank"], c.Values["suit"])
			}
			if p, ok := c.Values["points"]; ok {
				scoring++
				if f["points"] != fmt.Sprint(p) {
					t.Errorf("%s: card %s prints points %q, its data says %v", id, c.ID, f["points"], p)
				}
			} else if _, printed := f["points"]; printed {
				t.Errorf("%s: card %s without points prints points %q", id, c.ID, f["points"])
			}
		}
		if want := map[string]int{"crazy-eights": 0, "hearts": 14}[id]; scoring != want {
			t.Errorf("%s: %d cards with points, want %d", id, scoring, want)
		}
	}
}

// The cards as printed, read back from the PDF: the rank and the suit's
// mark in the top-left corner and again, turned half round (the text
// matrix's scale is negative), in the bottom-right; a red suit's inked
// red (the colour the layout gives hearts); the queen of spades' 13.
func TestPlayingCardsPrintAsPlayingCards(t *testing.T) {
	for _, tc := range []struct {
		game, card, rank, mark, points string
		red                            bool
	}{
		{"crazy-eights", "hearts-q", "Q", "♥", "", true},
		{"crazy-eights", "clubs-10", "10", "♣", "", false},
		{"hearts", "spades-q", "Q", "♠", "13", false},
		{"hearts", "diamonds-7", "7", "♦", "", true},
		{"hearts", "hearts-2", "2", "♥", "1", true},
	} {
		g := load(t, filepath.Join(testutil.RepoRoot(), "cards", tc.game))
		doc := Document(g)
		i := slices.IndexFunc(g.Data.Cards, func(c gamedata.Card) bool { return c.ID == tc.card })
		data, err := render.CardPDF(doc, i, false, render.Options{})
		if err != nil {
			t.Fatal(err)
		}
		r := pdftest.Read(t, data)
		ts := pdftest.PageText(t, r, 1)
		for _, s := range []string{tc.rank, lowBytes(tc.mark)} {
			upright, turned := spans(ts, s)
			// The mark is printed large in the centre too.
			if upright < 1 || turned != 1 {
				t.Errorf("%s %s: %q printed upright %d and turned %d times, want an upright corner and one turned", tc.game, tc.card, s, upright, turned)
			}
		}
		// The rank's colour, as the layout sets it for the suit, and the
		// points where the layout puts them.
		var rank, points gamedata.Element
		for _, el := range g.Data.Layout.FrontOf("standard").Elements {
			switch el.Field {
			case "rank":
				rank = el
			}
			if strings.Contains(el.Text, "{points}") {
				points = el // the two templates share one box
			}
		}
		if tc.points != "" && !printedIn(ts, tc.points, points.Box) {
			t.Errorf("%s %s: the points %s are not printed in their box %v: %q", tc.game, tc.card, tc.points, points.Box, pdftest.Joined(ts))
		}
		red := rank.Colors["hearts"]
		content := pdftest.Content(t, r, 1)
		if inked := strings.Contains(content, rgb(red)+" rg"); inked != tc.red {
			t.Errorf("%s %s: inked in %s: %v, want %v", tc.game, tc.card, red, inked, tc.red)
		}
	}
}

// lowBytes is s as the PDF reader gives it back from these fonts: it
// reads each two-byte character code by its low byte alone (the suit
// mark ♣, U+2663, comes back as "c").
func lowBytes(s string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(r & 0xff)
	}
	return b.String()
}

// spans counts the places s is printed upright and turned half round.
func spans(ts []pdf.Text, s string) (upright, turned int) {
	for _, sp := range pdftest.Find(ts, s) {
		for _, g := range ts {
			if g.X == sp.X && g.Y == sp.Y && strings.HasPrefix(s, g.S) {
				if g.FontSize > 0 {
					upright++
				} else {
					turned++
				}
				break
			}
		}
	}
	return upright, turned
}

// printedIn reports whether s is printed starting inside box (mm, on a
// page that is an 88 mm tall card).
func printedIn(ts []pdf.Text, s string, box []float64) bool {
	const mm = 72 / 25.4
	for _, sp := range pdftest.Find(ts, s) {
		x, y := sp.X/mm, 88-sp.Y/mm
		if len(box) == 4 && x >= box[0] && x <= box[0]+box[2] && y >= box[1] && y <= box[1]+box[3] {
			return true
		}
	}
	return false
}

// rgb is how fpdf writes a #rrggbb colour.
func rgb(hex string) string {
	var r, g, b int
	fmt.Sscanf(hex, "#%02x%02x%02x", &r, &g, &b)
	return fmt.Sprintf("%.3f %.3f %.3f", float64(r)/255, float64(g)/255, float64(b)/255)
}

// Before every game printed its declared fields, Crazy Eights' rank
// elements drew nothing: with the ranks dropped from the document again,
// the check names both at their lines in layout.yaml.
func TestEmptyCheckCatchesADroppedField(t *testing.T) {
	dir := filepath.Join(testutil.RepoRoot(), "cards", "crazy-eights")
	g := load(t, dir)
	doc := Document(g)
	for i := range doc.Cards {
		delete(doc.Cards[i].Fields, "rank")
	}
	var want []finding.Pos
	for _, el := range g.Data.Layout.FrontOf("standard").Elements {
		if el.Field == "rank" {
			want = append(want, el.Pos)
		}
	}
	fs := render.CheckEmpty(doc)
	var got []finding.Pos
	for _, f := range fs {
		got = append(got, f.Pos)
		if !strings.Contains(f.Message, `field "rank" prints nothing on any of the 52 cards of deck "standard"`) {
			t.Errorf("message: %s", f.Message)
		}
	}
	if len(want) != 2 || !slices.Equal(got, want) {
		t.Fatalf("findings at %v, want the two rank elements at %v", got, want)
	}
	lines := strings.Split(string(must(os.ReadFile(filepath.Join(dir, "layout.yaml")))), "\n")
	for _, p := range got {
		if !strings.HasPrefix(lines[p.Line-1][p.Col-1:], "{field: rank") {
			t.Errorf("%d:%d is not a rank element: %q", p.Line, p.Col, lines[p.Line-1])
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
