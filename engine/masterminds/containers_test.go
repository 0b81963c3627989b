package masterminds

import (
	"testing"

	"github.com/cardpress/cardpress/engine"
)

func TestGemBag(t *testing.T) {
	var b gemBag
	b.Put(0, 3)
	b.Put(2, 1)
	r := engine.NewRand(1)
	seen := map[int]int{}
	for i := 0; i < 4000; i++ {
		seen[b.Sample(r)]++
	}
	if seen[1] != 0 || seen[0] < 2700 || seen[0] > 3300 {
		t.Errorf("bag samples by count: %v", seen)
	}
	if !b.Take(2) || b.Take(2) || b.Len() != 3 {
		t.Errorf("bag take: %d left", b.Len())
	}
}
