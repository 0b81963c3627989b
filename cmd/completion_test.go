package cmd

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/render"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// complete asks cardpress what the shell would: cobra's hidden __complete
// command prints one candidate a line (a tab before its description), then
// ":N", the directive bits.
func complete(t *testing.T, dir string, args ...string) ([]string, cobra.ShellCompDirective) {
	t.Helper()
	code, out, errOut := run(t, dir, append([]string{cobra.ShellCompRequestCmd}, args...)...)
	if code != 0 {
		t.Fatalf("__complete %q: exit %d\n%s%s", args, code, out, errOut)
	}
	ls := lines(out)
	last := ls[len(ls)-1]
	n, err := strconv.Atoi(strings.TrimPrefix(last, ":"))
	if !strings.HasPrefix(last, ":") || err != nil {
		t.Fatalf("__complete %q: no directive line in %q", args, out)
	}
	var values []string
	for _, l := range ls[:len(ls)-1] {
		v, _, _ := strings.Cut(l, "\t")
		values = append(values, v)
	}
	return values, cobra.ShellCompDirective(n)
}

// variantsOf are the variant ids of the shipped game, default first.
func variantsOf(t *testing.T, id string) []string {
	g, _ := gamedata.Load(filepath.Join(repoRoot, "cards", id), pipeline.EngineSchemas)
	if g == nil {
		t.Fatalf("cards/%s does not load", id)
	}
	return slices.DeleteFunc(g.Variants(), func(v string) bool { return v == "" })
}

func TestCompleteFlagValues(t *testing.T) {
	mastermindsVariants := variantsOf(t, "masterminds")
	if len(mastermindsVariants) < 2 {
		t.Fatalf("masterminds has variants %v; the test needs two", mastermindsVariants)
	}
	// The games under cards/, as replay and sim name them.
	entries, err := os.ReadDir(filepath.Join(repoRoot, "cards"))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join(repoRoot, "cards", e.Name(), "game.yaml")); err == nil {
			ids = append(ids, e.Name())
		}
	}
	var hIDs []string
	for _, id := range ids {
		if strings.HasPrefix(id, "h") {
			hIDs = append(hIDs, id)
		}
	}
	// The variants every shipped game has: those render --variant may be
	// given for all of cards/.
	common := mastermindsVariants
	for _, id := range ids {
		vs := variantsOf(t, id)
		common = slices.DeleteFunc(slices.Clone(common), func(v string) bool { return !slices.Contains(vs, v) })
	}
	const noFiles = cobra.ShellCompDirectiveNoFileComp
	for _, tc := range []struct {
		args []string
		want []string
		dir  cobra.ShellCompDirective
	}{
		{[]string{"replay", "--game", ""}, ids, noFiles},
		{[]string{"sim", "--game", "h"}, hIDs, noFiles},
		{[]string{"sim", "--game", "masterminds", "--variant", ""}, mastermindsVariants, noFiles | cobra.ShellCompDirectiveKeepOrder},
		{[]string{"sim", "--game", "masterminds", "--vs", mastermindsVariants[1][:1]}, mastermindsVariants[1:2], noFiles | cobra.ShellCompDirectiveKeepOrder},
		{[]string{"sim", "--game", "heat", "--variant", ""}, nil, noFiles | cobra.ShellCompDirectiveKeepOrder},
		{[]string{"replay", "--variant", ""}, nil, noFiles}, // no --game yet: nothing to offer
		{[]string{"render", "cards/masterminds", "--variant", ""}, mastermindsVariants, noFiles | cobra.ShellCompDirectiveKeepOrder},
		{[]string{"render", "--variant", ""}, common, noFiles | cobra.ShellCompDirectiveKeepOrder},
		{[]string{"validate", "--format", ""}, finding.Formats, noFiles},
		{[]string{"lint", "--format", "s"}, []string{"sarif"}, noFiles},
		{[]string{"rules", "--format", ""}, []string{"text", "json"}, noFiles},
		{[]string{"replay", "--format", ""}, []string{"text", "jsonl"}, noFiles},
		{[]string{"render", "--paper", ""}, render.PaperNames(), noFiles},
		{[]string{"build", "--paper", "l"}, []string{"letter"}, noFiles},
		{[]string{"lint", "--bots", ""}, engine.BotKinds, noFiles | cobra.ShellCompDirectiveNoSpace},
		{[]string{"sim", "--bots", "random,h"}, []string{"random,heuristic"}, noFiles | cobra.ShellCompDirectiveNoSpace},
		{[]string{"merge", ""}, []string{"json"}, cobra.ShellCompDirectiveFilterFileExt},
		{[]string{"lint", "--baseline", ""}, []string{"json"}, cobra.ShellCompDirectiveFilterFileExt},
		{[]string{"schema", ""}, nil, cobra.ShellCompDirectiveFilterDirs},
		{[]string{"render", "--out", ""}, nil, cobra.ShellCompDirectiveFilterDirs},
		{[]string{"sim", "--game", "heat", "--out", ""}, []string{"json"}, cobra.ShellCompDirectiveFilterFileExt},
		{[]string{"version", ""}, nil, noFiles},
	} {
		got, dir := complete(t, repoRoot, tc.args...)
		if !slices.Equal(got, tc.want) || dir != tc.dir {
			t.Errorf("%q: got %q (directive %d), want %q (directive %d)", tc.args, got, dir, tc.want, tc.dir)
		}
	}

	// --cards moves where --game looks.
	ws := copyHeat(t)
	if err := os.Rename(filepath.Join(ws, "cards"), filepath.Join(ws, "games")); err != nil {
		t.Fatal(err)
	}
	if got, _ := complete(t, ws, "sim", "--cards", "games", "--game", ""); !slices.Equal(got, []string{"heat"}) {
		t.Errorf("sim --cards games --game: got %q, want [heat]", got)
	}
	if got, _ := complete(t, ws, "sim", "--game", ""); len(got) != 0 {
		t.Errorf("sim --game without a cards folder: got %q, want nothing", got)
	}
}

// Every value completion offers is one the command accepts: the lists are
// not a second copy of the rules that can drift.
func TestCompletedValuesAreAccepted(t *testing.T) {
	ws := copyHeat(t)
	// Cards of a size no shop sells: every profile is then understood
	// and refused for the size, before anything is drawn.
	odd := copyHeat(t)
	edit(t, odd, "cards/heat/game.yaml", "card: {width: 63, height: 88}", "card: {width: 66, height: 92}")
	for _, tc := range []struct {
		complete []string // a command line ending in the flag
		args     []string // what to run, the value appended after the flag
		misfit   bool     // run in odd, where the value must be refused for the card size only
	}{
		{[]string{"validate", "--format"}, []string{"validate", "cards/heat", "--format"}, false},
		{[]string{"lint", "--format"}, []string{"lint", "--games", "5", "cards/heat", "--format"}, false},
		{[]string{"rules", "--format"}, []string{"rules", "--format"}, false},
		{[]string{"replay", "--format"}, []string{"replay", "--game", "heat", "--format"}, false},
		{[]string{"render", "--paper"}, []string{"render", "--out", "out", "cards/heat", "--paper"}, false},
		{[]string{"sim", "--bots"}, []string{"sim", "--game", "heat", "--games", "2", "--players", "3", "--bots"}, false},
		{[]string{"replay", "--game"}, []string{"replay", "--game"}, false},
		{[]string{"export", "--format"}, []string{"export", "--out", "out", "--deck", "main", "cards/heat", "--format"}, false},
		{[]string{"export", "png", "--profile"}, []string{"export", "png", "--out", "out", "--deck", "main", "cards/heat", "--profile"}, true},
		{[]string{"render", "--profile"}, []string{"render", "--out", "out", "--for", "print-shop", "cards/heat", "--profile"}, true},
		{[]string{"render", "--for"}, []string{"render", "--out", "out", "cards/heat", "--for"}, false},
		{[]string{"export", "csv", "cards/heat", "--deck"}, []string{"export", "csv", "--out", "out", "cards/heat", "--deck"}, false},
	} {
		values, _ := complete(t, ws, append(tc.complete, "")...)
		if len(values) == 0 {
			t.Errorf("%q: nothing offered", tc.complete)
		}
		for _, v := range values {
			if tc.misfit {
				code, _, errOut := run(t, odd, append(tc.args, v)...)
				if code != ExitUsage || !strings.Contains(errOut, "66x92 mm cards fit no --profile "+v+" size") {
					t.Errorf("%q offers %q, but %q exits %d\n%s", tc.complete, v, append(tc.args, v), code, errOut)
				}
				continue
			}
			if code, out, errOut := run(t, ws, append(tc.args, v)...); code != ExitClean {
				t.Errorf("%q offers %q, but %q exits %d\n%s%s", tc.complete, v, append(tc.args, v), code, out, errOut)
			}
		}
	}
}

// serve's --addr values pass its loopback check (serve itself runs until
// stopped, so it is not started here).
func TestCompletedAddrsAreLoopback(t *testing.T) {
	values, _ := complete(t, repoRoot, "serve", "--addr", "")
	if len(values) == 0 {
		t.Fatal("serve --addr: nothing offered")
	}
	for _, v := range values {
		if _, err := loopback(v); err != nil {
			t.Errorf("serve --addr offers %q: %v", v, err)
		}
	}
}

// The tables name real commands and flags, so a rename cannot leave an
// entry that silently completes nothing.
func TestCompletionTablesNameRealFlags(t *testing.T) {
	root := NewRoot(IO{Out: &strings.Builder{}, Err: &strings.Builder{}})
	commands := map[string]*cobra.Command{}
	flagNames := map[string]bool{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		commands[commandKey(c)] = c
		c.Flags().VisitAll(func(f *pflag.Flag) { flagNames[f.Name] = true })
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	for key := range commandFlagCompleters {
		path, flag, _ := strings.Cut(key, " --")
		if c := commands[path]; c == nil || c.Flags().Lookup(flag) == nil {
			t.Errorf("commandFlagCompleters[%q]: no such command and flag", key)
		}
	}
	for name := range flagCompleters {
		if !flagNames[name] {
			t.Errorf("flagCompleters[%q]: no command has --%s", name, name)
		}
	}
	for path := range argCompleters {
		if commands[path] == nil {
			t.Errorf("argCompleters[%q]: no such command", path)
		}
	}
}
