package cmd

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/render/pdftest"
)

// render --for print-shop --profile dtc: HEAT's 34 cards as 68 pages of
// DriveThruCards' poker template, each with the shop's TrimBox.
func TestRenderPrintShop(t *testing.T) {
	ws := copyHeat(t)
	code, out, errOut := run(t, ws, "render", "cards/heat", "--for", "print-shop", "--profile", "dtc", "--out", "out")
	if want := "wrote out/heat/heat-print-shop-dtc.pdf\n"; code != 0 || out != want {
		t.Fatalf("exit %d, said %q, want %q\n%s", code, out, want, errOut)
	}
	data, err := os.ReadFile(filepath.Join(ws, "out", "heat", "heat-print-shop-dtc.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	r := pdftest.Read(t, data)
	if r.NumPage() != 68 {
		t.Errorf("%d pages, want 68: a front and a back for each of 34 cards", r.NumPage())
	}
	const in = 25.4
	for _, n := range []int{1, 2, r.NumPage()} {
		trim, ok := pdftest.Box(r, n, "TrimBox")
		w, h := pdftest.MediaBox(r, n)
		if !ok || math.Abs(w-2.75*in) > 0.01 || math.Abs(h-3.75*in) > 0.01 ||
			math.Abs(trim[0]-in/8) > 0.01 || math.Abs(trim[3]-(h-in/8)) > 0.01 {
			t.Errorf("page %d: %gx%g mm, TrimBox %v", n, w, h, trim)
		}
	}
	if _, err := os.Stat(filepath.Join(ws, "out", "heat", "heat-pnp.pdf")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("--for print-shop also wrote the print-and-play PDF: %v", err)
	}
}

func TestRenderPrintShopUsageErrors(t *testing.T) {
	ws := copyHeat(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--for", "shop"}, `unknown --for "shop" (want pnp or print-shop)`},
		{[]string{"--profile", "tgc"}, "--profile needs --for print-shop"},
		{[]string{"--for", "print-shop", "--paper", "letter"}, "--paper is for the print-and-play sheets"},
		{[]string{"--for", "print-shop", "--back-offset", "1,1"}, "--back-offset is for the print-and-play sheets"},
		{[]string{"--for", "print-shop", "--profile", "tgc", "--bleed", "2"}, "--profile tgc sets the bleed; drop --bleed"},
		{[]string{"--for", "print-shop", "--profile", "nosuch"}, `unknown --profile "nosuch"`},
		{[]string{"--for", "print-shop", "--profile", "mpc-tarot"}, "heat: deck main: 63x88 mm cards fit no --profile mpc-tarot size (tarot 69.85×120.65, ±1 mm, either way round); nothing written: "},
	} {
		args := append([]string{"render", "cards/heat", "--out", "out"}, tc.args...)
		code, out, errOut := run(t, ws, args...)
		if code != ExitUsage || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, want 2 and one line with %q\n%s%s", tc.args, code, tc.want, out, errOut)
		}
	}
	if _, err := os.Stat(filepath.Join(ws, "out")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused render wrote files: %v", err)
	}
}
