package pipeline

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/render"
	"github.com/cardpress/cardpress/render/pdftest"
)

// reuseDoc is what render draws of the game in cmd/testdata/reuse: no
// engine, a front extending the top-level one, a group of corner indexes
// and a back_face for the heroes.
func reuseDoc(t *testing.T) *render.Document {
	t.Helper()
	games, fs := Load([]string{filepath.Join("..", "cmd", "testdata", "reuse")})
	if errs, _ := finding.Count(fs); errs > 0 || len(games) != 1 {
		t.Fatalf("the reuse game does not load:\n%v", fs)
	}
	return Document(games[0])
}

const ptPerMM = 72 / 25.4

// spotText checks that s is printed once in the card at spot (its trim as
// it lies on the page, turned or not).
func spotText(t *testing.T, pdf []byte, spot render.PnPSpot, s string) {
	t.Helper()
	r := pdftest.Read(t, pdf)
	_, pageH := pdftest.MediaBox(r, spot.Page+1)
	var in []string
	for _, f := range pdftest.Find(pdftest.PageText(t, r, spot.Page+1), s) {
		x, y := f.X/ptPerMM, pageH-f.Y/ptPerMM
		if x >= spot.X && x <= spot.X+spot.W && y >= spot.Y && y <= spot.Y+spot.H {
			in = append(in, fmt.Sprintf("(%.1f, %.1f)", x, y))
		}
	}
	if len(in) != 1 {
		t.Errorf("%q is printed %d times in the card at (%.1f, %.1f) on page %d, want once: %v", s, len(in), spot.X, spot.Y, spot.Page+1, in)
	}
}

// A deck's back_face in a game without an engine makes each of its cards
// two-sided: the back page prints each card's own fields (its secret, its
// name, its power) behind its front, in the mirrored slot, while the
// other deck keeps its common back.
func TestPerCardBacksPrintTheCardsOwnFields(t *testing.T) {
	doc := reuseDoc(t)
	for _, opt := range []render.Options{{Paper: "a4"}, {Paper: "letter", Bleed: 2}} {
		pdf, err := render.PnP(doc, opt)
		if err != nil {
			t.Fatal(err)
		}
		for i := range doc.Cards {
			c := &doc.Cards[i]
			front, err := render.PnPSpots(doc, i, false, opt)
			if err != nil {
				t.Fatal(err)
			}
			back, err := render.PnPSpots(doc, i, true, opt)
			if err != nil {
				t.Fatal(err)
			}
			if len(front) != 1 || len(back) != 1 {
				t.Fatalf("%s printed %d, %d times", c.ID, len(front), len(back))
			}
			if c.Deck == "foes" {
				if c.TwoSided() {
					t.Errorf("foe %s has a back of its own", c.ID)
				}
				spotText(t, pdf, back[0], "REUSE")
				continue
			}
			if !c.TwoSided() {
				t.Fatalf("hero %s is one-sided", c.ID)
			}
			secret := c.Fields["secret"]
			spotText(t, pdf, back[0], secret)
			spotText(t, pdf, back[0], c.Fields["name"])
			// The corners group, inherited: the power twice, top left and
			// bottom right of the card's own back.
			r := pdftest.Read(t, pdf)
			powers := 0
			for _, s := range pdftest.Find(pdftest.PageText(t, r, back[0].Page+1), c.Fields["power"]) {
				if x := s.X/ptPerMM - back[0].X; x >= 0 && x <= back[0].W {
					powers++
				}
			}
			if powers != 2 {
				t.Errorf("%v: %s's back shows its power %d times, want 2", opt, c.ID, powers)
			}
			if strings.Contains(pdftest.Joined(pdftest.PageText(t, r, front[0].Page+1)), secret) {
				t.Errorf("%v: %s's secret is on the front page", opt, c.ID)
			}
		}
	}
}

// A face that extends another draws the base's elements with the keys its
// overrides give: the heroes' title in its own colour, their body printing
// another field, centred; the foes keep the top-level front.
func TestExtendsDrawsTheOverrides(t *testing.T) {
	doc := reuseDoc(t)
	const gold, white = "1.000 0.878 0.541 rg BT", "1.000 g BT" // #ffe08a, #ffffff (fpdf writes a grey as "v g")
	page := func(card int) (string, []pdftest.Span) {
		data, err := render.CardPDF(doc, card, false, render.Options{})
		if err != nil {
			t.Fatal(err)
		}
		r := pdftest.Read(t, data)
		c := &doc.Cards[card]
		body := c.Fields["rules"]
		if c.Deck == "heroes" {
			body = c.Fields["home"]
		}
		return pdftest.Content(t, r, 1), pdftest.Find(pdftest.PageText(t, r, 1), body)
	}
	for i, c := range doc.Cards {
		if c.ID != "ada" && c.ID != "wolf" {
			continue
		}
		content, body := page(i)
		if len(body) != 1 {
			t.Fatalf("%s: body printed %d times", c.ID, len(body))
		}
		x := body[0].X / ptPerMM
		switch c.ID {
		case "ada":
			if !strings.Contains(content, gold) || strings.Contains(content, white) {
				t.Errorf("ada's title is not the heroes' gold alone:\n%s", content)
			}
			if x < 20 { // "Northwatch", centred in [6, 57]
				t.Errorf("ada's home starts at %.1f mm, not centred", x)
			}
		case "wolf":
			if strings.Contains(content, gold) || !strings.Contains(content, white) {
				t.Errorf("wolf's title is not the front's white:\n%s", content)
			}
			if x > 7 { // left-aligned at 6 mm
				t.Errorf("wolf's rules start at %.1f mm, want the box's left edge", x)
			}
		}
	}
}

// The corner indexes of the group print on every front, each in its own
// box: the top one 16-25 mm down, the bottom one 75-84 mm down.
func TestGroupDrawsOnEveryFront(t *testing.T) {
	doc := reuseDoc(t)
	for i, c := range doc.Cards {
		data, err := render.CardPDF(doc, i, false, render.Options{})
		if err != nil {
			t.Fatal(err)
		}
		r := pdftest.Read(t, data)
		_, h := pdftest.MediaBox(r, 1)
		var ys []float64
		for _, s := range pdftest.Find(pdftest.PageText(t, r, 1), c.Fields["power"]) {
			ys = append(ys, h-s.Y/ptPerMM)
		}
		if len(ys) != 2 || ys[0] < 16 || ys[0] > 25 || ys[1] < 75 || ys[1] > 84 {
			t.Errorf("%s: its power's baselines at %v mm, want one in each corner's box (16-25, 75-84)", c.ID, ys)
		}
	}
}
