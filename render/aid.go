package render

import (
	"fmt"
	"sort"
)

// The player aid's body text shrinks from aidMaxSize to aidMinSize pt.
const (
	aidMaxSize = 10.0
	aidMinSize = 5.0
)

// aidLayout is the player aid fitted to the card size.
type aidLayout struct{ draw func(x, y, bleed float64) }

// layoutAid fits the aid's title into the layout's name box (or the accent
// band) and its items below it; nil when there is no aid.
func (r *renderer) layoutAid() (*aidLayout, error) {
	ref := &r.doc.Reference
	if ref.AidTitle == "" && len(ref.AidItems) == 0 {
		return nil, nil
	}
	front := r.doc.Layout.Front
	w, h := r.doc.Card.Width, r.doc.Card.Height
	if err := checkCard(w, h); err != nil {
		return nil, err
	}
	in := nonNegative(front.Border.Inset)
	band, hasBand := boxAt(front.Accent.Box, 0, 0)
	titleBox := rect{in + 2, in + 2, w - 2*in - 4, 10}
	titleSize, titleMin := 12.0, 7.0
	if hasBand {
		titleBox = rect{band.x + 2, band.y, band.w - 4, band.h}
	}
	bodyCol := ink
	for _, el := range front.Elements {
		switch {
		case el.Field == "name" && isTextElement(el):
			if b, ok := boxAt(el.Box, 0, 0); ok {
				titleBox = b
			}
			titleSize = positive(el.Size, titleSize)
			titleMin = min(positive(el.MinSize, titleMin), titleSize)
		case el.Field == "rules" && isTextElement(el):
			bodyCol = parseColor(el.Color.Fallback(), ink)
		}
	}
	if !hasBand {
		band = titleBox
	}
	title, over := r.m.fit(plain(ref.AidTitle, "B"), titleBox.w, titleBox.h, titleSize, titleMin)
	if over > 0 {
		return nil, fmt.Errorf("render: the player aid title is %.1f mm too tall for its box", over)
	}
	top := max(band.y+band.h, titleBox.y+titleBox.h) + 2
	body := rect{in + 3, top, w - 2*in - 6, h - top - in - 3}
	var ps []para
	for _, it := range ref.AidItems {
		ps = append(ps, para{runs: []run{{"", clean(it)}}, bullet: true})
	}
	items, over := r.m.fit(ps, body.w, body.h, aidMaxSize, aidMinSize)
	if over > 0 {
		return nil, fmt.Errorf("render: the player aid text is %.1f mm too tall for the card even at %g pt", over, aidMinSize)
	}
	bandCol := r.aidColor()
	return &aidLayout{draw: func(x, y, bleed float64) {
		pdf := r.pdf
		fill(pdf, parseColor(front.Background.Fallback(), white))
		pdf.Rect(x-bleed, y-bleed, w+2*bleed, h+2*bleed, "F")
		r.band([]float64{band.x, band.y, band.w, band.h}, front.Border, bandCol, r.doc.Card, x, y, bleed)
		border(pdf, front.Border, x, y, w, h, ink)
		drawBlock(pdf, title, rect{x + titleBox.x, y + titleBox.y, titleBox.w, titleBox.h}, "center", contrast(bandCol))
		drawBlock(pdf, items, rect{x + body.x, y + body.y, body.w, body.h}, "left", bodyCol)
	}}, nil
}

// aidColor is the game's own colour for the aid's band: the back colour of
// the first card, or of the first back by id.
func (r *renderer) aidColor() rgb {
	if len(r.doc.Cards) > 0 {
		if b, ok := r.doc.Backs[r.doc.Cards[0].Back]; ok && b.Color != "" {
			return parseColor(b.Color, ink)
		}
	}
	ids := make([]string, 0, len(r.doc.Backs))
	for id := range r.doc.Backs {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if c := r.doc.Backs[id].Color; c != "" {
			return parseColor(c, ink)
		}
	}
	return ink
}
