package cmd

import (
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// placeholder is what a flag's usage may put in backticks: pflag shows the
// first backticked word as the flag's argument (--baseline FILE) and drops
// the backticks, so anything else there — `lint --format json` — becomes a
// nonsense argument name and vanishes from the sentence's punctuation.
var placeholder = regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`)

// Help texts render as written: every flag of every command, including
// cobra's own and those of commands added later.
func TestFlagUsagesRenderAsWritten(t *testing.T) {
	root := NewRoot(IO{Out: &strings.Builder{}, Err: &strings.Builder{}})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.InitDefaultHelpFlag()
		c.Flags().VisitAll(func(f *pflag.Flag) {
			where := c.CommandPath() + " --" + f.Name
			n := strings.Count(f.Usage, "`")
			if n == 0 {
				return
			}
			if n != 2 {
				t.Errorf("%s: %d backticks in %q; pflag takes the first pair as the argument's name and prints the rest as they are", where, n, f.Usage)
				return
			}
			name, usage := pflag.UnquoteUsage(f)
			if !placeholder.MatchString(name) {
				t.Errorf("%s: help shows %q as the argument (%q): only a placeholder such as FILE may be in backticks; write the text without them", where, "--"+f.Name+" "+name, usage)
			}
			if rendered := c.Flags().FlagUsages(); !strings.Contains(rendered, usage) {
				t.Errorf("%s: the help does not show %q:\n%s", where, usage, rendered)
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// The example, as a user sees it.
func TestLintBaselineHelp(t *testing.T) {
	code, out, _ := run(t, "", "lint", "--help")
	want := "--baseline FILE   compare with FILE, an earlier lint --format json report"
	if code != 0 || !strings.Contains(out, want) {
		t.Errorf("lint --help: exit %d, lacks %q:\n%s", code, want, out)
	}
}
