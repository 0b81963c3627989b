package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/internal/testutil"
)

// ttsSave is the part of a Tabletop Simulator saved object the tests
// read, parsed on its own terms rather than with package tts's types.
type ttsSave struct {
	SaveName     string
	ObjectStates []ttsObject
}

type ttsObject struct {
	Name, Nickname   string
	DeckIDs          []int
	CardID           int
	CustomDeck       map[string]ttsCustomDeck
	CustomImage      *ttsCustomImage
	ContainedObjects []ttsObject
	Transform        map[string]float64
	GUID             string
}

type ttsCustomImage struct {
	ImageURL, ImageSecondaryURL string
	CustomTile                  struct{ Type int }
}

type ttsCustomDeck struct {
	FaceURL, BackURL         string
	NumWidth, NumHeight      int
	BackIsHidden, UniqueBack bool
}

func readSave(t *testing.T, path string) ttsSave {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s ttsSave
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("%s does not parse: %v", path, err)
	}
	return s
}

// localFile is the file a file:// URL names, which must exist.
func localFile(t *testing.T, u string) string {
	t.Helper()
	p, err := url.Parse(u)
	if err != nil || p.Scheme != "file" {
		t.Fatalf("%q is not a file URL", u)
	}
	if _, err := os.Stat(p.Path); err != nil {
		t.Fatalf("%s: %v", u, err)
	}
	return p.Path
}

// checkDeck checks what every deck object must hold: ids that point into
// its sheets (key×100 + a slot before the hidden one), one card object
// per id with the card's name, sheets of at most 10×7 whose images are
// NumWidth×NumHeight cells, and the hidden slot showing the back.
func checkDeck(t *testing.T, o ttsObject, names []string) {
	t.Helper()
	if len(o.DeckIDs) != len(names) || len(o.ContainedObjects) != len(names) {
		t.Fatalf("%s: %d ids and %d cards, want %d", o.Nickname, len(o.DeckIDs), len(o.ContainedObjects), len(names))
	}
	for k, id := range o.DeckIDs {
		c := o.ContainedObjects[k]
		key := fmt.Sprint(id / 100)
		cd, ok := o.CustomDeck[key]
		if !ok || c.Name != "Card" || c.CardID != id || c.Nickname != names[k] {
			t.Errorf("%s card %d: id %d (sheet %s: %v), object %s %d %q, want %q", o.Nickname, k, id, key, ok, c.Name, c.CardID, c.Nickname, names[k])
			continue
		}
		if id%100 >= cd.NumWidth*cd.NumHeight-1 {
			t.Errorf("%s: id %d is the hidden slot or past it on a %dx%d sheet", o.Nickname, id, cd.NumWidth, cd.NumHeight)
		}
		if _, ok := c.CustomDeck[key]; !ok || len(c.CustomDeck) != 1 {
			t.Errorf("%s: card %d does not carry its own sheet %s", o.Nickname, k, key)
		}
	}
	for key, cd := range o.CustomDeck {
		if cd.NumWidth < 1 || cd.NumWidth > 10 || cd.NumHeight < 1 || cd.NumHeight > 7 || !cd.BackIsHidden {
			t.Errorf("%s sheet %s: %dx%d, BackIsHidden %v", o.Nickname, key, cd.NumWidth, cd.NumHeight, cd.BackIsHidden)
		}
		sheet := decodePNG(t, localFile(t, cd.FaceURL))
		back := decodePNG(t, localFile(t, cd.BackURL))
		w, h := sheet.Bounds().Dx()/cd.NumWidth, sheet.Bounds().Dy()/cd.NumHeight
		if sheet.Bounds().Dx() != w*cd.NumWidth || sheet.Bounds().Dy() != h*cd.NumHeight || max(sheet.Bounds().Dx(), sheet.Bounds().Dy()) > 4096 {
			t.Errorf("%s sheet %s is %v for %dx%d cells", o.Nickname, key, sheet.Bounds(), cd.NumWidth, cd.NumHeight)
		}
		// The hidden-card slot, the last, is the deck's back: the back
		// image itself, or the same slot of a sheet of backs.
		hidden := cd.NumWidth*cd.NumHeight - 1
		at := image.Pt(hidden%cd.NumWidth*w, hidden/cd.NumWidth*h)
		from := image.Point{}
		if cd.UniqueBack {
			from = at
			if back.Bounds() != sheet.Bounds() {
				t.Errorf("%s: back sheet %v, face sheet %v", o.Nickname, back.Bounds(), sheet.Bounds())
			}
		} else if back.Bounds().Dx() != w || back.Bounds().Dy() != h {
			t.Errorf("%s: back %v, cells %dx%d", o.Nickname, back.Bounds(), w, h)
		}
		if !samePixels(sheet, at, back, from, w, h) {
			t.Errorf("%s sheet %s: the hidden slot is not the back", o.Nickname, key)
		}
	}
}

func samePixels(a *image.RGBA, pa image.Point, b *image.RGBA, pb image.Point, w, h int) bool {
	for y := range h {
		ra := a.Pix[a.PixOffset(pa.X, pa.Y+y):a.PixOffset(pa.X+w, pa.Y+y)]
		rb := b.Pix[b.PixOffset(pb.X, pb.Y+y):b.PixOffset(pb.X+w, pb.Y+y)]
		if !bytes.Equal(ra, rb) {
			return false
		}
	}
	return true
}

func TestExportTTSHeat(t *testing.T) {
	ws := copyHeat(t)
	dir := filepath.Join(ws, "out", "heat", "tts")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"old-deck-1.png", "readme.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errOut := run(t, ws, "export", "tts", "cards/heat", "--out", "out")
	if code != 0 || out != "wrote out/heat/tts/heat.json: 1 deck, 34 cards on 1 sheet, 5 kinds of token, board and track\n" {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	s := readSave(t, filepath.Join(dir, "heat.json"))
	if s.SaveName != "HEAT" || len(s.ObjectStates) != 6 {
		t.Fatalf("save %q with %d objects", s.SaveName, len(s.ObjectStates))
	}
	checkHeatPieces(t, s.ObjectStates[1:])
	deck := s.ObjectStates[0]
	if deck.Name != "DeckCustom" || deck.Nickname != "Heist deck" || len(deck.CustomDeck) != 1 || len(deck.GUID) != 6 {
		t.Errorf("deck %s %q with %d sheets, GUID %q", deck.Name, deck.Nickname, len(deck.CustomDeck), deck.GUID)
	}
	// 27 distinct cards and the hidden slot: three rows of ten.
	if cd := deck.CustomDeck["1"]; cd.NumWidth != 10 || cd.NumHeight != 3 || cd.UniqueBack {
		t.Errorf("sheet 1: %+v", cd)
	}
	if rz := deck.Transform["rotZ"]; rz != 180 {
		t.Errorf("the deck lies face up (rotZ %g)", rz)
	}
	doc := loadDoc(t, filepath.Join(ws, "cards", "heat"))
	var names []string
	for _, c := range doc.Cards {
		for range c.Copies {
			names = append(names, c.Fields["name"])
		}
	}
	checkDeck(t, deck, names)
	// Copies share their card's slot.
	if deck.DeckIDs[0] != 100 || deck.DeckIDs[4] != 104 || deck.DeckIDs[5] != 104 {
		t.Errorf("ids start %v", deck.DeckIDs[:6])
	}
	// Files no export wrote stay, even one named like a sheet.
	for _, name := range []string{"old-deck-1.png", "readme.txt"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s, which the export did not make, was removed", name)
		}
	}

	code, _, errOut = run(t, ws, "export", "tts", "cards/heat", "--out", "out", "--base-url", "https://example.org/heat/")
	if code != 0 {
		t.Fatalf("--base-url: exit %d\n%s", code, errOut)
	}
	cd := readSave(t, filepath.Join(dir, "heat.json")).ObjectStates[0].CustomDeck["1"]
	if cd.FaceURL != "https://example.org/heat/main-1.png" || cd.BackURL != "https://example.org/heat/main-back.png" {
		t.Errorf("--base-url gave %q and %q", cd.FaceURL, cd.BackURL)
	}
	for _, bad := range []string{"ftp://example.org/", "example.org/heat", "https://"} {
		code, _, errOut := run(t, ws, "export", "tts", "cards/heat", "--out", "out", "--base-url", bad)
		if code != ExitUsage || !strings.Contains(errOut, "--base-url") {
			t.Errorf("--base-url %s: exit %d %s", bad, code, errOut)
		}
	}
}

// checkHeatPieces: HEAT's board is a rectangular tile, each of its four
// kinds of token a bag of round tiles, as many as the game has, each
// showing its own image, whose pixels are the piece at 300 dpi.
func checkHeatPieces(t *testing.T, objs []ttsObject) {
	t.Helper()
	want := []struct {
		name  string
		count int
		px    int // the token's diameter at 300 dpi; 0 for the board
	}{{"Heat board", 1, 0}, {"Heat token", 15, 165}, {"$1", 20, 213}, {"$5", 20, 236}, {"$25", 10, 283}}
	for i, o := range objs {
		w := want[i]
		tiles := []ttsObject{o}
		if w.count > 1 {
			if o.Name != "Bag" || o.Nickname != fmt.Sprintf("%s ×%d", w.name, w.count) {
				t.Errorf("object %d: %s %q, want a bag of %d %s", i, o.Name, o.Nickname, w.count, w.name)
			}
			tiles = o.ContainedObjects
		}
		if len(tiles) != w.count {
			t.Fatalf("%s: %d tiles, want %d", w.name, len(tiles), w.count)
		}
		for _, tile := range tiles {
			ci := tile.CustomImage
			if tile.Name != "Custom_Tile" || tile.Nickname != w.name || ci == nil || ci.CustomTile.Type != map[bool]int{true: 2, false: 0}[w.px > 0] {
				t.Fatalf("%s: %s %q %+v", w.name, tile.Name, tile.Nickname, ci)
			}
		}
		img := decodePNG(t, localFile(t, tiles[0].CustomImage.ImageURL))
		if b := img.Bounds(); w.px > 0 && (b.Dx() != w.px || b.Dy() != w.px) {
			t.Errorf("%s: image %v, want %d px square", w.name, b, w.px)
		}
		if w.px > 0 { // a token: its colour in the middle, not white
			if c := img.RGBAAt(w.px/2, w.px/8); c.R == 255 && c.G == 255 && c.B == 255 {
				t.Errorf("%s: white inside the token", w.name)
			}
		}
	}
}

// writeRunners writes n distinct runner cards into sprint's deck, the
// 71st (if any) printed twice, and returns the cards' names.
func writeRunners(t testing.TB, ws string, n int) []string {
	t.Helper()
	var b strings.Builder
	b.WriteString("cards:\n")
	var names []string
	for i := range n {
		count := 1
		if i == 70 {
			count = 2
		}
		fmt.Fprintf(&b, "  - {id: runner-%d, name: Runner %d, count: %d, points: %d, speed: fast}\n", i, i, count, i%10)
		for range count {
			names = append(names, fmt.Sprintf("Runner %d", i))
		}
	}
	if err := os.WriteFile(filepath.Join(ws, "sprint", "cards.yaml"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	game, err := os.ReadFile(filepath.Join(ws, "sprint", "game.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	count := regexp.MustCompile(`count: [0-9]+, deck: main`).ReplaceAll(game, fmt.Appendf(nil, "count: %d, deck: main", len(names)))
	if err := os.WriteFile(filepath.Join(ws, "sprint", "game.yaml"), count, 0o644); err != nil {
		t.Fatal(err)
	}
	return names
}

// A deck of more than 69 distinct cards takes several sheets: 69 and the
// hidden slot on a full 10×7, the rest on the next. When the deck shrinks
// to one sheet, the second sheet the earlier export wrote goes.
func TestExportTTSLargeDeckTakesSeveralSheets(t *testing.T) {
	ws := sprint(t)
	names := writeRunners(t, ws, 75)
	code, out, errOut := run(t, ws, "export", "tts", "sprint", "--out", "out")
	if code != 0 || out != "wrote out/sprint/tts/sprint.json: 1 deck, 76 cards on 2 sheets\n" {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	dir := filepath.Join(ws, "out", "sprint", "tts")
	deck := readSave(t, filepath.Join(dir, "sprint.json")).ObjectStates[0]
	if deck.Name != "Deck" || len(deck.CustomDeck) != 2 {
		t.Fatalf("%s with %d sheets", deck.Name, len(deck.CustomDeck))
	}
	one, two := deck.CustomDeck["1"], deck.CustomDeck["2"]
	if one.NumWidth != 10 || one.NumHeight != 7 || two.NumWidth != 7 || two.NumHeight != 1 {
		t.Errorf("sheets %dx%d and %dx%d, want 10x7 and 7x1 (6 cards and the hidden slot)", one.NumWidth, one.NumHeight, two.NumWidth, two.NumHeight)
	}
	checkDeck(t, deck, names)
	if deck.DeckIDs[68] != 168 || deck.DeckIDs[69] != 200 || deck.DeckIDs[70] != 201 || deck.DeckIDs[71] != 201 {
		t.Errorf("ids around the sheet break: %v", deck.DeckIDs[66:])
	}

	writeRunners(t, ws, 60)
	if code, out, errOut := run(t, ws, "export", "tts", "sprint", "--out", "out"); code != 0 || !strings.HasSuffix(out, "60 cards on 1 sheet\n") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	if got := dirNames(t, dir); !slices.Equal(got, []string{fileio.RecordName, "main-1.png", "main-back.png", "sprint.json"}) {
		t.Errorf("after the deck shrank the folder holds %v", got)
	}
}

// dirNames lists the entries of dir, sorted.
func dirNames(t testing.TB, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// Cards with backs of their own get a sheet of backs (UniqueBack), whose
// hidden slot is still the deck's common back.
func TestExportTTSUniqueBacks(t *testing.T) {
	ws := testutil.CopyGame(t, "hmm")
	code, out, errOut := run(t, ws, "export", "tts", "cards/hmm", "--out", "out", "--deck", "reference")
	if code != 0 || out != "wrote out/hmm/tts/hmm.json: 1 deck, 6 cards on 1 sheet\n" {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	deck := readSave(t, filepath.Join(ws, "out", "hmm", "tts", "hmm.json")).ObjectStates[0]
	cd := deck.CustomDeck["1"]
	if !cd.UniqueBack || !strings.HasSuffix(cd.BackURL, "/reference-back-1.png") || cd.NumWidth != 2 || cd.NumHeight != 1 {
		t.Errorf("sheet %+v", cd)
	}
	names := make([]string, 6)
	for i := range names {
		names[i] = "Heist Masterminds"
	}
	checkDeck(t, deck, names)
	// The card's own back is not the deck's back.
	backs := decodePNG(t, localFile(t, cd.BackURL))
	w := backs.Bounds().Dx() / 2
	if samePixels(backs, image.Point{}, backs, image.Pt(w, 0), w, backs.Bounds().Dy()) {
		t.Error("the card's own back is drawn as the deck's back")
	}
}

func TestExportTTSIsReproducible(t *testing.T) {
	ws := copyHeat(t)
	var runs [][]byte
	for range 2 {
		if code, _, errOut := run(t, ws, "export", "tts", "cards/heat", "--out", "out"); code != 0 {
			t.Fatal(errOut)
		}
		var all []byte
		for _, name := range []string{"heat.json", "main-1.png", "main-back.png"} {
			data, err := os.ReadFile(filepath.Join(ws, "out", "heat", "tts", name))
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, data...)
		}
		runs = append(runs, all)
	}
	if !bytes.Equal(runs[0], runs[1]) {
		t.Error("two exports of the same game differ")
	}
}
