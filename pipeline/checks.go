package pipeline

import (
	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/smoke"
)

// The engine's build of the data is a step of loading (build, below): its
// checks are each engine's Build's, and a crash in one is the pipeline's.
var _ = check.Register(check.Check{
	ID:     "engine-build",
	Doc:    "Checks what the engine relies on that the schemas cannot state, as it builds the game from its data (each engine's Build), and that the build does not crash.",
	Codes:  []*finding.Code{smoke.CodeEnginePanic},
	Claims: finding.Engine,
	Step:   check.Load,
})
