package render

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/printshop"
	"github.com/cardpress/cardpress/render/pdftest"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

// nearBox says whether two boxes agree within the writer's rounding (0.01 pt).
func nearBox(a, b [4]float64) bool {
	for i := range a {
		if math.Abs(a[i]-b[i]) > 0.01 {
			return false
		}
	}
	return true
}

// checkBoxes reads every page's TrimBox and BleedBox back from the file:
// the BleedBox is the page, the TrimBox the page less cut on every side.
func checkBoxes(t *testing.T, name string, data []byte, cut func(page int) float64) {
	t.Helper()
	r := pdftest.Read(t, data)
	if r.NumPage() == 0 {
		t.Fatalf("%s: no pages", name)
	}
	for n := 1; n <= r.NumPage(); n++ {
		w, h := pdftest.MediaBox(r, n)
		c := cut(n)
		trim, okT := pdftest.Box(r, n, "TrimBox")
		bleed, okB := pdftest.Box(r, n, "BleedBox")
		if !okT || !okB {
			t.Fatalf("%s page %d: TrimBox %v (%v), BleedBox %v (%v)", name, n, trim, okT, bleed, okB)
		}
		if want := [4]float64{0, 0, w, h}; !nearBox(bleed, want) {
			t.Errorf("%s page %d: BleedBox %v, want the page %v", name, n, bleed, want)
		}
		if want := [4]float64{c, c, w - c, h - c}; !nearBox(trim, want) {
			t.Errorf("%s page %d: TrimBox %v, want %v", name, n, trim, want)
		}
	}
}

// validate runs pdfcpu's validator (strict: PDF 32000-1:2008) over the
// file, which checks every object and the page tree, and checks the
// cross-reference table, which pdfcpu repairs rather than reports: every
// entry must point at its object, startxref at the table.
func validate(t *testing.T, name string, data []byte) {
	t.Helper()
	checkXref(t, name, data)
	api.DisableConfigDir()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationStrict
	if err := api.Validate(context.Background(), bytes.NewReader(data), conf, nil); err != nil {
		t.Errorf("%s: pdfcpu validate: %v", name, err)
	}
}

func checkXref(t *testing.T, name string, data []byte) {
	t.Helper()
	m := regexp.MustCompile(`\nstartxref\n(\d+)\n%%EOF\n$`).FindSubmatch(data)
	if m == nil {
		t.Fatalf("%s: no startxref at the end", name)
	}
	at, _ := strconv.Atoi(string(m[1]))
	head := regexp.MustCompile(`^xref\n0 (\d+)\n0000000000 65535 f \n`).FindSubmatch(data[at:])
	if head == nil {
		t.Fatalf("%s: startxref %d does not point at the table", name, at)
	}
	n, _ := strconv.Atoi(string(head[1]))
	entries := data[at+len(head[0]):]
	for i := 1; i < n; i++ {
		off, err := strconv.Atoi(string(entries[(i-1)*20 : (i-1)*20+10]))
		if want := fmt.Sprintf("%d 0 obj", i); err != nil || !bytes.HasPrefix(data[off:], []byte(want)) {
			t.Fatalf("%s: the table puts object %d at %d, where %q is", name, i, off, data[off:min(off+12, len(data))])
		}
	}
}

// The print-shop PDF: each copy of each card as its front page and its
// back page, every page the card plus the bleed, TrimBox on the card and
// BleedBox on the page; it is a valid PDF and the same bytes run after
// run.
func TestPrintShopPDF(t *testing.T) {
	doc := sampleDoc()
	opt := Options{Bleed: 3}
	data, err := PrintShopPDF(doc, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	var want []string // the page each face should be on: name, or back
	for _, c := range doc.Cards {
		for range max(c.Copies, 1) {
			want = append(want, c.Fields["name"], "back")
		}
	}
	r := pdftest.Read(t, data)
	if r.NumPage() != len(want) {
		t.Fatalf("%d pages, want %d (two a copy)", r.NumPage(), len(want))
	}
	for n := 1; n <= r.NumPage(); n++ {
		if w, h := pdftest.MediaBox(r, n); math.Abs(w-69) > 0.01 || math.Abs(h-94) > 0.01 {
			t.Errorf("page %d is %gx%g mm, want 69x94 (63x88 and 3 mm a side)", n, w, h)
		}
		text := pdftest.Joined(pdftest.PageText(t, r, n))
		if face := want[n-1]; face == "back" && !strings.Contains(text, "HEAT") || face != "back" && !strings.Contains(text, face) {
			t.Errorf("page %d shows %q, want %s", n, text, face)
		}
	}
	checkBoxes(t, "print-shop", data, func(int) float64 { return 3 })
	validate(t, "print-shop", data)
	if again, _ := PrintShopPDF(doc, opt, nil); !bytes.Equal(again, data) {
		t.Error("two runs gave different bytes")
	}
}

// With a profile, each page is the shop's template and the TrimBox its
// cut: DriveThruCards' poker card is 2.75x3.75 in (198x270 pt), cut 1/8
// in (9 pt) in, whatever the card's own 63x88 mm; a card no profile
// fits is an error naming its deck.
func TestPrintShopPDFProfile(t *testing.T) {
	doc := sampleDoc()
	data, err := PrintShopPDF(doc, Options{}, printshop.Lookup("dtc"))
	if err != nil {
		t.Fatal(err)
	}
	r := pdftest.Read(t, data)
	for n := 1; n <= r.NumPage(); n++ {
		if w, h := pdftest.MediaBox(r, n); math.Abs(w-69.85) > 0.01 || math.Abs(h-95.25) > 0.01 {
			t.Fatalf("page %d is %gx%g mm, want 69.85x95.25", n, w, h)
		}
	}
	checkBoxes(t, "dtc", data, func(int) float64 { return 3.175 })
	validate(t, "dtc", data)

	doc.Card.Width, doc.Card.Height = 80, 80
	if _, err := PrintShopPDF(doc, Options{}, printshop.Lookup("dtc")); err == nil ||
		err.Error() != "render: deck main: 80x80 mm cards fit no profile (poker 63.5×88.9, tarot 69.85×120.65, square-large 88.9×88.9)" {
		t.Errorf("80 mm square cards with dtc: %v", err)
	}
}

// Every page of the print-and-play and the reference PDFs carries a
// TrimBox and a BleedBox, both the page (a sheet is not cut down), and
// both files stay valid with the subset-tagged font names.
func TestSheetsCarryPageBoxes(t *testing.T) {
	doc := sampleDoc()
	for _, paper := range []string{"a4", "letter"} {
		opt := Options{Bleed: 3, Paper: paper}
		pnp, err := PnP(doc, opt)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := ReferencePDF(doc, opt)
		if err != nil {
			t.Fatal(err)
		}
		for name, data := range map[string][]byte{"pnp " + paper: pnp, "reference " + paper: ref} {
			checkBoxes(t, name, data, func(int) float64 { return 0 })
			validate(t, name, data)
		}
	}
}

// Every embedded font carries a subset tag, six capitals and "+", in all
// three places its name is written, as pdffonts reports sub=yes; the Go
// fonts' are named after them.
func TestEmbeddedFontsAreTaggedSubsets(t *testing.T) {
	data, err := PnP(sampleDoc(), Options{Bleed: 3})
	if err != nil {
		t.Fatal(err)
	}
	names := regexp.MustCompile(`/(?:BaseFont|FontName) /([^\s/]+)`).FindAllSubmatch(data, -1)
	if len(names) == 0 {
		t.Fatal("no font names in the PDF")
	}
	tagged := regexp.MustCompile(`^[A-Z]{6}\+[A-Za-z0-9_-]+$`)
	seen := map[string]int{}
	for _, m := range names {
		if !tagged.Match(m[1]) {
			t.Errorf("font %s has no subset tag", m[1])
		}
		seen[string(m[1])]++
	}
	for style := range goStyles {
		n := subsetName("go" + style)
		if seen[n] != 3 {
			t.Errorf("%s is named %d times, want 3 (font, descendant, descriptor); names: %v", n, seen[n], seen)
		}
	}
}

// The cross-reference table is moved by what longer names add, and a
// file whose table is not where fpdf writes it is left alone.
func TestTagSubsetsMovesTheXref(t *testing.T) {
	data, err := CardPDF(sampleDoc(), 0, false, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte("/utf8go")) {
		t.Fatal("an untagged Go font is left")
	}
	validate(t, "one card", data)
	broken := []byte("%PDF-1.3\n1 0 obj\n<</BaseFont /utf8go\n>>\nendobj\nstartxref\n999\n%%EOF\n")
	if got := tagSubsets(broken); !bytes.Equal(got, broken) {
		t.Errorf("a file with no table where startxref points was changed:\n%s", got)
	}
}
