package render

import (
	"strings"

	"github.com/cardpress/cardpress/gamedata"
)

// elementParas returns what a text element shows for a card: the rules lines
// (with phase badges when the element asks for them) or one field's text,
// set in the element's font.
func elementParas(c *CardFace, el gamedata.Element) []para {
	ps := fieldParas(c, el)
	for i := range ps {
		ps[i].font = el.Font
	}
	return ps
}

func fieldParas(c *CardFace, el gamedata.Element) []para {
	style := gamedata.FontStyle(el.Style)
	if el.Text != "" {
		return templateParas(c, el, style)
	}
	if el.Field == "rules" && len(c.Rules) > 0 {
		ps := make([]para, 0, len(c.Rules))
		for _, rl := range c.Rules {
			text := clean(rl.Text)
			phase := clean(rl.Phase)
			switch {
			case phase != "" && el.PhaseBadges:
				ps = append(ps, para{runs: emphasised(text, style), badge: phase})
			case phase != "":
				// No badge: keep the phase readable as a bold prefix.
				ps = append(ps, para{runs: append([]run{{boldOf(style), phase + ":"}}, emphasised(" "+text, style)...)})
			default:
				ps = append(ps, para{runs: emphasised(text, style)})
			}
		}
		return ps
	}
	text := c.Fields[el.Field]
	if strings.TrimSpace(text) == "" {
		return nil
	}
	return markedParas(text, style)
}

func boldOf(style string) string {
	if strings.Contains(style, "I") {
		return "BI"
	}
	return "B"
}

func isTextElement(el gamedata.Element) bool { return el.KindOr() == gamedata.KindText }

// fieldFit is a card field typeset in its box.
type fieldFit struct {
	block    block
	overflow float64 // mm too tall at the smallest size; 0 when it fits
	// box is where the text is set, relative to the card's corner: the
	// element's box, or only its part on the card when it runs past the
	// trim (clipped), since drawing is clipped to the card; for a turned
	// element, in its upright frame (unturn).
	box     rect
	clipped bool
	off     bool // no part of the box is on the card: nothing prints
}

// typesetField is the one place card text is measured: CheckFit reports its
// overflow and PnP draws its block, so the two can never disagree. card is
// the size of the card it is on.
func (m *measurer) typesetField(c *CardFace, el gamedata.Element, card gamedata.Size) (fieldFit, bool) {
	box, ok := boxAt(el.Box, 0, 0)
	if !ok || !isTextElement(el) || !c.applies(el) {
		return fieldFit{}, false
	}
	ps := elementParas(c, el)
	if len(ps) == 0 {
		return fieldFit{}, false
	}
	vis, clipped := onCard(box, card)
	// A turned element sets its text upright, in the box the turn lays
	// over the card (unturn): the width and height swap at 90 and 270.
	turn := el.Turn()
	if vis.w <= 0 || vis.h <= 0 {
		// All of the text is lost: at its smallest it is as much too tall
		// as it is tall.
		up := unturn(box, box, turn)
		b, over := m.fit(ps, up.w, 0, el.Size, el.MinSize)
		return fieldFit{block: b, overflow: over, box: up, clipped: true, off: true}, true
	}
	up := unturn(vis, box, turn)
	b, over := m.fit(ps, up.w, up.h, el.Size, el.MinSize)
	return fieldFit{block: b, overflow: over, box: up, clipped: clipped}, true
}

// onCard is the part of box (relative to the card's corner) on a card of
// size; a box within the trim, to edgeEps, is returned as it is, and so is
// any box on a card render cannot print (PnP refuses that card anyway).
func onCard(box rect, card gamedata.Size) (rect, bool) {
	w, h := card.Width, card.Height
	if checkCard(w, h) != nil || box.x >= -edgeEps && box.y >= -edgeEps && box.x+box.w <= w+edgeEps && box.y+box.h <= h+edgeEps {
		return box, false
	}
	x0, y0 := max(box.x, 0), max(box.y, 0)
	x1, y1 := min(box.x+box.w, w), min(box.y+box.h, h)
	return rect{x0, y0, x1 - x0, y1 - y0}, true
}
