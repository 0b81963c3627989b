package hmm

import (
	"testing"

	"cardpress/engine/enginetest"
)

func TestReportedCodesAreDocumented(t *testing.T) { enginetest.CodesDocumented(t, &Game{}) }
