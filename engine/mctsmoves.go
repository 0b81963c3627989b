package engine

import (
	"cmp"
	"slices"
)

// manyMoves is the number of legal moves past which selectChild matches a
// node's children to them through a sorted copy of the moves: one walk of
// the children and a binary search each, where a walk of the children for
// every move costs moves × children: at 1,000 moves (a bid of 0 to 999) a
// decision of mcts:5000 took 5.5 s, and takes 0.89 s (BenchmarkManyMoves).
// Below it the plain walks are kept: HEAT's search is as fast either way.
// Both ways give the same availabilities and choices
// (TestManyMovesSearchAsFew).
var manyMoves = 32

// markMany, for more than manyMoves legal moves, credits each of node's
// children of seat that is legal now with one more availability, sets
// b.tried[i] for each legal move a child has tried, and says true; for
// fewer it says false and leaves that to selectChild's walks.
func (b *MCTSBot) markMany(node int32, seat Player) bool {
	b.byAction = b.byAction[:0]
	if len(b.legal) <= manyMoves {
		return false
	}
	b.tried = slices.Grow(b.tried[:0], len(b.legal))[:len(b.legal)]
	clear(b.tried)
	for i := range b.legal {
		b.byAction = append(b.byAction, int32(i))
	}
	slices.SortFunc(b.byAction, func(i, j int32) int { return cmp.Compare(b.legal[i], b.legal[j]) })
	for c := b.nodes[node].child; c != noNode; c = b.nodes[c].sibling {
		n := &b.nodes[c]
		if n.seat != seat {
			continue
		}
		// Every listing of the move is credited, as the plain walk does.
		for k := b.firstListed(n.action); k < len(b.byAction) && b.legal[b.byAction[k]] == n.action; k++ {
			n.avail++
			b.tried[b.byAction[k]] = true
		}
	}
	return true
}

// firstListed is where the legal move a is, or would be, first in
// byAction.
func (b *MCTSBot) firstListed(a Action) int {
	k, _ := slices.BinarySearchFunc(b.byAction, a, func(i int32, a Action) int { return cmp.Compare(b.legal[i], a) })
	return k
}

// isLegal says whether a is among b.legal, by byAction when markTried
// sorted the moves.
func (b *MCTSBot) isLegal(a Action) bool {
	if len(b.byAction) == 0 {
		return contains(b.legal, a)
	}
	k := b.firstListed(a)
	return k < len(b.byAction) && b.legal[b.byAction[k]] == a
}
