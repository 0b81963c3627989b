package games

import (
	"os"
	"testing"

	"github.com/cardpress/cardpress/engine/games/internal/scan"
)

// TestListIsCurrent fails when an engine folder was added or removed
// without running `go generate ./engine/games`.
func TestListIsCurrent(t *testing.T) {
	want, err := scan.List("..")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("list.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Fatalf("engine/games/list.go is stale: run `go generate ./engine/games`\nwant:\n%s", want)
	}
}
