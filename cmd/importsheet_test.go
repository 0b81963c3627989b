package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"

	"github.com/xuri/excelize/v2"
)

// designerWorkbook writes a workbook of the shape designers keep for the
// game `cardpress new` writes: a sheet per deck named by the deck's name,
// headers in their own words and case, a notes column, a blank column,
// copies as repeated rows, and a notes sheet that is no deck. rows may
// add rows to the goods sheet.
func designerWorkbook(t *testing.T, path string, goodsRows ...[]any) {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	goods := "Market Goods"
	f.SetSheetName(f.GetSheetName(0), goods)
	rows := [][]any{
		{"Card Name", "COST", "Points", "Stall", "Perishable", nil, "Rules Text", "Notes"},
		{"Saffron Threads", 3, 2, "spice", true, nil, "Worth **double** at dusk.", "maybe too strong"},
		{"Pepper Sacks", 1, 1, "spice", nil, nil, nil, nil},
		{"Pepper Sacks", 1, 1, "spice", nil, nil, nil, "copy"},
		{"Moonlit Silk", 4, 3, "silk", nil, nil, nil, nil},
		{"Jasmine Pearls", 2, 2, "tea", true},
		{"Jasmine Pearls", 2, 2, "tea", true},
		{"Jasmine Pearls", 2, 2, "tea", true},
	}
	rows = append(rows, goodsRows...)
	for i, r := range rows {
		f.SetSheetRow(goods, "A"+itoa(i+1), &r)
	}
	f.NewSheet("Orders")
	for i, r := range [][]any{
		{"name", "WANTS", "points"},
		{"The Spice Merchant", "spice, tea", 5},
		{"A Silk Wedding", "silk, tea", 7},
	} {
		f.SetSheetRow("Orders", "A"+itoa(i+1), &r)
	}
	f.NewSheet("Ideas")
	f.SetSheetRow("Ideas", "A1", &[]any{"a rat deck?"})
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
}

// TestImportSheetAsItIs: a workbook as a designer keeps it imports in one
// command, every deck at once, with a mapping for the headers of their
// own words; the game then validates with no second edit.
func TestImportSheetAsItIs(t *testing.T) {
	ws := t.TempDir()
	run(t, ws, "new", "market")
	book := filepath.Join(ws, "market", "cards.xlsx")
	designerWorkbook(t, book)
	code, out, errOut := run(t, filepath.Join(ws, "market"), "import", "cards.xlsx", "--column", "card name=name", "--column", "RulesText=rules", "--drop", "notes")
	want := []string{
		`cards.xlsx: sheet "Ideas" is not read: it is named after no deck (goods, orders) and has no deck column`,
		`wrote goods.yaml: 4 cards of deck goods from cards.xlsx (sheet "Market Goods")`,
		`wrote orders.yaml: 2 cards of deck orders from cards.xlsx (sheet "Orders")`,
	}
	for _, w := range want {
		if code != 0 || !strings.Contains(out, w+"\n") {
			t.Fatalf("exit %d, want %q in\n%s%s", code, w, out, errOut)
		}
	}
	goods := string(readFile(t, filepath.Join(ws, "market", "goods.yaml")))
	for _, want := range []string{"  - id: pepper-sacks\n    name: Pepper Sacks\n    deck: goods\n    cost: 1\n    points: 1\n    stall: spice\n    count: 2\n",
		"  - id: jasmine-pearls\n", "    count: 3\n", "    rules: Worth **double** at dusk.\n"} {
		if !strings.Contains(goods, want) {
			t.Errorf("goods.yaml lacks %q:\n%s", want, goods)
		}
	}
	if strings.Contains(goods, "maybe too strong") {
		t.Errorf("the dropped notes column was imported:\n%s", goods)
	}
	if code, out, _ := run(t, ws, "validate", "market"); code != 0 || !strings.Contains(out, "1 game, 9 cards, 0 errors") {
		t.Errorf("validate after the import: exit %d\n%s", code, out)
	}
	// The same mapping from a file.
	os.WriteFile(filepath.Join(ws, "map.yaml"), []byte("columns: {Card Name: name, Rules Text: rules}\ndrop: [Notes]\n"), 0o644)
	if code, out, errOut := run(t, ws, "import", "market/cards.xlsx", "--map", "map.yaml"); code != 0 || !strings.Contains(out, "wrote "+filepath.Join("market", "goods.yaml")+": 4 cards") {
		t.Errorf("--map: exit %d\n%s%s", code, out, errOut)
	}
	// Exported and imported back, nothing changes.
	run(t, ws, "export", "xlsx", "market", "--out", "out")
	before := readFile(t, filepath.Join(ws, "market", "goods.yaml"))
	if code, out, errOut := run(t, ws, "import", "out/market/market-cards.xlsx", "--game", "market"); code != 0 {
		t.Fatalf("import the export: exit %d\n%s%s", code, out, errOut)
	}
	if !bytes.Equal(before, readFile(t, filepath.Join(ws, "market", "goods.yaml"))) {
		t.Error("export then import changed goods.yaml")
	}
}

// TestImportBadSheet: every problem of a sheet kept by hand is told at its
// sheet, row and column, with exit 1, and no card file is touched.
func TestImportBadSheet(t *testing.T) {
	ws := t.TempDir()
	run(t, ws, "new", "market")
	book := filepath.Join(ws, "market", "cards.xlsx")
	designerWorkbook(t, book,
		[]any{"Tea Bricks", "two", 1, "tea", nil, "stray value"},
		[]any{"Clove Jar", 1, 1, "cloves"},
	)
	before := map[string][]byte{}
	for _, f := range []string{"goods.yaml", "orders.yaml", "game.yaml"} {
		before[f] = readFile(t, filepath.Join(ws, "market", f))
	}
	code, out, _ := run(t, ws, "import", book, "--column", "Card Name=name", "--drop", "Notes")
	want := []string{
		`cards.xlsx: sheet "Ideas" is not read: it is named after no deck (goods, orders) and has no deck column`,
		`cards.xlsx: sheet "Market Goods", row 2, column G (Rules Text): unknown field "Rules Text" (SCHEMA_UNKNOWN_FIELD)`,
		`cards.xlsx: sheet "Market Goods", row 9, column B (COST): expected a whole number, found "two"`,
		`cards.xlsx: sheet "Market Goods", row 9, column F: column F has values but no name in row 1; name its field in row 1, map it (--column) or delete the column`,
		`cards.xlsx: sheet "Market Goods", row 10, column D (Stall): "cloves" is not allowed; use one of: "spice", "silk", "tea" (SCHEMA_ENUM)`,
		`import: 4 errors; nothing was written`,
	}
	got := strings.ReplaceAll(strings.TrimSpace(out), filepath.Join(ws, "market")+string(filepath.Separator), "")
	if code != 1 || got != strings.Join(want, "\n") {
		t.Errorf("exit %d, got\n%s\nwant\n%s", code, got, strings.Join(want, "\n"))
	}
	for f, b := range before {
		if !bytes.Equal(b, readFile(t, filepath.Join(ws, "market", f))) {
			t.Errorf("%s was changed", f)
		}
	}
}

// TestImportWholeWorkbookRoundTrip: a shipped game's exported workbook,
// imported in one run with no --deck, gives back every card file byte
// for byte: decks sharing a file (Heist Masterminds) and a deck spread
// over files (Crazy Eights' suits: each card goes back to its file).
func TestImportWholeWorkbookRoundTrip(t *testing.T) {
	ws := t.TempDir()
	games := []string{"heat", "masterminds", "mice", "hmm", "crazy-eights"}
	for _, g := range games {
		testutil.CopyTree(t, filepath.Join(repoRoot, "cards", g), filepath.Join(ws, "cards", g))
	}
	if code, out, errOut := run(t, ws, "export", "xlsx", "cards", "--out", "out"); code != 0 {
		t.Fatalf("export: exit %d\n%s%s", code, out, errOut)
	}
	for _, g := range games {
		book := filepath.Join("out", g, g+"-cards.xlsx")
		if code, out, errOut := run(t, ws, "import", book, "--game", filepath.Join("cards", g)); code != 0 || strings.Contains(out, "not read") || !strings.Contains(out, "wrote ") {
			t.Fatalf("import %s: exit %d\n%s%s", g, code, out, errOut)
		}
		entries, _ := os.ReadDir(filepath.Join(repoRoot, "cards", g))
		for _, e := range entries {
			name := filepath.Join("cards", g, e.Name())
			if !e.IsDir() && !bytes.Equal(readFile(t, filepath.Join(repoRoot, name)), readFile(t, filepath.Join(ws, name))) {
				t.Errorf("%s changed by importing its own workbook", name)
			}
		}
	}
}
