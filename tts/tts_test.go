package tts

import (
	"encoding/json"
	"image"
	"image/color"
	"image/draw"
	"slices"
	"strings"
	"sync"
	"testing"
)

func TestGridFor(t *testing.T) {
	for _, tc := range []struct {
		n          int
		cols, rows int
	}{
		{1, 2, 1}, {9, 10, 1}, {10, 10, 2}, {27, 10, 3}, {69, 10, 7},
	} {
		g, err := GridFor(tc.n)
		if err != nil || g.Cols != tc.cols || g.Rows != tc.rows {
			t.Errorf("GridFor(%d) = %+v, %v; want %dx%d", tc.n, g, err, tc.cols, tc.rows)
		}
		if g.Hidden() < tc.n {
			t.Errorf("GridFor(%d): the hidden slot %d is among the faces", tc.n, g.Hidden())
		}
	}
	for _, n := range []int{0, -1, 70} {
		if _, err := GridFor(n); err == nil {
			t.Errorf("GridFor(%d) is a grid", n)
		}
	}
	if got := Split(150); !slices.Equal(got, []int{69, 69, 12}) {
		t.Errorf("Split(150) = %v", got)
	}
	if got := Split(69); !slices.Equal(got, []int{69}) {
		t.Errorf("Split(69) = %v", got)
	}
}

func solid(w, h int, c color.RGBA) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(c), image.Point{}, draw.Src)
	return img
}

func TestCanvasPutsFacesInTheirSlotsAndTheBackLast(t *testing.T) {
	red, blue, back := color.RGBA{255, 0, 0, 255}, color.RGBA{0, 0, 255, 255}, color.RGBA{9, 9, 9, 255}
	g := Grid{Cols: 3, Rows: 2}
	// Drawn on an earlier sheet of the same size, which is cleared first.
	old := solid(12, 10, red).(*image.RGBA)
	c, err := NewCanvas(g, 4, 5, solid(4, 5, back), old)
	if err != nil {
		t.Fatal(err)
	}
	if c.Image != old {
		t.Error("a sheet of the right size was not reused")
	}
	// Out of order and at once, as an export's workers finish them.
	var wg sync.WaitGroup
	for slot, col := range map[int]color.RGBA{1: blue, 0: red} {
		wg.Go(func() {
			if err := c.Put(slot, solid(4, 5, col)); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	sheet := c.Image
	if sheet.Bounds() != image.Rect(0, 0, 12, 10) {
		t.Fatalf("sheet %v", sheet.Bounds())
	}
	for _, tc := range []struct {
		x, y int
		c    color.RGBA
	}{{1, 1, red}, {5, 4, blue}, {9, 2, color.RGBA{255, 255, 255, 255}}, {10, 9, back}, {0, 5, color.RGBA{255, 255, 255, 255}}} {
		if got := sheet.RGBAAt(tc.x, tc.y); got != tc.c {
			t.Errorf("pixel %d,%d is %v, want %v", tc.x, tc.y, got, tc.c)
		}
	}
	if err := c.Put(2, solid(4, 6, red)); err == nil {
		t.Error("a face of the wrong size was placed")
	}
	for _, slot := range []int{-1, g.Hidden(), 7} {
		if err := c.Put(slot, solid(4, 5, red)); err == nil {
			t.Errorf("a face was put in slot %d", slot)
		}
	}
	if sheet.RGBAAt(10, 9) != back {
		t.Error("the hidden slot was drawn over")
	}
	if _, err := NewCanvas(Grid{Cols: 11, Rows: 1}, 4, 5, solid(4, 5, back), nil); err == nil {
		t.Error("a sheet wider than 10 cards was made")
	}
	if _, err := NewCanvas(g, 4, 5, solid(5, 5, back), nil); err == nil {
		t.Error("a back of the wrong size was placed")
	}
	if c, err := NewCanvas(Grid{Cols: 2, Rows: 1}, 4, 5, solid(4, 5, back), old); err != nil || c.Image == old {
		t.Errorf("a sheet of another size was drawn on: %v", err)
	}
}

func TestBuildNumbersSheetsAcrossDecks(t *testing.T) {
	decks := []Deck{
		{ID: "a", Name: "Deck A", Sheets: []Sheet{{FaceURL: "f1", BackURL: "b", Grid: Grid{10, 7}}, {FaceURL: "f2", BackURL: "b", Grid: Grid{3, 1}}},
			Cards: []Card{{"One", 0, 0}, {"One", 0, 0}, {"Seventy", 1, 1}}},
		{ID: "b", Name: "Deck B", Sheets: []Sheet{{FaceURL: "g", BackURL: "h", Grid: Grid{2, 1}, UniqueBack: true}},
			Cards: []Card{{"Lonely", 0, 0}}, Sideways: true},
	}
	so, err := Build("game", "Game", decks)
	if err != nil {
		t.Fatal(err)
	}
	data, err := so.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		SaveName     string
		ObjectStates []map[string]any
	}
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if back.SaveName != "Game" || len(back.ObjectStates) != 2 {
		t.Fatalf("%q, %d objects", back.SaveName, len(back.ObjectStates))
	}
	a, b := back.ObjectStates[0], back.ObjectStates[1]
	if a["Name"] != "Deck" || a["Nickname"] != "Deck A" {
		t.Errorf("deck A is %v %v", a["Name"], a["Nickname"])
	}
	ids, _ := json.Marshal(a["DeckIDs"])
	if string(ids) != "[100,100,201]" {
		t.Errorf("deck A ids %s", ids)
	}
	custom := a["CustomDeck"].(map[string]any)
	if len(custom) != 2 || custom["2"].(map[string]any)["FaceURL"] != "f2" {
		t.Errorf("deck A sheets %v", custom)
	}
	tr := a["Transform"].(map[string]any)
	if tr["rotZ"] != 180.0 || tr["scaleX"] != 1.0 {
		t.Errorf("transform %v", tr)
	}
	// A one-card deck spawns as a card, on sheet 3.
	if b["Name"] != "Card" || b["CardID"] != 300.0 || b["Nickname"] != "Lonely" || b["SidewaysCard"] != true {
		t.Errorf("deck B is %v", b)
	}
	if cd := b["CustomDeck"].(map[string]any)["3"].(map[string]any); cd["UniqueBack"] != true || cd["BackIsHidden"] != true {
		t.Errorf("deck B's sheet %v", cd)
	}
	again, _ := Build("game", "Game", decks)
	if data2, _ := again.JSON(); string(data2) != string(data) {
		t.Error("the same decks gave different JSON")
	}
	if strings.Contains(string(data), `"posx"`) || !strings.Contains(string(data), `"posX"`) {
		t.Error("transform keys are not the game's")
	}
}

func TestBuildRefusesBadDecks(t *testing.T) {
	for _, tc := range []struct {
		name string
		deck Deck
		want string
	}{
		{"empty", Deck{ID: "x", Sheets: []Sheet{{Grid: Grid{2, 1}}}}, "no cards"},
		{"wide", Deck{ID: "x", Sheets: []Sheet{{Grid: Grid{11, 1}}}, Cards: []Card{{"A", 0, 0}}}, "at most 10x7"},
		{"hidden slot", Deck{ID: "x", Sheets: []Sheet{{Grid: Grid{2, 1}}}, Cards: []Card{{"A", 0, 1}}}, "no slot"},
		{"no sheet", Deck{ID: "x", Sheets: []Sheet{{Grid: Grid{2, 1}}}, Cards: []Card{{"A", 1, 0}}}, "no slot"},
	} {
		if _, err := Build("g", "G", []Deck{tc.deck}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}
