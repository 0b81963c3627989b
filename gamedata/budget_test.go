package gamedata

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
)

// The validation budget: loading a game costs time and memory in
// proportion to its files, whatever their shape. The shapes below are the
// worst found, each generated at a size parameter n; the benchmarks load
// them at the game's limits (MaxGameBytes, MaxGameValues, MaxCards) and the tests check that 4×
// the input costs no more than 6× the memory (linear is 4, quadratic 16).

const heatCardsHeader = "# yaml-language-server: $schema=../../engine/heat/cards.schema.json\ncards:\n"

// budgetShape makes a HEAT game's card files for size n; the shipped
// game.yaml, layout.yaml and reference.yaml come with them, game.yaml
// listing the card files in order.
type budgetShape struct {
	name  string
	cards func(n int) []string // card files' contents
	full  int                  // n that takes the game to its limits (MaxGameBytes, MaxGameValues, MaxCards)
	small int                  // n for the linearity test, well under a second (0: none)
}

// perFile splits total items over files of at most per items each.
func perFile(total, per int, file func(first, count int) string) []string {
	var files []string
	for first := 0; first < total; first += per {
		files = append(files, file(first, min(per, total-first)))
	}
	return files
}

// validCard is a HEAT card with id c<i>, ending in a newline.
func validCard(i int) string {
	return fmt.Sprintf("  - {id: c%d, name: Card %d, players: [3, 4], effects: [{phase: B, gain: 1}]}\n", i, i)
}

var budgetShapes = []budgetShape{
	// One card per file whose players list is n zeros, each a schema error
	// and a PLAYERS_RANGE error: the densest errors YAML can hold.
	{"zero-players", func(n int) []string {
		return perFile(n, 80_000, func(first, count int) string {
			return heatCardsHeader + fmt.Sprintf("  - {id: z%d, name: Z, effects: [{phase: B, gain: 1}], players: [", first) +
				strings.Repeat("0,", count-1) + "0]}\n"
		})
	}, 240_000, 5_000},
	// Cards of 1,000 unknown fields each, n fields in all, each an error
	// with a "did you mean". (Not all in one card: yaml.v3's Node.Decode,
	// which gamedata uses, compares each key of a mapping with every other,
	// so one card of 200,000 fields takes minutes there.)
	{"unknown-fields", func(n int) []string {
		const fields, cards = 990, 40 // per card (MaxKeys with the card's own), per file
		return perFile(n, fields*cards, func(first, count int) string {
			var b strings.Builder
			b.WriteString(heatCardsHeader)
			for i := range count {
				if i%fields == 0 {
					fmt.Fprintf(&b, "  - id: u%d\n    name: U\n    players: [3]\n    effects: [{phase: B, gain: 1}]\n", first+i)
				}
				fmt.Fprintf(&b, "    field%07d: 1\n", first+i)
			}
			return b.String()
		})
	}, 115_000, 2_000},
	// Mappings nested n deep under 1,000-character keys, under a field
	// the schema rejects: once 509 MB for a 1 MB file.
	{"deep-long-keys", func(n int) []string {
		key := strings.Repeat("k", 1000)
		return perFile(n, 1_000, func(first, count int) string {
			return heatCardsHeader + validCard(first) + "deep: " + strings.Repeat("{"+key+": ", count) + "1" + strings.Repeat("}", count) + "\n"
		})
	}, 4_000, 250},
	// Nesting as deep as the YAML parser allows (10,000) with short keys,
	// in as many files as fit.
	{"deep-short-keys", func(n int) []string {
		return perFile(n, 9_000, func(first, count int) string {
			return heatCardsHeader + validCard(first) + "deep: " + strings.Repeat("{k: ", count) + "1" + strings.Repeat("}", count) + "\n"
		})
	}, 120_000, 2_000},
	// A card with an error, anchored once per file and repeated by alias
	// within the alias budget: every copy is validated and reported.
	{"aliases", func(n int) []string {
		return perFile(n, 8_000, func(first, count int) string {
			return heatCardsHeader + fmt.Sprintf("  - &c {id: a%d, name: A, players: [0], effects: [{phase: B, gain: 1}]}\n", first) +
				strings.Repeat("  - *c\n", count)
		})
	}, 240_000, 1_000},
	// Files of nothing but values, each over MaxGameValues by itself: the
	// cost of the limit's refusal, which comes after the YAML parser.
	{"over-the-value-limit", func(n int) []string {
		return perFile(n, 500_000, func(first, count int) string {
			return heatCardsHeader + "  - {id: v" + fmt.Sprint(first) + ", name: V, effects: [{phase: B, gain: 1}], players: [" +
				strings.Repeat("0,", count-1) + "0]}\n"
		})
	}, 2_000_000, 0}, // no linearity test: under the limit it is zero-players
	// MaxCards valid cards, at most 255 (the schema's limit) per file.
	{"many-cards", func(n int) []string {
		return perFile(n, 250, func(first, count int) string {
			var b strings.Builder
			b.WriteString(heatCardsHeader)
			for i := range count {
				b.WriteString(validCard(first + i))
			}
			return b.String()
		})
	}, MaxCards, 500},
	// One card per file.
	{"many-files", func(n int) []string {
		return perFile(n, 1, func(first, _ int) string { return heatCardsHeader + validCard(first) })
	}, MaxCards, 100},
}

// writeHeat writes the HEAT game with these card files into a new folder
// under dir and returns its path and total size.
func writeHeat(t testing.TB, dir string, cards []string) (string, int) {
	t.Helper()
	game := filepath.Join(dir, "heat")
	if err := os.MkdirAll(game, 0o755); err != nil {
		t.Fatal(err)
	}
	names := make([]string, len(cards))
	total := 0
	for i, data := range cards {
		names[i] = fmt.Sprintf("cards%04d.yaml", i)
		total += len(data)
		if err := os.WriteFile(filepath.Join(game, names[i]), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"game.yaml", "layout.yaml", "reference.yaml", "rules.yaml", "tests.yaml"} {
		data, err := os.ReadFile(filepath.Join("../cards/heat", name))
		if err != nil {
			t.Fatal(err)
		}
		if name == "game.yaml" {
			data = []byte(strings.Replace(string(data), "cards: [cards.yaml]", "cards: ["+strings.Join(names, ", ")+"]", 1))
		}
		total += len(data)
		if err := os.WriteFile(filepath.Join(game, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return game, total
}

func heatSchemas(t testing.TB) Schemas {
	t.Helper()
	return engines(testutil.HeatSchemas(t))
}

// loadCost loads the game in dir and returns its finding count and the
// bytes allocated.
func loadCost(schemas Schemas, dir string) (int, uint64) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, found := Load(dir, schemas)
	runtime.ReadMemStats(&after)
	return len(found), after.TotalAlloc - before.TotalAlloc
}

func TestLoadCostLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("loads generated games")
	}
	schemas := heatSchemas(t)
	for _, s := range budgetShapes {
		if s.small == 0 {
			continue
		}
		t.Run(s.name, func(t *testing.T) {
			dir, size := writeHeat(t, t.TempDir(), s.cards(s.small))
			found, cost := loadCost(schemas, dir)
			dir4, size4 := writeHeat(t, t.TempDir(), s.cards(4*s.small))
			found4, cost4 := loadCost(schemas, dir4)
			t.Logf("%d bytes: %d findings, %d allocated; %d bytes: %d findings, %d allocated (%.1f×)", size, found, cost, size4, found4, cost4, float64(cost4)/float64(cost))
			if cost4 > 6*cost {
				t.Errorf("4× the input cost %.1f× the memory (%d → %d bytes): growth is not linear", float64(cost4)/float64(cost), cost, cost4)
			}
		})
	}
}

// The two reproductions of issue 11, as first measured: 40,000 zeros in
// a players list took 22 s to validate; 1 MB of mappings nested under
// 1,000-character keys took 509 MB.
func TestLoadIssue11(t *testing.T) {
	schemas := heatSchemas(t)
	t.Run("40,000 zeros", func(t *testing.T) {
		dir, _ := writeHeat(t, t.TempDir(), budgetShapes[0].cards(40_000))
		found, _ := loadCost(schemas, dir)
		if found != 80_002 { // per zero a schema and a player count error; the list's length; the repeat
			t.Errorf("%d findings, want 80,002", found)
		}
	})
	t.Run("1 MB of deep long keys", func(t *testing.T) {
		dir, size := writeHeat(t, t.TempDir(), budgetShapes[2].cards(1000))
		found, cost := loadCost(schemas, dir)
		if found != 1 || size < 1_000_000 {
			t.Fatalf("%d findings for %d bytes, want the one unknown field in 1 MB", found, size)
		}
		if cost > 50<<20 {
			t.Errorf("loading %d bytes allocated %d MB, want under 50", size, cost>>20)
		}
	})
}

// BenchmarkLoadBudget loads each shape at the game's limits, reporting
// the folder's size, the findings, the bytes allocated per input byte and
// the peak live heap (sampled every 2 ms).
func BenchmarkLoadBudget(b *testing.B) {
	schemas := heatSchemas(b)
	for _, s := range budgetShapes {
		b.Run(s.name, func(b *testing.B) {
			dir, size := writeHeat(b, b.TempDir(), s.cards(s.full))
			runtime.GC()
			b.ReportAllocs()
			var found int
			var allocated, peak uint64
			for b.Loop() {
				watch := testutil.WatchHeap()
				n, cost := loadCost(schemas, dir)
				peak = max(peak, watch.End())
				found, allocated = n, allocated+cost
			}
			b.ReportMetric(float64(size)/(1<<20), "input-MiB")
			b.ReportMetric(float64(found), "findings")
			b.ReportMetric(float64(allocated)/float64(b.N)/float64(size), "alloc-bytes/input-byte")
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
		})
	}
}

// BenchmarkLoadIssue11 loads the issue's two reproductions.
func BenchmarkLoadIssue11(b *testing.B) {
	schemas := heatSchemas(b)
	for _, c := range []struct {
		name  string
		shape budgetShape
		n     int
	}{
		{"40000-zeros", budgetShapes[0], 40_000},
		{"1MB-deep-long-keys", budgetShapes[2], 1000},
	} {
		b.Run(c.name, func(b *testing.B) {
			dir, _ := writeHeat(b, b.TempDir(), c.shape.cards(c.n))
			b.ReportAllocs()
			var peak uint64
			for b.Loop() {
				watch := testutil.WatchHeap()
				Load(dir, schemas)
				peak = max(peak, watch.End())
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
		})
	}
}
