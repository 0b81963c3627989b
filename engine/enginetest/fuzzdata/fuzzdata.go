// Package fuzzdata fuzzes a game end to end from its shipped data: a fuzz
// input is a few structured edits of cards/<game> (see Input and Kind),
// the edited folder is loaded like a user's, and data that validates must
// then build every variant, play at every player count with the generic
// checks of enginetest and render both PDFs in memory, without a panic, a
// hang or a broken invariant. Data that does not validate is skipped:
// rejecting it is the schemas' job, fuzzed by source's FuzzParse.
//
// Each game package has the one-line target
//
//	func FuzzData(f *testing.F) { fuzzdata.Fuzz(f, "<game>") }
//
// in an external test package (pipeline imports every game, so the game's
// own package cannot import this one), which keeps each game's corpus in
// its own testdata/fuzz/FuzzData and lets `go test -fuzz` give every game
// its own time.
package fuzzdata

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/render"
	"github.com/cardpress/cardpress/smoke"
)

// HangLimit is how long one input may take before it counts as a hang.
// The engines' turn caps bound a game, so only a loop inside a move, the
// loader or the renderer can reach it; an input takes about a second on a
// busy machine.
var HangLimit = 3 * time.Minute

// Fuzz is the fuzz target of cards/<game>: seeds (the shipped data as it
// is, and for each kind of edit one that validates), then inputs checked
// by Check.
func Fuzz(f *testing.F, game string) {
	base, err := Read(filepath.Join(testutil.RepoRoot(), "cards", game))
	if err != nil {
		f.Fatal(err)
	}
	for _, in := range Seeds(f, game, base) {
		f.Add(in.Encode())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		Check(t, game, base, Decode(data))
	})
}

// Seeds are the seed inputs of a game: no edit, then for each kind one
// edit and finally a run of four edits, each the first of a fixed series of
// pseudo-random ones whose result validates (so every seed reaches the
// engine whatever the shipped data is like).
func Seeds(t testing.TB, game string, base *Data) []Input {
	t.Helper()
	seeds := []Input{{}}
	r := engine.NewRand(1)
	random := func(kind Kind) Edit {
		return Edit{Kind: kind, Target: uint16(r.Intn(1 << 16)), Arg: byte(r.Intn(256))}
	}
	for k := range numKinds + 1 {
		for try := 0; try < 24; try++ {
			in := Input{Seed: byte(len(seeds))}
			if k < numKinds {
				in.Edits = []Edit{random(k)}
			} else {
				for range 4 {
					in.Edits = append(in.Edits, random(Kind(r.Intn(int(numKinds)))))
				}
			}
			if Validates(t, game, base, in) {
				seeds = append(seeds, in)
				break
			}
		}
	}
	return seeds
}

// Validates reports whether the edited data loads without errors.
func Validates(t testing.TB, game string, base *Data, in Input) bool {
	t.Helper()
	d := base.Clone()
	d.Apply(in.Edits)
	ws := filepath.Join(t.TempDir(), game)
	if err := d.Write(ws); err != nil {
		t.Fatal(err)
	}
	_, fs := pipeline.Load([]string{ws})
	errs, _ := finding.Count(fs)
	return errs == 0
}

// Check applies an input's edits to a copy of base, loads the result with
// the pipeline and, when it validates, builds every variant, runs the
// static checks, plays with enginetest.PlayFuzzed and renders the
// reference sheet of every variant and the print-and-play PDF of the
// default one, failing t on anything that is a crash rather than a
// finding. The seed byte picks the games' seeds and the paper and bleed.
func Check(t *testing.T, game string, base *Data, in Input) {
	d := base.Clone()
	log := d.Apply(in.Edits)
	t.Logf("seed %d, edits:\n\t%s", in.Seed, strings.Join(log, "\n\t"))
	defer watchdog(game, in, log)()
	ws := filepath.Join(t.TempDir(), game)
	if err := d.Write(ws); err != nil {
		t.Fatal(err)
	}

	games, fs := pipeline.Load([]string{ws})
	crashes(t, "loading", fs)
	if errs, _ := finding.Count(fs); errs > 0 {
		return
	}
	if len(games) != 1 || games[0].Engine == nil {
		t.Fatalf("the data validates but gives %d games, the first without an engine", len(games))
	}
	g := games[0]
	opt := render.Options{}
	if in.Seed&1 != 0 {
		opt.Paper = "letter"
	}
	if in.Seed&2 != 0 {
		opt.Bleed = 3
	}
	for i, id := range g.Data.Variants() {
		v, vfs, err := g.BuildVariant(id)
		if err != nil {
			t.Fatalf("variant %q: %v", id, err)
		}
		crashes(t, "building variant "+id, vfs)
		if errs, _ := finding.Count(vfs); errs > 0 || v.Engine == nil {
			t.Fatalf("variant %q does not build although the game loaded: %v", id, vfs)
		}
		static := pipeline.Static(v)
		crashes(t, "static checks of variant "+id, static)
		t.Logf("variant %q", id)
		enginetest.PlayFuzzed(t, v.Engine, uint64(in.Seed), rejects(static))
		doc := pipeline.Document(v)
		overflows := slices.ContainsFunc(static, func(f finding.Finding) bool {
			return render.CodeTextOverflow.Is(f) && f.Severity == finding.Error
		})
		if _, err := render.ReferencePDF(doc, opt); renderFailed(err, overflows) {
			t.Fatalf("variant %q: reference sheet: %v", id, err)
		}
		if i == 0 {
			if _, err := render.PnP(doc, opt); renderFailed(err, overflows) {
				t.Fatalf("print-and-play: %v", err)
			}
		}
	}
}

// renderFailed tells a render error that is a bug from one that is not:
// the renderer refuses text that does not fit, which the static checks
// reported, but a recovered panic is always a bug.
func renderFailed(err error, overflows bool) bool {
	return err != nil && (!overflows || strings.HasPrefix(err.Error(), "render: internal error"))
}

// crashes fails t on findings that are recovered crashes: an engine that
// panicked building the data, or text measuring that panicked.
func crashes(t *testing.T, stage string, fs []finding.Finding) {
	t.Helper()
	for _, f := range fs {
		if smoke.CodeEnginePanic.Is(f) || (render.CodeTextOverflow.Is(f) && strings.HasPrefix(f.Message, "measuring text failed")) {
			t.Fatalf("%s: %v", stage, f)
		}
	}
}

// rejects reports whether the game's static checks find errors in its
// rules (text that does not fit its box is no rules problem).
func rejects(static []finding.Finding) bool {
	for _, f := range static {
		if f.Severity == finding.Error && !render.CodeTextOverflow.Is(f) {
			return true
		}
	}
	return false
}

// watchdog crashes the process with every goroutine's stack when an input
// runs past HangLimit: the fuzzing engine has no time limit per input, so
// without it a hang would stall the run instead of being saved as a
// crasher. The returned func disarms it.
func watchdog(game string, in Input, log []string) (stop func()) {
	timer := time.AfterFunc(HangLimit, func() {
		buf := make([]byte, 1<<20)
		buf = buf[:runtime.Stack(buf, true)]
		fmt.Fprintf(os.Stderr, "%s: input %x still running after %v; edits:\n\t%s\n%s\n",
			game, in.Encode(), HangLimit, strings.Join(log, "\n\t"), buf)
		panic(fmt.Sprintf("%s: hang: input %x ran past %v", game, in.Encode(), HangLimit))
	})
	return func() { timer.Stop() }
}
