package engine

import (
	"encoding/json"

	"github.com/cardpress/cardpress/finding"
)

// resultFields is Result without its methods, for the JSON form below.
type resultFields Result

// resultJSON is a Result as summaries carry it in JSON (sim --out, merge):
// the outer Seed shadows the embedded one, so the seed is a decimal
// string that jq and JavaScript read exactly (finding.Seed), and a number
// in a file from an earlier version still reads.
type resultJSON struct {
	resultFields
	Seed finding.Seed
}

// MarshalJSON writes the result with its seed as a decimal string.
func (r Result) MarshalJSON() ([]byte, error) {
	return json.Marshal(resultJSON{resultFields(r), finding.Seed(r.Seed)})
}

// UnmarshalJSON reads a result whose seed is a string or a number.
func (r *Result) UnmarshalJSON(b []byte) error {
	var j resultJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*r = Result(j.resultFields)
	r.Seed = uint64(j.Seed)
	return nil
}
