// Package export writes a game's cards in other formats: spreadsheets
// (csv, xlsx) that cardpress import reads back, an image per card face
// (png, also at a print shop's template sizes) and Tabletop Simulator
// deck sheets (tts).
//
// Each format is a value in one table, Formats. cmd makes a subcommand
// of cardpress export from each row, and the help text, --format's
// values and completion read the table, so a new format is a file here
// and a row in Formats (docs/export.md, "Adding a format").
package export

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/pipeline"

	"github.com/spf13/pflag"
)

// Format is one export format.
type Format interface {
	// Name is the subcommand and the --format value: one lower-case word.
	Name() string
	// Help is what the subcommand's help and completion say.
	Help() Help
	// Flags declares the format's own flags on fs (every format also
	// takes --out and --deck, which are the Job's) and returns the
	// writer that reads their values: a fresh set each call, one per
	// command line.
	Flags(fs *pflag.FlagSet) Writer
}

// Help is a format's help text and the values its flags complete to.
type Help struct {
	Short string // one line, in the list of export's subcommands
	Long  string
	// Complete lists the values a flag's completion offers, by flag name.
	Complete map[string][]string
}

// Writer writes a job's games in one format, with the options its
// format's flags set.
type Writer func(j *Job) error

// Formats is every export format, one row each.
var Formats = []Format{
	sheetFormat{name: "csv", long: csvLong},
	sheetFormat{name: "xlsx", long: xlsxLong},
	pngFormat{},
	ttsFormat{},
}

// Names is the formats' names, sorted.
func Names() []string {
	var names []string
	for _, f := range Formats {
		names = append(names, f.Name())
	}
	slices.Sort(names)
	return names
}

// Job is what every format reads and writes: the games at Paths, the
// output folder and one deck or all, and where to report.
type Job struct {
	Paths  []string // game folders, checked to exist by the caller
	OutDir string   // --out, not empty
	Deck   string   // --deck: "" for every deck
	// Out takes the summary ("wrote …") lines, Err a deck's one-line
	// problem before ErrFindings.
	Out, Err io.Writer
	// Findings prints the findings of games that do not load.
	Findings func([]finding.Finding)
	// Progress starts a bar of total steps, each one unit ("images");
	// nil draws none.
	Progress func(prefix string, total int64, unit string) Progress
}

// Progress is a bar a format advances as it draws.
type Progress interface {
	Add(n int64) // safe from many goroutines
	Finish()     // clears the bar; may be called more than once
}

// ErrFindings ends an export whose games have errors: they were printed
// (Job.Findings or Job.Err), and the run exits as findings do.
var ErrFindings = errors.New("findings reported")

type noProgress struct{}

func (noProgress) Add(int64) {}
func (noProgress) Finish()   {}

// bar starts a progress bar, or none.
func (j *Job) bar(prefix string, total int, unit string) Progress {
	if j.Progress == nil {
		return noProgress{}
	}
	return j.Progress(prefix, int64(total), unit)
}

// wrote says what an export wrote, the path made visible.
func (j *Job) wrote(path, what string) {
	fmt.Fprintf(j.Out, "wrote %s%s\n", finding.Visible(path), what)
}

// load loads the games of an image export. Errors in the data are
// printed as findings and end the run (ErrFindings), as render does; a
// --deck that no game has is a usage error.
func (j *Job) load() ([]*pipeline.LoadedGame, error) {
	games, fs := pipeline.Load(j.Paths)
	if errs, _ := finding.Count(fs); errs > 0 {
		j.Findings(fs)
		return nil, ErrFindings
	}
	for _, g := range games {
		if !g.Valid {
			return nil, fmt.Errorf("%s: data has errors; run cardpress validate", g.Data.Manifest.ID)
		}
	}
	if j.Deck != "" && !slices.ContainsFunc(games, func(g *pipeline.LoadedGame) bool { return hasDeck(g, j.Deck) }) {
		return nil, fmt.Errorf("--deck %q: no such deck in %s", j.Deck, strings.Join(j.Paths, ", "))
	}
	return games, nil
}
