package cmd

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"cardpress/engine"
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
		Long: `Without --out, print every schema, each after a "# <path>" line. With --out
DIR, write them under DIR at their repository paths (schema/... and
engine/<game>/...), which is where the YAML modelines point.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return runSchema(opts) },
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
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, files[p], 0o644); err != nil {
			return err
		}
		fmt.Fprintf(opts.Out, "wrote %s\n", dst)
	}
	return nil
}
