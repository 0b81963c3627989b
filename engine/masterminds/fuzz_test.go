package masterminds_test

import (
	"testing"

	"github.com/cardpress/cardpress/engine/enginetest/fuzzdata"
)

// FuzzData plays and renders edits of cards/masterminds (see package fuzzdata).
func FuzzData(f *testing.F) { fuzzdata.Fuzz(f, "masterminds") }
