package cmd

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"

	"cardpress/engine"
	"cardpress/engine/finding"
	"cardpress/internal/fileio"
	"cardpress/pipeline"
	"cardpress/schema"

	"github.com/spf13/cobra"
)

type schemaOptions struct {
	IO
	OutDir string
}

func newSchemaCmd(streams IO) *cobra.Command {
	opts := &schemaOptions{IO: streams}
	c := &cobra.Command{
		Use:   "schema",
		Short: "Print or write the JSON Schemas the YAML files are checked against",
		Long: `Print or write the JSON Schemas: those of the YAML files, and those of the
JSON files cardpress reads back (sim results for merge, lint reports for
--baseline). Without --out, print every schema, each after a "# <path>"
line. With --out DIR, write them under DIR at their repository paths
(schema/... and engine/<game>/...), which is where the YAML modelines point.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
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
	for _, id := range engine.Modules() {
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
	for _, p := range paths {
		if opts.OutDir == "" {
			fmt.Fprintf(opts.Out, "# %s\n%s\n", p, files[p])
			continue
		}
		dst := filepath.Join(opts.OutDir, filepath.FromSlash(p))
		if err := fileio.WriteAtomic(dst, files[p]); err != nil {
			return err
		}
		fmt.Fprintf(opts.Out, "wrote %s\n", finding.Visible(dst))
	}
	return nil
}
