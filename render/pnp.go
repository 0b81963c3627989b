package render

// PnP renders the print-and-play PDF: pages of card fronts, each followed by
// its mirrored back page for long-edge duplex, then the boards and token
// sheets. Text that does not fit is drawn at its minimum size; CheckFit
// reports it.
func PnP(doc *Document, opt Options) (out []byte, err error) {
	defer recoverTo(&err)
	p, err := paperSize(opt.Paper)
	if err != nil {
		return nil, err
	}
	bleed := opt.Bleed
	if err := checkBleed(bleed); err != nil {
		return nil, err
	}
	g, err := newGrid(p, doc.Card.Width, doc.Card.Height, bleed)
	if err != nil {
		return nil, err
	}
	r := &renderer{doc: doc, pdf: newPDF(p, opt.Epoch, doc.Title), m: newMeasurer()}
	prints := copiesOf(doc.Cards)
	for start := 0; start < len(prints); start += g.perPage() {
		page := prints[start:min(start+g.perPage(), len(prints))]
		r.pdf.AddPage()
		for i, c := range page {
			x, y := g.slot(i, false)
			r.front(c, x, y, bleed)
		}
		g.drawCropMarks(r.pdf)
		r.pdf.AddPage()
		for i, c := range page {
			x, y := g.slot(i, true)
			r.back(c, x, y, bleed)
		}
		g.drawCropMarks(r.pdf)
	}
	r.components(p)
	r.box(p)
	if r.pdf.PageNo() == 0 {
		r.pdf.AddPage() // a PDF needs at least one page
	}
	return output(r.pdf)
}

// copiesOf lists each card once per printed copy, in document order. A card
// without a count is printed once.
func copiesOf(cards []CardFace) []*CardFace {
	var out []*CardFace
	for i := range cards {
		for range max(cards[i].Copies, 1) {
			out = append(out, &cards[i])
		}
	}
	return out
}
