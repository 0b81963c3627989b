// Command cardpress validates, lints and renders card games; see README.md.
package main

import (
	"os"

	"github.com/cardpress/cardpress/cmd"
)

func main() { os.Exit(cmd.Execute()) }
