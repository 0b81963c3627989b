package check

import (
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/render"
)

var _ = Register(Check{
	ID:    "text-fit",
	Doc:   "Checks that the text of every card and sheet fits its box at its minimum size, readably and without breaking words.",
	Codes: []*finding.Code{render.CodeTextOverflow, render.CodeTextSmall, render.CodeWordBroken},
	Step:  Static, Needs: Valid | Layout,
	Run: func(in *Input) []finding.Finding { return render.CheckFit(in.Doc()) },
})
