package render

import (
	"fmt"

	"cardpress/fonts"
)

// box draws the last page: every component with its count, split into what
// this PDF prints and what the players supply themselves. It comes after
// the card pages so it never shifts the front/back pairs of duplex printing.
func (r *renderer) box(p paper) {
	if len(r.doc.Box) == 0 {
		return
	}
	pdf := r.pdf
	pdf.AddPage()
	x, y := pageMargin, pageMargin
	pdf.SetTextColor(0, 0, 0)
	pdf.SetFont(fonts.Family, "B", 16)
	pdf.Text(x, y+6, clean(r.doc.Title+": what's in the box"))
	y += 14
	for _, printed := range []bool{true, false} {
		heading := "Printed in this file"
		if !printed {
			heading = "Supply your own"
		}
		any := false
		for _, it := range r.doc.Box {
			any = any || it.Printed == printed
		}
		if !any {
			continue
		}
		pdf.SetFont(fonts.Family, "B", 11)
		pdf.Text(x, y+4, heading)
		y += 8
		pdf.SetFont(fonts.Family, "", 10)
		for _, it := range r.doc.Box {
			if it.Printed != printed {
				continue
			}
			if y > p.h-pageMargin-6 {
				pdf.AddPage()
				y = pageMargin
			}
			r.m.drawLabel(pdf, "", 10, x+4, y+4, clean(fmt.Sprintf("%d × %s", it.Count, it.Name)), black)
			y += 6
		}
		y += 4
	}
}
