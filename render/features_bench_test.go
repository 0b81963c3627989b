package render

import (
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/cardpress/cardpress/gamedata"
)

// perCardCost renders small and big (two documents of one layout, 9 and
// 90 cards) and reports what each card beyond the first 9 adds: ms/card of
// wall-clock time (each benchmark states its target) and cpu-ms/card of
// CPU time, which a machine busy with other work inflates less.
func perCardCost(b *testing.B, small, big *Document) {
	b.Helper()
	extra := time.Duration(len(big.Cards) - len(small.Cards))
	wall, cpu := make([]time.Duration, 5), make([]time.Duration, 5)
	for i := range wall {
		t0, c0 := time.Now(), cpuTime()
		if _, err := PnP(small, Options{}); err != nil {
			b.Fatal(err)
		}
		wall[i], cpu[i] = time.Since(t0), cpuTime()-c0
	}
	c0 := cpuTime()
	for b.Loop() {
		if _, err := PnP(big, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	n := time.Duration(b.N)
	b.ReportMetric(float64((b.Elapsed()/n-slices.Min(wall))/extra)/1e6, "ms/card")
	b.ReportMetric(float64(((cpuTime()-c0)/n-slices.Min(cpu))/extra)/1e6, "cpu-ms/card")
}

// everyFeatureDoc is n cards whose layout uses every kind of layout
// element together: shapes with colours picked by value, a picture by
// value, text templates with emphasis and icons, elements drawn only
// where their when holds, and a turned corner index.
func everyFeatureDoc(b *testing.B, n int) *Document {
	doc, words := shapesDoc(n), templatesDoc(b, n)
	els := doc.Layout.Front.Elements
	for _, el := range words.Layout.Front.Elements[1:] { // its name is the shapes' already
		el.Box = []float64{el.Box[0], el.Box[1] + 10, el.Box[2], el.Box[3] / 2}
		els = append(els, el)
	}
	els = append(els, gamedata.Element{Field: "cost", Box: []float64{49, 75, 9, 9}, Size: 14, Style: "bold", Align: "center", Rotate: 180})
	doc.Layout.Front.Elements = els
	for i := range doc.Cards {
		c, w := &doc.Cards[i], words.Cards[i]
		maps.Copy(c.Fields, w.Fields)
		maps.Copy(c.Values, w.Values)
		c.Keywords = w.Keywords
	}
	return doc
}

// BenchmarkRenderEveryFeature is the budget for a layout that
// uses all of them at once: at most 1 ms a card.
func BenchmarkRenderEveryFeature(b *testing.B) {
	perCardCost(b, everyFeatureDoc(b, 9), everyFeatureDoc(b, 90))
}
