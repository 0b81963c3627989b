package cmd

import (
	"context"
	"io"
	"os"

	"github.com/cardpress/cardpress/lsp"

	"github.com/spf13/cobra"
)

type lspOptions struct {
	IO
	// in and out are the editor's end of the protocol: stdin and stdout
	// unless a test sets them.
	in  io.Reader
	out io.Writer
}

func newLspCmd(streams IO) *cobra.Command {
	opts := &lspOptions{IO: streams, in: os.Stdin, out: os.Stdout}
	c := &cobra.Command{
		Use:   "lsp",
		Short: "Language server for editors: validate and lint as you type (stdio)",
		Long: `Lsp speaks the Language Server Protocol on stdin and stdout, for an editor
to start (docs/own-game.md shows VS Code, Neovim and Helix). As the designer
types, it reports on every file of the game what validate and lint's static
checks report, with the unsaved buffers in place of the files; it completes
card ids, deck names, card fields, icons (after ":"), layout fields,
parameters (after "{") and enum values, shows a field's or a parameter's doc
on hover, and goes from an icon, a deck, a card id or a parameter to where
it is declared. --stdio is accepted, for editors that pass it.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			return lsp.Serve(context.Background(), stdio{opts.in, opts.out}, opts.Err)
		},
	}
	c.Flags().Bool("stdio", true, "talk over stdin and stdout (the only transport)")
	return c
}

// stdio is the editor's pipes as one stream.
type stdio struct {
	io.Reader
	io.Writer
}

// Close leaves stdin and stdout to the process: it is about to end.
func (stdio) Close() error { return nil }
