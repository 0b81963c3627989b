package pipeline

import (
	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/smoke"
)

// The engine's build of the data is a step of loading (build, below): its
// checks are each engine's Build's, registered beside it (kit.Check with
// Build); a crash in one, or an engine that is missing, is the pipeline's.
var _ = check.Register(check.Check{
	ID:    "engine-build",
	Doc:   "Checks that the game's engine is there and builds a game from its data without crashing.",
	Codes: []*finding.Code{smoke.CodeEnginePanic},
	Step:  check.Load,
})
