package rules_test

import (
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// BenchmarkStatementCosts prices the compiled statements a rules file
// runs between decisions: a while loop of 20,000 rounds with each body,
// as ns a round (docs/rules.md#speed quotes them). A file's cost a move
// is about its statements a move times these.
func BenchmarkStatementCosts(b *testing.B) {
	const rounds = 20_000
	for _, c := range []struct{ name, body string }{
		{"one-set", `      - set: "w1 += 1"`},
		{"two-sets", "      - set: \"w1 += 1\"\n      - set: \"w2 += 1\""},
		{"four-sets", "      - set: \"w1 += 1\"\n      - set: \"w2 += 1\"\n      - set: \"w3 += 1\"\n      - set: \"w4 += 1\""},
		{"set-and-if", "      - set: \"w1 += 1\"\n      - if: \"w2 == 0\"\n        then: [{set: \"w3 += 1\"}]"},
		{"set-and-if-on-an-item", "      - set: \"w1 += 1\"\n      - if: \"row[w4] == 0\"\n        then: [{set: \"w3 += 1\"}]"},
		// A loop of six rounds in each round (Mice Heist's chip search
		// is such a loop): ns/round is the outer round's.
		{"a-short-loop", "      - set: \"w1 += 1\"\n      - set: \"w2 = 6\"\n      - while: \"w2 > 0\"\n        do:\n          - set: \"w3 += 1\"\n          - if: \"row[w4] == 0\"\n            then: [{set: \"w2 -= 1\"}]"},
	} {
		b.Run(c.name, func(b *testing.B) {
			src := strings.Replace(refFuzzHeader, "values:\n", "values:\n  row: {type: int, size: 4}\n", 1) + `play:
  - while: "w1 < 20000"
    do:
` + c.body + `
  - end: done
winners:
  - highest: "coins[seat]"
`
			g := buildGenerated(b, src)
			for b.Loop() {
				if s := g.NewState(2, engine.StateOptions{}); !s.IsTerminal() {
					b.Fatal("the loop did not run to its end")
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*rounds), "ns/round")
		})
	}
}
