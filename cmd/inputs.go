package cmd

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/schema"
	"github.com/cardpress/cardpress/tune"
)

// Limits of the JSON files commands read back (docs/commands.md, "Sharded sweeps"
// and "Baseline"). A sim results file is mostly its game-length
// histograms: one entry per distinct length per player count and variant.
// A sweep of 10 million Masterminds games (the longest game) at each of 4
// player counts with --vs holds about 50 000 lengths per histogram: under
// a million values and 15 MB. The limits leave twice that and bound what
// checking costs: a file at the value limit takes about 5 s of CPU and
// 350 MB (decoding and validating cost some 150 bytes a value). A lint
// report is about 250 bytes a finding and 1 KB a metric.
const (
	simResultsBytes  = 32 << 20
	simResultsValues = 2 << 20
	lintReportBytes  = 16 << 20
	lintReportValues = 1 << 20
	// A tune results file holds about 0.5 KB and 25 values per evaluation
	// and player count (Heist Masterminds' 60 evaluations at one count:
	// 33 KB): 32 MiB is some 65,000 of them, 300 searches of 50
	// evaluations at 4 counts. A bigger run is split into more shards.
	tuneResultsBytes  = 32 << 20
	tuneResultsValues = 2 << 20
	// A game log (replay --format jsonl --moves) is some 150 bytes an
	// event: Heist Society's longest games (about 10,000 moves, a few
	// events each) stay under 8 MiB. One line is one event, of at most a
	// few dozen values, but a header lists every rule parameter.
	gameLogBytes     = 64 << 20
	gameLogLineValue = 1 << 16
)

// jsonInput is a kind of JSON file that cardpress writes and reads back.
type jsonInput struct {
	kind     string // for messages: "a sim results file"
	schema   string // schema.SimResults
	maxBytes int64
	values   int
	format   string // the "format" its files carry, if any
}

var (
	simResultsInput = jsonInput{"a sim results file (sim --out)", schema.SimResults, simResultsBytes, simResultsValues, simFormat}
	// A ladder shard is sim's summaries by cell: the same limits.
	ladderResultsInput = jsonInput{"a ladder file (report --ladder --shard)", schema.LadderResults, simResultsBytes, simResultsValues, ladderFormat}
	lintReportInput    = jsonInput{"a lint --format json report", schema.LintReport, lintReportBytes, lintReportValues, ""}
	tuneResultsInput   = jsonInput{"a tune results file (tune --out)", schema.TuneResults, tuneResultsBytes, tuneResultsValues, tune.Format}
	gameLogInput       = jsonInput{"a game log (replay --format jsonl)", schema.Log, gameLogBytes, gameLogLineValue, ""}
)

// otherKind is the kind of cardpress file data is when its format is
// another kind's than in's ("" if it is not one), so that a file given
// to the wrong command is named for what it is rather than by its first
// field the schema does not know.
func (in jsonInput) otherKind(data []byte) string {
	var head struct {
		Format string `json:"format"`
	}
	if json.Unmarshal(data, &head) != nil || head.Format == in.format {
		return ""
	}
	for _, k := range []jsonInput{simResultsInput, ladderResultsInput, tuneResultsInput} {
		if k.format == head.Format {
			return k.kind
		}
	}
	return ""
}

// read reads the file at path — a regular file within the size limit, so
// that /dev/zero or a FIFO is refused, not read — checks it against the
// schema and decodes it into v. name is how messages call the file
// ("heat-3.json", "--baseline main.json").
func (in jsonInput) read(name, path string, v any) error {
	data, err := fileio.ReadFile(path, in.maxBytes)
	if err != nil {
		return inputErrorf(name, "cannot read: %s", fileio.Describe(err))
	}
	if err := in.check(name, data); err != nil {
		return err
	}
	// The schema has vouched for every field and number; this cannot fail
	// short of a bug, but is worded like the rest if it does.
	if err := json.Unmarshal(data, v); err != nil {
		return inputErrorf(name, "not %s: %v", in.kind, err)
	}
	return nil
}

// check holds data, read within the size limit, to the limit of values
// and the schema.
func (in jsonInput) check(name string, data []byte) error {
	if err := schema.CheckJSON(in.schema, data, in.values); err != nil {
		var de *schema.DocumentError
		if errors.As(err, &de) && len(de.Path) == 0 {
			return inputErrorf(name, "not %s: %s", in.kind, de.Message)
		}
		if other := in.otherKind(data); other != "" {
			return inputErrorf(name, "not %s: it is %s", in.kind, other)
		}
		return inputErrorf(name, "%v", err)
	}
	return nil
}

// readLines reads a JSON Lines file at path, as read does a JSON file:
// each non-empty line is checked against the schema and decoded by
// decode, which is told its number; a problem is reported at its line (name:LINE).
func (in jsonInput) readLines(name, path string, decode func(line int, data []byte) error) error {
	data, err := fileio.ReadFile(path, in.maxBytes)
	if err != nil {
		return inputErrorf(name, "cannot read: %s", fileio.Describe(err))
	}
	for i, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		at := fmt.Sprintf("%s:%d", name, i+1)
		if err := schema.CheckJSON(in.schema, line, in.values); err != nil {
			var de *schema.DocumentError
			if errors.As(err, &de) && len(de.Path) == 0 {
				return inputErrorf(at, "not %s: %s", in.kind, de.Message)
			}
			return inputErrorf(at, "%v", err)
		}
		if err := decode(i+1, line); err != nil {
			return inputErrorf(at, "%v", err)
		}
	}
	return nil
}

// inputErrorf is a problem with an input file: one line, exit 2. The whole
// line is made visible, since names and values in it come from the file.
func inputErrorf(name, format string, args ...any) error {
	return usageError{errors.New(finding.Visible(name + ": " + fmt.Sprintf(format, args...)))}
}
