package heat

import "github.com/cardpress/cardpress/engine"

// HEAT's own piece: no other game uses it.

// tokenPool is a conserved supply of identical tokens shared out among seats:
// tokens move between the supply and seats but are never made or lost.
type tokenPool struct {
	Supply int
	Held   [engine.MaxPlayers]int
	Total  int
}

// newTokenPool fills the supply with total tokens.
func newTokenPool(total int) tokenPool { return tokenPool{Supply: total, Total: total} }

// Take moves up to k tokens from the supply to seat p and returns how many moved.
func (p *tokenPool) Take(seat, k int) int {
	k = min(k, p.Supply)
	p.Supply -= k
	p.Held[seat] += k
	return k
}

// Return moves up to k of seat p's tokens back to the supply.
func (p *tokenPool) Return(seat, k int) int {
	k = min(k, p.Held[seat])
	p.Held[seat] -= k
	p.Supply += k
	return k
}

// Give moves up to k tokens from one seat to another.
func (p *tokenPool) Give(from, to, k int) int {
	k = min(k, p.Held[from])
	p.Held[from] -= k
	p.Held[to] += k
	return k
}

// Conserved reports whether supply and seats add up to the total.
func (p *tokenPool) Conserved(seats int) bool {
	sum := p.Supply
	for i := 0; i < seats; i++ {
		if p.Held[i] < 0 {
			return false
		}
		sum += p.Held[i]
	}
	return sum == p.Total && p.Supply >= 0
}
