// Command cardpress validates, lints and renders card games; see README.md.
package main

import (
	"os"

	"cardpress/cmd"
)

func main() { os.Exit(cmd.Execute()) }
