package export

import (
	"runtime"
	"slices"
	"sync"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/render"
)

// deck is one deck of a game's render document, as the image formats
// draw it.
type deck struct {
	id, name string
	cards    []int // indexes into Document.Cards
}

// decksOf lists the decks to draw (all, or the one named only) in the
// manifest's order, each with the indexes of its cards in doc.Cards; a
// deck without cards is left out.
func decksOf(g *pipeline.LoadedGame, doc *render.Document, only string) []deck {
	var out []deck
	for _, d := range g.Data.Manifest.Decks {
		if only != "" && d.ID != only {
			continue
		}
		ed := deck{id: d.ID, name: d.Name}
		for i, c := range doc.Cards {
			if c.Deck == d.ID {
				ed.cards = append(ed.cards, i)
			}
		}
		if len(ed.cards) > 0 {
			out = append(out, ed)
		}
	}
	return out
}

// size is the size of a deck's cards: its first card's, the game's
// unless the card says otherwise.
func (d deck) size(doc *render.Document) gamedata.Size {
	if s := doc.Cards[d.cards[0]].Size; s != (gamedata.Size{}) {
		return s
	}
	return doc.Card
}

func hasDeck(g *pipeline.LoadedGame, id string) bool {
	return slices.ContainsFunc(g.Data.Manifest.Decks, func(d gamedata.Deck) bool { return d.ID == id })
}

// parallel runs do(0), …, do(n-1) on all cores; the first error stops
// the rest and is returned.
func parallel(n int, do func(i int) error) error {
	var (
		mu    sync.Mutex
		first error
		next  int
		wg    sync.WaitGroup
	)
	take := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		if first != nil || next >= n {
			return 0, false
		}
		next++
		return next - 1, true
	}
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			for i, ok := take(); ok; i, ok = take() {
				if err := do(i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
					return
				}
			}
		})
	}
	wg.Wait()
	return first
}
