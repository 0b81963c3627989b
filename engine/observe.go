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

// Inferrer is a Determinizer that can also learn from the moves seats
// make in public which cards their hidden zones cannot hold (a seat that
// draws because it cannot play holds no playable card), and deal its
// samples consistently with that. The learning costs a little on every
// such move, so it is off until a bot that determinises asks for it
// (InferenceUser) on the real game; what it learnt is public, part of
// every seat's Observation.
type Inferrer interface {
	// Infer turns the learning on or off. Off, the state keeps what it
	// learnt (it stays in the observations) but learns nothing more and
	// deals its samples as if it knew nothing: a search turns it off in
	// its scratch world once it has determinised it, so its play-outs do
	// not pay for it.
	Infer(on bool)
}

// InferenceUser is a bot whose choices gain from an Inferrer's learning:
// the runner turns it on for a game with one at the table.
type InferenceUser interface {
	UsesInferences() bool
}

// StartInferring turns s's learning on (Inferrer) when one of bots uses
// it, and reports whether it did.
func StartInferring(s State, bots []Bot) bool {
	inf, ok := s.(Inferrer)
	if !ok {
		return false
	}
	for _, b := range bots {
		if u, ok := b.(InferenceUser); ok && u.UsesInferences() {
			inf.Infer(true)
			return true
		}
	}
	return false
}

// stopInferring turns s's learning off, when it has any (a search's
// scratch world, once determinised).
func stopInferring(s State) {
	if inf, ok := s.(Inferrer); ok {
		inf.Infer(false)
	}
}
