package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// SOURCE_DATE_EPOCH reaches the PDFs through Env, read once by Execute:
// its date is the one the PDF records, and a value that is no number is a
// usage error.
func TestSourceDateEpochComesFromEnv(t *testing.T) {
	out := t.TempDir()
	t.Chdir(repoRoot)
	render := func(epoch string) (int, string) {
		var o, e bytes.Buffer
		code := Run(IO{Out: &o, Err: &e, Env: Env{SourceDateEpoch: epoch}}, []string{"render", "cards/heat", "--out", out})
		return code, e.String()
	}
	if code, errOut := render("soon"); code != ExitUsage || !strings.Contains(errOut, `SOURCE_DATE_EPOCH="soon"`) {
		t.Errorf("a bad SOURCE_DATE_EPOCH: exit %d, %q", code, errOut)
	}
	if code, errOut := render("86400"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	pdf, err := os.ReadFile(filepath.Join(out, "heat", "heat-pnp.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(pdf, []byte("/CreationDate (D:19700102")) {
		t.Error("the PDF does not record 2 January 1970, SOURCE_DATE_EPOCH=86400")
	}
}
