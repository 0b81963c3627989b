package check

import (
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/render"
)

var _ = Register(Check{
	ID:    "layout-when",
	Doc:   "Checks that every layout element's when holds on some card its face is printed on.",
	Codes: []*finding.Code{render.CodeWhenNever},
	Step:  Build, Needs: Valid | Layout,
	Run: func(in *Input) []finding.Finding {
		if fieldsBroken(in) {
			return nil // a when on a field the cards lack would only repeat LAYOUT_FIELD
		}
		return render.CheckWhen(in.Doc())
	},
})
