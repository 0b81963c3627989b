package schema

import (
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The seed pattern accepts exactly the decimal spellings of a uint64 that
// strconv would print: every one, and nothing above 2^64-1.
func TestSeedPatternIsExactlyUint64(t *testing.T) {
	re := regexp.MustCompile(seedPattern)
	try := func(s string) {
		v, err := strconv.ParseUint(s, 10, 64)
		want := err == nil && strconv.FormatUint(v, 10) == s
		if re.MatchString(s) != want {
			t.Errorf("%q: pattern says %v, strconv %v", s, !want, want)
		}
	}
	for _, s := range []string{"0", "00", "01", "9", "10", "", "-1", "+1", "1 ", "9007199254740993",
		"9999999999999999999", "10000000000000000000", "18446744073709551615", "18446744073709551616",
		"18446744073709551619", "18446744073709551620", "18446744073709552000", "19000000000000000000", "99999999999999999999", "100000000000000000000"} {
		try(s)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		v := r.Uint64()
		try(strconv.FormatUint(v, 10))
		try(strconv.FormatUint(v>>r.UintN(64), 10))
		// Around the maximum, 20 digits either side of it.
		try("18446744073709" + strconv.FormatUint(500000+r.Uint64N(600000), 10))
	}
}

// Both schemas that carry seeds use the pattern the explanations word.
func TestSeedSchemasUseThePattern(t *testing.T) {
	for _, name := range []string{"sim-results.schema.json", "lint-report.schema.json"} {
		data, err := generic.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if want := strconv.Quote(seedPattern); !strings.Contains(string(data), `"pattern": `+want) {
			t.Errorf("%s lacks the seed pattern %s", name, want)
		}
	}
}
