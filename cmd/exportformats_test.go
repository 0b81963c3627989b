package cmd

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/export"
	"github.com/cardpress/cardpress/internal/fileio"

	"github.com/spf13/pflag"
)

// noteFormat is a format that exists only in this test: it writes the
// job it got to OUT/note.txt, or fails as its --fail flag says.
type noteFormat struct{}

func (noteFormat) Name() string { return "note" }

func (noteFormat) Help() export.Help {
	return export.Help{Short: "Write a note of the job", Long: "Export note writes OUT/note.txt.",
		Complete: map[string][]string{"tone": {"dry", "warm"}}}
}

func (noteFormat) Flags(f *pflag.FlagSet) export.Writer {
	tone := f.String("tone", "dry", "the note's tone")
	fail := f.String("fail", "", "findings or usage: fail that way")
	return func(j *export.Job) error {
		switch *fail {
		case "findings":
			return export.ErrFindings
		case "usage":
			return errors.New("--fail usage: refused")
		}
		out, err := fileio.OpenOut(j.OutDir)
		if err != nil {
			return err
		}
		defer out.Close()
		return out.WriteFile("note.txt", []byte(*tone+" "+strings.Join(j.Paths, ",")+" deck="+j.Deck+"\n"))
	}
}

// Adding a format is one row in export.Formats: the row alone gives the
// subcommand, its flags and their completion, a --format value, the
// parent's help and its messages, and the exit codes of a finding and of
// a usage error.
func TestAFormatIsOneRowOfTheTable(t *testing.T) {
	saved := export.Formats
	export.Formats = append(slices.Clip(export.Formats), noteFormat{})
	t.Cleanup(func() { export.Formats = saved })
	ws := copyHeat(t)

	for _, args := range [][]string{
		{"export", "note", "cards/heat", "--out", "o1", "--deck", "main", "--tone", "warm"},
		{"export", "--format", "note", "cards/heat", "--out", "o2", "--deck", "main", "--tone", "warm"},
	} {
		if code, out, errOut := run(t, ws, args...); code != 0 {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errOut)
		}
		data, err := os.ReadFile(filepath.Join(ws, args[len(args)-5], "note.txt"))
		if want := "warm cards/heat deck=main\n"; err != nil || string(data) != want {
			t.Errorf("%v: note %q, %v; want %q", args, data, err, want)
		}
	}
	if code, _, _ := run(t, ws, "export", "note", "--fail", "findings", "cards/heat"); code != ExitFindings {
		t.Errorf("a format's ErrFindings: exit %d, want %d", code, ExitFindings)
	}
	if code, _, errOut := run(t, ws, "export", "note", "--fail", "usage", "cards/heat"); code != ExitUsage || errOut != "cardpress: --fail usage: refused\n" {
		t.Errorf("a format's error: exit %d, said %q", code, errOut)
	}
	if code, _, errOut := run(t, ws, "export", "note", "--out", "", "cards/heat"); code != ExitUsage || !strings.Contains(errOut, "--out is empty") {
		t.Errorf("--out empty: exit %d, said %q", code, errOut)
	}

	if _, help, _ := run(t, ws, "--help"); !strings.Contains(help, "Write a game's cards in another format: csv, xlsx, png, tts or note\n") {
		t.Errorf("cardpress --help does not list the new format:\n%s", help)
	}
	if _, help, _ := run(t, ws, "export", "--help"); !strings.Contains(help, "  note        Write a note of the job\n") || !strings.Contains(help, "csv, note, png, tts, xlsx") {
		t.Errorf("export --help does not list the new format:\n%s", help)
	}
	if _, _, errOut := run(t, ws, "export", "cards/heat"); !strings.Contains(errOut, "FORMAT one of csv, note, png, tts, xlsx") {
		t.Errorf("no format: %q", errOut)
	}
	if got, _ := complete(t, ws, "export", "--format", ""); !slices.Equal(got, []string{"csv", "note", "png", "tts", "xlsx"}) {
		t.Errorf("--format completes to %v", got)
	}
	if got, _ := complete(t, ws, "export", "note", "--tone", ""); !slices.Equal(got, []string{"dry", "warm"}) {
		t.Errorf("--tone completes to %v", got)
	}
}
