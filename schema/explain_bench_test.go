package schema

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
)

// Generated worst cases for Validate: instances with one schema problem
// per few bytes of YAML, in every shape the explanation treats apart. The
// budget they guard: cost grows linearly with the number of problems.

// heatCard is a valid HEAT card; edit changes it before it is used.
func heatCard(edit func(card map[string]any)) map[string]any {
	card := map[string]any{"id": "a", "name": "A", "players": []any{3},
		"effects": []any{map[string]any{"phase": "B", "gain": 1}}}
	if edit != nil {
		edit(card)
	}
	return card
}

func heatCards(cards ...any) any { return map[string]any{"cards": cards} }

// invalidShapes build instances with about n problems each (the count is
// checked, so a shape cannot silently stop producing them).
var invalidShapes = []struct {
	name   string
	schema string
	gen    func(n int) any
	n      int // about 1 MB of YAML
}{
	// "players: [0, 0, …]": 40,000 of these once took 22 s.
	{"zero-players", EnginePath("heat", EngineCards), func(n int) any {
		return heatCards(heatCard(func(c map[string]any) {
			zeros := make([]any, n)
			for i := range zeros {
				zeros[i] = 0
			}
			c["players"] = zeros
		}))
	}, 350_000},
	{"unknown-fields", EnginePath("heat", EngineCards), func(n int) any {
		return heatCards(heatCard(func(c map[string]any) {
			for i := range n {
				c[fmt.Sprintf("field%06d", i)] = 1
			}
		}))
	}, 70_000},
	{"effects-without-action", EnginePath("heat", EngineCards), func(n int) any {
		return heatCards(heatCard(func(c map[string]any) {
			effects := make([]any, n)
			for i := range effects {
				effects[i] = map[string]any{"phase": "B"}
			}
			c["effects"] = effects
		}))
	}, 80_000},
	{"bad-cards", EnginePath("heat", EngineCards), func(n int) any {
		cards := make([]any, n)
		for i := range cards {
			cards[i] = map[string]any{"id": "Bad Id", "name": 5, "count": 0, "players": []any{0, 0},
				"effects": []any{map[string]any{"phase": "b", "gain": 0, "pay": 1}}}
		}
		return heatCards(cards...)
	}, 10_000},
	{"bad-names", "engine/names/cards.schema.json", func(n int) any {
		outer := map[string]any{}
		for i := range n {
			outer[fmt.Sprintf("x%06d", i)] = map[string]any{fmt.Sprintf("Bad%06d", i): 1}
		}
		return map[string]any{"a": outer}
	}, 40_000},
	// Every problem under one key of 64 KiB: its path is keyed by the
	// key's first-seen copy (writeToken), not by its text each time.
	{"long-key", "engine/names/cards.schema.json", func(n int) any { return longKeyNames(64<<10, n) }, 40_000},
}

// longKeyNames is n bad names under one key of keyLen characters.
func longKeyNames(keyLen, n int) any {
	inner := map[string]any{}
	for i := range n {
		inner[fmt.Sprintf("Bad%06d", i)] = 1
	}
	return map[string]any{"a": map[string]any{strings.Repeat("k", keyLen): inner}}
}

// TestLongKeyReadOnce: a long path token enters a problem's key as the
// address of its first-seen copy (writeToken, with unsafe), so its text is
// read once per copy rather than once per problem under it: the key stays
// short, is the same for another copy of the same text, and differs for
// another text.
func TestLongKeyReadOnce(t *testing.T) {
	x := explainer{memo: &memo{}}
	long := strings.Repeat("k", 64<<10)
	key := x.pathKey([]string{"a", long})
	if len(key) > 2*longToken {
		t.Errorf("the key of a 64 KiB token is %d bytes: it holds the text", len(key))
	}
	if other := x.pathKey([]string{"a", string([]byte(long))}); other != key {
		t.Errorf("another copy of the same token has another key")
	}
	if other := x.pathKey([]string{"a", long[1:] + "x"}); other == key {
		t.Errorf("another token of the same length has the same key")
	}
}

// benchCompiler knows HEAT and an engine whose keys have propertyNames.
func benchCompiler(t testing.TB) *Compiler {
	t.Helper()
	c := NewCompiler()
	if err := c.AddEngine("heat", os.DirFS("../engine/heat")); err != nil {
		t.Fatal(err)
	}
	if err := c.AddEngine("names", fstest.MapFS{"cards.schema.json": {Data: []byte(`{
		"$schema": "https://json-schema.org/draft/2020-12/schema",
		"additionalProperties": {"additionalProperties": {"propertyNames": {"pattern": "^[a-z][a-z0-9-]*$"}}}}`)}}); err != nil {
		t.Fatal(err)
	}
	return c
}

// validateCost validates v and returns the problems and the bytes
// allocated doing it.
func validateCost(t testing.TB, s *Schema, v any) ([]Problem, uint64) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	ps := s.Validate(v)
	runtime.ReadMemStats(&after)
	return ps, after.TotalAlloc - before.TotalAlloc
}

// TestValidateCostLinear fails when explaining many problems costs more
// than linearly: each shape at n and 4n problems, where 4n may cost at most
// 6 times as much memory (linear is 4, quadratic 16).
func TestValidateCostLinear(t *testing.T) {
	c := benchCompiler(t)
	for _, shape := range invalidShapes {
		t.Run(shape.name, func(t *testing.T) {
			s, err := c.Compile(shape.schema)
			if err != nil {
				t.Fatal(err)
			}
			n := shape.n / 64
			small, costSmall := validateCost(t, s, shape.gen(n))
			large, costLarge := validateCost(t, s, shape.gen(4*n))
			if len(small) < n || len(large) < 4*n {
				t.Fatalf("%d and %d problems, want at least %d and %d", len(small), len(large), n, 4*n)
			}
			t.Logf("%d problems: %d bytes; %d problems: %d bytes (%.1f×)", len(small), costSmall, len(large), costLarge, float64(costLarge)/float64(costSmall))
			if costLarge > 6*costSmall {
				t.Errorf("4× the problems cost %.1f× the memory (%d → %d bytes): growth is not linear", float64(costLarge)/float64(costSmall), costSmall, costLarge)
			}
		})
	}
}

// TestValidateManyProblemsFinishes validates 100,000 zeros. Comparing
// each problem with every earlier one took 22 s for 40,000 of them and
// would take minutes here; linear explaining takes well under a second.
// (A bounded test, not a timed one: a regression shows as a test that does
// not finish.)
func TestValidateManyProblemsFinishes(t *testing.T) {
	s, err := benchCompiler(t).Compile(EnginePath("heat", EngineCards))
	if err != nil {
		t.Fatal(err)
	}
	const zeros = 100_000
	ps := s.Validate(invalidShapes[0].gen(zeros))
	// Each zero once (the generic and the HEAT card schema say the same),
	// the list being too long, and its first repeat.
	if len(ps) != zeros+2 {
		t.Fatalf("%d problems, want %d", len(ps), zeros+2)
	}
}

// BenchmarkValidate explains each shape at about 1 MB of YAML's worth of
// problems, reporting problems and allocated bytes per problem.
func BenchmarkValidate(b *testing.B) {
	c := benchCompiler(b)
	for _, shape := range invalidShapes {
		b.Run(shape.name, func(b *testing.B) {
			s, err := c.Compile(shape.schema)
			if err != nil {
				b.Fatal(err)
			}
			v := shape.gen(shape.n)
			b.ReportAllocs()
			var problems int
			var bytes uint64
			for b.Loop() {
				ps, cost := validateCost(b, s, v)
				problems, bytes = len(ps), bytes+cost
			}
			b.ReportMetric(float64(problems), "problems")
			b.ReportMetric(float64(bytes)/float64(b.N)/float64(problems), "alloc-bytes/problem")
		})
	}
}
