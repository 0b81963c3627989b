package masterminds

import (
	"encoding/binary"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// byteSum adds the eight bytes exactly, whatever they hold.
func TestByteSum(t *testing.T) {
	r := engine.NewRand(1)
	for range 10000 {
		var b [8]byte
		want := 0
		for i := range b {
			b[i] = byte(r.Intn(256))
			want += int(b[i])
		}
		if got := byteSum(binary.LittleEndian.Uint64(b[:])); got != want {
			t.Fatalf("byteSum(%v) = %d, want %d", b, got, want)
		}
	}
	if got := byteSum(^uint64(0)); got != 8*255 {
		t.Fatalf("byteSum of all 255s = %d", got)
	}
}
