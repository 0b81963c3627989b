package render

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/cardpress/cardpress/fonts"

	"codeberg.org/go-pdf/fpdf"
)

// mmPerPt converts font sizes (always points) to the millimetre user unit.
const mmPerPt = 25.4 / 72

// paper is a portrait page size in mm.
type paper struct{ w, h float64 }

// Paper is a paper size a PDF can be printed on.
type Paper struct {
	Name string
	W, H float64 // portrait, in mm
}

// Papers are the paper sizes, the first the default: --paper, its help,
// its completion and the reference sheet's fit check all read this table.
var Papers = []Paper{
	{Name: "a4", W: 210, H: 297},
	{Name: "letter", W: 215.9, H: 279.4},
}

// PaperNames are the Papers' names, in order.
func PaperNames() []string {
	names := make([]string, len(Papers))
	for i, p := range Papers {
		names[i] = p.Name
	}
	return names
}

// IsPaper says whether name is a paper size of the table.
func IsPaper(name string) bool {
	_, err := paperSize(name)
	return err == nil && name != ""
}

// paperSize is the paper of that name; "" is the default (the first).
func paperSize(name string) (paper, error) {
	if name == "" {
		name = Papers[0].Name
	}
	for _, p := range Papers {
		if strings.EqualFold(strings.TrimSpace(name), p.Name) {
			return paper{p.W, p.H}, nil
		}
	}
	return paper{}, fmt.Errorf("render: unknown paper %q (want %s)", name, strings.Join(PaperNames(), " or "))
}

// newPDF returns a writer in mm with the Go fonts registered and every
// source of non-determinism pinned: fixed dates and sorted catalog, so the
// same input always gives the same bytes.
func newPDF(p paper, epoch int64, title string) *fpdf.Fpdf {
	pdf := fpdf.NewCustom(&fpdf.InitType{
		OrientationStr: "P",
		UnitStr:        "mm",
		Size:           fpdf.SizeType{Wd: p.w, Ht: p.h},
	})
	pdf.SetMargins(0, 0, 0)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetCatalogSort(true)
	t := time.Unix(epoch, 0).UTC()
	pdf.SetCreationDate(t)
	pdf.SetModificationDate(t)
	for _, f := range fonts.Faces {
		pdf.AddUTF8FontFromBytes(fonts.Family, f.Style, f.TTF)
	}
	pdf.SetTitle(clean(title), true)
	pdf.SetCreator("cardpress", true)
	pdf.SetLineCapStyle("butt")
	// Every page says where it is cut and how far its bleed reaches:
	// fpdf copies these to each page added, so a sheet (nothing cut off
	// it) has both boxes equal to the page; a card page sets its own
	// (setCardBoxes).
	pdf.SetPageBox("trim", 0, 0, p.w, p.h)
	pdf.SetPageBox("bleed", 0, 0, p.w, p.h)
	return pdf
}

// setCardBoxes gives the current page, a card cut cut mm in from every
// edge, its TrimBox (the card) and BleedBox (the whole page). fpdf
// measures a box from the page's bottom-left corner without turning y
// round, which is right here only because the card is centred.
func setCardBoxes(pdf *fpdf.Fpdf, pageW, pageH, cut float64) {
	pdf.SetPageBox("trim", cut, cut, pageW-2*cut, pageH-2*cut)
	pdf.SetPageBox("bleed", 0, 0, pageW, pageH)
}

// output serialises the document, turning the writer's sticky error into a
// Go error.
func output(pdf *fpdf.Fpdf) ([]byte, error) {
	if err := pdf.Error(); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	return tagSubsets(sortPageBoxes(fonts.Tag(buf.Bytes()))), nil
}

// recoverTo turns a panic inside the PDF writer into an error: a bad card
// must fail the run with a message, never crash the CLI.
func recoverTo(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("render: internal error: %v", r)
	}
}

// clean makes text safe for the PDF writer: it panics on characters above
// U+FFFF and on malformed UTF-8, and draws boxes for glyphs the fonts lack.
// Validation rejects such text earlier; this is the last line of defence.
func clean(s string) string {
	ok := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\n' || c >= 0x7f {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	var b strings.Builder
	for _, r := range s { // ranging turns malformed bytes into U+FFFD
		switch {
		case r == '\n':
			b.WriteRune(r)
		case r == '\t':
			b.WriteByte(' ')
		case r < 0x20 || r == 0x7f:
		case !fonts.Drawable(r):
			b.WriteRune('\uFFFD')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
