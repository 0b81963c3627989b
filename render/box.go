package render

import (
	"fmt"

	"github.com/cardpress/cardpress/fonts"
)

// boxItems list every component with its count, split into what this
// PDF prints and what the players supply themselves, for the end of the
// one-sided sheets (pageH mm of room a page): it comes after the card
// pages, so it never shifts the front/back pairs of duplex printing, and
// shares a sheet with the last pieces when there is room.
func (r *renderer) boxItems(pageH float64) []item {
	if len(r.doc.Box) == 0 {
		return nil
	}
	pdf := r.pdf
	label := func(h, gap float64, keep bool, draw func(x, y float64)) item {
		return item{h: h, gapAfter: gap, keep: keep, draw: func(x, y, _ float64) { draw(x, y) }}
	}
	items := []item{label(10, 4, true, func(x, y float64) {
		pdf.SetTextColor(0, 0, 0)
		pdf.SetFont(fonts.Family, "B", 16)
		pdf.Text(x, y+6, clean(r.doc.Title+": what's in the box"))
	})}
	for _, printed := range []bool{true, false} {
		heading := "Printed in this file"
		if !printed {
			heading = "Supply your own"
		}
		var lines []item
		for _, it := range r.doc.Box {
			if it.Printed != printed {
				continue
			}
			text := clean(fmt.Sprintf("%d × %s", it.Count, it.Name))
			lines = append(lines, label(6, 0, false, func(x, y float64) {
				pdf.SetFont(fonts.Family, "", 10)
				r.m.drawLabel(pdf, "", 10, x+4, y+4, text, black)
			}))
		}
		if len(lines) == 0 {
			continue
		}
		items = append(items, label(6, 2, true, func(x, y float64) {
			pdf.SetTextColor(0, 0, 0)
			pdf.SetFont(fonts.Family, "B", 11)
			pdf.Text(x, y+4, heading)
		}))
		lines[len(lines)-1].gapAfter = 4
		items = append(items, lines...)
	}
	// The list stays in one piece: on the last sheet of pieces when it
	// fits there, else on a sheet of its own; one longer than a page is
	// split, its headings kept with their first line.
	total := 0.0
	for _, it := range items {
		total += it.h + it.gapAfter
	}
	if total <= pageH {
		for i := range items[:len(items)-1] {
			items[i].keep = true
		}
	}
	return items
}
