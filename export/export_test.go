package export

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// Every row of the table is a usable format: a name a subcommand can
// have, unique, one line of short help, and flags that neither clash with
// --out and --deck, which every format's subcommand has, nor name
// completions for flags it does not declare.
func TestFormatsTable(t *testing.T) {
	word := regexp.MustCompile(`^[a-z][a-z0-9-]*$`)
	seen := map[string]bool{}
	for _, f := range Formats {
		name, help := f.Name(), f.Help()
		if !word.MatchString(name) || seen[name] {
			t.Errorf("format %q: not a lower-case word, or listed twice", name)
		}
		seen[name] = true
		if help.Short == "" || strings.Contains(help.Short, "\n") || help.Long == "" {
			t.Errorf("%s: help %q / %q: want one line and a long text", name, help.Short, help.Long)
		}
		fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
		fs.String("out", "out", "")
		fs.String("deck", "", "")
		if w, err := bind(f, fs); err != nil || w == nil {
			t.Errorf("%s: binding its flags beside --out and --deck: %v, writer %v", name, err, w != nil)
			continue
		}
		for flag, words := range help.Complete {
			if fs.Lookup(flag) == nil || len(words) == 0 {
				t.Errorf("%s: completes --%s (%d words), which it does not declare", name, flag, len(words))
			}
		}
	}
	if names := Names(); !slices.IsSorted(names) || len(names) != len(Formats) {
		t.Errorf("Names() = %v, want the %d formats sorted", names, len(Formats))
	}
}

// bind runs f.Flags, turning pflag's panic on a flag declared twice into
// an error.
func bind(f Format, fs *pflag.FlagSet) (w Writer, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	return f.Flags(fs), nil
}

// Each call of Flags gives the command line its own options: two
// subcommands made from one row (two runs in one process, as tests and
// the language server do) do not share a value.
func TestFlagsAreFreshEachCall(t *testing.T) {
	a, b := pflag.NewFlagSet("a", pflag.ContinueOnError), pflag.NewFlagSet("b", pflag.ContinueOnError)
	pngFormat{}.Flags(a)
	pngFormat{}.Flags(b)
	if err := a.Parse([]string{"--dpi", "72"}); err != nil {
		t.Fatal(err)
	}
	if got := b.Lookup("dpi").Value.String(); got != "300" {
		t.Errorf("setting --dpi on one command set the other's to %s", got)
	}
}

// docs/commands.md lists --format's values for export as the table has
// them.
func TestCommandsDocListsTheFormats(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "docs", "commands.md"))
	if err != nil {
		t.Fatal(err)
	}
	want := "export: " + strings.Join(Names(), ", ") + " (also `export FORMAT`)"
	for line := range strings.Lines(string(data)) {
		if strings.HasPrefix(line, "| `--format` |") {
			if !strings.Contains(line, want) {
				t.Errorf("docs/commands.md's --format row does not say %q:\n%s", want, line)
			}
			return
		}
	}
	t.Error("docs/commands.md has no --format row")
}
