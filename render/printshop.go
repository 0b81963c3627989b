package render

import (
	"fmt"
	"strings"

	"github.com/cardpress/cardpress/printshop"
)

// PrintShopPDF is the file a print shop takes for a deck printed one card
// at a time (DriveThruCards, and any shop that asks for a PDF): each copy
// of each card as two pages, its front then its back, every page the
// card at bleed size with its TrimBox and BleedBox. Without profiles the
// page is the card plus opt.Bleed on every side; with them, each card's
// page is the template of the profile its size fits (printshop.Fit), the
// card centred on it, and the TrimBox is the shop's cut. A card no
// profile fits is an error naming its deck and size, and nothing is made.
func PrintShopPDF(doc *Document, opt Options, profiles []printshop.Profile) (out []byte, err error) {
	defer recoverTo(&err)
	if err := checkBleed(opt.Bleed); err != nil {
		return nil, err
	}
	var faces []Face
	for i := range doc.Cards {
		for range max(doc.Cards[i].Copies, 1) {
			faces = append(faces, Face{Card: i}, Face{Card: i, Back: true})
		}
	}
	if err := checkFaces(doc, faces); err != nil {
		return nil, err
	}
	pages := make([]facePage, len(faces))
	var misfits []string
	for i, f := range faces {
		c := &doc.Cards[f.Card]
		s := doc.sizeOf(c)
		if profiles == nil {
			b := opt.Bleed
			pages[i] = facePage{Face: f, w: s.Width + 2*b, h: s.Height + 2*b, x: b, y: b, bleed: b, cut: b}
			continue
		}
		p, ok := printshop.Fit(profiles, s.Width, s.Height)
		if !ok {
			m := fmt.Sprintf("deck %s: %gx%g mm cards fit no profile (%s)", c.Deck, s.Width, s.Height, printshop.Sizes(profiles))
			if len(misfits) == 0 || misfits[len(misfits)-1] != m {
				misfits = append(misfits, m)
			}
			continue
		}
		// The card keeps its own size, centred on the shop's page; its
		// art reaches the page's edges on every side.
		w, h := p.Image()
		x, y := (w-s.Width)/2, (h-s.Height)/2
		pages[i] = facePage{Face: f, w: w, h: h, x: x, y: y, bleed: max(x, y), cut: p.BleedMM()}
	}
	if len(misfits) > 0 {
		return nil, fmt.Errorf("render: %s", strings.Join(misfits, "; "))
	}
	return drawFaces(doc, pages, opt.Epoch)
}
