package enginetest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cardpress/engine/kit"
)

// errorsOnly records what a check reports instead of failing the test.
type errorsOnly struct {
	testing.TB
	errs []string
}

func (e *errorsOnly) Helper()                      {}
func (e *errorsOnly) Errorf(f string, args ...any) { e.errs = append(e.errs, fmt.Sprintf(f, args...)) }

// documented is a game that documents only the codes given.
type documented struct {
	Toy
	codes map[string]string
}

func (d *documented) CheckCodes() map[string]string { return d.codes }

// A code reported through a shared check of package kit, or as a
// warning, must be documented like one passed to errorf.
func TestCodesOfSharedChecksMustBeDocumented(t *testing.T) {
	src := `package game

import "cardpress/engine/kit"

func (c *compiler) check() {
	c.errorf(pos, "OWN_CODE", "own")
	c.findings = append(c.findings, finding.Warn(pos, "OWN_WARNING", "own"))
	bounded, _ := kit.ParamRangeFindings(c.data, paramBounds)
	c.findings = append(bounded, kit.CardRangeFindings(gc, cardBounds)...)
}
`
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "game.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	rec := &errorsOnly{TB: t}
	CodesDocumented(rec, &documented{codes: map[string]string{kit.ParamRangeCode: "doc"}}, dir)
	got := strings.Join(rec.errs, "\n")
	for _, code := range []string{"OWN_CODE", "OWN_WARNING", kit.CardRangeCode} {
		if !strings.Contains(got, "code "+code+" is reported") {
			t.Errorf("undocumented %s not reported in:\n%s", code, got)
		}
	}
	if len(rec.errs) != 3 {
		t.Errorf("want 3 errors (not %s, which is documented), got:\n%s", kit.ParamRangeCode, got)
	}
}
