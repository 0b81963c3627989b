package engine

// Hooks for the external tests of the search's tree storage.

// KeptTreeNodes is keptTreeNodes.
const KeptTreeNodes = keptTreeNodes

// LimitTree bounds b's tree at n nodes, to test the bound without a
// million iterations.
func (b *MCTSBot) LimitTree(n int) { b.maxNodes = n }

// TreeNodes is the size of b's tree after its last decision, and
// TreeStorage the nodes its storage holds for the next one.
func (b *MCTSBot) TreeNodes() int   { return len(b.nodes) }
func (b *MCTSBot) TreeStorage() int { return cap(b.nodes) }

// SetManyMoves sets manyMoves, the legal moves past which the search
// sorts them, until the returned func restores it.
func SetManyMoves(n int) (restore func()) {
	old := manyMoves
	manyMoves = n
	return func() { manyMoves = old }
}
