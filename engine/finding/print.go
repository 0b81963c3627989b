package finding

import (
	"encoding/json"
	"fmt"
	"io"
)

// Formats are the output formats printers support.
var Formats = []string{"text", "json"}

// Report is the JSON form of a run: the findings and their counts. Its
// field names are a stable interface (see README, "JSON output").
type Report struct {
	Findings []Finding `json:"findings"`
	Errors   int       `json:"errors"`
	Warnings int       `json:"warnings"`
}

// Print writes findings in a format: text is one finding per line;
// json is one Report object.
func Print(w io.Writer, format string, fs []Finding) error {
	switch format {
	case "text", "":
		for _, f := range fs {
			if _, err := fmt.Fprintln(w, f.String()); err != nil {
				return err
			}
		}
		return nil
	case "json":
		errs, warns := Count(fs)
		if fs == nil {
			fs = []Finding{}
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(Report{Findings: fs, Errors: errs, Warnings: warns})
	}
	return fmt.Errorf("unknown format %q (want text or json)", format)
}
