package check

import (
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// The checks that run inline where their data is read: their handlers are
// those packages' own code, and the table lists them for their codes. A
// new code of these scopes is claimed by them unless another check names
// it.
var (
	_ = Register(Check{
		ID:  "load",
		Doc: "Checks the game's files as they are read: YAML, the JSON Schemas, references between files, pictures, fonts and layouts (source, schema, gamedata).",
		// Loading reports these too, where the data alone tells: a build
		// check reports them again where the engine's cards tell.
		Codes:  []*finding.Code{gamedata.CodeLayoutField, gamedata.CodeUndefinedParameter, gamedata.CodeIconUnknown, gamedata.CodeCountMismatch},
		Claims: finding.Validate,
		Step:   Load,
	})
	_ = Register(Check{
		ID:     "tune-plan",
		Doc:    "Checks a game's tune.yaml: parameters, ranges and targets the game can be tuned by (cardpress tune).",
		Claims: finding.Tune,
		Step:   Tune,
	})
)
