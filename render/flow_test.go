package render

import "testing"

// A heading kept with its items is never left alone at the foot of a
// column: with two frames, a run of kept items taller than a frame is no
// fit, so the reference sheet tries again without keeping sections whole.
func TestPlaceKeepsRunsTogether(t *testing.T) {
	items := []item{{h: 2, keep: true}, {h: 5, keep: true}, {h: 5}}
	if _, ok := place(items, 10, 2); ok {
		t.Error("a 12 mm run kept together fits two 10 mm frames")
	}
	if spots, ok := place(items, 12, 2); !ok || spots[2].frame != 0 {
		t.Errorf("in 12 mm frames: %v %v, want all in the first", spots, ok)
	}
	// Unlimited frames still take anything.
	if _, ok := place(items, 10, 0); !ok {
		t.Error("unlimited frames refuse the run")
	}
	// Without keep the items split between frames as before.
	items[0].keep, items[1].keep = false, false
	if spots, ok := place(items, 10, 2); !ok || spots[2].frame != 1 {
		t.Errorf("unkept: %v %v", spots, ok)
	}
}
