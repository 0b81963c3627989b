package cmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"
)

// modulePath is go.mod's module line: what go install names.
const modulePath = "github.com/cardpress/cardpress"

// TestGoInstallLatest: `go install github.com/cardpress/cardpress/cmd/cardpress@latest`
// works as it will from the published repository. The committed tree is
// served as version v0.1.0 by a module proxy in a folder (the layout
// proxy.golang.org serves), ahead of the usual proxy for the dependencies,
// and go install runs outside any module, as on a designer's machine.
func TestGoInstallLatest(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cardpress from a module proxy")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git: the module is packed from the committed tree")
	}
	const version = "v0.1.0"
	proxy := t.TempDir()
	dir := filepath.Join(proxy, modulePath, "@v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, version+".zip"))
	if err != nil {
		t.Fatal(err)
	}
	if err := zip.CreateFromVCS(f, module.Version{Path: modulePath, Version: version}, repoRoot, "HEAD", ""); err != nil {
		f.Close()
		t.Skipf("the repository cannot be packed (not a git checkout?): %v", err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile(filepath.Join(repoRoot, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(mod), "module "+modulePath+"\n") {
		t.Fatalf("go.mod's module is not %s", modulePath)
	}
	files := map[string]string{
		version + ".mod":  string(mod),
		version + ".info": `{"Version":"` + version + `","Time":"2026-12-07T00:00:00Z"}`,
		"list":            version + "\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env, err := exec.Command("go", "env", "GOPROXY", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	upstream, cache, _ := strings.Cut(strings.TrimSpace(string(env)), "\n")
	// A module cache of its own, so that no earlier v0.1.0 is taken from
	// the machine's; the dependencies come from the machine's cache (its
	// download folder is a proxy too), else from the usual proxy.
	proxies := []string{"file://" + filepath.ToSlash(proxy), "file://" + filepath.ToSlash(filepath.Join(cache, "cache", "download")), upstream}
	bin := t.TempDir()
	install := exec.Command("go", "install", modulePath+"/cmd/cardpress@latest")
	install.Dir = t.TempDir() // outside any module
	install.Env = append(os.Environ(), "GOBIN="+bin, "GOWORK=off", "GOFLAGS=-modcacherw -trimpath",
		"GOMODCACHE="+t.TempDir(), "GOPROXY="+strings.Join(proxies, ","), "GONOSUMDB="+modulePath)
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("go install: %v\n%s", err, out)
	}
	out, err := exec.Command(filepath.Join(bin, "cardpress"), "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	if want := "cardpress " + version + ", installed from the module"; !strings.HasPrefix(string(out), want) {
		t.Errorf("--version says %q, want it to begin %q", out, want)
	}
}
