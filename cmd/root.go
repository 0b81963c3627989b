// Package cmd holds cardpress's cobra commands, one file each. Every
// command has an options struct and a run function that tests call with
// in-memory streams.
package cmd

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/raster"

	"github.com/spf13/cobra"
)

// Exit codes (docs/commands.md, "Exit codes").
const (
	ExitClean    = 0
	ExitFindings = 1
	ExitUsage    = 2
)

// IO is where a command reads and writes, and what it takes from its
// environment.
type IO struct {
	Out, Err io.Writer
	Env      Env
	// maxSame is --max-same-issues, shared by every command NewRoot
	// makes; nil (an IO built by hand) means the default.
	maxSame *int
}

// printFindings writes findings to w in format, the line formats limited
// by --max-same-issues; rules gives SARIF its metadata (may be nil).
func (s IO) printFindings(w io.Writer, format string, fs []finding.Finding, rules func(string) (finding.Rule, bool)) error {
	opts := finding.Options{Rules: rules, MaxSame: finding.DefaultMaxSame}
	if s.maxSame != nil {
		opts.MaxSame = *s.maxSame
	}
	return finding.PrintWith(w, format, fs, opts)
}

// Env is what cardpress takes from its environment. Execute reads it once
// and commands get it with their streams; tests pass their own (the zero
// Env: no progress bars, SOURCE_DATE_EPOCH unset).
type Env struct {
	// Progress: Err is an interactive terminal, not in CI and not
	// TERM=dumb, so progress bars may be drawn on it.
	Progress bool
	// SourceDateEpoch is SOURCE_DATE_EPOCH as set ("" when unset): the
	// date the PDFs record, for reproducible builds.
	SourceDateEpoch string
	// Invoked is the command cardpress was run as (bin/cardpress,
	// ./cardpress), for the commands it suggests; "" means cardpress.
	Invoked string
}

// command is how to run cardpress again, as it was invoked.
func (e Env) command() string {
	if e.Invoked == "" {
		return "cardpress"
	}
	return e.Invoked
}

// invokedAs is the command of os.Args[0]: as typed, except a binary go run
// built in a temporary folder, which the user never typed.
func invokedAs(arg0 string) string {
	if arg0 == "" || strings.Contains(filepath.ToSlash(arg0), "/go-build") {
		return "cardpress"
	}
	return arg0
}

// readEnv reads the environment once, for Execute.
func readEnv() Env {
	return Env{
		Progress:        isTerminal(os.Stderr) && os.Getenv("CI") == "" && os.Getenv("TERM") != "dumb",
		SourceDateEpoch: os.Getenv("SOURCE_DATE_EPOCH"),
		Invoked:         invokedAs(os.Args[0]),
	}
}

// errFindings means findings were printed; nothing more to say.
var errFindings = errors.New("findings reported")

// usageError marks bad flags or arguments.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }

// NewRoot builds the command tree.
func NewRoot(streams IO) *cobra.Command {
	root := &cobra.Command{
		Use:   "cardpress",
		Short: "Validate, lint and print card games from YAML",
		Long: `cardpress turns card games written as YAML into print-and-play PDFs.

  cards/<game>/*.yaml ─validate─▶ lint (seeded smoke games) ─render─▶ out/<game>/*.pdf`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(streams.Out)
	root.SetErr(streams.Err)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	maxSame := finding.DefaultMaxSame
	streams.maxSame = &maxSame
	root.PersistentFlags().IntVar(&maxSame, finding.MaxSameFlag, finding.DefaultMaxSame,
		"text and github output: print at most this many findings of one code in a file, and in this many files, then a line saying how many more (0: every one)")
	root.PersistentPreRunE = func(*cobra.Command, []string) error {
		if maxSame < 0 {
			return usagef("--%s %d: want 0 (no limit) or more", finding.MaxSameFlag, maxSame)
		}
		return nil
	}
	root.AddCommand(
		newValidateCmd(streams),
		newLintCmd(streams),
		newRenderCmd(streams),
		newBuildCmd(streams),
		newReplayCmd(streams),
		newSimCmd(streams),
		newReportCmd(streams),
		newSchemaCmd(streams),
		newRulesCmd(streams),
		newMergeCmd(streams),
		newTuneCmd(streams),
		newNewCmd(streams),
		newServeCmd(streams),
		newWatchCmd(streams),
		newExportCmd(streams),
		newImportCmd(streams),
		newTestCmd(streams),
		newLspCmd(streams),
	)
	setVersion(root, streams)
	strictBuiltins(root)
	registerCompletions(root)
	return root
}

// strictBuiltins makes cobra's own help and completion commands follow the
// exit codes too: by default `help nosuch` and `completion nosuch` print
// help and exit 0, so a typo in a script goes unnoticed.
func strictBuiltins(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		switch c.Name() {
		case "help":
			show := c.Run
			c.RunE = func(c *cobra.Command, args []string) error {
				if found, _, err := c.Root().Find(args); found == nil || err != nil {
					return usagef("no help topic %q (cardpress help lists the commands)", strings.Join(args, " "))
				}
				show(c, args)
				return nil
			}
		case "completion":
			// Runnable, so its NoArgs is checked: an unknown shell is
			// refused instead of answered with the help text.
			c.RunE = func(c *cobra.Command, _ []string) error { return c.Help() }
		}
	}
}

// Execute runs cardpress with os.Args and returns the process exit code.
// SIGINT and SIGTERM end it at once, without leaving temporary files.
func Execute() int {
	exitOnSignal()
	// PDFium's compiled code is cached only where the user asks.
	raster.UseCache(os.Getenv("CARDPRESS_CACHE"))
	streams := IO{Out: os.Stdout, Err: os.Stderr, Env: readEnv()}
	return Run(streams, os.Args[1:])
}

// exitOnSignal makes SIGINT and SIGTERM remove the temporary files of
// writes in progress, print one line and exit 130 or 143 (docs/commands.md, "Exit
// codes").
func exitOnSignal() {
	fileio.ExitOnSignal(func(sig os.Signal) {
		if isTerminal(os.Stderr) {
			fmt.Fprint(os.Stderr, "\r\033[K") // over a progress bar, if one is drawn
		}
		fmt.Fprintf(os.Stderr, "cardpress: stopped by %s\n", signalName(sig))
	})
}

func signalName(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return sig.String()
}

// Run runs cardpress with args and returns the exit code; errors are
// printed as one line on Err.
func Run(streams IO, args []string) int {
	root := NewRoot(streams)
	root.SetArgs(args)
	err := root.Execute()
	switch {
	case err == nil:
		return ExitClean
	case errors.Is(err, errFindings):
		return ExitFindings
	}
	// Anything else is a usage or I/O problem: one line, exit 2. Errors
	// quote paths and names from the data, so the line is made Visible.
	fmt.Fprintln(streams.Err, "cardpress: "+finding.Visible(err.Error()))
	return ExitUsage
}

func readableDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := f.ReadDir(1); err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	return nil
}
