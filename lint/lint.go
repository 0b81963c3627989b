// Package lint holds the checks that work on every game: it plays seeded
// smoke games with bots and turns what they show — games that never end,
// broken invariants, crashes, cards nobody can or will play, a favoured
// seat — into findings at the line of the data to change.
package lint

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

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

// The codes lint reports: from the smoke games, and about lint.ignore
// entries (ignore.go).
var (
	CodeGameNoEnd = finding.Declare(finding.Code{ID: "GAME_NO_END", Severity: finding.Error, Scope: finding.Lint,
		Purpose: "A smoke game was still running at the turn cap."})
	CodeEnginePanic = finding.Declare(finding.Code{ID: "ENGINE_PANIC", Severity: finding.Error, Scope: finding.Lint,
		Purpose: "The engine crashed in a smoke game, or while building the game from its data."})
	CodeInvariantBroken = finding.Declare(finding.Code{ID: "INVARIANT_BROKEN", Severity: finding.Error, Scope: finding.Lint,
		Purpose: "A smoke game broke one of the game's invariants (tokens, money, cards conserved)."})
	CodeCardNeverDrawn = finding.Declare(finding.Code{ID: "CARD_NEVER_DRAWN", Severity: finding.Error, Scope: finding.Lint,
		Purpose: "A card used at some player count never reached a seat in any smoke game: never held at a choice, dealt, drawn, or chosen into any zone (an owner-only one included)."})
	CodeCardNeverChosen = finding.Declare(finding.Code{ID: "CARD_NEVER_CHOSEN", Severity: finding.Warning, Scope: finding.Lint,
		Purpose: "Heuristic bots held the card but never chose it: it may be dominated by others."})
	CodeNeverHappens = finding.Declare(finding.Code{ID: "RULE_NEVER_HAPPENS", Severity: finding.Warning, Scope: finding.Lint,
		Purpose: "Something the rules say can happen never did in the smoke games: a choice's option was never legal, a card effect's condition never held. The rule may be dead, or need more games to show."})
	CodeSeatAdvantage = finding.Declare(finding.Code{ID: "SEAT_ADVANTAGE", Severity: finding.Warning, Scope: finding.Lint,
		Purpose: "A seat wins clearly more often than a fair share."})
	CodeBadPlayerCount = finding.Declare(finding.Code{ID: "BAD_PLAYER_COUNT", Severity: finding.Error, Scope: finding.Lint,
		Purpose: "The requested player count is outside the game's range."})
	CodeIgnoreUnused = finding.Declare(finding.Code{ID: "LINT_IGNORE_UNUSED", Severity: finding.Warning, Scope: finding.Lint,
		Purpose: "A lint.ignore entry silences nothing any more: remove it."})
)

// Partial says whether a run plays less than the default lint (one player
// count, other bots, fewer games than defaultGames): an ignore kept for a
// finding it did not look for is not stale then.
func (o Options) Partial(defaultGames int) bool {
	return o.Players != 0 || len(o.Bots) > 0 || (o.Games > 0 && o.Games < defaultGames)
}

// Smoke plays the smoke games and reports dynamic findings. Player
// counts play side by side, each stopping when its checks are decided
// (adaptive.go); the findings do not depend on the order they finish in.
func Smoke(d *gamedata.Data, g engine.Game, opt Options) []finding.Finding {
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

	runs := make([]countRun, len(counts))
	var wg sync.WaitGroup
	for k, players := range counts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runs[k] = playCount(g, open{d, info, players, factor, plan.cap}, plan, heuristic, opt)
		}()
	}
	wg.Wait()

	var out []finding.Finding
	offered := make([]int64, info.Cards)
	happened := make([]int64, len(info.Expected))
	chosenByHeuristic := make([]int64, info.Cards)
	offeredToHeuristic := make([]int64, info.Cards)
	total := 0
	var broken []failure
	for k, players := range counts {
		sum, hs := runs[k].random, runs[k].heuristic
		total += sum.Games
		if opt.Metrics != nil {
			opt.Metrics(opt.Variant, players, sum)
		}
		how := replayHow{opt.Variant, opt.Bots, opt.Engine}
		broken = append(broken, failures(sum, info.MaxMoves, how)...)
		broken = append(broken, failures(hs, info.MaxMoves, replayHow{opt.Variant, []string{"heuristic"}, opt.Engine})...)
		if brokeAll(runs) {
			continue // the statistics are of games that broke: the failures say it all
		}
		out = append(out, alarms(d, info, sum, how)...)
		if f, ok := seatAdvantage(d, sum, factor, opt.Bots); ok {
			f.Message += fmt.Sprintf(" (cardpress lint --seed %d --players %d --games %d%s)", opt.Seed, players, sum.Games, replayHow{bots: opt.Bots, engine: opt.Engine}.flags())
			out = append(out, f)
		}
		for i := range sum.Tally.CardInHand {
			offered[i] += reached(sum.Tally, i)
		}
		for i := range min(len(happened), len(sum.Tally.Probes)) {
			happened[i] += sum.Tally.Probes[i]
		}
		for i := range hs.Tally.CardChosen {
			chosenByHeuristic[i] += hs.Tally.CardChosen[i]
			offeredToHeuristic[i] += hs.Tally.CardOffered[i]
		}
	}
	out = append(out, merged(d, broken)...)
	if brokeAll(runs) {
		return out
	}
	for i, e := range info.Expected {
		if happened[i] > 0 || e.Card >= 0 && (e.Card >= len(d.Cards) || !usedAtAny(d.Cards[e.Card], counts)) {
			continue
		}
		out = append(out, CodeNeverHappens.At(e.Pos, "%s in %d smoke games at %s players (run seed %d)", e.Never, total, countsText(counts), opt.Seed))
	}
	atRandom := ""
	if engine.HeuristicPlaysAtRandom(g) {
		atRandom = "; the heuristic bots played at random: the rules give no evaluate:"
	}
	for i, c := range d.Cards {
		if !usedAtAny(c, counts) {
			continue // a static check reports cards marked for no count
		}
		switch {
		case offered[i] == 0:
			out = append(out, CodeCardNeverDrawn.At(c.Pos,
				"card %s never reached a hand in %d smoke games at %s players (run seed %d)", c.ID, total, countsText(counts), opt.Seed))
		case offeredToHeuristic[i] >= 20 && chosenByHeuristic[i] == 0:
			out = append(out, CodeCardNeverChosen.At(c.Pos,
				"heuristic bots could choose card %s %d times and never did: it may be weaker than every other card (run seed %d)%s", c.ID, offeredToHeuristic[i], opt.Seed, atRandom))
		}
	}
	return out
}

// reached counts the times card i reached a seat in t: held at a
// decision, or dealt, drawn or chosen into a zone (an owner-only one
// too: a card passed or kept face down reached a seat).
func reached(t *engine.Tally, i int) int64 {
	n := int64(0)
	if i < len(t.CardInHand) {
		n += t.CardInHand[i]
	}
	if i < len(t.CardDrawn) {
		n += t.CardDrawn[i]
	}
	return n
}

// countRun is what one player count's smoke games showed.
type countRun struct{ random, heuristic *engine.Summary }

// playCount plays one player count's smoke games: the random (or --bots)
// games from the floor on, a batch at a time while a check is undecided,
// and the heuristic bots' fixed number.
func playCount(g engine.Game, o open, plan smokePlan, heuristic int, opt Options) countRun {
	sum := engine.RunUntil(g, engine.RunConfig{
		Players: o.players, Games: plan.floor, Seed: opt.Seed, Workers: opt.Workers, CheckInvariants: true, Each: opt.Each,
		Bots: opt.Bots,
	}, plan.cap, func(sum *engine.Summary) bool { return !o.undecided(sum) })
	hs := engine.Run(g, engine.RunConfig{
		Players: o.players, Games: heuristic, Seed: opt.Seed ^ 0x5eed, Workers: opt.Workers,
		Bots: []string{"heuristic"}, CheckInvariants: true, Each: opt.Each,
	})
	return countRun{sum, hs}
}

// failure is one kind of broken game at one player count, with some
// bots: how many, and the first.
type failure struct {
	code    *finding.Code
	what    string // "did not end within 20000 moves", "crashed: ...", ...
	n, of   int
	players int
	first   *engine.Result
	how     replayHow
}

// failures lists a summary's broken games by kind.
func failures(sum *engine.Summary, maxMoves int, how replayHow) []failure {
	var out []failure
	add := func(r *engine.Result, n int, code *finding.Code, what string) {
		if r != nil {
			out = append(out, failure{code, what, n, sum.Games, sum.Players, r, how})
		}
	}
	add(sum.FirstCapped, sum.Capped, CodeGameNoEnd, fmt.Sprintf("did not end within %d moves", maxMoves))
	add(sum.FirstPanic, sum.Panics, CodeEnginePanic, "crashed: "+panicText(sum.FirstPanic))
	add(sum.FirstInvariant, sum.Invariants, CodeInvariantBroken, "broke an invariant: "+invariantText(sum.FirstInvariant))
	return out
}

// merged reports the failures, one finding for each problem: the same
// kind with the same text (but for the move it happened at) at several
// player counts, or with the random and the heuristic bots, is one
// finding naming the first game.
func merged(d *gamedata.Data, fs []failure) []finding.Finding {
	var out []finding.Finding
	done := make([]bool, len(fs))
	for i, f := range fs {
		if done[i] {
			continue
		}
		n, of, counts := f.n, f.of, []int{f.players}
		for j := i + 1; j < len(fs); j++ {
			if g := fs[j]; !done[j] && g.code == f.code && sameProblem(g.what, f.what) {
				done[j] = true
				n, of = n+g.n, of+g.of
				if !slices.Contains(counts, g.players) {
					counts = append(counts, g.players)
				}
			}
		}
		at := ""
		if len(counts) > 1 {
			slices.Sort(counts)
			at = " at " + countsList(counts) + " players"
		}
		out = append(out, replayable(f.code.At(d.Manifest.IDPos, "%d of %d games%s %s", n, of, at, f.what), d, f.first, f.how))
	}
	return out
}

// sameProblem reports whether two failures' texts tell the same problem:
// the same text whatever move it came at, or a rules error at the same
// place of the rules file (whichever seat it befell).
func sameProblem(a, b string) bool { return problem(a) == problem(b) }

func problem(text string) string {
	text = atMove.ReplaceAllString(text, "")
	if m := atPlace.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return text
}

var (
	atMove  = regexp.MustCompile(`(after move \d+|before the first move): `)
	atPlace = regexp.MustCompile(`^broke an invariant: (.+?:\d+:\d+): `)
)

// brokeAll reports whether every smoke game of every run broke: then
// what the games counted (cards drawn, rules that happened, wins) says
// nothing about the rules.
func brokeAll(runs []countRun) bool {
	for _, r := range runs {
		for _, sum := range []*engine.Summary{r.random, r.heuristic} {
			if sum.Games == 0 || sum.Capped+sum.Panics+sum.Invariants < sum.Games {
				return false
			}
		}
	}
	return true
}

// countsList writes player counts: 2-5, or 2, 4, 6.
func countsList(counts []int) string {
	if counts[len(counts)-1]-counts[0] == len(counts)-1 {
		return countsText(counts)
	}
	var parts []string
	for _, n := range counts {
		parts = append(parts, fmt.Sprint(n))
	}
	return strings.Join(parts, ", ")
}

// replayHow is what a replay needs besides the seed: the rule variant
// ("" for the default) and the bots (nil for random), since a game played
// by other bots is another game.
type replayHow struct {
	variant string
	bots    []string
	engine  string
}

func (h replayHow) flags() string {
	s := ""
	if h.variant != "" {
		s += " --variant " + h.variant
	}
	if len(h.bots) > 0 {
		s += " --bots " + strings.Join(h.bots, ",")
	}
	if h.engine != "" {
		s += " --engine " + h.engine
	}
	return s
}

// replayable ties f to the game r and says how to replay it.
func replayable(f finding.Finding, d *gamedata.Data, r *engine.Result, how replayHow) finding.Finding {
	seed := finding.Seed(r.Seed)
	f.Seed, f.Players = &seed, r.Players
	f.Message += fmt.Sprintf(" (seed %d, %d players; cardpress replay --game %s%s --players %d --seed %d)",
		seed, r.Players, d.Manifest.ID, how.flags(), r.Players, seed)
	return f
}

// alarms warns, at the manifest's id, for each of the engine's alarms whose
// counter ran above its rate, naming the first game that raised it.
func alarms(d *gamedata.Data, info engine.Info, sum *engine.Summary, how replayHow) []finding.Finding {
	var out []finding.Finding
	for _, a := range info.Alarms {
		i := slices.Index(info.Counters, a.Counter)
		if i < 0 || sum.Games == 0 || sum.FirstCounted[i] == nil {
			continue // enginetest.CheckInfo reports an alarm on no counter
		}
		rate := float64(sum.Tally.Counters[i]) / float64(sum.Games)
		if rate <= a.PerGame {
			continue
		}
		f := a.Code.At(d.Manifest.IDPos, "%s %.3g per game at %d players (alarm above %g): %s",
			a.Counter, rate, sum.Players, a.PerGame, alarmDoc(a.Code.Purpose))
		out = append(out, replayable(f, d, sum.FirstCounted[i], how))
	}
	return out
}

func panicText(r *engine.Result) string {
	if r == nil {
		return ""
	}
	return r.Panic
}

func invariantText(r *engine.Result) string {
	if r == nil {
		return ""
	}
	return r.Invariant
}

// seatAdvantage warns when a seat (the one winning most) wins clearly above
// a fair share: the lower end of its 95% interval must clear factor times
// the fair share.
func seatAdvantage(d *gamedata.Data, sum *engine.Summary, factor float64, bots []string) (finding.Finding, bool) {
	fair := 1 / float64(sum.Players)
	seat := 0
	for p := 1; p < sum.Players; p++ {
		if sum.WinRate(p) > sum.WinRate(seat) {
			seat = p
		}
	}
	rate := sum.WinRate(seat)
	lo, _ := engine.Wilson(rate*float64(sum.Games), float64(sum.Games))
	if lo <= factor*fair {
		return finding.Finding{}, false
	}
	by := "random"
	if len(bots) > 0 {
		by = strings.Join(bots, ",")
	}
	f := CodeSeatAdvantage.At(d.Manifest.PlayersPos,
		"seat %d wins %.1f%% of %d games at %d players with %s bots (fair share %.1f%%, 95%% interval from %.1f%%)",
		seat+1, 100*rate, sum.Games, sum.Players, by, 100*fair, 100*lo)
	f.Players = sum.Players
	return f, true
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

// alarmDoc is an alarm's purpose as the end of a message: lower case
// first, no full stop.
func alarmDoc(purpose string) string {
	purpose = strings.TrimSuffix(purpose, ".")
	if purpose == "" {
		return purpose
	}
	return strings.ToLower(purpose[:1]) + purpose[1:]
}
