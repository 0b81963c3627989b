package render

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// The poker-card table in docs/rendering.md is what the grid does: each
// row's cards per page, arrangement and auto gutter.
func TestDocsCardsPerPageTable(t *testing.T) {
	data, err := os.ReadFile("../docs/rendering.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, line := range strings.Split(string(data), "\n") {
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cells) != 5 || cells[0] != "A4" && cells[0] != "US Letter" {
			continue
		}
		rows++
		var bleed float64
		fmt.Sscanf(cells[1], "%g", &bleed)
		p, _ := paperSize(strings.ReplaceAll(strings.ToLower(cells[0]), "us ", ""))
		g, err := newGrid(p, 63, 88, bleed)
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("%d (%d × %d)", g.perPage(), g.cols, g.rows)
		if g.turned {
			want = fmt.Sprintf("%d (%d × %d, turned)", g.perPage(), g.cols, g.rows)
		}
		gutter := "0"
		if g.gutter > 0 {
			gutter = fmt.Sprintf("%g mm", g.gutter)
		}
		if cells[2] != want || cells[3] != gutter {
			t.Errorf("docs say %s at %s bleed: %s, gutter %s; the grid: %s, gutter %s", cells[0], cells[1], cells[2], cells[3], want, gutter)
		}
	}
	if rows != 4 {
		t.Errorf("%d rows of the poker table found, want 4", rows)
	}
}
