package cmd

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The release archives are what action/install.sh downloads: the name it
// builds (TestActionInstallsARelease serves that name) is GoReleaser's
// name_template for each platform, and the checksums file is the one it
// reads. `make release-check` builds the snapshot itself.
func TestReleaseArchivesAreWhatTheActionDownloads(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, ".goreleaser.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Builds []struct {
			Env    []string `yaml:"env"`
			Goos   []string `yaml:"goos"`
			Goarch []string `yaml:"goarch"`
		} `yaml:"builds"`
		Archives []struct {
			Formats      []string `yaml:"formats"`
			NameTemplate string   `yaml:"name_template"`
		} `yaml:"archives"`
		Checksum struct {
			NameTemplate string `yaml:"name_template"`
		} `yaml:"checksum"`
	}
	if err := yaml.Unmarshal(b, &cfg); err != nil {
		t.Fatal(err)
	}
	if len(cfg.Builds) != 1 || len(cfg.Archives) != 1 {
		t.Fatalf("want one build and one archive, got %d and %d", len(cfg.Builds), len(cfg.Archives))
	}
	build := cfg.Builds[0]
	for _, want := range []string{"linux", "darwin", "windows"} {
		if !slices.Contains(build.Goos, want) {
			t.Errorf("no %s build", want)
		}
	}
	if !slices.Equal(build.Goarch, []string{"amd64", "arm64"}) {
		t.Errorf("goarch %v, want amd64 and arm64", build.Goarch)
	}
	if !slices.Contains(build.Env, "CGO_ENABLED=0") {
		t.Errorf("the builds are not static (CGO_ENABLED=0): %v", build.Env)
	}
	name := strings.NewReplacer("{{ .ProjectName }}", "cardpress", "{{ .Version }}", "1.2.3", "{{ .Os }}", "linux", "{{ .Arch }}", "amd64").
		Replace(cfg.Archives[0].NameTemplate) + "." + cfg.Archives[0].Formats[0]
	if name != "cardpress_1.2.3_linux_amd64.tar.gz" {
		t.Errorf("GoReleaser names the Linux archive %s; action/install.sh downloads cardpress_1.2.3_linux_amd64.tar.gz", name)
	}
	install := readText(t, filepath.Join(repoRoot, "action", "install.sh"))
	if !strings.Contains(install, `archive="cardpress_${CARDPRESS_VERSION#v}_${os}_${arch}.tar.gz"`) ||
		!strings.Contains(install, "/"+cfg.Checksum.NameTemplate+`"`) {
		t.Errorf("action/install.sh does not download the archive and %s GoReleaser writes", cfg.Checksum.NameTemplate)
	}
}

// The container image: a static build, cardpress as the entrypoint, run
// by a user without privileges.
func TestContainerImage(t *testing.T) {
	df := readText(t, filepath.Join(repoRoot, "Dockerfile"))
	stages := regexp.MustCompile(`(?m)^FROM `).Split(df, -1)
	final := stages[len(stages)-1]
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`CGO_ENABLED=0 go build .* \./cmd/cardpress`),
		regexp.MustCompile(`(?m)^USER nonroot`),
		regexp.MustCompile(`(?m)^ENTRYPOINT \["/usr/local/bin/cardpress"\]`),
	} {
		text := final
		if strings.Contains(want.String(), "go build") {
			text = df
		}
		if !want.MatchString(text) {
			t.Errorf("Dockerfile: no %s", want)
		}
	}
	if strings.Contains(final, "USER root") {
		t.Errorf("the image runs as root")
	}
}
