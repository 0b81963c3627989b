package engine_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// Shards merged in any order, through their JSON form, equal the unsharded run.
func TestShardsMergeToTheUnshardedRun(t *testing.T) {
	g := &enginetest.Toy{Goal: 12, PanicAt: 13, Cards: 2}
	cfg := engine.RunConfig{Players: 3, Games: 101, Seed: 7, Workers: 3, CheckInvariants: true}
	want := engine.Run(g, cfg)
	if want.Panics == 0 || want.Panics == want.Games || want.FirstCounted[0] == nil {
		t.Fatalf("the toy run should have some panics and counters: %+v", want)
	}
	// The won-when-played counts and the length histogram are covered too.
	hist := 0
	for _, n := range want.MovesHist {
		hist += n
	}
	if hist != want.Games || want.Tally.CardPlayedBy[0]+want.Tally.CardPlayedBy[1] == 0 || want.Tally.CardWon[0]+want.Tally.CardWon[1] == 0 {
		t.Fatalf("the toy run should fill the histogram (%d of %d games) and the won-when-played counts: %+v", hist, want.Games, want.Tally)
	}
	var merged *engine.Summary
	for _, k := range []int{2, 0, 3, 1} {
		c := cfg
		c.Shard, c.Shards, c.Workers = k, 4, k+1
		back := roundTrip(t, engine.Run(g, c))
		if merged == nil {
			merged = back
		} else {
			merged.Merge(back)
		}
	}
	if !reflect.DeepEqual(roundTrip(t, want), merged) {
		t.Errorf("merged shards differ from the unsharded run:\n got %+v\nwant %+v", merged, want)
	}
}

func roundTrip(t *testing.T, s *engine.Summary) *engine.Summary {
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back engine.Summary
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	return &back
}

// Runs that continue one another (First) merge into the one longer run,
// whatever their workers: lint's adaptive smoke games rely on it.
func TestRunsFromFirstMergeToTheLongerRun(t *testing.T) {
	g := &enginetest.Toy{Goal: 12, PanicAt: 13, Cards: 2}
	cfg := engine.RunConfig{Players: 3, Games: 150, Seed: 7, Workers: 2, CheckInvariants: true}
	want := engine.Run(g, cfg)
	merged := engine.Run(g, engine.RunConfig{Players: 3, Games: 100, Seed: 7, Workers: 1, CheckInvariants: true})
	merged.Merge(engine.Run(g, engine.RunConfig{Players: 3, Games: 50, First: 100, Seed: 7, Workers: 3, CheckInvariants: true}))
	if !reflect.DeepEqual(want, merged) {
		t.Errorf("runs from 0 and from 100 differ from one run of 150:\n got %+v\nwant %+v", merged, want)
	}
}
