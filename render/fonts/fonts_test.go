package fonts

import "testing"

func TestCovers(t *testing.T) {
	for _, r := range "Aé$—·→×€•" {
		if !Covers(r) {
			t.Errorf("%q (U+%04X) should be drawable", r, r)
		}
	}
	// ★ is missing from the Go fonts; anything above U+FFFF cannot be
	// encoded by the PDF writer at all.
	for _, r := range []rune{'★', 0x1F600, 0x10000} {
		if Covers(r) {
			t.Errorf("U+%04X should not be drawable", r)
		}
	}
}
