package cmd

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// versionLine says which cardpress this is, from what the Go toolchain
// recorded in the binary: the module version, and when it was built from a
// git checkout (go build, go install) the commit, its time and whether the
// tree had uncommitted changes. go run and go test record no commit, and a
// build outside a module records no version; the line says so rather than
// printing nothing, because a bug report quotes it.
func versionLine(bi *debug.BuildInfo, ok bool) string {
	version := "(devel)"
	var commit, when string
	modified := false
	goVersion := runtime.Version()
	if ok {
		if bi.Main.Version != "" {
			version = bi.Main.Version
		}
		if bi.GoVersion != "" {
			goVersion = bi.GoVersion
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value
			case "vcs.time":
				when = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "cardpress %s", version)
	switch {
	case commit != "":
		fmt.Fprintf(&b, ", commit %s", commit)
		if when != "" {
			fmt.Fprintf(&b, " of %s", when)
		}
		if modified {
			b.WriteString(" with uncommitted changes")
		}
	case linkedCommit != "":
		fmt.Fprintf(&b, ", commit %s", linkedCommit)
	case version != "(devel)":
		// go install PATH@VERSION builds from the module proxy's copy,
		// which records no commit: the version names the source.
		b.WriteString(", installed from the module")
	default:
		b.WriteString(", no commit recorded (go run, go test or -buildvcs=false)")
	}
	fmt.Fprintf(&b, ", %s %s/%s", goVersion, runtime.GOOS, runtime.GOARCH)
	return b.String()
}

// linkedCommit is the commit the Makefile links in (-X) for builds where
// the toolchain records none: GOFLAGS=-buildvcs=false is common in CI
// images, where git may also refuse a checkout owned by another user.
var linkedCommit string

// buildVersion is this binary's versionLine.
func buildVersion() string {
	bi, ok := debug.ReadBuildInfo()
	return versionLine(bi, ok)
}

// setVersion gives the root command --version and adds `cardpress
// version`, which prints the same line: people type either. The flag is
// declared here, not left to cobra, so that it has no -v shorthand: -v is
// rules' --verbose, and `cardpress -v` printing a version would teach the
// wrong meaning.
func setVersion(root *cobra.Command, streams IO) {
	line := buildVersion()
	root.Version = line
	root.SetVersionTemplate("{{.Version}}\n")
	root.Flags().Bool("version", false, "print cardpress's version, commit and Go version")
	root.AddCommand(&cobra.Command{
		Use:   "version",
		Short: "Print cardpress's version, commit and Go version",
		Long: `Version prints the line --version prints: the module version, the git commit
the binary was built from with its time (and "with uncommitted changes" when
the tree was modified), then the Go version and platform. A binary from go
run or go test has no commit recorded and says so.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			_, err := fmt.Fprintln(streams.Out, line)
			return err
		},
	})
}
