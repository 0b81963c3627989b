package check

import (
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/render"
)

var _ = Register(Check{
	ID:    "engine-icons",
	Doc:   "Checks that every :icon: in the text the engine writes on the cards names an icon the game has.",
	Codes: []*finding.Code{gamedata.CodeIconUnknown},
	Step:  Build, Needs: Engine | Layout,
	Run: func(in *Input) []finding.Finding { return render.CheckIcons(in.Doc(), in.Data) },
})
