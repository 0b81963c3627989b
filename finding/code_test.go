package finding

import (
	"fmt"
	"testing"
)

func TestCodeAtCarriesIDAndSeverity(t *testing.T) {
	c := &Code{ID: "TEST_WARNING", Severity: Warning, Scope: Lint, Purpose: "a test"}
	f := c.At(Pos{File: "a.yaml", Line: 2, Col: 3}, "seen %d times", 4)
	if f.Code != "TEST_WARNING" || f.Severity != Warning || f.Message != "seen 4 times" || f.Line != 2 {
		t.Errorf("At = %+v", f)
	}
	if !c.Is(f) {
		t.Error("Is does not recognise its own finding")
	}
	if got := fmt.Sprint(c); got != "TEST_WARNING" {
		t.Errorf("a code prints as %q, want its id", got)
	}
}

func TestDeclareRefusesRepeatsAndBadIDs(t *testing.T) {
	c := Declare(Code{ID: "TEST_DECLARED_ONCE", Scope: Lint, Purpose: "a test"})
	if got, ok := Lookup("TEST_DECLARED_ONCE"); !ok || got != c {
		t.Errorf("Lookup = %v, %v", got, ok)
	}
	for _, bad := range []Code{
		{ID: "TEST_DECLARED_ONCE", Scope: Lint, Purpose: "again"},
		{ID: "lower_case", Scope: Lint, Purpose: "a test"},
		{ID: "TRAILING_", Scope: Lint, Purpose: "a test"},
		{ID: "NO_PURPOSE", Scope: Lint},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Declare(%+v) did not panic", bad)
				}
			}()
			Declare(bad)
		}()
	}
}
