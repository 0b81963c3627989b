package lsp

import (
	"io"
	"path/filepath"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
)

// BenchmarkCheck is what the server does after each pause in typing on a
// file of each shipped game: load it with the buffer and run lint's static
// checks. Debounce is chosen against it.
func BenchmarkCheck(b *testing.B) {
	for _, name := range []string{"heat", "masterminds", "mice", "hmm", "crazy-eights"} {
		b.Run(name, func(b *testing.B) {
			dir := filepath.Join(testutil.RepoRoot(), "cards", name)
			s := newServer(io.Discard)
			manifest := filepath.Join(dir, "game.yaml")
			s.docs[manifest] = fileText(manifest, nil)
			g := &game{dir: dir, published: map[string]bool{}}
			for b.Loop() {
				s.check(g)
			}
		})
	}
}
