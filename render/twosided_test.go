package render

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/render/pdftest"
)

// twoSidedDoc has a deck "job" of two-sided cards with its own front and
// back face layouts, and an ordinary card with the common back.
func twoSidedDoc() *Document {
	doc := smallDoc()
	doc.Components = nil
	doc.Layout.Decks = map[string]gamedata.DeckLayout{"job": {
		Front: &gamedata.Front{Elements: []gamedata.Element{
			{Field: "name", Box: []float64{5, 5, 53, 10}, Size: 12, MinSize: 7},
			{Field: "step", Box: []float64{5, 20, 53, 10}, Size: 9, MinSize: 6},
		}},
		BackFace: &gamedata.Front{Background: gamedata.PlainColor("#fff8e0"), Elements: []gamedata.Element{
			{Field: "steps", Box: []float64{5, 5, 53, 20}, Size: 9, MinSize: 6},
			{Field: "rules", Box: []float64{5, 30, 53, 30}, Size: 8, MinSize: 6, PhaseBadges: true},
		}},
	}}
	job := func(id, step, steps string) CardFace {
		return CardFace{ID: id, Deck: "job", Back: "common", Copies: 1,
			Fields:     map[string]string{"name": id, "step": step},
			BackFields: map[string]string{"steps": steps},
			BackRules:  []RulesLine{{Phase: "D", Text: "Take 3 gems."}},
			Pos:        finding.Pos{File: "jobs.yaml", Line: len(id)}}
	}
	// Row 1: Plain Museum Casino.
	doc.Cards = []CardFace{
		{ID: "Plain", Back: "common", Copies: 1, Fields: map[string]string{"name": "Plain"}},
		job("Museum", "Alphaone", "Betaone"),
		job("Casino", "Alphatwo", "Betatwo"),
	}
	return doc
}

// A two-sided card's own back lands on the back page behind its front, in
// the mirrored column, drawn with its deck's back_face layout; other cards
// keep their deck's common back.
func TestTwoSidedCardsPrintTheirOwnBack(t *testing.T) {
	doc := twoSidedDoc()
	doc.Backs["common"] = gamedata.Back{Title: "COMMON", Color: "#222222"}
	const pt = 72 / 25.4
	for _, opt := range []Options{{Paper: "a4"}, {Paper: "a4", Bleed: 0.5}} { // upright, 3 a row
		r, _ := pnpPDF(t, doc, opt)
		if r.NumPage() != guidePages+2 {
			t.Fatalf("pages = %d, want %d", r.NumPage(), guidePages+2)
		}
		pageW, _ := pdftest.MediaBox(r, 1)
		gap := 0.0 // abutting: a gutter would cost the third column its crop marks
		pitch := 63 + gap
		left := (pageW - 3*pitch + gap) / 2
		col := func(s pdftest.Span) int { return int((s.X/pt - left) / pitch) }
		front, back := pdftest.PageText(t, r, guidePages+1), pdftest.PageText(t, r, guidePages+2)
		for i, c := range doc.Cards {
			f := pdftest.Find(front, c.ID)
			if len(f) != 1 || col(f[0]) != i {
				t.Fatalf("%v: %s on the front at %v, want column %d", opt, c.ID, f, i)
			}
			if !c.TwoSided() {
				continue
			}
			// The deck's own front layout draws its game field.
			if s := pdftest.Find(front, c.Fields["step"]); len(s) != 1 || col(s[0]) != i {
				t.Errorf("%v: front field %q at %v, want column %d", opt, c.Fields["step"], s, i)
			}
			b := pdftest.Find(back, c.BackFields["steps"])
			if len(b) != 1 || col(b[0]) != 2-i {
				t.Errorf("%v: back of %s at %v, want column %d", opt, c.ID, b, 2-i)
			}
			if s := pdftest.Find(front, c.BackFields["steps"]); len(s) != 0 {
				t.Errorf("%v: back text of %s printed on the front", opt, c.ID)
			}
		}
		commons := pdftest.Find(back, "COMMON")
		if len(commons) != 1 || col(commons[0]) != 2 {
			t.Errorf("%v: common backs at %v, want one, behind Plain in column 2", opt, commons)
		}
		if n := strings.Count(pdftest.Joined(back), "Take 3 gems."); n != 2 {
			t.Errorf("%v: back rules printed %d times, want 2", opt, n)
		}
	}
}

func TestCheckFitCoversBackFaces(t *testing.T) {
	doc := twoSidedDoc()
	if fs := CheckFit(doc); len(fs) != 0 {
		t.Fatalf("clean two-sided cards reported: %v", fs)
	}
	doc.Cards[2].BackFields["steps"] = strings.Repeat("Crack the safe, then the other safe. ", 30)
	fs := CheckFit(doc)
	if len(fs) != 1 || !CodeTextOverflow.Is(fs[0]) || fs[0].Pos != doc.Cards[2].Pos ||
		!strings.Contains(fs[0].Message, `card "Casino" (back): field "steps"`) {
		t.Errorf("got %v, want one overflow on Casino's back", fs)
	}
	// The front is measured with the deck's own front layout: a field the
	// default front does not draw is checked there.
	doc = twoSidedDoc()
	doc.Cards[1].Fields["step"] = strings.Repeat("Long step. ", 40)
	fs = CheckFit(doc)
	if !slices.ContainsFunc(fs, func(f finding.Finding) bool { return strings.Contains(f.Message, `card "Museum": field "step"`) }) {
		t.Errorf("deck front field not measured: %v", fs)
	}
}

// The back's frame is printed where its border says, measured on the
// page: its stroke's outer edge inset − width/2 inside the trim, on every
// side.
func TestBackFrameWhereTheLayoutPutsIt(t *testing.T) {
	doc := smallDoc()
	doc.Cards = doc.Cards[:1]
	doc.Cards[0].Copies = 1
	doc.Components, doc.Box = nil, nil
	doc.Layout.Back.Border = gamedata.Border{Width: 1.2, Inset: 5, Radius: 2.5, Color: "#e0533d"}
	r, _ := pnpPDF(t, doc, Options{Paper: "a4"})
	trim := slotOf(210, 297, gamedata.Size{Width: 63, Height: 88}, 0, 0, true)
	var frames []rect
	for _, in := range pageInk(t, r, guidePages+2) {
		if math.Abs(in.lw-1.2) < 0.01 {
			frames = append(frames, in.box)
		}
	}
	if len(frames) != 1 {
		t.Fatalf("%d frames on the back page, want 1", len(frames))
	}
	f := frames[0]
	for _, gap := range []float64{f.x - trim.x, f.y - trim.y, trim.x + trim.w - f.x - f.w, trim.y + trim.h - f.y - f.h} {
		if math.Abs(gap-4.4) > 0.01 {
			t.Errorf("frame %+v is %.2f mm inside the trim %+v, want 4.4", f, gap, trim)
		}
	}
}
