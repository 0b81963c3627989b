package heat

import "testing"

func TestTokenPool(t *testing.T) {
	p := newTokenPool(5)
	if p.Take(0, 3) != 3 || p.Take(1, 4) != 2 || p.Return(0, 9) != 3 || p.Give(1, 0, 5) != 2 || !p.Conserved(2) {
		t.Errorf("pool %+v", p)
	}
}
