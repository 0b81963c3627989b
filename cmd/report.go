package cmd

import (
	"fmt"
	"math"
	"sync"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/render"
	"github.com/cardpress/cardpress/report"

	"github.com/spf13/cobra"
)

type reportOptions struct {
	IO
	Paths   []string
	Games   int
	Seed    uint64
	Bots    string
	Workers int
	OutDir  string
	Players int
	// Ladder is --ladder, LadderSet whether it was given (ladderAt);
	// Budget is the top MCTS agent's iterations a decision (0: from
	// report.PlanLadder); Shard (K/N) plays one shard of the ladders and
	// writes it instead of the PDF; Merge draws the ladders from the
	// shard files named instead of playing them.
	Ladder    bool
	LadderSet bool
	Budget    int
	Shard     string
	Merge     []string
}

func newReportCmd(streams IO) *cobra.Command {
	opts := &reportOptions{IO: streams}
	c := &cobra.Command{
		Use:   "report [PATH...]",
		Short: "Play seeded games and draw a balance report PDF per game",
		Long: fmt.Sprintf(`Report plays --games games per player count and rule variant with --bots and
writes out/<game>/<game>-balance.pdf: per player count, seat win rates with
95%% Wilson intervals, game length, ending causes, each card's play rate and
win rate when played (dead and dominant cards highlighted), the game's
counters per game, and how often the heuristic bot beats random bots with
seat rotation (the heuristic bot takes every seat in turn). Variants stand
side by side, %d to a page. The same seed gives the same PDF, byte for byte.

Each variant also gets a skill ladder page, at %d players (or the nearest
count the report covers): the game played by random, the look-ahead bot,
MCTS at half the budget and at the budget; its matchup matrix as a heat
map, each seat's win rate at each skill level, the skill depth, and
whether the game is luck-dominated. --ladder plays it at every player
count, --ladder=false at none. --shard K/N plays one shard of the
ladders and writes out/<game>/<game>-ladder-K-of-N.json; --merge FILE...
draws the ladders from all N shard files.`, report.VariantsPerPage, report.LadderPlayers),
		RunE: func(c *cobra.Command, args []string) (err error) {
			if opts.Paths, err = gamePaths(args); err != nil {
				return err
			}
			opts.LadderSet = c.Flags().Changed("ladder")
			if c.Flags().Changed("merge") && len(opts.Merge) == 0 {
				// An empty list (a glob that matched nothing) would
				// play the whole ladder instead of drawing the shards.
				return usagef("--merge: no shard files named")
			}
			return runReport(opts)
		},
	}
	f := c.Flags()
	f.IntVar(&opts.Games, "games", 0, "games per player count and variant (and for the heuristic bot's seat rotation); default: until every seat's 95% interval is within 5 points, from 200 to 1000 games. Not the skill ladder's: its cells stop on their own intervals")
	seedVar(f, &opts.Seed, "run seed (game i is seeded from it and i)")
	f.StringVar(&opts.Bots, "bots", "random", botsHelp("bot per seat"))
	f.IntVar(&opts.Workers, "workers", 0, "parallel workers, and at most this many cores for the whole report (default: every core)")
	f.StringVar(&opts.OutDir, "out", "out", "output folder")
	f.IntVar(&opts.Players, "players", 0, "only this player count (default: every supported count)")
	f.BoolVar(&opts.Ladder, "ladder", false, fmt.Sprintf("play the skill ladder (random, heuristic, MCTS at half the budget and at the budget) at every player count; --ladder=false: at none (default: at %d players, or the nearest count covered)", report.LadderPlayers))
	f.IntVar(&opts.Budget, "budget", 0, fmt.Sprintf("the ladder's top MCTS budget in iterations a decision (default: %d moves simulated a decision over the game's length, %d-%d, at most %d in a game that evaluates)", report.LadderMoves, report.LadderMinBudget, report.LadderMaxBudget, report.LadderGuidedMaxBudget))
	f.StringVar(&opts.Shard, "shard", "", "K/N: play only shard K of N of the skill ladders' cells (the default ladder's, or with --ladder every player count's) and write them as JSON instead of the PDF")
	f.StringSliceVar(&opts.Merge, "merge", nil, "draw the ladders from these shard files (report --shard K/N), all N of them, instead of playing them")
	return c
}

func runReport(opts *reportOptions) error {
	if opts.Games < 0 {
		return usagef("--games must be 1 or more (0, the default: until the intervals are narrow)")
	}
	bots, err := parseBots(opts.Bots)
	if err != nil {
		return err
	}
	if err := checkLadderOptions(opts); err != nil {
		return err
	}
	defer limitCores(opts.Workers)()
	o := pipeline.RenderOptions{OutDir: opts.OutDir}
	o.Paper = render.PaperNames()[0]
	if err := checkRenderOptions(opts.Env, &o); err != nil {
		return err
	}
	games, fs := pipeline.Load(opts.Paths)
	if err := distinctIDs(games, opts.OutDir); err != nil {
		return err
	}
	if errs, _ := finding.Count(fs); errs > 0 {
		// Data with errors is exit 1, as for every command: the findings
		// say what to fix.
		opts.printFindings(opts.Err, "text", fs, nil)
		fmt.Fprintln(opts.Err, "cardpress: the games do not load; run cardpress validate")
		return errFindings
	}
	// Every game's games start at once and play side by side; the reports
	// are then drawn and written in the order the games were named.
	bar := opts.newProgress("report", 0)
	var started []*pipeline.LoadedGame
	var balances []*report.Balance
	var wg sync.WaitGroup
	for _, g := range games {
		if g.Engine == nil {
			if !g.Data.Manifest.HasEngine() && len(games) > 1 {
				fmt.Fprintf(opts.Err, "cardpress: %s has no rules engine, so it has no balance report\n", finding.Visible(g.Data.Manifest.ID))
			}
			continue
		}
		if opts.Shard != "" {
			if err := ladderShard(opts, g); err != nil {
				return err
			}
			continue
		}
		b, err := balance(opts, g, bots, o.Epoch, bar, &wg)
		if err != nil {
			return err
		}
		started, balances = append(started, g), append(balances, b)
	}
	wg.Wait()
	bar.finish()
	for i, g := range started {
		pdf, err := report.PDF(balances[i])
		if err != nil {
			return err
		}
		id := g.Data.Manifest.ID
		path, err := writeInto(opts.OutDir, id+"/"+id+"-balance.pdf", pdf)
		if err != nil {
			return err
		}
		fmt.Fprintf(opts.Out, "%s: wrote %s\n", finding.Visible(id), finding.Visible(path))
	}
	if len(started) == 0 && len(games) == 1 && !games[0].Data.Manifest.HasEngine() {
		return pipeline.ErrNoEngine(games[0])
	}
	return nil
}

// How many games a report plays without --games.
const (
	reportFloor  = 200
	reportCap    = 1000
	reportWithin = 0.05 // the widest half 95% interval of a seat's win rate
)

// buildVariants builds every variant of g, or says which does not build.
func buildVariants(opts *reportOptions, g *pipeline.LoadedGame) ([]*pipeline.LoadedGame, error) {
	var variants []*pipeline.LoadedGame
	for _, id := range g.Data.Variants() {
		v, fs, err := g.BuildVariant(id)
		if err != nil {
			return nil, err
		}
		if errs, _ := finding.Count(fs); errs > 0 || v.Engine == nil {
			opts.printFindings(opts.Err, "text", fs, nil)
			fmt.Fprintf(opts.Err, "cardpress: variant %s of game %q does not build; run cardpress validate\n", finding.Visible(id), g.Data.Manifest.ID)
			return nil, errFindings
		}
		variants = append(variants, v)
	}
	return variants, nil
}

// reportCount is the empty page of n players: a column per variant, with
// its cards' names and its counters' labels.
func reportCount(variants []*pipeline.LoadedGame, n int) report.Count {
	c := report.Count{Players: n}
	for _, v := range variants {
		var names []string
		for _, card := range v.Data.Cards {
			names = append(names, card.Name)
		}
		vi := v.Engine.Info()
		var counters []string
		for i := range vi.Counters {
			counters = append(counters, report.CounterLabel(vi, i))
		}
		c.Columns = append(c.Columns, report.Column{Variant: v.Variant, Cards: names, Counters: counters,
			Rotation: make([]*engine.Summary, n)})
	}
	return c
}

// narrow says whether every seat's 95% interval in s is within half-width
// within, or only seat only's (-1: all): a rotation run shows only the
// heuristic bot's seat.
func narrow(s *engine.Summary, within float64, only int) bool {
	for seat := range s.Players {
		if only >= 0 && seat != only {
			continue
		}
		lo, hi := engine.Wilson(s.WinRate(seat)*float64(s.Games), float64(s.Games))
		if (hi-lo)/2 > within {
			return false
		}
	}
	return true
}

// balance starts playing every variant of g at every player count, and
// the seat rotation of one heuristic bot against random ones, on wg: the
// balance is whole when wg is done.
func balance(opts *reportOptions, g *pipeline.LoadedGame, bots []string, epoch int64, bar *progress, wg *sync.WaitGroup) (*report.Balance, error) {
	title := g.Data.Manifest.Title
	if title == "" {
		title = g.Data.Manifest.ID
	}
	b := &report.Balance{Title: title, Games: opts.Games, Within: reportWithin, Seed: opts.Seed, Bots: bots, Epoch: epoch}
	if len(opts.Merge) == 0 { // merging plays nothing
		notePlaysAtRandom(opts.Err, "report", g, []string{"heuristic"})
	}
	variants, err := buildVariants(opts, g)
	if err != nil {
		return nil, err
	}
	info := g.Engine.Info()
	each := func(engine.Result) { bar.add(1) }
	if bar == nil {
		each = nil
	}
	// Every run (player count, variant, the rotation's seats) plays side
	// by side: the short ones keep a core busy while a long one ends.
	// Without --games a run plays from reportFloor games until every
	// seat's 95% interval is within reportWithin, or reportCap games.
	floor, most := reportFloor, reportCap
	if opts.Games > 0 {
		floor, most = opts.Games, opts.Games
	}
	run := func(dst **engine.Summary, g engine.Game, cfg engine.RunConfig, floor, most int, within float64, only int) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cfg.Games = floor
			*dst = engine.RunUntil(g, cfg, most, func(s *engine.Summary) bool { return narrow(s, within, only) })
		}()
	}
	lo, hi, err := playerRange(opts, info)
	if err != nil {
		return nil, err
	}
	for n := lo; n <= hi; n++ {
		b.Counts = append(b.Counts, reportCount(variants, n))
	}
	if len(opts.Merge) > 0 {
		if err := mergedLadders(opts, g, b); err != nil {
			return nil, err
		}
	}
	for i := range b.Counts {
		n := b.Counts[i].Players
		for j, v := range variants {
			col := &b.Counts[i].Columns[j]
			if opts.ladderAt(n, lo, hi) && len(opts.Merge) == 0 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					col.Ladder = playLadder(opts, v.Engine, n, 0, 1, each)
				}()
			}
			run(&col.Sum, v.Engine, engine.RunConfig{Players: n, Seed: opts.Seed,
				Workers: opts.Workers, Bots: bots, CheckInvariants: true, Each: each}, floor, most, reportWithin, -1)
			if !engine.Evaluates(v.Engine.NewState(n, engine.StateOptions{})) {
				col.Blind = true // the heuristic bot would play at random
				continue
			}
			// Seat rotation: the heuristic bot sits at seat k for a share
			// of the games, random bots everywhere else; the share's
			// interval may be sqrt(n) times as wide, so that all seats
			// together are within reportWithin.
			per := func(games int) int { return max(1, (games+n-1)/n) }
			for k := range n {
				lineup := make([]string, n)
				for i := range lineup {
					lineup[i] = "random"
				}
				lineup[k] = "heuristic"
				run(&col.Rotation[k], v.Engine, engine.RunConfig{Players: n,
					Seed: opts.Seed ^ 0x5eed, Workers: opts.Workers, Bots: lineup, Each: each}, per(floor), per(most), reportWithin*math.Sqrt(float64(n)), k)
			}
		}
	}
	return b, nil
}
