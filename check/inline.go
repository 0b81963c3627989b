package check

import (
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/tune"
)

// cardpress tune checks its plan as it reads tune.yaml (package tune): the
// table lists the check for its codes.
var _ = Register(Check{
	ID:    "tune-plan",
	Doc:   "Checks a game's tune.yaml: parameters, ranges and targets the game can be tuned by (cardpress tune).",
	Codes: []*finding.Code{tune.CodeParameter, tune.CodeValue, tune.CodeTarget},
	Step:  Tune,
})
