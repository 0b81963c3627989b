package cmd

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cardpress/cardpress/internal/testart"
	"github.com/cardpress/cardpress/render/pdftest"

	"github.com/xuri/excelize/v2"
)

// heroesWorkbook writes a workbook of the shape designers keep, beside
// its pictures in art/: a sheet per deck, headers in their own words and
// case, a blank column, copies as repeated rows, an art column, a
// "1/2" Excel made a date, an icon token, a quantity column.
func heroesWorkbook(t *testing.T, dir string, extra ...[]any) string {
	t.Helper()
	os.MkdirAll(filepath.Join(dir, "art"), 0o755)
	for i, n := range []string{"owl", "fox"} {
		os.WriteFile(filepath.Join(dir, "art", n+".png"), testart.PNG(testart.Portrait(300, 240, i, false)), 0o644)
	}
	f := excelize.NewFile()
	defer f.Close()
	f.SetSheetName(f.GetSheetName(0), "Heroes")
	rows := [][]any{
		{"Card Name", "COST", "Element", nil, "Art", "Rules Text", "Qty"},
		{"Owl", 3, "Air", nil, "art/owl.png", "Look at the top card. Gain 1 :star:.", 2},
		{"Fox", 2, "Fire", nil, "art/fox.png", "Swap two cards. Take 1 :ember:."},
		{"Fox", 2, "Fire", nil, "art/fox.png", "Swap two cards. Take 1 :ember:."},
		{"Hare", 1, "Air", nil, "art/owl.png", 45293},
		{"Élan", 4, "Fire", nil, "art/fox.png", nil, 1},
	}
	rows = append(rows, extra...)
	for i, r := range rows {
		f.SetSheetRow("Heroes", "A"+itoa(i+1), &r)
	}
	date, _ := f.NewStyle(&excelize.Style{NumFmt: 16})
	f.SetCellStyle("Heroes", "F5", "F5", date)
	f.NewSheet("Villains")
	for i, r := range [][]any{
		{"Name", "Power", "Flavor"},
		{"Wolf", 5, "It waits."},
		{"Wolf", 5, "It waits."},
		{"Snake", 3},
	} {
		f.SetSheetRow("Villains", "A"+itoa(i+1), &r)
	}
	path := filepath.Join(dir, "Cards.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestNewFromSheet: one command makes a game from a designer's workbook,
// which then validates, lints and renders; the PDF shows every card's
// fields, and a card added in the sheet needs no second edit.
func TestNewFromSheet(t *testing.T) {
	ws := t.TempDir()
	heroesWorkbook(t, filepath.Join(ws, "sheets"))
	code, out, errOut := run(t, ws, "new", "fables", "--from-sheet", "sheets/Cards.xlsx")
	if code != 0 {
		t.Fatalf("new --from-sheet: exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{"wrote " + filepath.Join("fables", "game.yaml"), "wrote " + filepath.Join("fables", "heroes.yaml"), "wrote " + filepath.Join("fables", "Cards.xlsx"), "wrote " + filepath.Join("fables", "art", "owl.png")} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	manifest := string(readFile(t, filepath.Join(ws, "fables", "game.yaml")))
	for _, want := range []string{
		`{name: cost, type: integer, required: true, doc: "The column \"COST\" of the sheet."}`,
		`{name: element, type: enum, values: ["Air", "Fire"], required: true,`,
		`{name: art, type: image, required: true,`,
		`{name: rules_text, type: text, doc:`,
		`{name: power, type: integer, required: true,`,
		"  - {id: heroes-cards, name: \"Heroes cards\", kind: cards, deck: heroes}\n",
		"sheet:\n  file: \"Cards.xlsx\"\n  columns:\n    \"Card Name\": name\n    \"Qty\": count\n",
		"  - {id: ember, builtin: letter-e}\n",
	} {
		if !strings.Contains(manifest, want) {
			t.Errorf("game.yaml lacks %q:\n%s", want, manifest)
		}
	}
	heroes := string(readFile(t, filepath.Join(ws, "fables", "heroes.yaml")))
	for _, want := range []string{"  - id: owl\n    name: Owl\n    deck: heroes\n    cost: 3\n    element: Air\n    art: art/owl.png\n", "    count: 2\n", "  - id: elan\n", "rules_text: 2-Jan"} {
		if !strings.Contains(heroes, want) {
			t.Errorf("heroes.yaml lacks %q:\n%s", want, heroes)
		}
	}
	if code, out, _ := run(t, ws, "validate", "fables"); code != 0 || !strings.Contains(out, "1 game, 9 cards, no problems") {
		t.Errorf("validate: exit %d\n%s", code, out)
	}
	if code, out, _ := run(t, ws, "lint", "fables"); code != 0 {
		t.Errorf("lint: exit %d\n%s", code, out)
	}
	if code, out, errOut := run(t, ws, "render", "fables", "--out", "out"); code != 0 {
		t.Fatalf("render: exit %d\n%s%s", code, out, errOut)
	}
	text := strings.Join(pdftest.FilePages(t, filepath.Join(ws, "out", "fables", "fables-pnp.pdf")), "\n")
	for _, want := range []string{"Owl", "COST:3", "Element:Fire", "Swap two cards", "2-Jan", "Wolf", "Power:5", "It waits.", "6 × Heroes cards", "3 × Villains cards"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
	// A card added in the sheet comes in with one import and no other edit.
	f, err := excelize.OpenFile(filepath.Join(ws, "fables", "Cards.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	f.SetSheetRow("Villains", "A5", &[]any{"Crow", 2})
	f.Save()
	f.Close()
	if code, out, errOut := run(t, filepath.Join(ws, "fables"), "import", "Cards.xlsx"); code != 0 || !strings.Contains(out, "wrote villains.yaml: 3 cards of deck villains") {
		t.Fatalf("import after adding a card: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, _ := run(t, ws, "validate", "fables"); code != 0 || !strings.Contains(out, "1 game, 10 cards, no problems") {
		t.Errorf("validate after adding a card: exit %d\n%s", code, out)
	}
}

// TestNewFromBadSheet: a sheet the game cannot be made from is told at
// its sheets, rows and columns, with exit 1, and nothing is written.
func TestNewFromBadSheet(t *testing.T) {
	ws := t.TempDir()
	book := heroesWorkbook(t, filepath.Join(ws, "sheets"),
		[]any{nil, 2, "Air", "stray", "art/owl.png"},
		[]any{"Stoat", 1, "Air", nil, "art/owl.png", "Draw a card."},
	)
	f, _ := excelize.OpenFile(book)
	f.SetCellFormula("Heroes", "G8", "B8*2")
	f.Save()
	f.Close()
	code, out, _ := run(t, ws, "new", "fables", "--from-sheet", "sheets/Cards.xlsx")
	want := []string{
		`sheets/Cards.xlsx: sheet "Heroes", row 5, column F (Rules Text): warning: the spreadsheet shows this date as "2-Jan" (it stores 45293), read as shown; if you typed something else, format the column as Text and type it again`,
		`sheets/Cards.xlsx: sheet "Heroes", row 7, column A (Card Name): a card needs a name: its id is made from it (or give the sheet an id column)`,
		`sheets/Cards.xlsx: sheet "Heroes", row 7, column D: column D has values but no name in row 1; name its field in row 1, map it (--column) or delete the column`,
		`sheets/Cards.xlsx: sheet "Heroes", row 8, column G (Qty): the formula =B8*2 has no stored result (the file was not saved by a spreadsheet app); open it in one and save it, or type the value`,
		`new: 3 errors in the sheet; nothing was written`,
	}
	if code != 1 || strings.TrimSpace(out) != strings.Join(want, "\n") {
		t.Errorf("exit %d, got\n%s\nwant\n%s", code, out, strings.Join(want, "\n"))
	}
	if _, err := os.Stat(filepath.Join(ws, "fables")); !os.IsNotExist(err) {
		t.Errorf("the game folder was written: %v", err)
	}
	// A file that is not a spreadsheet is usage, exit 2.
	if code, _, errOut := run(t, ws, "new", "other", "--from-sheet", "sheets/missing.xlsx"); code != 2 || !strings.Contains(errOut, "missing.xlsx: no such file") {
		t.Errorf("a missing sheet: exit %d\n%s", code, errOut)
	}
}

// fablesFromSheet makes the game fables with `new --from-sheet` from the
// heroes workbook in a new workspace, and returns the workspace and the
// game's copy of the workbook.
func fablesFromSheet(t *testing.T) (ws, book string) {
	t.Helper()
	ws = t.TempDir()
	heroesWorkbook(t, filepath.Join(ws, "sheets"))
	if code, out, errOut := run(t, ws, "new", "fables", "--from-sheet", "sheets/Cards.xlsx"); code != 0 {
		t.Fatalf("new: exit %d\n%s%s", code, out, errOut)
	}
	return ws, filepath.Join(ws, "fables", "Cards.xlsx")
}

// TestWatchFollowsTheSheet: watch imports the spreadsheet game.yaml names
// again when it is saved, so a designer who never leaves the sheet sees
// each save; a sheet with a problem is told at its row and column and
// the cards stay as they were.
func TestWatchFollowsTheSheet(t *testing.T) {
	ws, book := fablesFromSheet(t)
	villains := filepath.Join(ws, "fables", "villains.yaml")
	built, log := watchGame(t, filepath.Join(ws, "fables"), filepath.Join(ws, "out"))
	awaitBuild(t, built, log)
	if strings.Contains(log.String(), "importing") {
		t.Errorf("a sheet older than its card files was imported:\n%s", log)
	}
	save := func(row []any, formula string) {
		f, err := excelize.OpenFile(book)
		if err != nil {
			t.Fatal(err)
		}
		f.SetSheetRow("Villains", "A5", &row)
		if formula != "" {
			f.SetCellFormula("Villains", "B5", formula)
		}
		f.Save()
		f.Close()
		later := time.Now().Add(2 * time.Second) // past the card files' times, however coarse
		os.Chtimes(book, later, later)
	}
	until := func(what string) {
		t.Helper()
		deadline := time.After(20 * time.Second)
		for !strings.Contains(log.String(), what) {
			select {
			case <-built:
			case <-deadline:
				t.Fatalf("no %q within 20 s:\n%s", what, log)
			}
		}
	}
	save([]any{"Crow", 2}, "")
	until("wrote " + villains + ": 3 cards of deck villains")
	if !strings.Contains(string(readFile(t, villains)), "  - id: crow\n") {
		t.Errorf("the card added in the sheet is not in villains.yaml")
	}
	before := readFile(t, villains)
	save([]any{"Crow", nil}, "A5*2")
	until(`Cards.xlsx: sheet "Villains", row 5, column B (Power): the formula =A5*2 has no stored result`)
	if !bytes.Equal(before, readFile(t, villains)) {
		t.Errorf("villains.yaml changed although the sheet has an error")
	}
}

// TestNewFromCSVWithDeckColumn: a CSV file whose deck column names each
// card's deck makes a deck for each value; repeated rows are copies.
func TestNewFromCSVWithDeckColumn(t *testing.T) {
	ws := t.TempDir()
	os.WriteFile(filepath.Join(ws, "cards.csv"), []byte("\uFEFFDeck,Name,Cost,Card Text,Copies\n"+
		"Actions,Dash,1,Move 2.,\n"+
		"Actions,Dash,1,Move 2.,\n"+
		"Actions,Leap,2,\"Jump, then move 1.\",\n"+
		"Events,Storm,0,Everyone discards.,3\n"+
		"Events,Calm,0,,\n"), 0o644)
	if code, out, errOut := run(t, ws, "new", "race", "--from-sheet", "cards.csv"); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	manifest := string(readFile(t, filepath.Join(ws, "race", "game.yaml")))
	for _, want := range []string{"  cards: [actions.yaml, events.yaml]\n", "  - id: actions\n    name: \"Actions\"\n", "  - id: events\n", "\"Copies\": count"} {
		if !strings.Contains(manifest, want) {
			t.Errorf("game.yaml lacks %q:\n%s", want, manifest)
		}
	}
	actions := string(readFile(t, filepath.Join(ws, "race", "actions.yaml")))
	if !strings.Contains(actions, "  - id: dash\n    deck: actions\n    name: Dash\n    cost: 1\n    card_text: Move 2.\n    count: 2\n") {
		t.Errorf("actions.yaml:\n%s", actions)
	}
	for _, c := range []string{"validate", "lint"} {
		if code, out, _ := run(t, ws, c, "race"); code != 0 {
			t.Errorf("%s: exit %d\n%s", c, code, out)
		}
	}
	// The sheet edited and imported back: the deck column still sorts the rows.
	os.WriteFile(filepath.Join(ws, "race", "cards.csv"), append(readFile(t, filepath.Join(ws, "race", "cards.csv")), []byte("Events,Fog,1,Nobody moves.,\n")...), 0o644)
	if code, out, errOut := run(t, ws, "import", "race/cards.csv"); code != 0 || !strings.Contains(out, "wrote "+filepath.Join("race", "events.yaml")+": 3 cards of deck events") {
		t.Errorf("import: exit %d\n%s%s", code, out, errOut)
	}
}

// TestServeFollowsTheSheet: serve, too, imports the game's spreadsheet
// again when it is saved, before it loads the game for the page.
func TestServeFollowsTheSheet(t *testing.T) {
	ws, book := fablesFromSheet(t)
	_, log := serveGame(t, filepath.Join(ws, "fables"), 0)
	f, err := excelize.OpenFile(book)
	if err != nil {
		t.Fatal(err)
	}
	f.SetSheetRow("Villains", "A5", &[]any{"Crow", 2})
	f.Save()
	f.Close()
	later := time.Now().Add(2 * time.Second)
	os.Chtimes(book, later, later)
	want := "wrote " + filepath.Join(ws, "fables", "villains.yaml") + ": 3 cards of deck villains"
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(log.String(), want); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q within 20 s:\n%s", want, log)
		}
	}
	if !strings.Contains(string(readFile(t, filepath.Join(ws, "fables", "villains.yaml"))), "  - id: crow\n") {
		t.Error("the card added in the sheet is not in villains.yaml")
	}
}

// TestSheetNamedButMissing: game.yaml's sheet naming no file is
// FILE_MISSING at its line, or watch and serve would follow nothing.
func TestSheetNamedButMissing(t *testing.T) {
	ws := t.TempDir()
	heroesWorkbook(t, filepath.Join(ws, "sheets"))
	run(t, ws, "new", "fables", "--from-sheet", "sheets/Cards.xlsx")
	os.Remove(filepath.Join(ws, "fables", "Cards.xlsx"))
	line := lineOf(t, ws, "fables/game.yaml", `  file: "Cards.xlsx"`)
	want := fmt.Sprintf("fables/game.yaml:%d:9: error FILE_MISSING: spreadsheet %s not found", line, filepath.Join("fables", "Cards.xlsx"))
	if code, out, _ := run(t, ws, "validate", "fables"); code != 1 || !strings.Contains(out, want) {
		t.Errorf("exit %d, want %q in\n%s", code, want, out)
	}
}

// TestFollowASheetNamedWithSpaces: a sheet named as designers name files
// ("My Cards.xlsx") is copied, named in game.yaml and imported again.
func TestFollowASheetNamedWithSpaces(t *testing.T) {
	ws := t.TempDir()
	book := heroesWorkbook(t, filepath.Join(ws, "sheets"))
	os.Rename(book, filepath.Join(ws, "sheets", "My Cards.xlsx"))
	if code, out, errOut := run(t, ws, "new", "fables", "--from-sheet", "sheets/My Cards.xlsx"); code != 0 || !strings.Contains(string(readFile(t, filepath.Join(ws, "fables", "game.yaml"))), "  file: \"My Cards.xlsx\"\n") {
		t.Fatalf("new: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := run(t, ws, "import", "fables/My Cards.xlsx"); code != 0 || !strings.Contains(out, "wrote "+filepath.Join("fables", "heroes.yaml")) {
		t.Errorf("import: exit %d\n%s%s", code, out, errOut)
	}
}
