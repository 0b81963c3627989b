package cmd

import (
	"fmt"
	"io/fs"
	"sort"

	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/schema"

	"github.com/spf13/cobra"
)

type schemaOptions struct {
	IO
	OutDir string
}

func newSchemaCmd(streams IO) *cobra.Command {
	opts := &schemaOptions{IO: streams}
	c := &cobra.Command{
		Use:   "schema [GAME...]",
		Short: "Write a game's editor schemas, or print the JSON Schemas the YAML files are checked against",
		Long: `With GAME folders: write each game's schema/ folder — the generic schemas
and its cards schema (for a game without an engine, generated from the
fields its decks declare) — so the modelines of its YAML files
(# yaml-language-server: $schema=schema/...) give any editor completion and
checks wherever the folder lives. Run it again after changing the declared
fields: validate warns (SCHEMA_STALE) while the folder is out of date.
This is the one command that writes into a game folder, and only there.

Without GAME: print or write every JSON Schema: those of the YAML files,
and those of the JSON files cardpress reads back (sim results for merge,
lint reports for --baseline). Without --out, print every schema, each after
a "# <path>" line. With --out DIR, write them under DIR at their repository
paths (schema/... and engine/<game>/...), which is where the modelines of
the games under cards/ point.`,
		Example: `  cardpress schema cards/mygame
  cardpress schema --out /tmp/schemas`,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) > 0 {
				if c.Flags().Changed("out") {
					return usagef("--out is for the repository's schemas; a game's schemas go into its own schema/ folder")
				}
				if err := checkPaths(args); err != nil {
					return err
				}
				for _, dir := range args {
					if err := writeGameSchemas(opts.Out, dir, nil); err != nil {
						return err
					}
				}
				return nil
			}
			// Without --out the schemas are printed; an empty --out would
			// write them into the current folder.
			if c.Flags().Changed("out") {
				if err := checkOutDir(opts.OutDir); err != nil {
					return err
				}
			}
			return runSchema(opts)
		},
	}
	c.Flags().StringVar(&opts.OutDir, "out", "", "write the schemas under this folder instead of printing them")
	return c
}

func runSchema(opts *schemaOptions) error {
	engines := map[string]fs.FS{}
	for _, id := range kit.Modules() {
		engines[id], _ = pipeline.EngineSchemas(id)
	}
	files, err := schema.Files(engines)
	if err != nil {
		return err
	}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	if opts.OutDir == "" {
		for _, p := range paths {
			fmt.Fprintf(opts.Out, "# %s\n%s\n", p, files[p])
		}
		return nil
	}
	out, err := fileio.OpenOut(opts.OutDir)
	if err != nil {
		return err
	}
	defer out.Close()
	for _, p := range paths {
		if err := out.WriteFile(p, files[p]); err != nil {
			return err
		}
		fmt.Fprintf(opts.Out, "wrote %s\n", finding.Visible(out.Join(p)))
	}
	return nil
}
