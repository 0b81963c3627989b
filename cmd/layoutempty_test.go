package cmd

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/render/pdftest"
)

// newGameWith writes `cardpress new g` in a workspace and puts line
// after the goods deck's stall label in its layout; it returns the
// workspace and the new line's number.
func newGameWith(t *testing.T, line string) (string, int) {
	t.Helper()
	ws := t.TempDir()
	if code, out, errOut := run(t, ws, "new", "g"); code != 0 {
		t.Fatalf("new: exit %d\n%s%s", code, out, errOut)
	}
	path := filepath.Join(ws, "g", "layout.yaml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		if strings.Contains(l, "from the *{stall}* stall") {
			lines = append(lines[:i+1], append([]string{line}, lines[i+1:]...)...)
			if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
			return ws, i + 2
		}
	}
	t.Fatal("the new game's layout has no stall label")
	return "", 0
}

// An element on the goods face printing the orders deck's field draws
// nothing on any goods card: validate warns at the element (exit 0),
// naming the deck that has the field; lint --strict fails on it. The
// same element with the field's name mistyped is LAYOUT_FIELD, an error.
func TestLayoutEmptyAtTheElement(t *testing.T) {
	ws, n := newGameWith(t, `        - {field: wants, box: [5, 47, 53, 6], size: 9}`)
	want := fmt.Sprintf(`g/layout.yaml:%d:11: warning LAYOUT_EMPTY: field "wants" prints nothing on any of the 6 cards of deck "goods": the cards of deck "orders" have it: is the element on the wrong deck's face?`, n)
	code, out, errOut := run(t, ws, "validate", "g")
	if code != 0 || !strings.Contains(out, want) || !strings.Contains(out, "0 errors, 1 warning") {
		t.Errorf("validate: exit %d, want 0 and\n%s\ngot:\n%s%s", code, want, out, errOut)
	}
	code, out, _ = run(t, ws, "lint", "--strict", "g")
	if code != ExitFindings || !strings.Contains(out, fmt.Sprintf("g/layout.yaml:%d:11: error LAYOUT_EMPTY", n)) {
		t.Errorf("lint --strict: exit %d\n%s", code, out)
	}

	ws, n = newGameWith(t, `        - {field: wnats, box: [5, 47, 53, 6], size: 9}`)
	code, out, _ = run(t, ws, "validate", "g")
	typo := fmt.Sprintf(`g/layout.yaml:%d:19: error LAYOUT_FIELD: field "wnats" is not a field of deck "goods" (did you mean "wants"?)`, n)
	if code != ExitFindings || !strings.Contains(out, typo) {
		t.Errorf("validate with a typo: exit %d, want 1 and\n%s\ngot:\n%s", code, typo, out)
	}
}

// rotate and valign outside their values are schema errors at the value.
func TestRotateAndValignValuesAreChecked(t *testing.T) {
	ws, n := newGameWith(t, `        - {field: cost, box: [5, 47, 53, 6], size: 9, rotate: 45, valign: center}`)
	code, out, _ := run(t, ws, "validate", "g")
	for _, want := range []string{
		fmt.Sprintf(`g/layout.yaml:%d:63: error SCHEMA_ENUM: 45 is not allowed; use one of: 0, 90, 180, 270`, n),
		fmt.Sprintf(`g/layout.yaml:%d:75: error SCHEMA_ENUM: "center" is not allowed; use one of: "top", "middle", "bottom"`, n),
	} {
		if code != ExitFindings || !strings.Contains(out, want) {
			t.Errorf("validate: exit %d, want 1 and\n%s\ngot:\n%s", code, want, out)
		}
	}
}

// From YAML to PDF: a goods card's points turned a quarter (rotate: 270)
// and set at the bottom of their box validate clean and print with the
// turn in the page's content.
func TestRotateFromYAMLToPDF(t *testing.T) {
	ws, _ := newGameWith(t, `        - {field: cost, box: [48, 30, 8, 40], size: 12, rotate: 270, valign: bottom}`)
	if code, out, errOut := run(t, ws, "validate", "g"); code != 0 || !strings.Contains(out, "no problems") {
		t.Fatalf("validate: exit %d\n%s%s", code, out, errOut)
	}
	// Without bleed the cards lie upright, 9 to an A4 sheet, as measured below.
	if code, out, errOut := run(t, ws, "render", "g", "--out", "out", "--bleed", "0"); code != 0 {
		t.Fatalf("render: exit %d\n%s%s", code, out, errOut)
	}
	data, err := os.ReadFile(filepath.Join(ws, "out", "g", "g-pnp.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	r := pdftest.Read(t, data)
	turn := regexp.MustCompile(`0\.00000 1\.00000 -1\.00000 0\.00000 -?[0-9.]+ -?[0-9.]+ cm`)
	turns := 0
	for n := 1; n <= r.NumPage(); n++ {
		turns += len(turn.FindAllString(pdftest.Content(t, r, n), -1))
	}
	if turns != 8 {
		t.Errorf("%d quarter turns in the PDF, want one on each of the 8 goods cards printed", turns)
	}
}

// A key given twice in one element is reported, and the element after it
// keeps its own line: the repeated key used to make the YAML decoder drop
// the element, and every later element's finding moved up a line.
func TestDuplicateKeyKeepsLaterLines(t *testing.T) {
	ws, n := newGameWith(t, `        - {field: flavor, box: [6, 73, 51, 9], size: 7, size: 8}
        - {field: nmae, box: [5, 47, 53, 6], size: 9}`)
	code, out, _ := run(t, ws, "validate", "g")
	for _, want := range []string{
		fmt.Sprintf(`g/layout.yaml:%d:57: error YAML_DUPLICATE_KEY: duplicate key "size" (first at line %d)`, n, n),
		fmt.Sprintf(`g/layout.yaml:%d:19: error LAYOUT_FIELD: field "nmae" is not a field of deck "goods" (did you mean "name"?)`, n+1),
	} {
		if code != ExitFindings || !strings.Contains(out, want) {
			t.Errorf("validate: exit %d, want 1 and\n%s\ngot:\n%s", code, want, out)
		}
	}
}
