package check

import (
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

var _ = Register(Check{
	ID:    "reference-placeholders",
	Doc:   "Checks that every {placeholder} of the reference sheet names a parameter or a fact of the built engine.",
	Codes: []*finding.Code{gamedata.CodeUndefinedParameter},
	Step:  Build, Needs: Engine,
	Run: func(in *Input) []finding.Finding {
		var names []string
		for name := range engine.Facts(in.Engine) {
			names = append(names, name)
		}
		return in.Data.CheckPlaceholders(names)
	},
})
