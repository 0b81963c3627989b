// Command boundsgen writes an engine's schemabounds.go: the bounds of its
// cards.schema.json that its Go code sizes by, as constants (see
// kit.GoConsts). An engine runs it from a go:generate line:
//
//	//go:generate go run ../kit/boundsgen maxEffects=effects.max
package main

import (
	"fmt"
	"os"

	"github.com/cardpress/cardpress/engine/kit"
)

func main() {
	src, err := kit.GoConsts(os.Getenv("GOPACKAGE"), os.DirFS("."), os.Args[1:])
	if err == nil {
		err = os.WriteFile(kit.GeneratedBounds, src, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "boundsgen:", err)
		os.Exit(1)
	}
}
