package render

// item is one unbreakable piece of flowed content (a heading, a bullet, a
// row of tokens) drawn at a position within a frame of the given width.
type item struct {
	h        float64
	gapAfter float64
	keep     bool // stay in the same frame as the next item (headings)
	draw     func(x, y, w float64)
	label    *labelSlot // a row of token labels, sized per page (components.go)
}

// spot is where an item landed: which frame (column or page) and how far
// down it.
type spot struct {
	frame int
	y     float64
}

// place flows items top-down into frames of height h. With maxFrames > 0 it
// reports false when the items need more frames, or when one item, or a
// run of items kept together, is taller than a whole frame; with
// maxFrames == 0 frames are unlimited and an over-tall item simply gets a
// frame of its own.
func place(items []item, h float64, maxFrames int) ([]spot, bool) {
	const eps = 1e-6
	spots := make([]spot, len(items))
	frame, y := 0, 0.0
	for i, it := range items {
		need := it.h
		for j := i; items[j].keep && j+1 < len(items); j++ {
			need += items[j].gapAfter + items[j+1].h
		}
		if y > 0 && (y+need > h+eps || y+it.h > h+eps) {
			frame, y = frame+1, 0
		}
		// Items kept together that cannot share even a fresh frame would
		// be split after all (a heading alone at the foot of a column):
		// with a fixed number of frames that is no fit, so the caller can
		// try a taller frame or give up keeping them together.
		if maxFrames > 0 && (frame >= maxFrames || it.h > h+eps || y == 0 && need > h+eps) {
			return nil, false
		}
		spots[i] = spot{frame, y}
		y += it.h + it.gapAfter
	}
	return spots, true
}
