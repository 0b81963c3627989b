package lsp

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A real editor: Neovim, headless, with its built-in LSP client and no
// configuration but testdata/nvim.lua, runs the server on a card file,
// types a mistake without saving, and shows the diagnostic, a hover and
// the deck completion. Without nvim the test skips on a developer's
// machine, loudly, and fails in CI, where .ci/run installs it.
func TestNeovimShowsDiagnosticsHoverAndCompletion(t *testing.T) {
	nvim := neovim(t)
	dir := market(t)
	goods := filepath.Join(dir, "goods.yaml")
	outFile := filepath.Join(t.TempDir(), "nvim.out")
	script, err := filepath.Abs(filepath.Join("testdata", "nvim.lua"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-n", "-i", "NONE", "-c", "luafile "+script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"CARDPRESS_NVIM_OUT="+outFile, "CARDPRESS_LSP_BIN="+os.Args[0],
		"CARDPRESS_GAME="+dir, "CARDPRESS_FILE="+goods,
		"XDG_STATE_HOME="+t.TempDir(), "XDG_DATA_HOME="+t.TempDir(), "XDG_CONFIG_HOME="+t.TempDir())
	log, err := cmd.CombinedOutput()
	got, _ := os.ReadFile(outFile)
	if err != nil {
		t.Fatalf("nvim: %v\n%s\n%s", err, got, log)
	}
	text := string(got)
	planted := strings.Split(strings.SplitN(text, "planted ", 2)[1], "\n")[0]
	for _, want := range []string{
		"diagnostic " + planted + ":4-" + planted + ":10 SCHEMA_UNKNOWN_FIELD unknown field \"pionts\"",
		"hover **stall** (enum, required, one of spice, silk, tea)",
		"completion goods\ncompletion orders\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("Neovim did not show %q; it got:\n%s", want, text)
		}
	}
	if data, _ := os.ReadFile(goods); strings.Contains(string(data), "pionts") {
		t.Errorf("the unsaved change reached the file on disk")
	}
}

// neovim is nvim on PATH (Debian's package neovim).
func neovim(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("nvim")
	if err == nil {
		return path
	}
	const msg = "nvim is not installed, so the editor check of cardpress lsp did not run: apt-get install neovim"
	if os.Getenv("CI") != "" {
		t.Fatal(msg + "; CI must run it (.ci/run installs it)")
	}
	t.Skip("SKIPPED — " + msg)
	return ""
}
