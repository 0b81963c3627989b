package smoke

import (
	"fmt"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

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
		seed, r.Players, replayGame(d), how.flags(), r.Players, seed)
	return f
}

// replayGame is what replay's --game takes to find d from where lint ran:
// the id for a game in cards/ (replay looks there first) or one loaded
// from no folder, else its folder, quoted for a shell when it needs it.
func replayGame(d *gamedata.Data) string {
	if d.Dir == "" || filepath.Clean(d.Dir) == filepath.Join("cards", d.Manifest.ID) {
		return d.Manifest.ID
	}
	dir := finding.Visible(d.Dir)
	if strings.IndexFunc(dir, func(r rune) bool { return !shellSafe(r) }) >= 0 {
		return "'" + strings.ReplaceAll(dir, "'", `'\''`) + "'"
	}
	return dir
}

func shellSafe(r rune) bool {
	return r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_./-+:@%,=", r))
}

// runHow is how the run's own (random or --bots) games are replayed.
func runHow(r *check.SmokeRun) replayHow { return replayHow{r.Variant, r.Bots, r.EngineID} }
