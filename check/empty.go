package check

import (
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/render"
)

var _ = Register(Check{
	ID:    "layout-empty",
	Doc:   "Checks that every layout element draws something on some card it applies to, with the fields the engine prints.",
	Codes: []*finding.Code{render.CodeElementEmpty},
	Step:  Build, Needs: Valid | Layout,
	Run: func(in *Input) []finding.Finding { return render.CheckEmpty(in.Doc()) },
})
