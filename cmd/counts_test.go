package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/pipeline"
)

// TestCardCountsSaidOnce: a cards component without a count takes its
// deck's copies, so a card added to the deck needs no second edit; a
// count that is given is still checked, and other pieces still need one.
func TestCardCountsSaidOnce(t *testing.T) {
	ws := t.TempDir()
	run(t, ws, "new", "market")
	goods := filepath.Join(ws, "market", "goods.yaml")
	data := readFile(t, goods)
	os.WriteFile(goods, append(data, []byte("\n  - {id: rose-water, name: Rose Water, deck: goods, count: 2, cost: 2, points: 1, stall: spice}\n")...), 0o644)
	if code, out, _ := run(t, ws, "validate", "market"); code != 0 || !strings.Contains(out, "1 game, 13 cards, no problems") {
		t.Fatalf("a card added, nothing else edited: exit %d\n%s", code, out)
	}
	g, _ := gamedata.Load(filepath.Join(ws, "market"), pipeline.EngineSchemas)
	if n, ok := g.ComponentCount("goods-cards"); !ok || n != 10 {
		t.Errorf("goods-cards counts %d, want the deck's 10 copies", n)
	}
	edit(t, ws, "market/game.yaml", "kind: cards, deck: goods", "kind: cards, count: 8, deck: goods")
	if code, out, _ := run(t, ws, "validate", "market"); code != 1 || !strings.Contains(out, `game.yaml:24:62: error COUNT_MISMATCH: component "goods-cards" counts 8 but deck "goods" has 10 card copies`) {
		t.Errorf("a count given: exit %d\n%s", code, out)
	}
	edit(t, ws, "market/game.yaml", "kind: money, count: 30,", "kind: money,")
	if code, out, _ := run(t, ws, "validate", "market"); code != 1 || !strings.Contains(out, `game.yaml:26:5: error SCHEMA_REQUIRED: missing required field "count"`) {
		t.Errorf("coins without a count: exit %d\n%s", code, out)
	}
}
