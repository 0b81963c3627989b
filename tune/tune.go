package tune

import (
	"fmt"
	"math"
	"slices"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// Format names the results format (tune --format json and --out).
const Format = "cardpress-tune/1"

// MaxRepeats is the most searches one run may have (the results schema
// states it too): more would not fit a results file.
const MaxRepeats = 1000

// Config is one tuning run.
type Config struct {
	// Game is the game as loaded (its variant's values): the values the
	// search starts from and the proposal is compared with.
	Game *gamedata.Data
	// Build builds a candidate (Game with other values) with the engine
	// that plays Game; its findings are errors only.
	Build func(*gamedata.Data) (engine.Game, []finding.Finding)
	Plan  *Plan
	Bots  []string
	// Games per evaluation and player count; Evaluations per search;
	// Repeats independent searches; Confirm games per player count to
	// measure the current values and each search's proposal.
	Games, Evaluations, Repeats, Confirm int
	Seed                                 uint64
	// Shard K of Shards (1-based) runs only the searches r with
	// r mod Shards = K-1; 0 of 0 runs them all.
	Shard, Shards int
	Workers       int
	// EngineID is the engine playing the game when it is not game.yaml's
	// (--engine), for the result to say so.
	EngineID string
	// Progress, if set, is told of every game played (from several
	// goroutines at once).
	Progress func()
}

// Candidate is a point of the search: its values in the plan's order,
// the measures of its games and their score.
type Candidate struct {
	Values   []any     `json:"values"`
	Measures []Measure `json:"measures,omitempty"`
	Score    Score     `json:"score"`
	// Error says why the candidate could not be played (the game does not
	// build with it).
	Error string `json:"error,omitempty"`
}

// Run is one search: every evaluation in order and its proposal,
// measured again over Confirm games.
type Run struct {
	Repeat      int         `json:"repeat"` // 1-based
	Evaluations []Candidate `json:"evaluations"`
	Proposal    Candidate   `json:"proposal"`
}

// Result is a tuning run's outcome, the JSON of --format json and --out.
type Result struct {
	Format      string       `json:"format"`
	Game        string       `json:"game"`
	Files       string       `json:"files_digest,omitempty"` // gamedata.Data.PlayDigest
	Variant     string       `json:"variant,omitempty"`
	Engine      string       `json:"engine,omitempty"`
	Plan        PlanInfo     `json:"plan"`
	Seed        finding.Seed `json:"seed"`
	Bots        []string     `json:"bots"`
	Games       int          `json:"games"`
	Evaluations int          `json:"evaluations"`
	Repeats     int          `json:"repeats"`
	Confirm     int          `json:"confirm"`
	Shard       int          `json:"shard,omitempty"`
	Shards      int          `json:"shards,omitempty"`
	// Current is the game's values as they are, measured over Confirm
	// games; Runs the searches this result holds; Best the proposal of
	// lowest confirmed loss, once every search is in (not in a shard's
	// file).
	Current Candidate  `json:"current"`
	Runs    []Run      `json:"runs"`
	Best    *Candidate `json:"best,omitempty"`
	// Diff is game.yaml changed to Best, as a unified diff ("" when Best
	// is the current values), to apply in the folder tune was run from,
	// or in DiffIn, the game folder, when the game is not below that one.
	Diff   string `json:"diff,omitempty"`
	DiffIn string `json:"diff_in,omitempty"`
	// DiffError says why there is no diff for a proposal that changes
	// values (a value written as a block scalar): the values are changed
	// by hand then.
	DiffError string `json:"diff_error,omitempty"`
}

// PlanInfo is the plan as the result records it.
type PlanInfo struct {
	Parameters []DimInfo `json:"parameters"`
	Within     float64   `json:"seat_win_rate_within,omitempty"`
	Length     *Length   `json:"length,omitempty"`
	Ladder     *Ladder   `json:"skill_ladder,omitempty"`
	Players    []int     `json:"players"`
}

// DimInfo is one searched parameter.
type DimInfo struct {
	Path   string `json:"path"`
	Values []any  `json:"values"`
}

func (p *Plan) info() PlanInfo {
	out := PlanInfo{Within: p.Targets.Within, Length: p.Targets.Length, Ladder: p.Targets.Ladder, Players: p.Players}
	for _, d := range p.Dims {
		out.Parameters = append(out.Parameters, DimInfo{Path: d.Path, Values: d.Values})
	}
	return out
}

// confirmIndex keys the confirmation games' seed: the same games for the
// current values and every proposal, in every shard.
const confirmIndex = math.MaxInt32

// Tune runs the searches cfg asks for. The result holds Best and Diff
// only when it has every search (no --shard).
func Tune(cfg Config) (*Result, error) {
	p := cfg.Plan
	res := &Result{Format: Format, Game: cfg.Game.Manifest.ID, Files: cfg.Game.PlayDigest, Variant: cfg.Game.Variant, Engine: cfg.EngineID, Plan: p.info(), Seed: finding.Seed(cfg.Seed),
		Bots: cfg.Bots, Games: cfg.Games, Evaluations: cfg.Evaluations, Repeats: cfg.Repeats, Confirm: cfg.Confirm}
	if cfg.Shards > 1 {
		res.Shard, res.Shards = cfg.Shard, cfg.Shards
	}
	current, err := currentValues(cfg.Game, p)
	if err != nil {
		return nil, err
	}
	res.Current = cfg.confirm(current)
	sizes, start := make([]int, len(p.Dims)), make([]int, len(p.Dims))
	for i, d := range p.Dims {
		sizes[i], start[i] = len(d.Values), nearest(d.Values, current[i])
	}
	first, step := 0, 1
	if cfg.Shards > 1 {
		first, step = cfg.Shard-1, cfg.Shards
	}
	for r := first; r < cfg.Repeats; r += step {
		res.Runs = append(res.Runs, cfg.search(r, sizes, start))
	}
	if cfg.Shards <= 1 {
		res.finish(cfg.Game, p)
	}
	return res, nil
}

// search runs search r (0-based) from the point start and measures its
// proposal again.
func (cfg *Config) search(r int, sizes, start []int) Run {
	run := Run{Repeat: r + 1}
	seed := engine.GameSeed(cfg.Seed, r)
	best := ntbea(sizes, start, seed, cfg.Evaluations, func(i int, x []int) float64 {
		c := cfg.evaluate(cfg.Plan.values(x), engine.GameSeed(seed, i), cfg.Games, cfg.ladderGames())
		run.Evaluations = append(run.Evaluations, c)
		return -c.Score.Loss
	})
	run.Proposal = cfg.confirm(cfg.Plan.values(best))
	return run
}

// finish chooses Best among the searches and writes its diff. A diff
// that cannot be written does not lose the run: it says why instead.
func (r *Result) finish(d *gamedata.Data, p *Plan) {
	r.choose()
	var err error
	r.Diff, r.DiffIn, err = diff(d, p, r.Current.Values, r.Best.Values)
	if err != nil {
		r.DiffError = err.Error()
	}
}

// values are the plan's values at point x.
func (p *Plan) values(x []int) []any {
	out := make([]any, len(x))
	for i, k := range x {
		out[i] = p.Dims[i].Values[k]
	}
	return out
}

// choose picks the proposal of lowest confirmed loss (the earliest search
// on a tie) as Best, or the current values when none does better.
func (r *Result) choose() {
	best := &r.Current
	for i := range r.Runs {
		if c := &r.Runs[i].Proposal; c.Score.Loss < best.Score.Loss {
			best = c
		}
	}
	c := *best
	r.Best = &c
}

// currentValues are the game's values of the plan's parameters.
func currentValues(d *gamedata.Data, p *Plan) ([]any, error) {
	out := make([]any, len(p.Dims))
	for i, dim := range p.Dims {
		segs := splitPath(dim.Path)
		prm, ok := d.Params[segs[0]]
		if !ok {
			return nil, fmt.Errorf("game.yaml declares no parameter %q", segs[0])
		}
		v, err := lookup(prm.Value, segs[1:])
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// nearest is the index of v among values, or of the whole number nearest
// it (the first value when there is none): where the search starts.
func nearest(values []any, v any) int {
	if i := slices.Index(values, v); i >= 0 {
		return i
	}
	n, ok := v.(int)
	if !ok {
		return 0
	}
	best, gap := 0, math.MaxInt
	for i, w := range values {
		if m, ok := w.(int); ok && abs(m-n) < gap {
			best, gap = i, abs(m-n)
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// confirm measures values over the confirmation games.
func (cfg *Config) confirm(values []any) Candidate {
	return cfg.evaluate(values, engine.GameSeed(cfg.Seed, confirmIndex), cfg.Confirm, cfg.Confirm)
}

// ladderGames is a search evaluation's games per ladder rung: the plan's,
// or an evaluation's games. A confirmation plays Confirm for every rung.
func (cfg *Config) ladderGames() int {
	if l := cfg.Plan.Targets.Ladder; l != nil && l.Games > 0 {
		return l.Games
	}
	return cfg.Games
}

// evaluate builds the game with values and plays games at each player
// count, and ladder games per ladder rung, from seed.
func (cfg *Config) evaluate(values []any, seed uint64, games, ladder int) Candidate {
	c := Candidate{Values: values}
	set := map[string]any{}
	for i, d := range cfg.Plan.Dims {
		set[d.Path] = values[i]
	}
	d, err := Apply(cfg.Game, set)
	var eg engine.Game
	if err == nil {
		var fs []finding.Finding
		if eg, fs = cfg.Build(d); len(fs) > 0 || eg == nil {
			err = fmt.Errorf("the game does not build: %s", firstMessage(fs))
		}
	}
	if err != nil {
		c.Error, c.Score = err.Error(), Score{Loss: brokenLoss}
		return c
	}
	for _, n := range cfg.Plan.Players {
		c.Measures = append(c.Measures, cfg.measure(eg, n, seed, games, ladder))
	}
	c.Score = cfg.Plan.Targets.score(c.Measures)
	return c
}

func firstMessage(fs []finding.Finding) string {
	if len(fs) == 0 {
		return "the engine made nothing"
	}
	return fs[0].Pos.String() + ": " + fs[0].Message
}

// measure plays one player count.
func (cfg *Config) measure(eg engine.Game, n int, seed uint64, games, ladder int) Measure {
	run := func(bots []string, seed uint64, games int) *engine.Summary {
		var each func(engine.Result)
		if cfg.Progress != nil {
			each = func(engine.Result) { cfg.Progress() }
		}
		return engine.Run(eg, engine.RunConfig{Players: n, Games: games, Seed: seed, Workers: cfg.Workers, Bots: bots, Each: each})
	}
	s := run(cfg.Bots, seed, games)
	m := Measure{Players: n, Games: s.Games, MovesSum: s.MovesSum, MovesSq: s.MovesSq, Failed: s.Capped + s.Panics + s.Invariants}
	for seat := range n {
		m.SeatWins = append(m.SeatWins, s.WinRate(seat)*float64(s.Games))
	}
	if l := cfg.Plan.Targets.Length; l != nil && l.Counter != "" {
		m.CounterSum = s.Tally.Counters[l.counter]
	}
	if l := cfg.Plan.Targets.Ladder; l != nil {
		m.Ladder = cfg.ladder(run, l, n, seed, ladder)
		for _, r := range m.Ladder {
			m.Failed += r.failed
		}
	}
	return m
}

// ladder plays each rung: the stronger bot at each seat in turn.
func (cfg *Config) ladder(run func([]string, uint64, int) *engine.Summary, l *Ladder, n int, seed uint64, games int) []Rung {
	perSeat := (games + n - 1) / n
	var out []Rung
	for k := 1; k < len(l.Bots); k++ {
		r := Rung{Bot: l.Bots[k], Against: l.Bots[k-1]}
		for seat := range n {
			bots := make([]string, n)
			for i := range bots {
				bots[i] = r.Against
			}
			bots[seat] = r.Bot
			s := run(bots, engine.GameSeed(seed, 1+k*engine.MaxPlayers+seat), perSeat)
			r.Games += s.Games
			r.Wins += s.WinRate(seat) * float64(s.Games)
			r.failed += s.Capped + s.Panics + s.Invariants
		}
		out = append(out, r)
	}
	return out
}

// Searches is how many searches this shard runs.
func (cfg *Config) Searches() int {
	if cfg.Shards <= 1 {
		return cfg.Repeats
	}
	if cfg.Shard > cfg.Repeats {
		return 0
	}
	return (cfg.Repeats-cfg.Shard)/cfg.Shards + 1
}

// TotalGames is how many games the run plays, for a progress bar.
func (cfg *Config) TotalGames() int64 {
	batch := func(games, ladder int) int64 {
		var total int64
		for _, n := range cfg.Plan.Players {
			total += int64(games)
			if l := cfg.Plan.Targets.Ladder; l != nil {
				total += int64(len(l.Bots)-1) * int64(n) * int64((ladder+n-1)/n)
			}
		}
		return total
	}
	s := int64(cfg.Searches())
	return batch(cfg.Confirm, cfg.Confirm)*(1+s) + s*int64(cfg.Evaluations)*batch(cfg.Games, cfg.ladderGames())
}
