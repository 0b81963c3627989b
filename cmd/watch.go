package cmd

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/importer"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/preview"
	"github.com/cardpress/cardpress/sheetgame"

	"github.com/spf13/cobra"
)

type watchOptions struct {
	IO
	Paths []string
	pipeline.RenderOptions

	// ctx stops the watch (tests); nil runs until the process ends.
	ctx context.Context
	// built, when set, is called after each build (tests).
	built func()
}

func newWatchCmd(streams IO) *cobra.Command {
	opts := &watchOptions{IO: streams}
	c := &cobra.Command{
		Use:   "watch [PATH]",
		Short: "Rebuild the PDFs on every save",
		Long: `Watch renders PATH (a game folder, a file in one or a folder of games;
default cards) like render, with the same flags, then again after every
save in its folder and subfolders, and prints the findings of validate and
lint's static checks each time. A game whose data has errors is not
rendered: its findings are printed and the PDFs of its last good build are
kept. Ctrl-C stops it.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) (err error) {
			if opts.Paths, err = gamePaths(args); err != nil {
				return err
			}
			return runWatch(opts)
		},
	}
	bindRenderFlags(c, &opts.RenderOptions)
	c.Flags().StringVar(&opts.Variant, "variant", "", "rule variant to print (default: each game's default); another adds -VARIANT to the file names")
	return c
}

func runWatch(opts *watchOptions) error {
	if err := checkRenderOptions(opts.Env, &opts.RenderOptions); err != nil {
		return err
	}
	ctx := opts.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	out, err := filepath.Abs(opts.OutDir)
	if err != nil {
		return err
	}
	// The PDFs are written under OUT/<game>/: changes there, and the
	// making of those folders (OUT itself may be inside the game folder),
	// are the watch's own, not saves. They are found anew at each build,
	// as a folder of games may gain a game.
	var mu sync.Mutex
	var own []string
	skip := func(path string) bool {
		mu.Lock()
		defer mu.Unlock()
		sep := string(filepath.Separator)
		for _, dir := range own {
			if path == dir || strings.HasPrefix(path, dir+sep) || strings.HasPrefix(dir, path+sep) {
				return true
			}
		}
		return false
	}
	setOwn := func(dirs []string) {
		mu.Lock()
		own = dirs
		mu.Unlock()
	}
	var building sync.Mutex // one build at a time
	build := func() error {
		building.Lock()
		defer building.Unlock()
		return watchBuild(opts, out, setOwn)
	}
	ctx, cancel := context.WithCancel(ctx)
	// Watched before the first build, so no save falls between the two.
	wait, err := preview.Watch(ctx, preview.WatchOptions{Roots: opts.Paths, Skip: skip}, func() {
		if err := build(); err != nil {
			fmt.Fprintln(opts.Err, "cardpress: "+finding.Visible(err.Error()))
		}
		if opts.built != nil {
			opts.built()
		}
	})
	if err != nil {
		cancel()
		return fmt.Errorf("watching %s: %w", strings.Join(opts.Paths, ", "), err)
	}
	defer func() { cancel(); wait() }()
	if err := build(); err != nil {
		return err
	}
	if opts.built != nil {
		opts.built()
	}
	fmt.Fprintf(opts.Out, "watching %s for changes (Ctrl-C stops)\n", finding.Visible(strings.Join(opts.Paths, " ")))
	<-ctx.Done()
	return nil
}

// watchBuild loads the games, prints their findings and renders each game
// that loads. Before it writes, it hands setOwn the games' output folders
// (absolute), whose changes are then not taken for saves. The error is a
// game folder inside its own output folder: the watch would ignore every
// save, and the PDFs would be written among the sources.
func watchBuild(opts *watchOptions, out string, setOwn func([]string)) error {
	start := time.Now()
	followSheets(opts.IO, opts.Paths)
	games, fs := pipeline.Load(opts.Paths)
	if err := distinctIDs(games, out); err != nil {
		return err
	}
	for _, g := range games {
		if g.Valid {
			fs = append(fs, check.ApplyIgnores(g.Data, pipeline.Static(g), g.Engine == nil)...)
		}
	}
	fs = finding.Sort(fs)
	var dirs []string
	for _, g := range games {
		dir := filepath.Join(out, g.Data.Manifest.ID)
		gameDir, err := filepath.Abs(g.Data.Dir)
		if err == nil && (gameDir == dir || strings.HasPrefix(gameDir, dir+string(filepath.Separator))) {
			return usagef("--out %s: the PDFs of %s would go into its game folder %s; choose an output folder outside it", opts.OutDir, g.Data.Manifest.ID, g.Data.Dir)
		}
		dirs = append(dirs, dir)
	}
	setOwn(dirs)
	errs, warns := finding.Count(fs)
	fmt.Fprintf(opts.Out, "%s build: %s\n", start.Format("15:04:05"), countsSummary(errs, warns))
	opts.printFindings(opts.Out, "text", fs, nil)
	for _, g := range games {
		id := finding.Visible(g.Data.Manifest.ID)
		if !g.Valid {
			fmt.Fprintf(opts.Out, "%s: not rendered: fix the errors above and save; the PDFs from before are kept\n", id)
			continue
		}
		paths, err := pipeline.Render(g, opts.RenderOptions)
		if err != nil {
			fmt.Fprintln(opts.Out, "cardpress: "+finding.Visible(err.Error()))
			continue
		}
		for _, p := range paths {
			fmt.Fprintf(opts.Out, "wrote %s\n", finding.Visible(p))
		}
	}
	return nil
}

// followSheets imports again the spreadsheet each game keeps its cards in
// (game.yaml's sheet) when it was saved after the card files, as
// `cardpress import SHEET` would: written when clean, its problems told
// at their sheet, row and column otherwise (the cards stay as they were).
func followSheets(streams IO, paths []string) {
	for _, s := range sheetgame.StaleSheets(paths) {
		fmt.Fprintf(streams.Out, "%s saved: importing it into %s\n", finding.Visible(s.Sheet), finding.Visible(s.Game))
		opts := importOptions(streams)
		opts.File, opts.Game = s.Sheet, s.Game
		err := importer.Run(opts)
		if err != nil && !errors.Is(err, importer.ErrFindings) {
			fmt.Fprintln(streams.Out, "cardpress: "+finding.Visible(err.Error()))
		}
	}
}
