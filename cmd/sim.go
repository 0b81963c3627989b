package cmd

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/pipeline"

	"github.com/spf13/cobra"
)

type simOptions struct {
	IO
	Game    string
	Cards   string
	Variant string
	Vs      string
	Engine  string // plays with this engine instead of game.yaml's
	Games   int
	Players int
	Seed    uint64
	Bots    string
	Workers int
	// Shard is "K/N": play only the games i with i % N == K-1.
	Shard string
	// Out is a file for the mergeable results (cardpress merge).
	Out string
}

func newSimCmd(streams IO) *cobra.Command {
	opts := &simOptions{IO: streams}
	c := &cobra.Command{
		Use:   "sim --game ID [--variant V] [--vs W]",
		Short: "Play many seeded games and print their statistics",
		Long: `Sim plays --games games per player count (or only --players) with the given
bots and prints, per player count: game length in moves, each seat's win
rate with its 95% Wilson interval, the game's own counters per game and how
games ended. With --vs, a second variant is played from the same seeds and
shown beside the first. Exit 1 if a game did not end, crashed or broke an
invariant; the seed to replay it is printed.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return runSim(opts) },
	}
	f := c.Flags()
	f.StringVar(&opts.Game, "game", "", "game id (the folder under --cards), or the path of a game folder")
	f.StringVar(&opts.Cards, "cards", "cards", "folder holding the games")
	f.StringVar(&opts.Variant, "variant", "", "rule variant (default: the game's default)")
	f.StringVar(&opts.Vs, "vs", "", "a second variant to compare with, side by side")
	engineVar(f, &opts.Engine)
	f.IntVar(&opts.Games, "games", 1000, "games per player count and variant")
	f.IntVar(&opts.Players, "players", 0, "only this player count (default: every supported count)")
	seedVar(f, &opts.Seed, "run seed (game i is seeded from it and i)")
	f.StringVar(&opts.Bots, "bots", "random", botsHelp("bot per seat"))
	f.IntVar(&opts.Workers, "workers", 0, "parallel workers (default: every core)")
	f.StringVar(&opts.Shard, "shard", "", "K/N: play only shard K of N (games i with i % N == K-1)")
	f.StringVar(&opts.Out, "out", "", "write mergeable results (JSON) to this file, for cardpress merge; atomically")
	_ = c.MarkFlagRequired("game")
	return c
}

func runSim(opts *simOptions) error {
	if opts.Games < 1 {
		return usagef("--games must be at least 1")
	}
	bots, err := parseBots(opts.Bots)
	if err != nil {
		return err
	}
	shard, shards, err := parseShard(opts.Shard)
	if err != nil {
		return err
	}
	variants := []string{opts.Variant}
	if opts.Vs != "" {
		variants = append(variants, opts.Vs)
	}
	var games []*pipeline.LoadedGame
	for _, v := range variants {
		g, err := loadVariant(opts.IO, opts.Cards, opts.Game, v, opts.Engine)
		if err != nil {
			return err
		}
		games = append(games, g)
	}
	if err := checkResultsOut(opts.Out, "sim.json", games[0].Data, ""); err != nil {
		return err
	}
	info := games[0].Engine.Info()
	lo, hi := info.MinPlayers, info.MaxPlayers
	if opts.Players != 0 {
		if opts.Players < lo || opts.Players > hi {
			return usagef("%s plays with %d-%d players, not %d", opts.Game, lo, hi, opts.Players)
		}
		lo, hi = opts.Players, opts.Players
	}
	res := &SimResults{Format: simFormat, Game: opts.Game, Files: games[0].Data.PlayDigest, Engine: opts.Engine, Seed: finding.Seed(opts.Seed), Games: opts.Games, Bots: bots,
		Shard: shard + 1, Shards: shards}
	for _, g := range games {
		res.Columns = append(res.Columns, SimColumn{Variant: g.Variant, Counters: g.Engine.Info().Counters})
	}
	notePlaysAtRandom(opts.Err, "sim", games[0], bots)
	perRun := int64(shardGames(opts.Games, shard+1, shards)) // per player count and variant
	bar := opts.newProgress(opts.Game, perRun*int64(hi-lo+1)*int64(len(games)))
	each := func(engine.Result) { bar.add(1) }
	if bar == nil {
		each = nil
	}
	start := time.Now()
	for n := lo; n <= hi; n++ {
		for i, g := range games {
			// The same seeds for every variant: the columns differ by the
			// rules, not by the luck of the draw.
			res.Columns[i].Summaries = append(res.Columns[i].Summaries, engine.Run(g.Engine, engine.RunConfig{
				Players: n, Games: opts.Games, Seed: opts.Seed, Workers: opts.Workers, Bots: bots, CheckInvariants: true,
				Shard: shard, Shards: shards, Each: each,
			}))
		}
	}
	elapsed := time.Since(start)
	bar.finish()
	if opts.Out != "" {
		if err := writeResults(opts.Out, res); err != nil {
			return err
		}
	}
	err = printSim(opts.IO.Out, res)
	// The speed is this run's, measured: it goes with the progress to
	// stderr, and the table on stdout (and the results file) stays the
	// same on every run with the same seed, as merge reproduces it.
	printSpeed(opts.IO.Err, movesPlayed(res), elapsed, workersUsed(opts.Workers))
	return err
}

// movesPlayed is every move of every game of a run.
func movesPlayed(res *SimResults) int64 {
	var n int64
	for _, c := range res.Columns {
		for _, s := range c.Summaries {
			n += s.MovesSum
		}
	}
	return n
}

// workersUsed is the workers engine.Run plays on for --workers n.
func workersUsed(n int) int {
	if n > 0 {
		return n
	}
	return runtime.GOMAXPROCS(0)
}

// printSpeed prints a run's moves a second and the time a move takes on
// one worker (the run's wall-clock time on all its workers, per move):
// the engine's speed on this machine, bots and checks included.
func printSpeed(out io.Writer, moves int64, elapsed time.Duration, workers int) {
	sec := elapsed.Seconds()
	if moves <= 0 || sec <= 0 {
		return
	}
	plural := "s"
	if workers == 1 {
		plural = ""
	}
	fmt.Fprintf(out, "speed: %.0f moves a second on %d worker%s, %.0f ns a move on one (%d moves in %.2f s, bots and invariant checks included; measured in this run)\n",
		float64(moves)/sec, workers, plural, sec*1e9*float64(workers)/float64(moves), moves, sec)
}

// notePlaysAtRandom says, on w, when the bots of a run that read the
// game's estimate play blind, since it gives none (a rules file without
// evaluate:): the heuristic bots play at random, and searches whose knobs
// read it (engine.ReadsEvaluation) are named, in one line.
func notePlaysAtRandom(w io.Writer, command string, g *pipeline.LoadedGame, bots []string) {
	var blind []string
	for _, b := range bots {
		if b != "heuristic" && engine.ReadsEvaluation(b) && !slices.Contains(blind, b) {
			blind = append(blind, b)
		}
	}
	heuristic := slices.Contains(bots, "heuristic")
	if !heuristic && len(blind) == 0 || !engine.HeuristicPlaysAtRandom(g.Engine) {
		return
	}
	id := finding.Visible(g.Data.Manifest.ID)
	if heuristic {
		fmt.Fprintf(w, "%s: the heuristic bots play at random: the rules of %s give no evaluate: (docs/rules.md#evaluate)\n", command, id)
	}
	if len(blind) > 0 {
		fmt.Fprintf(w, "%s: %s: the rules of %s give no evaluate:, so a play-out cut by the horizon counts as a draw, look-ahead play-outs play at random and the prior is off (docs/rules.md#evaluate)\n",
			command, finding.Visible(strings.Join(blind, ", ")), id)
	}
}

// simTable prints one player count: a row per statistic, a column per
// variant.
func simTable(out io.Writer, players int, games []SimColumn, sums []*engine.Summary) error {
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	row := func(label string, cell func(i int, s *engine.Summary) string) {
		fmt.Fprint(w, label)
		for i, s := range sums {
			fmt.Fprint(w, "\t", cell(i, s))
		}
		fmt.Fprintln(w)
	}
	row(fmt.Sprintf("%d players", players), func(i int, _ *engine.Summary) string { return finding.Visible(variantName(games[i])) })
	row("games", func(_ int, s *engine.Summary) string { return fmt.Sprint(s.Games) })
	row("moves (mean ± sd)", func(_ int, s *engine.Summary) string {
		return engine.FiniteCell("%.1f ± %.1f", s.MeanMoves(), s.StdMoves())
	})
	for seat := range players {
		row(fmt.Sprintf("seat %d wins (95%%)", seat+1), func(_ int, s *engine.Summary) string {
			rate := s.WinRate(seat)
			lo, hi := engine.Wilson(rate*float64(s.Games), float64(s.Games))
			return engine.FiniteCell("%.1f%% [%.1f-%.1f]", 100*rate, 100*lo, 100*hi)
		})
	}
	for _, name := range counterNames(games) {
		row(finding.Visible(name)+" per game", func(i int, s *engine.Summary) string {
			k := slices.Index(games[i].Counters, name)
			if k < 0 || k >= len(s.Tally.Counters) || s.Games == 0 {
				return "-"
			}
			return engine.FiniteCell("%.2f", float64(s.Tally.Counters[k])/float64(s.Games))
		})
	}
	for _, cause := range endCauses(sums) {
		row("end: "+finding.Visible(cause), func(_ int, s *engine.Summary) string {
			return engine.FiniteCell("%.1f%%", 100*float64(s.EndCauses[cause])/float64(max(s.Games, 1)))
		})
	}
	return w.Flush()
}

// simFailures prints how many games of a run failed and how to replay the
// first of each kind; it reports whether any did.
func simFailures(out io.Writer, res *SimResults, g SimColumn, s *engine.Summary) bool {
	game, variant := res.Game, ""
	if g.Variant != "" {
		variant = " --variant " + finding.Visible(g.Variant)
	}
	if res.Engine != "" {
		variant += " --engine " + finding.Visible(res.Engine)
	}
	for _, f := range []struct {
		n     int
		first *engine.Result
		what  string
	}{{s.Capped, s.FirstCapped, "did not end"}, {s.Panics, s.FirstPanic, "crashed"}, {s.Invariants, s.FirstInvariant, "broke an invariant"}} {
		if f.n == 0 {
			continue
		}
		replay := "" // a merged file always names the game; a guard all the same
		if f.first != nil {
			replay = fmt.Sprintf(" (first: cardpress replay --game %s%s --players %d --seed %d)", finding.Visible(game), variant, s.Players, f.first.Seed)
		}
		fmt.Fprintf(out, "%s: %d of %d games %s%s\n", finding.Visible(variantName(g)), f.n, s.Games, f.what, replay)
	}
	return s.Capped+s.Panics+s.Invariants > 0
}

func variantName(g SimColumn) string {
	if g.Variant == "" {
		return "default"
	}
	return g.Variant
}

// counterNames lists the counters of every column, in engine order.
func counterNames(games []SimColumn) []string {
	var names []string
	for _, g := range games {
		for _, c := range g.Counters {
			if !slices.Contains(names, c) {
				names = append(names, c)
			}
		}
	}
	return names
}

// endCauses lists the causes of every column, most common first.
func endCauses(sums []*engine.Summary) []string {
	var causes []string
	for _, s := range sums {
		for _, c := range s.Causes() {
			if !slices.Contains(causes, c) {
				causes = append(causes, c)
			}
		}
	}
	return causes
}
