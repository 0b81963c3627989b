package export

import (
	"fmt"
	"strings"

	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/printshop"
	"github.com/cardpress/cardpress/render"
)

// A print shop's templates are followed by two outputs: export png
// --profile (an image per card face) and render --for print-shop --profile
// (a PDF page per card face, which render writes, as it writes every
// PDF). Both refuse, before writing anything, a deck no template fits.

// CheckShopFit checks every deck of every game against profiles, the
// templates --profile name chose; instead is what the user may do
// instead, for the message.
func CheckShopFit(games []*pipeline.LoadedGame, profiles []printshop.Profile, name, instead string) error {
	var misfits []string
	for _, g := range games {
		doc := pipeline.Document(g)
		for _, d := range decksOf(g, doc, "") {
			if _, err := fitDeck(doc, d, profiles, name); err != nil {
				misfits = append(misfits, err.Error())
			}
		}
	}
	return misfitError(misfits, instead)
}

// fitDeck is the profile for a deck's cards, or an error naming the deck,
// its size and the sizes --profile name offers.
func fitDeck(doc *render.Document, d deck, profiles []printshop.Profile, name string) (printshop.Profile, error) {
	size := d.size(doc)
	p, ok := printshop.Fit(profiles, size.Width, size.Height)
	if !ok {
		return p, fmt.Errorf("%s: deck %s: %gx%g mm cards fit no --profile %s size (%s, ±%g mm, either way round)",
			doc.GameID, d.id, size.Width, size.Height, name, printshop.Sizes(profiles), printshop.Slack)
	}
	return p, nil
}

// misfitError is the one-line error for decks no profile fits, with what
// to do instead; nil when there are none.
func misfitError(misfits []string, instead string) error {
	if len(misfits) == 0 {
		return nil
	}
	return fmt.Errorf("%s; nothing written: %s", strings.Join(misfits, "; "), instead)
}
