package cmd

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testart"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/render/pdftest"
)

// A 16-bit interlaced PNG of 6000 pixels a side takes 550 MiB to decode:
// validate refuses it from its header at both lines that name it, and
// render makes nothing.
func TestArtPictureTooCostlyToDecode(t *testing.T) {
	ws := artGame(t)
	write(t, filepath.Join(ws, "art", "art", "portraits", "owl.png"), testart.ClaimPNG(6000, 6000, 16, 6, true))
	code, out, errOut := run(t, ws, "validate", "art")
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, out, errOut)
	}
	cards := filepath.Join("art", "cards.yaml")
	for _, id := range []string{"owl", "badger"} {
		line := testutil.LineOf(t, ws, cards, "id: "+id, false) + 2 // its portrait
		if !containsLine(out, fmt.Sprintf("%s:%d:15: error ", cards, line), "ASSET_TOO_LARGE") {
			t.Errorf("no ASSET_TOO_LARGE at %s:%d:15 (the %s's portrait):\n%s", cards, line, id, out)
		}
	}
	if !strings.Contains(out, "image file art/art/portraits/owl.png takes 550 MiB to decode (6000 × 6000 pixels, 16 bits a channel, interlaced), over the limit of 256 MiB for one picture; save it with 8 bits a channel, not interlaced, or scale it down") {
		t.Errorf("the message does not say why or what to do:\n%s", out)
	}
	renderRefuses(t, ws, "art")
}

// The picture memory budget: the game's eight distinct pictures together
// would take more than 1 GiB to decode. The back, named last, is the one
// over: refused at its line in game.yaml before anything is decoded. The
// others (headers of 40-megapixel PNGs without pixels) are decoded and
// found damaged, which is how the test knows they were within budget.
func TestArtPictureMemoryBudget(t *testing.T) {
	ws := artGame(t)
	huge := testart.ClaimPNG(6324, 6324, 8, 6, false) // 40 megapixels: 153 MiB
	for _, name := range []string{"parchment.png", "frame.png", "emblem.png", "portraits/owl.png", "portraits/fox.png", "portraits/wren.png", "back.jpg"} {
		write(t, filepath.Join(ws, "art", "art", filepath.FromSlash(name)), huge)
	}
	code, out, errOut := run(t, ws, "validate", "art")
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, out, errOut)
	}
	manifest := filepath.Join("art", "game.yaml")
	line := testutil.LineOf(t, ws, manifest, "src: art/back.jpg", false)
	text, _ := os.ReadFile(filepath.Join(ws, manifest))
	col := strings.Index(strings.Split(string(text), "\n")[line-1], "art/back.jpg") + 1
	want := fmt.Sprintf("%s:%d:%d: error ASSET_TOO_LARGE: image file art/art/back.jpg not decoded: it counts 153 MiB, and the game's pictures would count 1069 MiB together, over the budget of 1024 MiB (what decoding takes, at least 4 bytes a pixel)", manifest, line, col)
	if !strings.Contains(out, want) {
		t.Errorf("want %q in:\n%s", want, out)
	}
	if n := strings.Count(out, "ASSET_TOO_LARGE"); n != 1 {
		t.Errorf("%d ASSET_TOO_LARGE, want only the back's:\n%s", n, out)
	}
	// Owl and badger share owl.png: seven lines name the six others.
	if n := strings.Count(out, "IMAGE_FORMAT"); n != 7 {
		t.Errorf("%d IMAGE_FORMAT, want 7 (every picture within budget decoded):\n%s", n, out)
	}
}

// A picture far finer than its print is embedded scaled down to 600 dpi
// at the size it prints (the PDF's image is 1205 pixels wide, not 3000),
// placed exactly where a coarser picture of its shape is; the PDF is the
// same from run to run.
func TestArtBigPictureEmbeddedAtItsPrint(t *testing.T) {
	ws := artGame(t)
	render := func(out string) []byte {
		t.Helper()
		if code, o, e := run(t, ws, "render", "art", "--out", out); code != 0 {
			t.Fatalf("render: exit %d\n%s%s", code, o, e)
		}
		data, err := os.ReadFile(filepath.Join(ws, out, "art", "art-pnp.pdf"))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	// The owl at 500 × 400 pixels (249 dpi in the 51 × 40 mm box it
	// covers: embedded as it is), then at 3000 × 2400 (1494 dpi).
	owl := filepath.Join(ws, "art", "art", "portraits", "owl.png")
	write(t, owl, testart.PNG(testart.Portrait(500, 400, 0, false)))
	before := placements(t, render("before"))
	write(t, owl, testart.PNG(testart.Portrait(3000, 2400, 0, false)))
	pdf := render("after")
	after := placements(t, pdf)
	if len(after["3000x2400"]) > 0 || len(after["1205x964"]) != 2 {
		t.Fatalf("the owl is not embedded once at 1205 × 964 on the owl's and the badger's card: %v", after)
	}
	if !slices.Equal(after["1205x964"], before["500x400"]) {
		t.Errorf("the big owl is placed at %v, the small one was at %v", after["1205x964"], before["500x400"])
	}
	if again := render("again"); !bytes.Equal(again, pdf) {
		t.Error("the same cards gave another PDF")
	}
}

// placements lists where a PDF draws each picture, by its size in pixels
// ("WxH"): page and matrix of each Do operator that draws it.
func placements(t *testing.T, pdf []byte) map[string][]string {
	t.Helper()
	r := pdftest.Read(t, pdf)
	out := map[string][]string{}
	for n := 1; n <= r.NumPage(); n++ {
		objects := r.Page(n).V.Key("Resources").Key("XObject")
		for _, m := range regexp.MustCompile(`q ([-\d. ]+) cm /(\w+) Do Q`).FindAllStringSubmatch(pdftest.Content(t, r, n), -1) {
			img := objects.Key(m[2])
			size := fmt.Sprintf("%dx%d", img.Key("Width").Int64(), img.Key("Height").Int64())
			out[size] = append(out[size], fmt.Sprintf("page %d: %s", n, m[1]))
		}
	}
	return out
}
