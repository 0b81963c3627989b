// Command gen writes engine/games/list.go: one blank import per engine
// package (a folder under engine/ whose Go files call kit.Register).
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/cardpress/cardpress/engine/games/internal/scan"
)

func main() {
	dir := flag.String("engine", "..", "the engine/ folder")
	out := flag.String("out", "list.go", "file to write")
	flag.Parse()
	src, err := scan.List(*dir)
	if err == nil {
		err = os.WriteFile(*out, src, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
