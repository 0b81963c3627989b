package cmd

import (
	"encoding/json"
	"errors"
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
	Moves   bool   // logs every move
	From    string // plays the moves of this log instead of the bots'
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
string, taken as it is or with its quotes.

--moves logs every move too, chance's included (kind action, with the
action's number). Such a log, written with --format jsonl, is the whole
game: --from FILE plays its moves again, in place of the bots and the
seed, checking each against the rules as they are now, and prints the
log afresh (its header names the player count and variant). A move the
rules no longer allow stops the replay at that move, exit 1.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if opts.From != "" {
				for _, name := range []string{"players", "seed", "variant", "bots"} {
					if c.Flags().Changed(name) {
						return usagef("--from plays the game its log names: its players, seed, variant and bots; drop --%s", name)
					}
				}
			}
			return runReplay(opts)
		},
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
	f.BoolVar(&opts.Moves, "moves", false, "log every move, chance's included, with its action's number")
	f.StringVar(&opts.From, "from", "", "play the moves of a game log (replay --format jsonl --moves) instead of the bots")
	_ = c.MarkFlagRequired("game")
	return c
}

func runReplay(opts *replayOptions) error {
	if opts.Format != "text" && opts.Format != "jsonl" {
		return usagef("unknown --format %q (want text or jsonl)", opts.Format)
	}
	var rec *engine.Record
	if opts.From != "" {
		var err error
		if rec, err = readRecord(opts.From); err != nil {
			return err
		}
		h := rec.Header
		opts.Players, opts.Seed, opts.Variant = h.Players, uint64(h.Seed), h.Variant
	}
	bots, err := replayBots(opts, rec)
	if err != nil {
		return err
	}
	game, err := loadVariant(opts.IO, opts.Cards, opts.Game, opts.Variant, opts.Engine)
	if err != nil {
		return err
	}
	if rec != nil && rec.Header.Game != game.Data.Manifest.ID {
		return usagef("%s is a log of %q, not of %q", opts.From, rec.Header.Game, game.Data.Manifest.ID)
	}
	info := game.Engine.Info()
	if opts.Players == 0 {
		opts.Players = info.MinPlayers
	}
	if opts.Players < info.MinPlayers || opts.Players > info.MaxPlayers {
		return usagef("%s plays with %d-%d players, not %d", opts.Game, info.MinPlayers, info.MaxPlayers, opts.Players)
	}
	log, werr := replayLog(opts)
	if rec == nil {
		notePlaysAtRandom(opts.Err, "replay", game, bots)
	}
	log(header(game, opts, bots))
	play := engine.PlayOptions{Bots: bots, Log: log, CheckInvariants: true, LogMoves: opts.Moves}
	var res engine.Result
	var merr error
	if rec == nil {
		res = engine.PlayGame(game.Engine, opts.Players, opts.Seed, play)
	} else {
		res, merr = engine.PlayMoves(game.Engine, opts.Players, rec.Moves, play)
		res.Seed = opts.Seed
	}
	if *werr != nil {
		return *werr
	}
	if merr != nil {
		fmt.Fprintln(opts.Err, "cardpress: "+finding.Visible(moveErrorText(opts.From, rec, merr)))
		return errFindings
	}
	log(engine.Event{Move: res.Moves, Kind: "result", Player: -1, Text: resultText(res), Result: res.EndCause, Returns: res.Returns})
	if res.Failed() {
		return errFindings
	}
	return *werr
}

// replayBots are the bots of each seat: --bots', or for a log played
// again the ones its header names, which play nothing then and are not
// checked against today's bot table.
func replayBots(opts *replayOptions, rec *engine.Record) ([]string, error) {
	if rec != nil {
		return rec.Header.Bots, nil
	}
	return parseBots(opts.Bots)
}

// replayLog prints each event in opts.Format and keeps the first write
// error, after which it prints nothing.
func replayLog(opts *replayOptions) (func(engine.Event), *error) {
	enc := json.NewEncoder(opts.Out)
	werr := new(error)
	return func(e engine.Event) {
		if *werr != nil {
			return
		}
		if opts.Format == "jsonl" {
			*werr = enc.Encode(e)
			return
		}
		// Event texts name cards, from the data: made Visible.
		_, *werr = fmt.Fprintf(opts.Out, "%4d  %-12s %s\n", e.Move, finding.Visible(e.Kind), finding.Visible(e.Text))
	}, werr
}

// readRecord reads a game log written by replay --format jsonl --moves.
func readRecord(path string) (*engine.Record, error) {
	rec := &engine.Record{}
	err := gameLogInput.readLines(path, path, func(line int, data []byte) error {
		var e engine.Event
		if err := json.Unmarshal(data, &e); err != nil {
			return err
		}
		return rec.Add(e, line)
	})
	if err != nil {
		return nil, err
	}
	switch {
	case rec.Header == nil:
		return nil, inputErrorf(path, "not a game log: no header")
	case len(rec.Moves) == 0:
		return nil, inputErrorf(path, "no move events: write the log with replay --moves --format jsonl")
	}
	return rec, nil
}

// moveErrorText says where a log stopped fitting the game: at the log's
// line of the move, or at its end.
func moveErrorText(path string, rec *engine.Record, err error) string {
	var me *engine.MoveError
	if errors.As(err, &me) && me.Index < len(rec.Lines) {
		return fmt.Sprintf("%s:%d: %v", path, rec.Lines[me.Index], err)
	}
	return fmt.Sprintf("%s: %v", path, err)
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
