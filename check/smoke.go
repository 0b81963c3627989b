package check

import (
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// SmokeRule is a smoke check's handler and, beside it, its stopping rule
// (docs/lint.md, "How many smoke games").
type SmokeRule struct {
	// Judge reports what the games of every player count showed.
	Judge func(r *SmokeRun) []finding.Finding
	// Undecided is the stopping rule: whether one player count's games so
	// far could still give another answer than the cap's games would. The
	// count plays on, a batch at a time, while any check is undecided.
	Undecided func(o *Open, sum *engine.Summary) bool
	// Counted says the check reads what the games counted (cards drawn,
	// wins, counters): when every game broke, that says nothing about the
	// rules, and the check is skipped.
	Counted bool
}

// Never is the stopping rule of a check the floor of games decides: one
// that fails on something seen (a crash) can never be settled by not
// seeing it, or one whose games are a fixed number.
func Never(*Open, *engine.Summary) bool { return false }

// SmokeRun is what the smoke games of one lint run showed.
type SmokeRun struct {
	Data   *gamedata.Data
	Engine engine.Game
	Info   engine.Info
	Counts []CountRun // the player counts played, in order
	// Seed, Bots, Variant and EngineID are the run's, for the replay
	// commands findings carry: a game played by other bots, in another
	// variant or by another engine is another game.
	Seed     uint64
	Bots     []string
	Variant  string
	EngineID string
	// SeatFactor is how many times a fair share a seat's win rate may
	// reach before a warning.
	SeatFactor float64
}

// CountRun is one player count's games: those of the random (or --bots)
// bots, and the heuristic bots' fixed number.
type CountRun struct {
	Players   int
	Random    *engine.Summary
	Heuristic *engine.Summary
}

// Total is the random-bot games played at every count.
func (r *SmokeRun) Total() int {
	n := 0
	for _, c := range r.Counts {
		n += c.Random.Games
	}
	return n
}

// Players lists the player counts played.
func (r *SmokeRun) Players() []int {
	var out []int
	for _, c := range r.Counts {
		out = append(out, c.Players)
	}
	return out
}

// Open is one player count's run as the stopping rules see it between
// batches.
type Open struct {
	Data       *gamedata.Data
	Info       engine.Info
	Players    int
	SeatFactor float64
	Most       int // the cap: the fixed count whose findings the run must give
}

// Ignored says whether game.yaml's lint.ignore silences code (for card,
// "" for the whole game). A card or rule check nobody will see does not
// keep the games going: while undecided its finding stands (never drawn,
// never happened), so the ignore is still seen to be used. An ignored
// alarm or seat check still does: stopping while it could go either way
// might call its ignore stale (LINT_IGNORE_UNUSED) when the cap would not.
func (o *Open) Ignored(code *finding.Code, card string) bool {
	for _, ig := range o.Data.Manifest.Lint.Ignore {
		if ig.Code == code.ID && (ig.Card == "" || ig.Card == card) {
			return true
		}
	}
	return false
}
