package cmd

import (
	"context"
	"fmt"
	"net"
	"runtime"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/preview"
	"github.com/cardpress/cardpress/render"

	"github.com/spf13/cobra"
)

type serveOptions struct {
	IO
	Path  string
	Port  int
	Addr  string
	Games int // simulated games per player count; 0: no table

	// ctx stops the server (tests); nil runs until the process ends.
	ctx context.Context
	// listening, when set, is told the page's URL once it answers (tests).
	listening func(url string)
	// maxPages overrides preview.MaxPages when positive (tests).
	maxPages int
}

// defaultServePort is --port's default: a fixed port, so a bookmark keeps
// working; --port 0 takes any free one.
const defaultServePort = 8350

// serveSimGames is --games' default: enough games per player count for a
// table that shows a broken balance, few enough to be there in seconds.
const serveSimGames = 200

func newServeCmd(streams IO) *cobra.Command {
	opts := &serveOptions{IO: streams}
	c := &cobra.Command{
		Use:   "serve [PATH]",
		Short: "Preview a game in the browser, updated on every save",
		Long: fmt.Sprintf(`Serve shows PATH (a game folder, a file in one or a folder of games;
default cards) on a local web page: every deck's cards front and back, the
reference sheet, the box page, the findings of validate and lint's static
checks with their file and line, and for a game with a rules engine a sim
table of --games games per player count. The page follows every save in
the folder within a second, without a reload; a file that breaks the game
shows its errors in place of the cards. The server listens on --addr, a
loopback address only (127.0.0.1 or ::1), answers only requests addressed
to it by that address or localhost, and sends no file from the disk:
everything it sends is made from the loaded game. A game whose data makes
loading or drawing crash shows the error on the page and on stderr, and
the server goes on. At most %d pages stay open; one more closes the oldest,
which says so. Ctrl-C stops it.`, preview.MaxPages),
		Args: cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			paths, err := gamePaths(args)
			if err != nil {
				return err
			}
			opts.Path = paths[0]
			return runServe(opts)
		},
	}
	f := c.Flags()
	f.IntVar(&opts.Port, "port", defaultServePort, "port to listen on (0: any free port)")
	f.StringVar(&opts.Addr, "addr", "127.0.0.1", "address to listen on: a loopback address (127.0.0.1, ::1 or localhost) only")
	f.IntVar(&opts.Games, "games", serveSimGames, "games per player count in the sim table of a game with a rules engine (0: no table)")
	return c
}

// loopback checks --addr: the preview has no authentication, so it must
// not be reachable from another machine.
func loopback(addr string) (net.IP, error) {
	if strings.EqualFold(addr, "localhost") {
		return net.IPv4(127, 0, 0, 1), nil
	}
	ip := net.ParseIP(strings.Trim(addr, "[]"))
	if ip == nil || !ip.IsLoopback() {
		return nil, usagef("--addr %q: serve listens on a loopback address only (127.0.0.1, ::1 or localhost), since anyone who reaches it can read the game", addr)
	}
	return ip, nil
}

func runServe(opts *serveOptions) error {
	ip, err := loopback(opts.Addr)
	if err != nil {
		return err
	}
	if opts.Port < 0 || opts.Port > 65535 {
		return usagef("--port %d: want 0 to 65535", opts.Port)
	}
	if opts.Games < 0 {
		return usagef("--games must not be negative")
	}
	ctx := opts.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(ip.String(), strconv.Itoa(opts.Port)))
	if err != nil {
		return fmt.Errorf("cannot listen on %s port %d: %w (another --port?)", ip, opts.Port, err)
	}
	defer ln.Close()
	pdf := render.Options{Paper: render.PaperNames()[0], Bleed: defaultBleed}
	o := preview.Options{
		Paths:    []string{opts.Path},
		Drawer:   preview.PDFDrawer{Options: pdf},
		Render:   pdf,
		Log:      opts.Out,
		Errors:   opts.Err,
		MaxPages: opts.maxPages,
	}
	o.BeforeLoad = func() { followSheets(opts.IO, o.Paths) }
	if opts.Games > 0 {
		games := opts.Games
		o.Sim = func(ctx context.Context, g *pipeline.LoadedGame) (string, error) { return previewSim(ctx, g, games) }
	}
	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintf(opts.Out, "serving %s at %s (Ctrl-C stops)\n", finding.Visible(opts.Path), url)
	srv := preview.New(o)
	if opts.listening != nil {
		opts.listening(url)
	}
	return srv.Serve(ctx, ln)
}

// previewSim is `cardpress sim --games N` on the game's default variant
// with random bots, as its table: the same runs and the same printing as
// sim, on half the cores so the page stays quick while it plays.
func previewSim(ctx context.Context, g *pipeline.LoadedGame, games int) (string, error) {
	info := g.Engine.Info()
	bots := []string{"random"}
	res := &SimResults{Format: simFormat, Game: g.Data.Manifest.ID, Seed: 1, Games: games, Bots: bots, Shard: 1, Shards: 1,
		Columns: []SimColumn{{Variant: g.Variant, Counters: info.Counters}}}
	for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		res.Columns[0].Summaries = append(res.Columns[0].Summaries, engine.Run(g.Engine, engine.RunConfig{
			Players: n, Games: games, Seed: uint64(res.Seed), Workers: max(1, runtime.NumCPU()/2), Bots: bots, CheckInvariants: true,
		}))
	}
	var b strings.Builder
	// printSim's error only says some games failed; its lines say which.
	_ = printSim(&b, res)
	return b.String(), nil
}
