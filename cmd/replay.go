package cmd

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/pipeline"

	"github.com/spf13/cobra"
)

type replayOptions struct {
	IO
	Game    string
	Cards   string
	Variant string
	Engine  string // plays with this engine instead of game.yaml's
	Players int
	Seed    uint64
	Format  string
	Bots    string
}

func newReplayCmd(streams IO) *cobra.Command {
	opts := &replayOptions{IO: streams}
	c := &cobra.Command{
		Use:   "replay --game ID --players P --seed S",
		Short: "Print the full event log of one seeded game",
		Long: `Replay plays the game a lint finding names (its seed and player count) and
prints every event the game logs, one per line (for HEAT: deals, passes,
reveals, money and Heat moving, the end and the scores). The seed is the
game's own seed as lint or sim prints it; their JSON has it as a decimal
string, taken as it is or with its quotes.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return runReplay(opts) },
	}
	f := c.Flags()
	f.StringVar(&opts.Game, "game", "", "game id (the folder under --cards), or the path of a game folder")
	f.StringVar(&opts.Cards, "cards", "cards", "folder holding the games")
	f.StringVar(&opts.Variant, "variant", "", "rule variant (default: the game's default)")
	engineVar(f, &opts.Engine)
	f.IntVar(&opts.Players, "players", 0, "player count (default: the game's minimum)")
	seedVar(f, &opts.Seed, "the game's seed, as lint or sim prints it (in JSON output, a string: its quotes may stay)")
	f.StringVar(&opts.Format, "format", "text", "text or jsonl")
	f.StringVar(&opts.Bots, "bots", "random", botsHelp("bot per seat"))
	_ = c.MarkFlagRequired("game")
	return c
}

func runReplay(opts *replayOptions) error {
	if opts.Format != "text" && opts.Format != "jsonl" {
		return usagef("unknown --format %q (want text or jsonl)", opts.Format)
	}
	bots, err := parseBots(opts.Bots)
	if err != nil {
		return err
	}
	game, err := loadVariant(opts.IO, opts.Cards, opts.Game, opts.Variant, opts.Engine)
	if err != nil {
		return err
	}
	g := game.Engine
	info := g.Info()
	if opts.Players == 0 {
		opts.Players = info.MinPlayers
	}
	if opts.Players < info.MinPlayers || opts.Players > info.MaxPlayers {
		return usagef("%s plays with %d-%d players, not %d", opts.Game, info.MinPlayers, info.MaxPlayers, opts.Players)
	}
	enc := json.NewEncoder(opts.Out)
	var werr error
	log := func(e engine.Event) {
		if werr != nil {
			return
		}
		if opts.Format == "jsonl" {
			werr = enc.Encode(e)
			return
		}
		// Event texts name cards, from the data: made Visible.
		_, werr = fmt.Fprintf(opts.Out, "%4d  %-12s %s\n", e.Move, finding.Visible(e.Kind), finding.Visible(e.Text))
	}
	notePlaysAtRandom(opts.Err, "replay", game, bots)
	log(header(game, opts, bots))
	res := engine.PlayGame(g, opts.Players, opts.Seed, engine.PlayOptions{Bots: bots, Log: log, CheckInvariants: true})
	if werr != nil {
		return werr
	}
	log(engine.Event{Move: res.Moves, Kind: "result", Player: -1, Text: resultText(res), Result: res.EndCause, Returns: res.Returns})
	if res.Failed() {
		return errFindings
	}
	return werr
}

func resultText(r engine.Result) string {
	switch {
	case r.Panic != "":
		return "engine panic: " + r.Panic
	case r.Invariant != "":
		return "invariant broken " + r.Invariant
	case r.Capped:
		return fmt.Sprintf("no end after %d moves", r.Moves)
	}
	var wins []string
	for p, v := range r.Returns {
		if v > 0 {
			wins = append(wins, fmt.Sprintf("seat %d", p+1))
		}
	}
	if len(wins) == 0 {
		return fmt.Sprintf("%s after %d moves: nobody wins", r.EndCause, r.Moves)
	}
	return fmt.Sprintf("%s after %d moves: %s wins", r.EndCause, r.Moves, strings.Join(wins, " and "))
}

// header is the log's first event: the game, its variant, the player
// count, the seed, the bots and every rule parameter's value, so the log
// alone says which game it is and how to play it again.
func header(game *pipeline.LoadedGame, opts *replayOptions, bots []string) engine.Event {
	d := game.Data
	h := &engine.Header{Game: d.Manifest.ID, Engine: d.Manifest.Engine, Variant: game.Variant, Players: opts.Players,
		Seed: finding.Seed(opts.Seed), Bots: bots, Params: map[string]any{}}
	for name, p := range d.Params {
		h.Params[name] = p.Value
	}
	text := fmt.Sprintf("%s, %d players, seed %d, bots %s", d.Manifest.ID, opts.Players, opts.Seed, strings.Join(bots, ","))
	if game.Variant != "" {
		text += ", variant " + game.Variant
	}
	return engine.Event{Kind: "header", Player: -1, Text: text, Header: h}
}
