package cmd

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/report"
	"github.com/cardpress/cardpress/tune"
)

// ladderFormat names the version of a ladder shard file.
const ladderFormat = "cardpress-ladder/1"

// LadderResults is what `report --ladder --shard K/N` writes and
// `report --merge` reads: per variant, the ladder cells the shard played
// at each player count. The cells hold integer Summaries, so they merge
// exactly: the merged ladder is the one a single run plays.
type LadderResults struct {
	Format  string         `json:"format"`
	Game    string         `json:"game"`
	Files   string         `json:"files_digest,omitempty"` // gamedata.Data.PlayDigest
	Seed    finding.Seed   `json:"seed"`
	Shard   int            `json:"shard"`  // 1-based
	Shards  int            `json:"shards"` // 1 for an unsharded run
	Columns []LadderColumn `json:"columns"`
}

// LadderColumn is one variant's ladders, one per player count.
type LadderColumn struct {
	Variant string           `json:"variant"`
	Ladders []*report.Ladder `json:"ladders"`
}

func checkLadderOptions(opts *reportOptions) error {
	off := opts.LadderSet && !opts.Ladder
	switch {
	case opts.Budget < 0 || opts.Budget == 1 || opts.Budget > engine.MaxIterations:
		return usagef("--budget must be 2 to %d iterations a decision (0, the default: from the game's length)", engine.MaxIterations)
	case opts.Shard != "" && off:
		return usagef("--shard plays a shard of the skill ladders: not with --ladder=false")
	case len(opts.Merge) > 0 && off:
		return usagef("--merge draws the skill ladders from shard files: not with --ladder=false")
	case opts.Shard != "" && len(opts.Merge) > 0:
		return usagef("--shard plays a shard and --merge draws the merged shards: not both")
	case len(opts.Merge) > 0 && len(opts.Paths) != 1:
		// tune --merge and merge take the files as arguments; a
		// designer used to them names the shards here after the game.
		if i := slices.IndexFunc(opts.Paths, func(p string) bool { return strings.HasSuffix(p, ".json") }); i >= 0 {
			return usagef("--merge takes its files comma-separated (--merge a.json,b.json) or one --merge each: %s is not a game", opts.Paths[i])
		}
		return usagef("--merge draws one game's ladders: name that game alone")
	}
	_, _, err := parseShard(opts.Shard)
	return err
}

// ladderAt says whether the report has a skill ladder at players, of the
// counts lo to hi it covers: by default at report.LadderPlayers, or the
// nearest count covered; with --ladder at every count; with
// --ladder=false at none.
func (opts *reportOptions) ladderAt(players, lo, hi int) bool {
	if opts.LadderSet {
		return opts.Ladder
	}
	return players == min(max(report.LadderPlayers, lo), hi)
}

// playerRange is the player counts a report covers: every count the game
// supports, or only --players.
func playerRange(opts *reportOptions, info engine.Info) (lo, hi int, err error) {
	if opts.Players == 0 {
		return info.MinPlayers, info.MaxPlayers, nil
	}
	if opts.Players < info.MinPlayers || opts.Players > info.MaxPlayers {
		return 0, 0, usagef("%s plays with %d-%d players, not %d", info.ID, info.MinPlayers, info.MaxPlayers, opts.Players)
	}
	return opts.Players, opts.Players, nil
}

// playLadder plays shard k of n (0-based) of g's ladder at players.
func playLadder(opts *reportOptions, g engine.Game, players, k, n int, each func(engine.Result)) *report.Ladder {
	plan := report.PlanLadder(g, players, opts.Seed)
	if opts.Budget > 0 {
		plan.Budget = opts.Budget
	}
	return report.PlayLadder(g, report.LadderConfig{Players: players, Agents: report.LadderAgents(plan), Seed: opts.Seed,
		Workers: opts.Workers, Shard: k, Shards: n, Each: each})
}

// ladderShard plays one shard of every ladder of g and writes it.
func ladderShard(opts *reportOptions, g *pipeline.LoadedGame) error {
	k, n, _ := parseShard(opts.Shard)
	id := g.Data.Manifest.ID
	lo, hi, err := playerRange(opts, g.Engine.Info())
	if err != nil {
		return err
	}
	res := &LadderResults{Format: ladderFormat, Game: id, Files: g.Data.PlayDigest, Seed: finding.Seed(opts.Seed), Shard: k + 1, Shards: n}
	for _, variant := range g.Data.Variants() {
		v, fs, err := g.BuildVariant(variant)
		if err != nil {
			return err
		}
		if errs, _ := finding.Count(fs); errs > 0 || v.Engine == nil {
			opts.printFindings(opts.Err, "text", fs, nil)
			return errFindings
		}
		col := LadderColumn{Variant: v.Variant}
		for players := lo; players <= hi; players++ {
			if opts.ladderAt(players, lo, hi) {
				col.Ladders = append(col.Ladders, playLadder(opts, v.Engine, players, k, n, nil))
			}
		}
		res.Columns = append(res.Columns, col)
	}
	b, err := json.MarshalIndent(res, "", " ")
	if err != nil {
		return err
	}
	path, err := writeInto(opts.OutDir, fmt.Sprintf("%s/%s-ladder-%d-of-%d.json", id, id, k+1, n), append(b, '\n'))
	if err != nil {
		return err
	}
	fmt.Fprintf(opts.Out, "%s: wrote %s\n", finding.Visible(id), finding.Visible(path))
	return nil
}

// mergedLadders reads the shard files of --merge, checks that they are
// all the shards of one run of b's game with this seed, and puts their
// merged ladders in b's columns.
func mergedLadders(opts *reportOptions, g *pipeline.LoadedGame, b *report.Balance) error {
	var total *LadderResults
	seen := shardFiles{}
	for _, path := range opts.Merge {
		r, err := readLadderResults(path, g, opts)
		if err != nil {
			return err
		}
		if err := seen.add(path, r.Shard, r.Shards); err != nil {
			return err
		}
		if total == nil {
			total = r
			continue
		}
		if r.Shards != total.Shards || len(r.Columns) != len(total.Columns) {
			return inputErrorf(path, "shard of %d with %d variants; the first file: of %d with %d", r.Shards, len(r.Columns), total.Shards, len(total.Columns))
		}
		for i, c := range total.Columns {
			if r.Columns[i].Variant != c.Variant || len(r.Columns[i].Ladders) != len(c.Ladders) {
				return inputErrorf(path, "columns/%d: variant %q or its player counts differ from the first file", i, r.Columns[i].Variant)
			}
			for k, l := range c.Ladders {
				if err := l.Merge(r.Columns[i].Ladders[k]); err != nil {
					return inputErrorf(path, "columns/%d/ladders/%d: %v", i, k, err)
				}
			}
		}
	}
	if k := seen.missing(total.Shards); k > 0 {
		return usagef("--merge: shard %d/%d is missing", k, total.Shards)
	}
	lo, hi := b.Counts[0].Players, b.Counts[len(b.Counts)-1].Players
	for i, count := range b.Counts {
		if !opts.ladderAt(count.Players, lo, hi) {
			continue
		}
		for j := range count.Columns {
			col := &b.Counts[i].Columns[j]
			if col.Ladder = total.ladder(col.Variant, count.Players); col.Ladder == nil {
				return usagef("--merge: the files hold no ladder of variant %s at %d players (they hold %s: draw them with the --players or --ladder they were played with)",
					variantLabel(col.Variant), count.Players, total.counts(col.Variant))
			}
			if err := col.Ladder.Check(); err != nil {
				return usagef("--merge: variant %s at %d players: %v", variantLabel(col.Variant), count.Players, err)
			}
			if b := col.Ladder.Budget(); opts.Budget > 0 && b != opts.Budget {
				return usagef("--merge: the shards were played with --budget %d; draw them with --budget %d, or without --budget", b, b)
			}
		}
	}
	return nil
}

func variantLabel(v string) string {
	if v == "" {
		return "default"
	}
	return finding.Visible(v)
}

// counts says the player counts of variant's ladders in r, "none" when
// it has none.
func (r *LadderResults) counts(variant string) string {
	var out []string
	for _, c := range r.Columns {
		for _, l := range c.Ladders {
			if c.Variant == variant {
				out = append(out, fmt.Sprintf("%d players", l.Players))
			}
		}
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}

func (r *LadderResults) ladder(variant string, players int) *report.Ladder {
	for _, c := range r.Columns {
		if c.Variant != variant {
			continue
		}
		for _, l := range c.Ladders {
			if l.Players == players {
				return l
			}
		}
	}
	return nil
}

// readLadderResults reads a ladder shard file and checks it against the
// game g: its id, the seed, variants and player counts it has, the bots
// its ladders name and every summary's numbers and names.
func readLadderResults(path string, g *pipeline.LoadedGame, opts *reportOptions) (*LadderResults, error) {
	var r LadderResults
	if err := ladderResultsInput.read(path, path, &r); err != nil {
		switch fileFormat(path) {
		case simFormat:
			return nil, inputErrorf(path, "a sim results file (sim --out), not a ladder shard: add sim's shards up with cardpress merge FILE...")
		case tune.Format:
			return nil, inputErrorf(path, "a tune results file (tune --out), not a ladder shard: merge tune's shards with cardpress tune GAME_DIR --merge FILE...")
		}
		return nil, err
	}
	switch {
	case r.Format != ladderFormat:
		return nil, inputErrorf(path, "format %q, want %q", r.Format, ladderFormat)
	case r.Game != g.Data.Manifest.ID:
		return nil, inputErrorf(path, "a ladder of game %q, not %q", r.Game, g.Data.Manifest.ID)
	case g.Data.PlayedFrom(r.Files) != nil:
		return nil, inputErrorf(path, "%v", g.Data.PlayedFrom(r.Files))
	case uint64(r.Seed) != opts.Seed:
		return nil, inputErrorf(path, "played with seed %d; draw it with --seed %d", uint64(r.Seed), uint64(r.Seed))
	case r.Shards < 1 || r.Shard < 1 || r.Shard > r.Shards:
		return nil, inputErrorf(path, "shard %d of %d", r.Shard, r.Shards)
	}
	variants := g.Data.Variants()
	for i, c := range r.Columns {
		if !slices.Contains(variants, c.Variant) {
			return nil, inputErrorf(path, "columns/%d/variant: %q is not a variant of %s", i, c.Variant, r.Game)
		}
		// A variant, a player count or a cell twice would be drawn once
		// and counted twice, or not at all.
		if slices.ContainsFunc(r.Columns[:i], func(o LadderColumn) bool { return o.Variant == c.Variant }) {
			return nil, inputErrorf(path, "columns/%d/variant: %q twice", i, c.Variant)
		}
		v, _, err := g.BuildVariant(c.Variant)
		if err != nil || v.Engine == nil {
			return nil, inputErrorf(path, "columns/%d/variant: %q does not build", i, c.Variant)
		}
		info := v.Engine.Info()
		for k, l := range c.Ladders {
			if err := ladderDeclared(l, info); err != nil {
				return nil, inputErrorf(path, "columns/%d/ladders/%d/%v", i, k, err)
			}
			if slices.ContainsFunc(c.Ladders[:k], func(o *report.Ladder) bool { return o.Players == l.Players }) {
				return nil, inputErrorf(path, "columns/%d/ladders/%d/players: %d twice", i, k, l.Players)
			}
		}
	}
	return &r, nil
}

// ladderDeclared checks a shard's ladder against what the engine declares.
func ladderDeclared(l *report.Ladder, info engine.Info) error {
	if l == nil {
		return fmt.Errorf("null")
	}
	if err := l.CheckAgents(); err != nil {
		return err
	}
	if l.Players < info.MinPlayers || l.Players > info.MaxPlayers {
		return fmt.Errorf("players: %d, but %s plays with %d-%d", l.Players, info.ID, info.MinPlayers, info.MaxPlayers)
	}
	for i, a := range l.Agents {
		if _, ok := engine.NewBot(a, 0); !ok {
			return fmt.Errorf("agents/%d: %q is not a bot", i, a)
		}
	}
	for i, c := range l.Cells {
		if c == nil || c.Row < 0 || c.Col < 0 || c.Row >= len(l.Agents) || c.Col >= len(l.Agents) {
			return fmt.Errorf("cells/%d: not a cell of the %d agents", i, len(l.Agents))
		}
		if slices.ContainsFunc(l.Cells[:i], func(o *report.LadderCell) bool { return o.Row == c.Row && o.Col == c.Col }) {
			return fmt.Errorf("cells/%d: row %d, column %d twice", i, c.Row, c.Col)
		}
		for k, s := range c.Seats {
			if s == nil || s.Players != l.Players || s.Tally == nil {
				return fmt.Errorf("cells/%d/seats/%d: not a run of %d players", i, k, l.Players)
			}
			if err := s.Check(); err != nil {
				return fmt.Errorf("cells/%d/seats/%d/%v", i, k, err)
			}
			if err := summaryDeclared(s, info); err != nil {
				return fmt.Errorf("cells/%d/seats/%d/%v", i, k, err)
			}
		}
	}
	return nil
}
