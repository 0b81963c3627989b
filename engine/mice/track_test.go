package mice

import (
	"testing"

	"github.com/cardpress/cardpress/engine"
)

func TestTrackIncreaseFromOffCountsFromTheFirstSpace(t *testing.T) {
	tr := newTrack(10)
	if got, over := tr.Increase(0, 3); got != 3 || over {
		t.Errorf("+3 from off the track: space %d overflow %v, want 3", got, over)
	}
	if got, _ := tr.Increase(0, 2); got != 5 {
		t.Errorf("+2 from 3: space %d, want 5", got)
	}
}

func TestTrackIncreaseSkipsOccupiedSpaces(t *testing.T) {
	tr := newTrack(10)
	tr.Place(1, 4)
	tr.Place(2, 5)
	if got, _ := tr.Increase(0, 4); got != 6 {
		t.Errorf("+4 onto occupied 4 and 5: space %d, want 6", got)
	}
	if tr.At(4) != 1 || tr.At(5) != 2 || tr.At(6) != 0 {
		t.Errorf("track %d %d %d", tr.At(4), tr.At(5), tr.At(6))
	}
}

func TestTrackIncreasePastTheEndLandsOnHighestFree(t *testing.T) {
	tr := newTrack(6)
	tr.Place(1, 6)
	tr.Place(2, 5)
	tr.Place(0, 2)
	got, over := tr.Increase(0, 9)
	if got != 4 || !over {
		t.Errorf("+9 from 2 with 5 and 6 taken: space %d overflow %v, want 4 and true", got, over)
	}
	// Occupied target at the top and nothing free above: highest free below.
	tr2 := newTrack(4)
	tr2.Place(1, 4)
	if got, over := tr2.Increase(0, 4); got != 3 || !over {
		t.Errorf("+4 onto the taken last space: %d %v, want 3 true", got, over)
	}
}

func TestTrackDecreaseSkipsOccupiedDownward(t *testing.T) {
	tr := newTrack(10)
	tr.Place(0, 7)
	tr.Place(1, 5)
	tr.Place(2, 4)
	if got := tr.Decrease(0, 2); got != 3 {
		t.Errorf("-2 from 7 onto occupied 5 and 4: space %d, want 3", got)
	}
}

func TestTrackDecreaseFallsOffTheBottom(t *testing.T) {
	tr := newTrack(10)
	tr.Place(0, 3)
	tr.Place(1, 1)
	if got := tr.Decrease(0, 2); got != 0 || tr.Pos(0) != 0 || tr.At(3) != -1 {
		t.Errorf("-2 from 3 onto occupied 1: space %d, want off the track", got)
	}
	tr.Place(2, 2)
	if got := tr.Decrease(2, 5); got != 0 {
		t.Errorf("-5 from 2: space %d, want off", got)
	}
}

func TestTrackOrderHighestFirst(t *testing.T) {
	tr := newTrack(8)
	tr.Place(2, 1)
	tr.Place(0, 6)
	tr.Place(1, 3)
	got := tr.Order(nil)
	if len(got) != 3 || got[0] != 0 || got[1] != 1 || got[2] != 2 {
		t.Errorf("order %v, want [0 1 2]", got)
	}
}

func TestChipBagDrawFlipRefill(t *testing.T) {
	var b chipBag
	b.Reset([][2]int{{4, 2}, {2, 1}, {-1, -2}})
	outs := b.DrawOutcomes(nil)
	sum := 0.0
	for _, o := range outs {
		sum += o.Prob
	}
	if len(outs) != 3 || sum < 0.999 || sum > 1.001 {
		t.Fatalf("outcomes %v", outs)
	}
	if s := sideOutcomes(nil); len(s) != 2 || s[0].Prob != 0.5 {
		t.Fatalf("sides %v", s)
	}
	b.Draw(0, 1)
	b.Draw(2, 0)
	if b.DrawnTotal() != 2-1 {
		t.Errorf("total %d, want 1", b.DrawnTotal())
	}
	b.Flip(0)
	if b.DrawnTotal() != 4-1 {
		t.Errorf("after flip total %d, want 3", b.DrawnTotal())
	}
	b.EndTest()
	if b.Where(0) != chipPlayArea || b.InBag() != 1 {
		t.Fatalf("after the test: where %d, in bag %d", b.Where(0), b.InBag())
	}
	// Next test: draw the last chip, then refill keeps it out.
	b.Draw(1, 0)
	if !b.RefillIfEmpty() || b.InBag() != 2 || b.Where(1) != chipDrawn {
		t.Errorf("refill: in bag %d, chip 1 at %d", b.InBag(), b.Where(1))
	}
	r := engine.NewRand(1)
	for i := 0; i < 50; i++ {
		if c := b.SampleDraw(r); c == 1 {
			t.Fatal("sampled a chip that is out of the bag")
		}
	}
}
