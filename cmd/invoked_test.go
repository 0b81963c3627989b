package cmd

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// `new` suggests the next commands as cardpress was run: bin/cardpress
// from a clone, cardpress from PATH, quoted for the shell when needed.
func TestNewSuggestsTheCommandAsInvoked(t *testing.T) {
	for _, invoked := range []string{"bin/cardpress", "cardpress", "/opt/card press/cardpress"} {
		dir := filepath.Join(t.TempDir(), "market")
		var out, errb bytes.Buffer
		if code := Run(IO{Out: &out, Err: &errb, Env: Env{Invoked: invoked}}, []string{"new", dir}); code != 0 {
			t.Fatalf("new as %s: exit %d\n%s", invoked, code, errb.String())
		}
		bin := shellWord(invoked)
		want := "\nNext:\n  " + bin + " validate " + dir + "\n  " + bin + " lint " + dir + "\n  " + bin + " render " + dir + " --out out\n"
		if !strings.HasSuffix(out.String(), want) {
			t.Errorf("new as %s ends:\n%s\nwant:\n%s", invoked, out.String(), want)
		}
	}
}

func TestInvokedAs(t *testing.T) {
	for arg0, want := range map[string]string{
		"bin/cardpress":                       "bin/cardpress",
		"./cardpress":                         "./cardpress",
		"cardpress":                           "cardpress",
		"":                                    "cardpress",
		"/tmp/go-build123/b001/exe/cardpress": "cardpress", // go run
	} {
		if got := invokedAs(arg0); got != want {
			t.Errorf("invokedAs(%q) = %q, want %q", arg0, got, want)
		}
	}
}
