package source

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// Generated worst cases for Parse + Convert + Lookup. The budget they
// guard: cost grows linearly with the file, whatever its shape.

// deepKeys nests depth flow mappings, each under a key of keyLen
// characters: {kkk…: {kkk…: … {kkk…: 1}}}. Its deepest path is returned too.
func deepKeys(depth, keyLen int) ([]byte, []string) {
	key := strings.Repeat("k", keyLen)
	var b strings.Builder
	b.Grow(depth * (keyLen + 4))
	path := make([]string, depth)
	for i := range depth {
		b.WriteString("{" + key + ": ")
		path[i] = key
	}
	b.WriteString("1")
	b.WriteString(strings.Repeat("}", depth))
	b.WriteString("\n")
	return []byte(b.String()), path
}

// wideMapping is n distinct keys in mappings as wide as Parse allows.
func wideMapping(n int) ([]byte, []string) {
	var b strings.Builder
	for i := range n {
		if i%MaxKeys == 0 {
			fmt.Fprintf(&b, "group%04d:\n", i/MaxKeys)
		}
		fmt.Fprintf(&b, "  key%07d: %d\n", i, i)
	}
	return []byte(b.String()), []string{fmt.Sprintf("group%04d", (n-1)/MaxKeys), fmt.Sprintf("key%07d", n-1)}
}

// longList is a flow list of n zeros, the shape of a list with one schema
// error per item.
func longList(n int) ([]byte, []string) {
	return []byte("players: [" + strings.Repeat("0, ", n) + "0]\n"), []string{"players", fmt.Sprint(n)}
}

// smallMappings is a list of n one-entry mappings, the densest way to
// write mappings.
func smallMappings(n int) ([]byte, []string) {
	return []byte("effects: [" + strings.Repeat("{a: 0}, ", n) + "{a: 0}]\n"), []string{"effects", fmt.Sprint(n), "a"}
}

// manyAliases anchors a mapping of ten values and refers to it n times,
// n*11 values within AliasBudget when n < 9,000.
func manyAliases(n int) ([]byte, []string) {
	var b strings.Builder
	b.WriteString("base: &b {a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9, j: 10}\nrefs:\n")
	for range n {
		b.WriteString("  - *b\n")
	}
	return []byte(b.String()), []string{"refs", fmt.Sprint(n - 1), "j"}
}

// convertCost parses and converts data, looks path up, and returns the
// bytes allocated on the way.
func convertCost(t testing.TB, data []byte, path []string) uint64 {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f, fs := Parse("f.yaml", data)
	if f == nil {
		t.Fatalf("parse: %v", fs)
	}
	v, fs := Convert(f)
	if v == nil {
		t.Fatalf("convert: %v", fs)
	}
	if loc := v.Lookup(path); loc.Value == nil || loc.Value.Kind != yaml.ScalarNode {
		t.Fatalf("lookup of the deepest value found %+v", loc.Value)
	}
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

var shapes = []struct {
	name  string
	gen   func(n int) ([]byte, []string)
	n     int // a size near 1 MB (or, for aliases, near the budget)
	small int // the smaller size of the linearity test
}{
	{"deep-long-keys", func(n int) ([]byte, []string) { return deepKeys(n, 1000) }, 1000, 60},
	// The parser allows at most 10,000 levels.
	{"deep-short-keys", func(n int) ([]byte, []string) { return deepKeys(n, 1) }, 9000, 2250},
	{"wide-mapping", wideMapping, 50_000, 3000},
	{"long-list", longList, 300_000, 20_000},
	{"small-mappings", smallMappings, 130_000, 8000},
	{"aliases", manyAliases, 8000, 500},
}

// TestConvertMemoryLinear fails when Convert's memory grows faster than
// its input: each shape is converted at a small size and at 4 times that,
// which may cost at most 6 times as much (linear is 4, quadratic 16). Deep nesting of 1,000-character keys also has an
// absolute bound at 1 MB: it took 509 MB when every value's full path was
// kept.
func TestConvertMemoryLinear(t *testing.T) {
	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			data, path := s.gen(s.small)
			costSmall := convertCost(t, data, path)
			data, path = s.gen(4 * s.small)
			costLarge := convertCost(t, data, path)
			t.Logf("%d bytes: %d allocated (%.1f×)", len(data), costLarge, float64(costLarge)/float64(costSmall))
			if costLarge > 6*costSmall {
				t.Errorf("4× the input cost %.1f× the memory (%d → %d bytes): growth is not linear", float64(costLarge)/float64(costSmall), costSmall, costLarge)
			}
		})
	}
	data, path := deepKeys(1000, 1000)
	if cost := convertCost(t, data, path); cost > 50<<20 {
		t.Errorf("%d bytes of nested long keys allocated %d MB, want under 50", len(data), cost>>20)
	}
}

// BenchmarkConvert parses, converts and looks up the deepest value of each
// shape at about 1 MB (aliases: near the alias budget), reporting the
// input size and the bytes allocated per input byte.
func BenchmarkConvert(b *testing.B) {
	for _, s := range shapes {
		b.Run(s.name, func(b *testing.B) {
			data, path := s.gen(s.n)
			b.ReportAllocs()
			var total uint64
			for b.Loop() {
				total += convertCost(b, data, path)
			}
			b.ReportMetric(float64(len(data)), "input-bytes")
			b.ReportMetric(float64(total)/float64(b.N)/float64(len(data)), "alloc-bytes/input-byte")
		})
	}
}
