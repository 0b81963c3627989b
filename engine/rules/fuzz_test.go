package rules_test

import (
	"testing"

	"cardpress/engine/enginetest/fuzzdata"
)

// The games written in the rules language, played and rendered from
// edits of their folders (see package fuzzdata).
func FuzzCrazyEights(f *testing.F) { fuzzdata.Fuzz(f, "crazy-eights") }
func FuzzHearts(f *testing.F)      { fuzzdata.Fuzz(f, "hearts") }
