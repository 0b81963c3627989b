package cmd

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/report"
)

// A ladder shard file is read from wherever the user names it: any bytes
// give a ladder or a one-line error, never a panic, and the figures the
// page reads of a ladder that checks out do not panic either.
func FuzzLadderResults(f *testing.F) {
	games, fs := pipeline.Load([]string{filepath.Join(repoRoot, bank)})
	if len(games) != 1 || games[0].Engine == nil {
		f.Fatalf("bank does not load: %v", fs)
	}
	g := games[0]
	l := report.PlayLadder(g.Engine, report.LadderConfig{Players: 2, Agents: report.LadderAgents(report.LadderPlan{Budget: 4}), Seed: 1, Workers: 1, Floor: 2, Cap: 4, Shard: 0, Shards: 5})
	valid, err := json.Marshal(LadderResults{Format: ladderFormat, Game: "bank", Seed: finding.Seed(1), Shard: 1, Shards: 5,
		Columns: []LadderColumn{{Ladders: []*report.Ladder{l}}}})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(valid)
	f.Add([]byte(`{"format":"cardpress-ladder/1","game":"bank","seed":"1","shard":1,"shards":1,"columns":[{"ladders":[null]}]}`))
	f.Add([]byte(`{"format":"cardpress-ladder/1","game":"bank","seed":"1","shard":1,"shards":1,"columns":[{"ladders":[{"players":2,"agents":["random","random"],"cells":[{"row":0,"col":0,"seats":[{"Players":2,"Games":1}]}]}]}]}`))
	opts := &reportOptions{IO: IO{Out: io.Discard, Err: io.Discard}, Seed: 1}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "shard.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := readLadderResults(path, g, opts)
		if err != nil {
			return
		}
		// What the page reads of a ladder that checks out.
		for _, c := range r.Columns {
			for _, l := range c.Ladders {
				if l.Check() == nil {
					l.Depth()
					l.LuckDominated()
					l.SkilledSeats()
				}
			}
		}
	})
}
