package schema

import (
	"strings"
	"testing"
	"time"
)

const validReport = `{"findings": [{"file": "c.yaml", "line": 3, "col": 1, "severity": "error", "code": "X", "message": "m"}], "errors": 1, "warnings": 0,
 "metrics": [{"game": "g", "players": 2, "games": 10, "seat_win_rate": [0.5, 0.5], "counters": {"c": 0.25}}]}`

// seeded is validReport with its finding carrying seed.
func seeded(seed string) string {
	return strings.Replace(validReport, `"message": "m"`, `"message": "m", "players": 2, "seed": `+seed, 1)
}

func TestCheckJSON(t *testing.T) {
	cases := []struct {
		name, schema, doc, want string
	}{
		{"a valid report", LintReport, validReport, ""},
		{"a report with fields added later", LintReport, `{"findings": [], "errors": 0, "warnings": 0, "elapsed": 3}`, ""},
		{"null", LintReport, `null`, "expected a mapping, found null"},
		{"an empty object", LintReport, `{}`, `missing required field "errors" (and 2 more problems)`},
		{"a list", LintReport, `[]`, "expected a mapping, found a list"},
		{"a win rate of 1e308, as written", LintReport, strings.Replace(validReport, "[0.5, 0.5]", "[1e308, 0.5]", 1),
			"metrics/0/seat_win_rate/0: 1e308 is too large: at most 1"},
		{"a fraction as written", LintReport, strings.Replace(validReport, `"c": 0.25`, `"c": -0.25`, 1),
			"metrics/0/counters/c: -0.25 is too small: at least 0"},
		{"a key with a slash", LintReport, strings.Replace(validReport, `"c": 0.25`, `"a/b": -1`, 1),
			"metrics/0/counters/a~1b: -1 is too small: at least 0"},
		{"empty", LintReport, ``, "empty, not JSON"},
		{"blank", LintReport, " \n ", "empty, not JSON"},
		{"truncated", LintReport, `{"findings": [`, "not JSON: it ends in the middle (a truncated file?)"},
		{"a syntax error placed", LintReport, "{\n  \"findings\": [1,]\n}", "not JSON: line 2, column 18: invalid character ']' looking for beginning of value"},
		{"two documents", LintReport, "{}\n{}", "not JSON: line 2, column 1: more after the end of the document"},
		{"too deep", LintReport, strings.Repeat("[", 40), "line 1, column 33: nested more than 32 deep"},
		{"a long number", LintReport, `{"errors": 1` + strings.Repeat("0", 50) + `}`, "line 1, column 12: a number of 51 characters"},
		{"a huge exponent", LintReport, `{"errors": 1e999999}`, "line 1, column 12: number 1e999999 is out of range"},
		{"a tiny exponent", LintReport, `{"errors": 1e-999999}`, "line 1, column 12: number 1e-999999 is out of range"},
		{"a seed as a string", LintReport, seeded(`"18446744073709551615"`), ""},
		{"a seed as a number, as written before", LintReport, seeded(`18446744073709551615`), ""},
		{"a seed string beyond 64 bits", LintReport, seeded(`"18446744073709551616"`),
			`findings/0/seed: "18446744073709551616" is not valid: write a seed in decimal, from 0 to 18446744073709551615, without leading zeros`},
		{"a seed string with a leading zero", LintReport, seeded(`"07"`),
			`findings/0/seed: "07" is not valid: write a seed in decimal, from 0 to 18446744073709551615, without leading zeros`},
		{"a negative seed", LintReport, seeded(`-1`), "findings/0/seed: -1 is too small: at least 0"},
		{"a sim results file of another version", SimResults, `{"format": "cardpress-sim/2"}`,
			`format: "cardpress-sim/2" is not allowed here; it must be "cardpress-sim/1" (and 7 more problems)`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckJSON(tc.schema, []byte(tc.doc), 1000)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

// The budget of values stops a file of many small values before the tree
// is built: 2 million zeros are refused in well under the seconds that
// validating them would take.
func TestCheckJSONValueBudget(t *testing.T) {
	doc := []byte(`{"findings": [` + strings.Repeat("0,", 2_000_000) + `0], "errors": 0, "warnings": 0}`)
	start := time.Now()
	err := CheckJSON(LintReport, doc, 1<<20)
	if err == nil || err.Error() != "more than 1048576 values; no file of this kind is that large" {
		t.Errorf("got %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("refusing took %v", d)
	}
}
