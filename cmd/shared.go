package cmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/internal/flagval"
	"github.com/cardpress/cardpress/internal/sat"
	"github.com/cardpress/cardpress/internal/words"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/render"
	"github.com/cardpress/cardpress/tune"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The helpers several commands share: the paths they read, usage errors,
// output folders and render flags, bots and variants, summaries, and sim
// results. A helper one command uses stays in that command's file.

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// defaultPaths is every game under cards/ when no path is given.
func defaultPaths(args []string) []string {
	if len(args) == 0 {
		return []string{"cards"}
	}
	return args
}

// gamePaths is defaultPaths after checkPaths: the PATH arguments of the
// commands that read games.
func gamePaths(args []string) ([]string, error) {
	paths := defaultPaths(args)
	if err := checkPaths(paths); err != nil {
		if len(args) == 0 {
			return nil, usagef("%v (no PATH given, so the games under cards/ were looked for)", err)
		}
		return nil, err
	}
	return paths, nil
}

// checkPaths is the exit-code rule for paths named on the command line
// (docs/commands.md, "Exit codes"): one that does not exist or cannot be
// read is a usage error, exit 2, since nothing was checked. What is wrong
// inside a game that was read (a missing card file, a folder without
// game.yaml, a game folder inside a named folder that cannot be read) is a
// finding, exit 1. A folder is tried by listing it and a file by opening
// it, so a permission problem shows here. A symbolic link to a file is not
// opened here: whether it may be followed is the game loader's decision
// (a link out of the game folder is FILE_OUTSIDE and never opened, even
// when it is the file named), and a FIFO or device is refused unopened,
// since opening one can block.
func checkPaths(paths []string) error {
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return usagef("%s: no such file or folder", p)
			}
			return usagef("%s: cannot read: %s", p, fileio.Describe(err))
		}
		if !info.IsDir() {
			if l, err := os.Lstat(p); err == nil && l.Mode()&fs.ModeSymlink != 0 {
				continue
			}
		}
		switch {
		case info.IsDir():
			err = readableDir(p)
		case info.Mode().IsRegular():
			var f *os.File
			if f, err = os.Open(p); err == nil {
				f.Close()
			}
		default:
			return usagef("%s: not a file or folder", p)
		}
		if err != nil {
			return usagef("%s: cannot read: %s", p, fileio.Describe(err))
		}
	}
	return nil
}

func bindRenderFlags(c *cobra.Command, o *pipeline.RenderOptions) {
	f := c.Flags()
	f.StringVar(&o.Paper, "paper", render.PaperNames()[0], "paper size: "+strings.Join(render.PaperNames(), " or "))
	// 3 mm by default: a mis-cut then shows the card's own colour, not its
	// neighbour's, and A4 still takes 9 poker cards a page.
	o.Bleed = defaultBleed
	f.Var(&flagval.MM{Value: &o.Bleed, Max: render.MaxBleed}, "bleed", fmt.Sprintf("bleed around each card, in mm (0 to %g)", render.MaxBleed))
	f.StringVar(&o.OutDir, "out", "out", "output folder")
	f.Var(&gutterFlag{&o.Gutter}, "gutter", fmt.Sprintf("space between neighbouring cards, in mm (0 to %g); auto: twice the bleed if as many cards fit a page, else the bleed", render.MaxGutter))
	f.Var(&offsetFlag{&o.BackOffset}, "back-offset", fmt.Sprintf("the duplex offset read on page 1's check, X,Y in mm (each -%g to %g): back pages move the other way", render.MaxBackOffset, render.MaxBackOffset))
}

// checkOutDir refuses an empty --out, which would write into the current
// folder.
func checkOutDir(dir string) error {
	if dir == "" {
		return usagef(`--out is empty; name the output folder ("." for the current one)`)
	}
	return nil
}

// checkRenderOptions validates flags and reads SOURCE_DATE_EPOCH.
func checkRenderOptions(env Env, o *pipeline.RenderOptions) error {
	if !render.IsPaper(o.Paper) {
		return usagef("unknown --paper %q (want %s)", o.Paper, strings.Join(render.PaperNames(), " or "))
	}
	if !flagval.InRange(o.Bleed, render.MaxBleed) {
		return usagef("--bleed %g: want a number of mm from 0 to %g", o.Bleed, render.MaxBleed)
	}
	if o.Gutter != nil && !flagval.InRange(*o.Gutter, render.MaxGutter) {
		return usagef("--gutter %g: want a number of mm from 0 to %g", *o.Gutter, render.MaxGutter)
	}
	if x, y := o.BackOffset[0], o.BackOffset[1]; !(math.Abs(x) <= render.MaxBackOffset && math.Abs(y) <= render.MaxBackOffset) {
		return usagef("--back-offset %g,%g: want two numbers of mm from -%g to %g", x, y, render.MaxBackOffset, render.MaxBackOffset)
	}
	if err := checkOutDir(o.OutDir); err != nil {
		return err
	}
	if v := env.SourceDateEpoch; v != "" {
		epoch, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return usagef("SOURCE_DATE_EPOCH=%q is not a number of seconds", v)
		}
		o.Epoch = epoch
	}
	return nil
}

// parseBots reads --bots: bot specs, comma-separated, one per seat.
func parseBots(s string) ([]string, error) {
	bots := strings.Split(s, ",")
	for _, b := range bots {
		if _, err := engine.ParseBot(b, 0); err != nil {
			return nil, usagef("--bots: %v", err)
		}
	}
	return bots, nil
}

// botsHelp is --bots' help: what the flag is for, then the bot specs'
// grammar and knobs from the engine's table of bots.
func botsHelp(what string) string {
	return what + ", comma-separated, cycled: " + engine.BotUsage() + " (" + strings.Join(engine.BotKnobDocs(), "; ") + ")"
}

// engineVar adds --engine: a game played by another registered engine
// than game.yaml's, the generic one above all, which plays files.rules.
func engineVar(f *pflag.FlagSet, p *string) {
	f.StringVar(p, "engine", "", "play with this registered engine instead of game.yaml's, e.g. rules to play files.rules")
}

// checkEngine checks --engine before any game is loaded: an engine that is
// not registered is a usage error.
func checkEngine(id string) error {
	if id == "" {
		return nil
	}
	if err := pipeline.CheckEngine(id); err != nil {
		return usagef("--engine: %v", err)
	}
	return nil
}

// gameDir is the folder of game id: the cards folder's game of that id,
// else id itself when it is the path of a game folder (one holding a
// game.yaml: a designer's own, anywhere). Neither is a usage error in one
// line, with the ids the cards folder has.
func gameDir(cards, id string) (string, error) {
	isGame := func(dir string) bool {
		info, err := os.Stat(filepath.Join(dir, gamedata.ManifestName))
		return err == nil && info.Mode().IsRegular()
	}
	if dir := filepath.Join(cards, id); isGame(dir) {
		return dir, nil
	}
	if isGame(id) {
		return id, nil
	}
	if err := checkPaths([]string{cards}); err != nil {
		return "", usagef("no game %q: --cards %v", id, err)
	}
	if ids := gameIDs(cards); len(ids) > 0 {
		return "", usagef("no game %q in %s (its games are %s)", id, cards, strings.Join(ids, ", "))
	}
	return "", usagef("no game %q in %s: it holds no game folders", id, cards)
}

// loadVariant loads the game id from the cards folder and builds one of its
// variants ("" for the default), with engineID instead of game.yaml's
// engine when it is set (--engine). A game that does not load prints its
// findings on Err; a variant it does not have is a usage error.
func loadVariant(streams IO, cards, id, variant, engineID string) (*pipeline.LoadedGame, error) {
	if err := checkEngine(engineID); err != nil {
		return nil, err
	}
	dir, err := gameDir(cards, id)
	if err != nil {
		return nil, err
	}
	games, fs := pipeline.Load([]string{dir})
	if len(games) != 1 {
		streams.printFindings(streams.Err, "text", fs, nil)
		return nil, fmt.Errorf("no game %q in %s", finding.Visible(id), finding.Visible(cards))
	}
	if errs, _ := finding.Count(fs); errs == 0 && !games[0].Data.Manifest.HasEngine() && engineID == "" {
		return nil, pipeline.ErrNoEngine(games[0])
	}
	if errs, _ := finding.Count(fs); errs > 0 || games[0].Engine == nil && engineID == "" {
		// The game is there but its data has errors: that is exit 1, like
		// validate's, with the findings that say what to fix.
		streams.printFindings(streams.Err, "text", fs, nil)
		fmt.Fprintf(streams.Err, "cardpress: game %q does not load; fix the errors above (cardpress validate %s)\n", finding.Visible(id), finding.Visible(dir))
		return nil, errFindings
	}
	game := games[0]
	if engineID != "" {
		var err error
		if game, fs, err = game.WithEngine(engineID); err != nil {
			return nil, err
		}
		if errs, _ := finding.Count(fs); errs > 0 || game.Engine == nil {
			streams.printFindings(streams.Err, "text", fs, nil)
			fmt.Fprintf(streams.Err, "cardpress: game %q does not build with engine %s; fix the errors above (cardpress lint --engine %s %s)\n", finding.Visible(id), finding.Visible(engineID), finding.Visible(engineID), finding.Visible(filepath.Join(cards, id)))
			return nil, errFindings
		}
	}
	g, fs, err := game.BuildVariant(variant)
	if err != nil {
		return nil, usageError{err}
	}
	if errs, _ := finding.Count(fs); errs > 0 || g.Engine == nil {
		streams.printFindings(streams.Err, "text", fs, nil)
		fmt.Fprintf(streams.Err, "cardpress: variant %s of game %q does not build; fix the errors above (cardpress validate %s)\n", finding.Visible(variant), id, finding.Visible(filepath.Join(cards, id)))
		return nil, errFindings
	}
	return g, nil
}

func checkFormat(f string) error {
	for _, ok := range finding.Formats {
		if f == ok {
			return nil
		}
	}
	return usagef("unknown --format %q (want %s)", f, strings.Join(finding.Formats, ", "))
}

func gamesSummary(games []*pipeline.LoadedGame) string {
	cards := 0
	for _, g := range games {
		for _, c := range g.Data.Cards {
			cards = sat.Add(cards, kit.Copies(c)) // a count may have failed its schema
		}
	}
	return fmt.Sprintf("%s, %d cards", plural(len(games), "game"), cards)
}

func countsSummary(errs, warns int) string {
	if errs+warns == 0 {
		return "no problems"
	}
	return fmt.Sprintf("%s, %s", plural(errs, "error"), plural(warns, "warning"))
}

func plural(n int, word string) string { return words.Count(n, word) }

// strictly turns every warning into an error when strict is set (--strict).
func strictly(fs []finding.Finding, strict bool) []finding.Finding {
	if strict {
		for i := range fs {
			fs[i].Severity = finding.Error
		}
	}
	return fs
}

// printSim prints the header and a table per player count; it returns
// errFindings when a game did not end, crashed or broke an invariant.
// Names (game, bots, variants, counters, end causes) may come from a merged
// file, so they are printed through finding.Visible.
func printSim(out io.Writer, res *SimResults) error {
	share := ""
	if res.Shards > 1 {
		share = fmt.Sprintf(" (shard %d/%d)", res.Shard, res.Shards)
	}
	fmt.Fprintf(out, "%s: %d games per player count and variant%s, seed %d, bots %s\n",
		finding.Visible(res.Game), res.Games, share, res.Seed, finding.Visible(strings.Join(res.Bots, ",")))
	failed := false
	for k := range res.Columns[0].Summaries {
		sums := make([]*engine.Summary, len(res.Columns))
		for i, c := range res.Columns {
			sums[i] = c.Summaries[k]
		}
		fmt.Fprintln(out)
		if err := simTable(out, sums[0].Players, res.Columns, sums); err != nil {
			return err
		}
		for i, sum := range sums {
			failed = simFailures(out, res, res.Columns[i], sum) || failed
		}
	}
	if failed {
		return errFindings
	}
	return nil
}

// parseShard reads "K/N" (1 ≤ K ≤ N) into a 0-based shard and a count;
// "" is the whole run.
func parseShard(s string) (shard, shards int, err error) {
	if s == "" {
		return 0, 1, nil
	}
	k, n, ok := strings.Cut(s, "/")
	ki, err1 := strconv.Atoi(k)
	ni, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || ni < 1 || ki < 1 || ki > ni {
		return 0, 0, usagef("--shard %q: want K/N with 1 ≤ K ≤ N (e.g. 3/8)", s)
	}
	return ki - 1, ni, nil
}

// writeInto writes one file, name (slash-separated), into the output
// folder dir, atomically and through no link below dir (fileio.OutRoot);
// it returns the file's path.
func writeInto(dir, name string, data []byte) (string, error) {
	out, err := fileio.OpenOut(dir)
	if err != nil {
		return "", err
	}
	defer out.Close()
	return out.Join(name), out.WriteFile(name, data)
}

// writeResults writes a run's results (sim's, tune's) as indented JSON,
// atomically: a failed write (a full disk) leaves the file that was there,
// not a truncated one. The folder of the file named may be reached through
// links, as the user named it; the file itself must not be a link.
func writeResults(path string, res any) error {
	b, err := json.MarshalIndent(res, "", " ")
	if err != nil {
		return err
	}
	if _, err := writeInto(filepath.Dir(path), filepath.Base(path), append(b, '\n')); err != nil {
		return inputErrorf("--out "+path, "cannot write: %s", fileio.Describe(err))
	}
	return nil
}

// limitCores holds the process to workers cores (0: every core) until the
// returned func runs: report and tune play several runs side by side
// (games, ladder cells, candidates), each with up to workers goroutines,
// so --workers 1 alone would still spread over every core. Which games
// are played does not depend on it: every game is seeded.
func limitCores(workers int) (restore func()) {
	if workers <= 0 || workers >= runtime.GOMAXPROCS(0) {
		return func() {}
	}
	prev := runtime.GOMAXPROCS(workers)
	return func() { runtime.GOMAXPROCS(prev) }
}

// distinctIDs refuses games of one id in one run of a command that writes
// OUT/<id>/: their outputs would overwrite each other, and only the last
// would be kept, without a word.
func distinctIDs(games []*pipeline.LoadedGame, out string) error {
	first := map[string]string{}
	for _, g := range games {
		id := g.Data.Manifest.ID
		if id == "" {
			continue // a broken manifest, reported by itself
		}
		if dir, dup := first[id]; dup && !sameFolder(dir, g.Data.Dir) {
			return usagef("two games have the id %s (%s and %s), so both would write %s: give one another id in its %s, or run them apart",
				finding.Visible(id), finding.Visible(dir), finding.Visible(g.Data.Dir), finding.Visible(filepath.Join(out, id)), gamedata.ManifestName)
		}
		first[id] = g.Data.Dir
	}
	return nil
}

// sameFolder says a and b are one folder (a game named twice, as cards
// and cards/heat do): its outputs are the same, written twice.
func sameFolder(a, b string) bool {
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(ia, ib)
}

// checkResultsOut refuses, before anything is played, a results file
// (--out of sim and tune) that would lose the run at its end (a folder,
// or a name ending in /) or overwrite with JSON a file the game is made
// of (game.yaml, its cards, layout, rules, tests, tune plan) or the
// plan given on the command line. example names the file in the message.
func checkResultsOut(out, example string, d *gamedata.Data, plan string) error {
	if out == "" {
		return nil
	}
	info, err := os.Stat(out)
	if (err == nil && info.IsDir()) || os.IsPathSeparator(out[len(out)-1]) {
		return usagef("--out %s is a folder; name the results file (e.g. %s)", finding.Visible(out), finding.Visible(filepath.Join(out, example)))
	}
	if err != nil {
		return nil // a new file, or one the write will say it cannot make
	}
	f := d.Manifest.Files
	sources := slices.Concat([]string{gamedata.ManifestName, tune.FileName, f.Layout, f.Reference, f.Rules}, f.Cards, f.Tests)
	for _, name := range sources {
		path := filepath.Join(d.Dir, filepath.FromSlash(name))
		if src, err := os.Stat(path); err == nil && name != "" && os.SameFile(info, src) {
			return usagef("--out %s is a file of the game (%s); name another file", finding.Visible(out), finding.Visible(path))
		}
	}
	if src, err := os.Stat(plan); err == nil && plan != "" && os.SameFile(info, src) {
		return usagef("--out %s is the plan; name another file", finding.Visible(out))
	}
	return nil
}

// shardFiles holds the files of a sharded run read so far, by shard number
// (1-based), for merge and report --merge.
type shardFiles map[int]string

// add records path as shard k of n, or says which file was that shard.
func (s shardFiles) add(path string, k, n int) error {
	if prev, dup := s[k]; dup {
		return inputErrorf(path, "shard %d/%d, the same as %s", k, n, prev)
	}
	s[k] = path
	return nil
}

// missing is the first of shards 1..n no file was, or 0 if none is.
func (s shardFiles) missing(n int) int {
	for k := 1; k <= n; k++ {
		if _, ok := s[k]; !ok {
			return k
		}
	}
	return 0
}

// shardGames is how many of a run's games shard k of n (1-based) plays:
// game i belongs to the shard with i mod n = k-1.
func shardGames(games, k, n int) int {
	if k > games {
		return 0
	}
	return (games-k)/n + 1
}

// writeGameSchemas writes the schema/ folder of the game in dir (or of each
// game in a folder of games): the files its modelines point at when the
// game brings its own schemas. A game must load far enough to know its
// decks; its other problems are for validate to report. The game folder
// is the output folder: no link inside it is written through. into, when
// not nil, is dir already open for writing (cardpress new's target).
func writeGameSchemas(w io.Writer, dir string, into *fileio.OutRoot) error {
	games, fs := gamedata.LoadPath(dir, pipeline.EngineSchemas)
	if len(games) == 0 {
		finding.Print(w, "text", fs)
		return errFindings
	}
	for _, g := range games {
		files, err := gamedata.EditorSchemas(g, pipeline.EngineSchemas)
		if err != nil {
			return fmt.Errorf("%s: %w", finding.Visible(g.Dir), err)
		}
		out := into
		if out == nil {
			if out, err = fileio.OpenOut(g.Dir); err != nil {
				return err
			}
			defer out.Close()
		}
		for _, name := range slices.Sorted(maps.Keys(files)) {
			dst := gamedata.SchemaDir + "/" + name
			if err := out.WriteFile(dst, files[name]); err != nil {
				return err
			}
			fmt.Fprintf(w, "wrote %s\n", finding.Visible(out.Join(dst)))
		}
	}
	return nil
}

func gameIDs(cards string) []string {
	entries, err := os.ReadDir(cards)
	if err != nil {
		return nil
	}
	var ids []string
	for _, e := range entries {
		info, err := os.Stat(filepath.Join(cards, e.Name(), gamedata.ManifestName))
		if err == nil && info.Mode().IsRegular() {
			ids = append(ids, e.Name())
		}
	}
	sort.Strings(ids)
	return ids
}

// writeJSON prints v as indented JSON, the form of every command's
// --format json.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// seedFlag is a --seed: a seed as any output prints it, in text or JSON
// (finding.ParseSeed: decimal, quotes of pasted JSON allowed).
type seedFlag struct{ seed *uint64 }

func (f seedFlag) Set(s string) error {
	v, err := finding.ParseSeed(s)
	if err != nil {
		return fmt.Errorf("want a whole number from 0 to 18446744073709551615, as lint and sim print seeds")
	}
	*f.seed = uint64(v)
	return nil
}

func (f seedFlag) String() string {
	if f.seed == nil {
		return "0"
	}
	return strconv.FormatUint(*f.seed, 10)
}

func (f seedFlag) Type() string { return "S" }

// seedVar defines --seed on fs, defaulting to 1.
func seedVar(fs *pflag.FlagSet, seed *uint64, usage string) {
	*seed = 1
	fs.Var(seedFlag{seed}, "seed", usage)
}
