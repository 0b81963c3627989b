package engine

// Observer is what a seat can see: its own hand, the public zones and the
// sizes of the hidden ones, as OpenSpiel's observation string. Bots decide
// from a seat's observation only (see Determinizer); a game with hidden
// information implements both, and enginetest.FairBots holds them to it.
type Observer interface {
	// Observation appends to buf a canonical encoding of everything seat p
	// can see now. Two states with equal observations for p look the same
	// to p; what the encoding leaves out is hidden from p.
	Observation(p Player, buf []byte) []byte
}

// Determinizer samples the hidden information, so a bot that looks ahead
// plays on a world consistent with what its seat has seen instead of on
// the truth (determinisation, as in information-set Monte Carlo search).
type Determinizer interface {
	// Determinize replaces, in place, everything seat p cannot see (other
	// seats' hands, the order of face-down piles) with a sample drawn with
	// r from what p's observation allows: the cards p has not seen, dealt
	// afresh into the hidden places, each keeping its size. p's observation
	// is unchanged, and the result depends only on that observation and r,
	// never on the truth it replaces: gather the unseen cards into a pool in
	// a canonical order (sorted) before shuffling it.
	Determinize(p Player, r *Rand)
}
