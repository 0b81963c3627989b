package cmd

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/printshop"
	"github.com/cardpress/cardpress/render"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Shell completion of flag values and arguments. Cobra's completion
// command already knows commands and flag names; this adds their values.
// The tables are kept here, in one place, rather than beside each flag, so
// that a flag meaning the same thing everywhere (--game, --variant,
// --paper, --bots) is completed the same way everywhere, including by
// commands added later; cmd/completion_test.go checks that every entry
// names a real command and flag, and that every value offered is one the
// command accepts.

// completer is a cobra completion function.
type completer = cobra.CompletionFunc

// flagCompleters complete a flag of that name on any command, unless
// commandFlagCompleters has an entry for the command's own flag.
var flagCompleters = map[string]completer{
	"game":     completeGameIDs,
	"cards":    completeDirs,
	"variant":  completeVariants,
	"vs":       completeVariants,
	"deck":     completeDecks,
	"paper":    completeWords(render.PaperNames()...),
	"bots":     completeBots,
	"baseline": completeFileExt("json"),
	"out":      completeDirs,
}

// commandFlagCompleters are keyed by the command's path below the root and
// the flag: "sim --out".
var commandFlagCompleters = map[string]completer{
	"validate --format": completeWords(finding.Formats...),
	"lint --format":     completeWords(finding.Formats...),
	"rules --format":    completeWords("text", "json"),
	"replay --format":   completeWords("text", "jsonl"),
	"sim --out":         completeFileExt("json"),
	"merge --out":       completeFileExt("json"),
	"tune --out":        completeFileExt("json"),
	"tune --plan":       completeFileExt("yaml", "yml"),
	"tune --format":     completeWords("text", "json"),
	"new --from":        completeDirs,
	"import --game":     completeDirs, // a folder here, not an id
	"import --into":     completeFileExt("yaml", "yml"),
	"serve --addr":      completeWords(loopbackAddrs...),
	"render --profile":  completeWords(printshop.Names()...),
	"render --for":      completeWords(renderFor...),
}

// loopbackAddrs are the --addr values serve accepts.
var loopbackAddrs = []string{"127.0.0.1", "::1", "localhost"}

// argCompleters complete a command's arguments, keyed by its path. A
// command not listed completes file and folder names (PATH arguments), or
// nothing when it takes no arguments.
var argCompleters = map[string]completer{
	"schema": completeDirs,
	"new":    completeDirs,
	"merge":  completeFileExt("json"),
	"tune":   completeDirs,
	"import": completeFileExt("csv", "xlsx"),
}

// registerCompletions walks the command tree and attaches the tables'
// completers. A completer a command registered itself is kept.
func registerCompletions(root *cobra.Command) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		path := commandKey(c)
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if _, done := c.GetFlagCompletionFunc(f.Name); done {
				return
			}
			fn, ok := commandFlagCompleters[path+" --"+f.Name]
			if !ok {
				fn, ok = flagCompleters[f.Name]
			}
			if ok {
				_ = c.RegisterFlagCompletionFunc(f.Name, fn)
			}
		})
		if c.ValidArgsFunction == nil && len(c.ValidArgs) == 0 {
			if fn, ok := argCompleters[path]; ok {
				c.ValidArgsFunction = fn
			} else if takesNoArgs(c) {
				c.ValidArgsFunction = cobra.NoFileCompletions
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// commandKey is c's path without the root's name: "export png".
func commandKey(c *cobra.Command) string {
	path := c.CommandPath()
	if c.HasParent() {
		path = strings.TrimPrefix(path, c.Root().Name()+" ")
	} else {
		path = ""
	}
	return path
}

// takesNoArgs tells cobra.NoArgs from the commands' own argument checks by
// trying it: a command that refuses one argument takes none.
func takesNoArgs(c *cobra.Command) bool {
	return c.Args != nil && c.Args(c, []string{"x"}) != nil && c.Args(c, nil) == nil && !c.HasSubCommands()
}

// completeWords offers fixed values.
func completeWords(words ...string) completer {
	return func(_ *cobra.Command, _ []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return withPrefix(words, prefix), cobra.ShellCompDirectiveNoFileComp
	}
}

func withPrefix(words []string, prefix string) []string {
	var out []string
	for _, w := range words {
		if strings.HasPrefix(w, prefix) {
			out = append(out, w)
		}
	}
	return out
}

// completeDirs lets the shell offer folder names.
func completeDirs(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveFilterDirs
}

// completeFileExt lets the shell offer folders and files with one of the
// extensions.
func completeFileExt(exts ...string) completer {
	return func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return exts, cobra.ShellCompDirectiveFilterFileExt
	}
}

// completeBots completes --bots, a comma-separated list: the kinds for the
// item being typed, after the ones already written, with no space after
// it so another can follow.
func completeBots(_ *cobra.Command, _ []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
	done, last := "", prefix
	if i := strings.LastIndexByte(prefix, ','); i >= 0 {
		done, last = prefix[:i+1], prefix[i+1:]
	}
	var out []string
	for _, kind := range withPrefix(engine.BotKinds, last) {
		out = append(out, done+kind)
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// cardsFolder is the folder --game ids are looked up in: the command's
// --cards, else cards.
func cardsFolder(c *cobra.Command) string {
	if f := c.Flags().Lookup("cards"); f != nil && f.Value.String() != "" {
		return f.Value.String()
	}
	return "cards"
}

// completeGameIDs offers the game ids under the cards folder: its
// subfolders holding a game.yaml, as replay and sim look them up.
func completeGameIDs(c *cobra.Command, _ []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return withPrefix(gameIDs(cardsFolder(c)), prefix), cobra.ShellCompDirectiveNoFileComp
}

// completeDecks offers the deck ids of the games the command's PATH
// arguments name (default cards), each with its name; for import, whose
// --game is the game folder, that game's.
func completeDecks(c *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
	paths := defaultPaths(args)
	if c.Name() == "import" {
		paths = nil
		if f := c.Flags().Lookup("game"); f != nil && f.Value.String() != "" {
			paths = []string{f.Value.String()}
		}
	}
	var out []cobra.Completion
	seen := map[string]bool{}
	for _, p := range paths {
		games, _ := gamedata.LoadPath(p, pipeline.EngineSchemas)
		for _, g := range games {
			for _, d := range g.Manifest.Decks {
				if !seen[d.ID] && strings.HasPrefix(d.ID, prefix) {
					seen[d.ID] = true
					out = append(out, cobra.CompletionWithDesc(d.ID, d.Name))
				}
			}
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeVariants offers the variants of the game the command is about:
// --game's (under --cards) when it has that flag, else those of the games
// its PATH arguments name (default cards). With several games only the
// variants they all have are offered, since --variant applies to each and
// one a game lacks is a usage error. Each comes with its name from
// game.yaml, which zsh and fish show beside it.
func completeVariants(c *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var paths []string
	if f := c.Flags().Lookup("game"); f != nil {
		if f.Value.String() == "" {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		paths = []string{filepath.Join(cardsFolder(c), f.Value.String())}
	} else {
		paths = defaultPaths(args)
	}
	var common []string
	names := map[string]string{}
	first := true
	for _, p := range paths {
		games, _ := gamedata.LoadPath(p, pipeline.EngineSchemas)
		for _, g := range games {
			var ids []string
			for _, v := range g.Manifest.Variants.List {
				ids = append(ids, v.ID)
				if names[v.ID] == "" {
					names[v.ID] = v.Name
				}
			}
			if first {
				// Variants() puts the default first.
				common, first = slices.DeleteFunc(g.Variants(), func(v string) bool { return v == "" }), false
			}
			common = slices.DeleteFunc(common, func(v string) bool { return !slices.Contains(ids, v) })
		}
	}
	var out []cobra.Completion
	for _, id := range withPrefix(common, prefix) {
		out = append(out, cobra.CompletionWithDesc(id, names[id]))
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
}
