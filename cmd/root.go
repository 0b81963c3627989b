// Package cmd holds cardpress's cobra commands, one file each. Every
// command has an options struct and a run function that tests call with
// in-memory streams.
package cmd

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"

	"cardpress/engine/finding"
	"cardpress/internal/fileio"

	"github.com/spf13/cobra"
)

// Exit codes (docs/commands.md, "Exit codes").
const (
	ExitClean    = 0
	ExitFindings = 1
	ExitUsage    = 2
)

// IO is where a command reads and writes.
type IO struct {
	Out, Err io.Writer
}

// errFindings means findings were printed; nothing more to say.
var errFindings = errors.New("findings reported")

// usageError marks bad flags or arguments.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

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
		newNewCmd(streams),
	)
	return root
}

// Execute runs cardpress with os.Args and returns the process exit code.
// SIGINT and SIGTERM end it at once, without leaving temporary files.
func Execute() int {
	exitOnSignal()
	streams := IO{Out: os.Stdout, Err: os.Stderr}
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

// defaultPaths is every game under cards/ when no path is given.
func defaultPaths(args []string) []string {
	if len(args) == 0 {
		return []string{"cards"}
	}
	return args
}
