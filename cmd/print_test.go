package cmd

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/render/pdftest"
)

// --gutter and --back-offset take numbers in range or nothing: a bad
// value is one line and exit 2, before anything is read or written.
func TestPrintFlagsOutOfRange(t *testing.T) {
	for _, cmd := range []string{"render", "build"} {
		for _, tc := range []struct{ flag, value, want string }{
			{"--gutter", "NaN", "want auto or a number of mm from 0 to 20"},
			{"--gutter", "-1", "want auto or a number of mm from 0 to 20"},
			{"--gutter", "20.5", "want auto or a number of mm from 0 to 20"},
			{"--gutter", "Inf", "want auto or a number of mm from 0 to 20"},
			{"--gutter", "wide", "want auto or a number of mm from 0 to 20"},
			{"--gutter", "", "want auto or a number of mm from 0 to 20"},
			{"--back-offset", "1", "want X,Y: two numbers of mm from -10 to 10"},
			{"--back-offset", "1,2,3", "want X,Y: two numbers of mm from -10 to 10"},
			{"--back-offset", "10.5,0", "want X,Y: two numbers of mm from -10 to 10"},
			{"--back-offset", "0,-11", "want X,Y: two numbers of mm from -10 to 10"},
			{"--back-offset", "NaN,0", "want X,Y: two numbers of mm from -10 to 10"},
			{"--back-offset", "1,Inf", "want X,Y: two numbers of mm from -10 to 10"},
			{"--back-offset", "a,b", "want X,Y: two numbers of mm from -10 to 10"},
			{"--back-offset", ",", "want X,Y: two numbers of mm from -10 to 10"},
			{"--back-offset", "", "want X,Y: two numbers of mm from -10 to 10"},
		} {
			out := t.TempDir()
			code, stdout, errOut := run(t, repoRoot, cmd, tc.flag, tc.value, "--out", out, "cards/heat")
			want := fmt.Sprintf("cardpress: invalid argument %q for %q flag: %s\n", tc.value, tc.flag, tc.want)
			if code != ExitUsage || errOut != want {
				t.Errorf("%s %s %q: exit %d, stderr %q; want 2 and %q\n%s", cmd, tc.flag, tc.value, code, errOut, want, stdout)
			}
			if entries, _ := os.ReadDir(out); len(entries) != 0 {
				t.Errorf("%s %s %q wrote %v", cmd, tc.flag, tc.value, entries)
			}
		}
	}
}

// The flags reach the PDF: page 1 states the gutter and the offset, the
// cards sit that far apart (8 turned a Letter page at 3 mm bleed, A4 9
// upright without bleed), and a negative offset is a value, not a flag.
func TestPrintFlagsReachThePDF(t *testing.T) {
	ws := copyHeat(t)
	for _, tc := range []struct {
		args []string
		says []string
	}{
		{[]string{"--paper", "letter", "--bleed", "3", "--gutter", "0", "--back-offset", "-1.5,2"},
			[]string{"US Letter", "Cards with 3 mm bleed, 0 mm apart.", "--back-offset -1.5,2", "8 a sheet (2 × 4, turned on their side)"}},
		{[]string{"--paper", "letter", "--bleed", "3"}, []string{"0 mm apart", "8 a sheet (2 × 4, turned on their side)", "--back-offset 0,0"}},
		{[]string{"--bleed", "3", "--gutter", "auto", "--back-offset", "0.5, -0.25"}, []string{"A4", "6 mm apart", "8 a sheet (2 × 4, turned on their side)", "--back-offset 0.5,-0.25"}},
		{[]string{"--bleed", "0"}, []string{"A4", "0 mm apart", "9 a sheet (3 × 3)"}},
	} {
		out := filepath.Join(ws, "out-"+strings.Join(tc.args, ""))
		args := append([]string{"render", "--out", out}, tc.args...)
		if code, stdout, errOut := run(t, ws, append(args, "cards/heat")...); code != 0 {
			t.Fatalf("%q: exit %d\n%s%s", args, code, stdout, errOut)
		}
		pages := pdftest.FilePages(t, filepath.Join(out, "heat", "heat-pnp.pdf"))
		first := strings.ReplaceAll(pages[0], " ", "")
		for _, s := range tc.says {
			if want := strings.ReplaceAll(s, " ", ""); !strings.Contains(first, want) {
				t.Errorf("%q: page 1 does not say %q:\n%s", args, s, pages[0])
			}
		}
	}
}
