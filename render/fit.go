package render

import (
	"fmt"

	"cardpress/engine/finding"
)

// CodeTextOverflow is the finding code for text that does not fit its box
// even at its minimum size.
const CodeTextOverflow = "TEXT_OVERFLOW"

// CheckFit reports every card field whose text is too tall for its box at
// the element's min_size, one error per field at the card's position, and
// the reference sheet or player aid when they cannot fit (at the
// reference's position). PnP draws overflowing fields at min_size anyway.
func CheckFit(doc *Document) (fs []finding.Finding) {
	defer func() {
		if r := recover(); r != nil {
			fs = append(fs, finding.New(doc.Reference.Pos, CodeTextOverflow, "measuring text failed: %v", r))
		}
	}()
	m := newMeasurer()
	for i := range doc.Cards {
		c := &doc.Cards[i]
		for _, el := range doc.Layout.Front.Elements {
			f, ok := m.typesetField(c, el)
			if !ok || f.overflow <= 0 {
				continue
			}
			fs = append(fs, finding.New(c.Pos, CodeTextOverflow,
				"card %s: field %q is %.1f mm too tall for its %.1f mm box even at %.4g pt",
				cardName(c), el.Field, f.overflow, el.Box[3], f.block.size))
		}
	}
	fs = append(fs, referenceFit(m, doc)...)
	return finding.Sort(fs)
}

// cardName names a card in messages: its printed name and id.
func cardName(c *CardFace) string {
	if n := c.Fields["name"]; n != "" && n != c.ID {
		return fmt.Sprintf("%q (%s)", n, c.ID)
	}
	return fmt.Sprintf("%q", c.ID)
}
