package render

import (
	"fmt"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// The codes of render's checks that card and sheet text fits and can be read.
var (
	CodeTextOverflow = finding.Declare(finding.Code{ID: "TEXT_OVERFLOW", Severity: finding.Error, Scope: finding.Render,
		Purpose: "Card or sheet text does not fit its box even at its minimum size."})
	CodeTextSmall = finding.Declare(finding.Code{ID: "TEXT_TOO_SMALL", Severity: finding.Warning, Scope: finding.Render,
		Purpose: "A card field prints under 6 pt on some card (its size or min_size is below 6 pt, or its text shrinks that far to fit): reported once at the layout element, with how many cards."})
	CodeWordBroken = finding.Declare(finding.Code{ID: "TEXT_WORD_BROKEN", Severity: finding.Warning, Scope: finding.Render,
		Purpose: "A card field fits its box only by breaking a word between letters, even at its minimum size."})
)

// MinReadable is the smallest type size in points a player can read on a
// card at arm's length; print shops quote 6 pt as the floor.
const MinReadable = 6.0

// CheckFit reports every card field whose text is too tall for its box at
// the element's min_size, one error per field at the card's position, and
// the reference sheet or player aid when they cannot fit (at the
// reference's position). PnP draws overflowing fields at min_size anyway.
func CheckFit(doc *Document) (fs []finding.Finding) {
	defer func() {
		if r := recover(); r != nil {
			fs = append(fs, CodeTextOverflow.At(doc.Reference.Pos, "measuring text failed: %v", r))
		}
	}()
	m := newMeasurerFor(doc)
	small := &smallText{}
	for i := range doc.Cards {
		c := &doc.Cards[i]
		size := doc.sizeOf(c)
		fs = append(fs, faceFit(m, c, c, doc.Layout.FrontOf(c.Deck), size, "", small)...)
		if c.TwoSided() {
			fs = append(fs, faceFit(m, c, c.backSide(), doc.Layout.BackFaceOf(c.Deck), size, " (back)", small)...)
		}
	}
	fs = append(fs, small.findings()...)
	fs = append(fs, referenceFit(m, doc)...)
	return finding.Sort(fs)
}

// smallText gathers, per layout element, the cards whose text it prints
// under MinReadable: one warning per element, at its line, not one per card.
type smallText struct {
	order []finding.Pos
	by    map[finding.Pos]*smallElement
}

type smallElement struct {
	what  string  // the element: field "x" or text "..."
	size  float64 // the smallest size it prints at
	cards int
	first string
}

func (s *smallText) add(el gamedata.Element, c *CardFace, size float64) {
	if s.by == nil {
		s.by = map[finding.Pos]*smallElement{}
	}
	e, ok := s.by[el.Pos]
	if !ok {
		e = &smallElement{what: elementWhat(el), size: size, first: cardName(c)}
		s.by[el.Pos] = e
		s.order = append(s.order, el.Pos)
	}
	e.size = min(e.size, size)
	e.cards++
}

func (s *smallText) findings() []finding.Finding {
	var fs []finding.Finding
	for _, at := range s.order {
		e := s.by[at]
		cards := "1 card"
		if e.cards > 1 {
			cards = fmt.Sprintf("%d cards", e.cards)
		}
		fs = append(fs, CodeTextSmall.At(at,
			"%s prints at %.3g pt on %s (first %s): under %g pt it is hard to read; raise size and min_size, enlarge the box or shorten the text",
			e.what, e.size, cards, e.first, MinReadable))
	}
	return fs
}

// faceFit reports the fields of one side of card c, of size, that
// overflow. A box running past the card's trim counts only its part on the
// card: the rest is cut off when printed.
func faceFit(m *measurer, c, side *CardFace, lay gamedata.Front, size gamedata.Size, which string, small *smallText) []finding.Finding {
	var fs []finding.Finding
	for _, el := range lay.Elements {
		f, ok := m.typesetField(side, el, size)
		if ok && f.overflow <= 0 && f.block.size < MinReadable-1e-9 { // overflowing text is reported as such
			small.add(el, c, f.block.size)
		}
		if ok && f.overflow <= 0 && f.block.broken {
			fs = append(fs, CodeWordBroken.At(c.Pos,
				"card %s%s: %s breaks a word between letters to fit its %.1f mm wide box%s, even at %.4g pt: shorten the word or widen the box",
				cardName(c), which, elementWhat(el), f.box.w, onTheCard(f, size), f.block.size))
		}
		if !ok || f.overflow <= 0 {
			continue
		}
		if f.off {
			fs = append(fs, CodeTextOverflow.At(c.Pos,
				"card %s%s: %s has its box [%g %g %g %g] off the %gx%g mm card, so none of its text prints: move the box onto the card",
				cardName(c), which, elementWhat(el), el.Box[0], el.Box[1], el.Box[2], el.Box[3], size.Width, size.Height))
			continue
		}
		fs = append(fs, CodeTextOverflow.At(c.Pos,
			"card %s%s: %s is %.1f mm too tall for its %.1f mm box%s even at %.4g pt",
			cardName(c), which, elementWhat(el), f.overflow, f.box.h, onTheCard(f, size), f.block.size))
	}
	return fs
}

// onTheCard says, for a box cut by the trim, that only its part on the
// card counts, and the card's size.
func onTheCard(f fieldFit, size gamedata.Size) string {
	if !f.clipped {
		return ""
	}
	return fmt.Sprintf(" (the part of it on the %gx%g mm card)", size.Width, size.Height)
}

// cardName names a card in messages: its printed name and id.
func cardName(c *CardFace) string {
	if n := c.Fields["name"]; n != "" && n != c.ID {
		return fmt.Sprintf("%q (%s)", n, c.ID)
	}
	return fmt.Sprintf("%q", c.ID)
}

// referenceFit reports a reference sheet that fits neither paper at the
// smallest size, or a player aid that does not fit the card.
func referenceFit(m *measurer, doc *Document) []finding.Finding {
	ref := &doc.Reference
	if ref.Title == "" && len(ref.Sections) == 0 && ref.AidTitle == "" && len(ref.AidItems) == 0 {
		return nil
	}
	r := &renderer{doc: doc, m: m}
	var fs []finding.Finding
	var papers []string
	for _, name := range PaperNames() {
		p, _ := paperSize(name)
		if _, err := r.layoutSheet(p); err != nil {
			papers = append(papers, name)
		}
	}
	if len(papers) > 0 {
		fs = append(fs, CodeTextOverflow.At(ref.Pos,
			"the reference sheet does not fit on one %s page even at %g pt", strings.Join(papers, " or "), refMinSize))
	}
	if checkCard(doc.Card.Width, doc.Card.Height) == nil { // a bad size is not a text problem
		if _, err := r.layoutAid(); err != nil {
			fs = append(fs, CodeTextOverflow.At(ref.Pos, "%s", strings.TrimPrefix(err.Error(), "render: ")))
		}
	}
	return fs
}
