package preview

import (
	"fmt"
	"image"

	"github.com/cardpress/cardpress/raster"
	"github.com/cardpress/cardpress/render"
)

// Resolutions of the page's pictures: a card sharp on a high-density
// screen at the size the page shows it, and a sheet readable at a
// screen's width.
const (
	cardDPI  = 150.0
	sheetDPI = 96.0
)

// PDFDrawer draws the page's pictures by rasterising the PDFs render
// writes: a card side from render.CardPDF (trim size, no bleed: the card
// as it is cut), the first page of the reference PDF and the box page of
// the print-and-play PDF. The rasteriser is raster.Shared, started on
// the first picture, so the page's text is there before it is.
type PDFDrawer struct {
	// Options are the PDFs' paper and dates; a card is drawn without bleed.
	Options render.Options
}

// Warm starts the rasteriser.
func (PDFDrawer) Warm() { _, _ = raster.Shared() }

func (p PDFDrawer) page(pdf []byte, page int, dpi float64) (image.Image, error) {
	r, err := raster.Shared()
	if err != nil {
		return nil, err
	}
	if page < 0 {
		n, err := r.PageCount(pdf)
		if err != nil {
			return nil, err
		}
		page += n
	}
	return r.Page(pdf, page, dpi)
}

// Card draws one side of doc.Cards[card].
func (p PDFDrawer) Card(doc *render.Document, card int, back bool) (image.Image, error) {
	opt := p.Options
	opt.Bleed = 0
	pdf, err := render.CardPDF(doc, card, back, opt)
	if err != nil {
		return nil, err
	}
	return p.page(pdf, 0, cardDPI)
}

// Reference draws the reference sheet, page 1 of its PDF.
func (p PDFDrawer) Reference(doc *render.Document) (image.Image, error) {
	pdf, err := render.ReferencePDF(doc, p.Options)
	if err != nil {
		return nil, err
	}
	return p.page(pdf, 0, sheetDPI)
}

// Box draws the box page: the last page of a print-and-play PDF of the
// document without its cards and sheets, which PnP draws with the code
// that ends the full file.
func (p PDFDrawer) Box(doc *render.Document) (image.Image, error) {
	if len(doc.Box) == 0 {
		return nil, fmt.Errorf("the game lists no components")
	}
	only := *doc
	only.Cards, only.Components = nil, nil
	pdf, err := render.PnP(&only, p.Options)
	if err != nil {
		return nil, err
	}
	return p.page(pdf, -1, sheetDPI)
}
