package fonts

import (
	"flag"
	"os"
	"testing"
)

// TestMain shortens Go's minimising of new fuzzing inputs from a minute
// to a second (a -test.fuzzminimizetime given on the command line still
// wins). Its last pass tries removing every run of bytes, quadratic in
// the input's length; a font seed is kilobytes, so the first new input
// took all of `make test`'s 5 s of FuzzParseFont and no other ran.
func TestMain(m *testing.M) {
	if err := flag.Set("test.fuzzminimizetime", "1s"); err != nil {
		panic(err)
	}
	os.Exit(m.Run())
}
