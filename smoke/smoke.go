// Package smoke holds lint's smoke games and the checks that judge them: it
// plays seeded smoke games with bots and turns what they show — games that
// never end, broken invariants, crashes, cards nobody can or will play, a
// favoured seat — into findings at the line of the data to change. Each
// smoke check is a file registering a check.Check with its stopping rule
// beside it; the package also compares a run with a baseline
// (baseline.go).
package smoke

import (
	"fmt"
	"sync"

	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// Options control the smoke games.
type Options struct {
	Games   int    // random-bot games per player count; 0: as many as the checks need, up to the game's Info.SmokeGames (adaptive.go)
	Seed    uint64 // run seed; game i plays with engine.GameSeed(Seed, i)
	Players int    // 0: every supported count
	Workers int    // 0: every core
	// HeuristicGames are played with heuristic bots to find cards nobody
	// sensible chooses; 0 picks a share of Games.
	HeuristicGames int
	// SeatFactor is how many times a fair share (1/players) a seat's win
	// rate may reach before a warning, once the run is large enough to tell
	// (the lower end of its 95% interval must pass it); 0 means 1.25.
	SeatFactor float64
	// Bots play the smoke games, one per seat, cycled (nil: random). With
	// heuristic bots the seat and alarm checks see skilled play, which
	// random play blurs.
	Bots []string
	// Variant names the rule variant being played when it is not the
	// game's default, and Engine the engine when it is not game.yaml's
	// (--engine), so replay commands in findings select them.
	Variant string
	Engine  string
	// Metrics, when set, receives the random-bot summary of each player
	// count, with Variant (for --format json balance metrics and --baseline).
	Metrics func(variant string, players int, sum *engine.Summary)
	// Each, when set, is called after every smoke game, from the runner's
	// workers (for a progress display).
	Each func(engine.Result)
}

// DefaultGames is the smoke games per player count for a game whose engine
// names no number of its own.
const DefaultGames = 1000

// CodeBadPlayerCount is lint's own: the player count asked for. Each smoke
// check declares its codes beside it.
var CodeBadPlayerCount = finding.Declare(finding.Code{ID: "BAD_PLAYER_COUNT", Severity: finding.Error, Scope: finding.Lint,
	Purpose: "The requested player count is outside the game's range."})

var _ = check.Register(check.Check{
	ID: "player-count", Step: check.Lint, Codes: []*finding.Code{CodeBadPlayerCount},
	Doc: "Checks that the player count lint is asked to play (--players) is in the game's range.",
})

// Partial says whether a run plays less than the default lint (one player
// count, other bots, fewer games than defaultGames): an ignore kept for a
// finding it did not look for is not stale then.
func (o Options) Partial(defaultGames int) bool {
	return o.Players != 0 || len(o.Bots) > 0 || (o.Games > 0 && o.Games < defaultGames)
}

// Play plays the smoke games and reports what the smoke checks (the
// table's check.Smoke step) judge of them. Player counts play side by
// side, each stopping when every check's stopping rule says it is
// decided (adaptive.go); the findings do not depend on the order they
// finish in.
func Play(d *gamedata.Data, g engine.Game, opt Options) []finding.Finding {
	info := g.Info()
	counts := playerCounts(info, opt.Players)
	if len(counts) == 0 {
		return []finding.Finding{CodeBadPlayerCount.At(d.Manifest.PlayersPos,
			"%d players is outside %s's range %d-%d", opt.Players, info.ID, info.MinPlayers, info.MaxPlayers)}
	}
	most := info.SmokeGames
	if most <= 0 {
		most = DefaultGames
	}
	plan := planFor(opt, most)
	heuristic := opt.HeuristicGames
	if heuristic <= 0 {
		heuristic = max(20, plan.cap/40)
	}
	factor := opt.SeatFactor
	if factor == 0 {
		factor = 1.25
	}
	checks := check.Of(check.Smoke)

	runs := make([]check.CountRun, len(counts))
	var wg sync.WaitGroup
	for k, players := range counts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			o := &check.Open{Data: d, Info: info, Players: players, SeatFactor: factor, Most: plan.cap}
			runs[k] = playCount(g, o, checks, plan, heuristic, opt)
		}()
	}
	wg.Wait()
	if opt.Metrics != nil {
		for _, r := range runs {
			opt.Metrics(opt.Variant, r.Players, r.Random)
		}
	}

	run := &check.SmokeRun{Data: d, Engine: g, Info: info, Counts: runs, Seed: opt.Seed, Bots: opt.Bots,
		Variant: opt.Variant, EngineID: opt.Engine, SeatFactor: factor}
	broke := brokeAll(runs)
	var out []finding.Finding
	for _, c := range checks {
		if c.Smoke.Counted && broke {
			continue // the statistics are of games that broke: the failures say it all
		}
		out = append(out, c.Smoke.Judge(run)...)
	}
	return out
}

// playCount plays one player count's smoke games: the random (or --bots)
// games from the floor on, a batch at a time while a check is undecided,
// and the heuristic bots' fixed number.
func playCount(g engine.Game, o *check.Open, checks []*check.Check, plan smokePlan, heuristic int, opt Options) check.CountRun {
	sum := engine.RunUntil(g, engine.RunConfig{
		Players: o.Players, Games: plan.floor, Seed: opt.Seed, Workers: opt.Workers, CheckInvariants: true, Each: opt.Each,
		Bots: opt.Bots,
	}, plan.cap, func(sum *engine.Summary) bool { return !undecided(o, sum, checks) })
	hs := engine.Run(g, engine.RunConfig{
		Players: o.Players, Games: heuristic, Seed: opt.Seed ^ 0x5eed, Workers: opt.Workers,
		Bots: []string{"heuristic"}, CheckInvariants: true, Each: opt.Each,
	})
	return check.CountRun{Players: o.Players, Random: sum, Heuristic: hs}
}

func playerCounts(info engine.Info, only int) []int {
	if only != 0 {
		if only < info.MinPlayers || only > info.MaxPlayers {
			return nil
		}
		return []int{only}
	}
	var counts []int
	for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
		counts = append(counts, n)
	}
	return counts
}

func usedAtAny(c gamedata.Card, counts []int) bool {
	for _, n := range counts {
		if c.UsedWith(n) {
			return true
		}
	}
	return false
}

func countsText(counts []int) string {
	if len(counts) == 1 {
		return fmt.Sprint(counts[0])
	}
	return fmt.Sprintf("%d-%d", counts[0], counts[len(counts)-1])
}
