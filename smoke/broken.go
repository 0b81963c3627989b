package smoke

import (
	"fmt"
	"regexp"
	"slices"

	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// The codes of games that broke.
var (
	CodeGameNoEnd = finding.Declare(finding.Code{ID: "GAME_NO_END", Severity: finding.Error, Scope: finding.Lint,
		Purpose: "A smoke game was still running at the turn cap."})
	CodeEnginePanic = finding.Declare(finding.Code{ID: "ENGINE_PANIC", Severity: finding.Error, Scope: finding.Lint,
		Purpose: "The engine crashed in a smoke game, or while building the game from its data."})
	CodeInvariantBroken = finding.Declare(finding.Code{ID: "INVARIANT_BROKEN", Severity: finding.Error, Scope: finding.Lint,
		Purpose: "A smoke game broke one of the game's invariants (tokens, money, cards conserved)."})
)

// Broken games are found by being seen: not seeing one proves nothing, so
// the floor of games decides (check.Never).
var _ = check.Register(check.Check{
	ID:    "broken-games",
	Doc:   "Checks that every smoke game, with the random and the heuristic bots, ends within the turn cap, without a crash and keeping the game's invariants.",
	Codes: []*finding.Code{CodeGameNoEnd, CodeEnginePanic, CodeInvariantBroken},
	Step:  check.Smoke, Needs: check.Games,
	Smoke: &check.SmokeRule{Judge: brokenGames, Undecided: check.Never},
})

// brokenGames reports the broken games of every count, random and
// heuristic, one finding per problem.
func brokenGames(r *check.SmokeRun) []finding.Finding {
	var broken []failure
	for _, c := range r.Counts {
		broken = append(broken, failures(c.Random, r.Info.MaxMoves, runHow(r))...)
		broken = append(broken, failures(c.Heuristic, r.Info.MaxMoves, replayHow{r.Variant, []string{"heuristic"}, r.EngineID})...)
	}
	return merged(r.Data, broken)
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
func brokeAll(runs []check.CountRun) bool {
	for _, r := range runs {
		for _, sum := range []*engine.Summary{r.Random, r.Heuristic} {
			if sum.Games == 0 || sum.Capped+sum.Panics+sum.Invariants < sum.Games {
				return false
			}
		}
	}
	return true
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
