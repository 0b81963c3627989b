package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testart"

	"github.com/xuri/excelize/v2"
)

// The import bugs of issue 32, each as a designer met it.

// TestImportNewPictureThatExists: a card naming a picture no card used
// before is checked against the file in the game folder, not reported
// FILE_MISSING because the check's copy of the game lacked it.
func TestImportNewPictureThatExists(t *testing.T) {
	ws := artGame(t)
	os.WriteFile(filepath.Join(ws, "art", "art", "portraits", "stoat.png"), testart.PNG(testart.Portrait(400, 500, 7, false)), 0o644)
	os.WriteFile(filepath.Join(ws, "heroes.csv"), []byte("id,name,count,portrait,power,rules\n"+
		"owl,Owl,,art/portraits/owl.png,3,Look at the top card of the deck.\n"+
		"fox,Fox,2,art/portraits/fox.png,2,Swap two cards in play.\n"+
		"hare,Hare,,art/portraits/hare.jpg,1,Play another card.\n"+
		"badger,Badger,,art/portraits/owl.png,4,\n"+
		"stoat,Stoat,,art/portraits/stoat.png,0,Draw a card.\n"), 0o644)
	code, out, errOut := run(t, ws, "import", "heroes.csv", "--game", "art", "--deck", "heroes", "--into", "cards.yaml")
	if code != 0 || !strings.Contains(out, "wrote "+filepath.Join("art", "cards.yaml")+": 5 cards") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	// A picture that does not exist is still refused, at its cell.
	os.WriteFile(filepath.Join(ws, "heroes.csv"), []byte("id,name,count,portrait,power\nowl,Owl,6,art/portraits/weasel.png,3\n"), 0o644)
	before := readFile(t, filepath.Join(ws, "art", "cards.yaml"))
	code, out, _ = run(t, ws, "import", "heroes.csv", "--game", "art", "--deck", "heroes", "--into", "cards.yaml")
	if want := "heroes.csv: row 2, column D (portrait): image file " + filepath.Join("art", "art", "portraits", "weasel.png") + " not found (FILE_MISSING)"; code != 1 || !strings.Contains(out, want) {
		t.Errorf("a missing picture: exit %d, want %q in\n%s", code, want, out)
	}
	if !bytes.Equal(before, readFile(t, filepath.Join(ws, "art", "cards.yaml"))) {
		t.Error("cards.yaml was written despite the error")
	}
}

// TestImportNewCardWithTemplatePicture: a new card whose picture only a
// layout template names (src: "art/badges/{id}.png") is checked against
// the game folder as it is, so the badge drawn for it is found.
func TestImportNewCardWithTemplatePicture(t *testing.T) {
	ws := artGame(t)
	game := filepath.Join(ws, "art")
	edit(t, ws, "art/layout.yaml", "    - {kind: image, src: art/emblem.png, box: [47, 57, 10, 10]}",
		"    - {kind: image, src: \"art/badges/{id}.png\", box: [47, 57, 10, 10]}")
	os.MkdirAll(filepath.Join(game, "art", "badges"), 0o755)
	for i, id := range []string{"owl", "fox", "hare", "badger", "wren", "stoat"} {
		os.WriteFile(filepath.Join(game, "art", "badges", id+".png"), testart.PNG(testart.Portrait(120, 120, i, false)), 0o644)
	}
	if code, out, errOut := run(t, ws, "validate", "art"); code != 0 {
		t.Fatalf("validate: exit %d\n%s%s", code, out, errOut)
	}
	rows := func(last string) []byte {
		return []byte("id,name,count,portrait,power,rules\n" +
			"owl,Owl,,art/portraits/owl.png,3,Look at the top card of the deck.\n" +
			"fox,Fox,2,art/portraits/fox.png,2,Swap two cards in play.\n" +
			"hare,Hare,,art/portraits/hare.jpg,1,Play another card.\n" +
			"badger,Badger,,art/portraits/owl.png,4,\n" + last)
	}
	os.WriteFile(filepath.Join(ws, "heroes.csv"), rows("stoat,Stoat,,art/portraits/owl.png,0,Draw a card.\n"), 0o644)
	code, out, errOut := run(t, ws, "import", "heroes.csv", "--game", "art", "--deck", "heroes", "--into", "cards.yaml")
	if code != 0 || strings.Contains(out, "FILE_MISSING") {
		t.Fatalf("import: exit %d\n%s%s", code, out, errOut)
	}
	// A new card without its badge: the picture is missing.
	os.WriteFile(filepath.Join(ws, "heroes.csv"), rows("weasel,Weasel,,art/portraits/owl.png,0,Draw a card.\n"), 0o644)
	code, out, _ = run(t, ws, "import", "heroes.csv", "--game", "art", "--deck", "heroes", "--into", "cards.yaml")
	if code != 1 || !strings.Contains(out, "FILE_MISSING") || !strings.Contains(out, "weasel.png") {
		t.Errorf("a badge that does not exist: exit %d\n%s", code, out)
	}
}

// TestImportPositionsAsValidateSaysThem: with the game named as "." or
// "./sprint", a problem the game had before (a card file listed but not
// written yet) reads as validate says it, so it is not repeated and does
// not stop the import; a duplicate id names its first row, not "./row 2".
func TestImportPositionsAsValidateSaysThem(t *testing.T) {
	ws := sprint(t)
	run(t, ws, "export", "csv", "sprint", "--out", "out")
	edit(t, ws, "sprint/game.yaml", "cards: [cards.yaml]", "cards: [cards.yaml, extra.yaml]")
	csv := filepath.Join(ws, "out", "sprint", "sprint-main.csv")
	code, out, errOut := run(t, filepath.Join(ws, "sprint"), "validate", ".")
	if code != 1 || !strings.Contains(out, "game.yaml:8:23: error FILE_MISSING: file extra.yaml not found") {
		t.Fatalf("validate .: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = run(t, filepath.Join(ws, "sprint"), "import", csv, "--game", ".", "--deck", "main", "--into", "cards.yaml")
	if code != 0 || strings.Contains(out, "FILE_MISSING") {
		t.Errorf("import --game .: exit %d\n%s%s", code, out, errOut)
	}
	os.WriteFile(filepath.Join(ws, "dup.csv"), []byte("id,name,points,speed\nhare,Hare,1,fast\nhare,Owl,2,slow\n"), 0o644)
	code, out, _ = run(t, ws, "import", "dup.csv", "--game", "./sprint", "--deck", "main", "--into", "cards.yaml")
	if want := `dup.csv: row 3, column A (id): duplicate card id "hare" (first at row 2) (DUPLICATE_ID)`; code != 1 || !strings.Contains(out, want) {
		t.Errorf("exit %d, want %q in\n%s", code, want, out)
	}
}

// TestImportNoSilentChange: a date Excel made of "1/2" is read as the
// spreadsheet shows it, with a warning, never as its serial number; a
// date or percentage in a column of numbers, and a formula with no stored
// result, are refused at their cell.
func TestImportNoSilentChange(t *testing.T) {
	ws := sprint(t)
	f := excelize.NewFile()
	defer f.Close()
	sh := "main"
	f.SetSheetName(f.GetSheetName(0), sh)
	date, _ := f.NewStyle(&excelize.Style{NumFmt: 16}) // d-mmm, what Excel gives 1/2
	percent, _ := f.NewStyle(&excelize.Style{NumFmt: 9})
	f.SetSheetRow(sh, "A1", &[]any{"id", "name", "points", "speed", "rules", "count"})
	f.SetSheetRow(sh, "A2", &[]any{"hare", "Hare", 1, "fast", "Move 1/2 of your speed.", 3})
	f.SetSheetRow(sh, "A3", &[]any{"owl", "Owl", 2, "slow", 45293, 3})
	f.SetCellStyle(sh, "E3", "E3", date)
	f.SetSheetRow(sh, "A4", &[]any{"fox", "Fox", 0.25, "steady", nil, 3})
	f.SetCellStyle(sh, "C4", "C4", percent)
	f.SetSheetRow(sh, "A5", &[]any{"yak", "Yak", nil, "slow", nil, 3})
	f.SetCellFormula(sh, "C5", "C2*2")
	path := filepath.Join(ws, "cards.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	before := readFile(t, filepath.Join(ws, "sprint", "cards.yaml"))
	code, out, _ := run(t, ws, "import", "cards.xlsx", "--game", "sprint", "--deck", "main", "--into", "cards.yaml")
	want := []string{
		`cards.xlsx: sheet "main", row 3, column E (rules): warning: the spreadsheet shows this date as "2-Jan" (it stores 45293), read as shown; if you typed something else, format the column as Text and type it again`,
		`cards.xlsx: sheet "main", row 4, column C (points): the spreadsheet holds a percentage here ("25%", stored as 0.25), not a whole number; format the column as Number or Text and type the value again`,
		`cards.xlsx: sheet "main", row 5, column C (points): the formula =C2*2 has no stored result (the file was not saved by a spreadsheet app); open it in one and save it, or type the value`,
		`import: 2 errors; nothing was written`,
	}
	if code != 1 || strings.TrimSpace(out) != strings.Join(want, "\n") {
		t.Errorf("exit %d, got\n%s\nwant\n%s", code, out, strings.Join(want, "\n"))
	}
	if !bytes.Equal(before, readFile(t, filepath.Join(ws, "sprint", "cards.yaml"))) {
		t.Error("cards.yaml was written despite the errors")
	}
	// With the numbers typed again, the date is the only note, and the
	// card says what the spreadsheet showed.
	f.SetCellValue(sh, "C4", 1)
	f.SetCellStyle(sh, "C4", "C4", 0)
	f.SetCellValue(sh, "C5", 3)
	f.SaveAs(path)
	code, out, _ = run(t, ws, "import", "cards.xlsx", "--game", "sprint", "--deck", "main", "--into", "cards.yaml")
	if code != 0 || !strings.Contains(out, "warning: the spreadsheet shows this date") {
		t.Fatalf("exit %d\n%s", code, out)
	}
	if got := string(readFile(t, filepath.Join(ws, "sprint", "cards.yaml"))); !strings.Contains(got, "rules: 2-Jan") || strings.Contains(got, "45293") {
		t.Errorf("the date was not read as shown:\n%s", got)
	}
}
