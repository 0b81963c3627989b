package finding

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// Formats are the output formats' names, from printers.
var Formats = formatNames()

func formatNames() []string {
	var names []string
	for _, p := range printers {
		names = append(names, p.name)
	}
	return names
}

// Report is the JSON form of a run: the findings and their counts. Its
// field names are a stable interface (see docs/commands.md, "JSON output").
type Report struct {
	Findings []Finding `json:"findings"`
	Errors   int       `json:"errors"`
	Warnings int       `json:"warnings"`
	// Metrics are lint's balance numbers from the random-bot smoke games,
	// one per game, variant and player count (lint only).
	Metrics []Metric `json:"metrics,omitempty"`
	// Baseline is the comparison with --baseline's report, when given.
	Baseline *Diff `json:"baseline,omitempty"`
}

// Metric is one game's balance numbers at one player count and variant.
type Metric struct {
	Game    string `json:"game"`
	Variant string `json:"variant,omitempty"`
	Players int    `json:"players"`
	Games   int    `json:"games"`
	// SeatWinRate is each seat's share of wins (shared wins split).
	SeatWinRate []float64 `json:"seat_win_rate"`
	// Counters are the engine's counters, as means per game.
	Counters map[string]float64 `json:"counters,omitempty"`
}

// Diff is what changed since a baseline report.
type Diff struct {
	New   []Finding `json:"new"`
	Fixed []Finding `json:"fixed"`
	Moved []Moved   `json:"moved"`
}

// Moved is a balance metric that changed by more than its noise.
type Moved struct {
	Game    string  `json:"game"`
	Variant string  `json:"variant,omitempty"`
	Players int     `json:"players"`
	Metric  string  `json:"metric"` // "seat 1 win rate" or "counter NAME per game"
	Before  float64 `json:"before"`
	After   float64 `json:"after"`
	// Noise is the change the two runs' sampling alone would exceed
	// rarely (three standard errors).
	Noise float64 `json:"noise"`
	Text  string  `json:"text"`
}

// Rule describes one finding code for printers that carry rule metadata
// (SARIF): its id, default severity, one-line description and help.
type Rule struct {
	ID          string   `json:"id"`
	Severity    Severity `json:"severity"`
	Description string   `json:"description"`
	Help        string   `json:"help,omitempty"`
	// Scope is who reports it: validate, lint, render, engine (the
	// checks every engine shares) or engine <id>.
	Scope string `json:"scope,omitempty"`
}

// Options tune a printer.
type Options struct {
	// Rules gives SARIF its rule metadata, looked up by code; a code it
	// does not know gets its id as description.
	Rules func(code string) (Rule, bool)
	// MaxSame limits the line formats (text, github): at most MaxSame
	// findings of one code in one file, in at most MaxSame files, then one
	// line says how many more (see DefaultMaxSame); 0 prints every one.
	MaxSame int
}

// Print writes findings in a format with the default options; see PrintWith.
func Print(w io.Writer, format string, fs []Finding) error {
	return PrintWith(w, format, fs, Options{MaxSame: DefaultMaxSame})
}

// PrintWith writes findings, in Sort's order, in a format of printers.
// Text and github print at most opts.MaxSame findings of a code per file;
// json and sarif keep every one.
func PrintWith(w io.Writer, format string, fs []Finding, opts Options) error {
	if format == "" {
		format = printers[0].name
	}
	for _, p := range printers {
		if p.name == format {
			return p.print(w, fs, opts)
		}
	}
	return fmt.Errorf("unknown format %q (want %s)", format, strings.Join(Formats, ", "))
}

// printers are the output formats, the first the default; Formats lists
// their names for flags, completion and help.
var printers = []struct {
	name  string
	print func(w io.Writer, fs []Finding, opts Options) error
}{
	// text: one finding per line.
	{"text", func(w io.Writer, fs []Finding, opts Options) error {
		return eachLimited(fs, opts.MaxSame,
			func(f Finding) error { _, err := fmt.Fprintln(w, f.String()); return err },
			func(e Elided) error { _, err := fmt.Fprintln(w, e.Text()); return err })
	}},
	// json: one Report object.
	{"json", func(w io.Writer, fs []Finding, _ Options) error {
		errs, warns := Count(fs)
		if fs == nil {
			fs = []Finding{}
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(Report{Findings: fs, Errors: errs, Warnings: warns})
	}},
	// github: one GitHub Actions workflow command per finding.
	{"github", func(w io.Writer, fs []Finding, opts Options) error {
		return eachLimited(fs, opts.MaxSame,
			func(f Finding) error { _, err := fmt.Fprintln(w, GitHub(f)); return err },
			func(e Elided) error { _, err := fmt.Fprintln(w, gitHubNotice(e)); return err })
	}},
	// sarif: a SARIF 2.1.0 log.
	{"sarif", func(w io.Writer, fs []Finding, opts Options) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(SARIF(fs, opts.Rules))
	}},
}

// gitHubNotice is the workflow command that stands for findings left out:
// a notice, on the file when they are in one.
func gitHubNotice(e Elided) string {
	cmd := "::notice"
	if e.File != "" {
		cmd += " file=" + EscapeProperty(filepath.ToSlash(e.File))
	}
	return cmd + "::" + EscapeData(e.Text())
}

// GitHub renders a finding as a GitHub Actions workflow command, e.g.
// ::error file=cards/heat/cards.yaml,line=3,col=5,title=SCHEMA_TYPE::message.
// A finding at line 0 (the whole file) has no line or col.
func GitHub(f Finding) string {
	cmd := "error"
	if f.Severity == Warning {
		cmd = "warning"
	}
	props := []string{"file=" + EscapeProperty(filepath.ToSlash(f.File))}
	if f.Line > 0 {
		props = append(props, fmt.Sprintf("line=%d", f.Line))
		if f.Col > 0 {
			props = append(props, fmt.Sprintf("col=%d", f.Col))
		}
	}
	props = append(props, "title="+EscapeProperty(f.Code))
	return "::" + cmd + " " + strings.Join(props, ",") + "::" + EscapeData(messageWithReplay(f))
}

// messageWithReplay adds the player count and seed of a dynamic finding
// when the message does not already name them.
func messageWithReplay(f Finding) string {
	if f.Seed == nil || strings.Contains(f.Message, "seed") {
		return f.Message
	}
	return fmt.Sprintf("%s (seed %d, %d players)", f.Message, *f.Seed, f.Players)
}

// Workflow-command escapes: of a message, and of a property value, where
// : and , delimit properties.
var (
	dataEscapes     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscapes = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// EscapeData escapes a GitHub workflow command's message: %, CR and LF as
// the workflow-command rules say, then every other control character made
// Visible, since the runner passes those on to the log raw. Every
// workflow command cardpress prints goes through it or EscapeProperty.
func EscapeData(s string) string { return Visible(dataEscapes.Replace(s)) }

// EscapeProperty escapes a workflow command's property value likewise.
func EscapeProperty(s string) string { return Visible(propertyEscapes.Replace(s)) }
