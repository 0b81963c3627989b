# The two set-up commands: `make` (build and render everything into out/)
# and `make test`. Only Go is needed; modules come from the Go proxy.
GO      ?= go
BIN     := bin/cardpress
# Fixed PDF dates so the same cards give byte-identical PDFs.
export SOURCE_DATE_EPOCH ?= 0

# Profile-guided optimisation: go build uses cmd/cardpress/default.pgo by
# itself (-pgo=auto); bench passes it too, so it measures what users run.
PGO     := $(CURDIR)/cmd/cardpress/default.pgo

.PHONY: all build test fuzz bench pgo lint vet generate clean editor-deps release-snapshot release-check
all: build

# The commit for --version, when the toolchain records none
# (GOFLAGS=-buildvcs=false); empty outside a git checkout.
COMMIT  := $(shell c=$$(git rev-parse --short=12 HEAD 2>/dev/null) && { git diff --quiet HEAD -- 2>/dev/null && echo $$c || echo $$c-modified; })

$(BIN): $(shell find . -name '*.go' -not -path './out/*') $(shell find schema engine -name '*.json') go.mod go.sum
	$(GO) build -ldflags "-X github.com/cardpress/cardpress/cmd.linkedCommit=$(COMMIT)" -o $(BIN) ./cmd/cardpress

# The balance reports too, each with a skill ladder per variant at 4
# players (docs/commands.md, Balance report, Skill ladder): every run stops
# once its intervals are decided, but the ladders' MCTS games are most of
# make's time, some 13 CPU-minutes for the shipped games (about 7
# minutes on two idle cores, estimated from CPU time).
# REPORT_FLAGS=--ladder=false leaves them out.
REPORT_FLAGS ?=
build: $(BIN)
	./$(BIN) build
	./$(BIN) report $(REPORT_FLAGS)

# `make test` ends with every fuzz target for TEST_FUZZTIME each: a time,
# not an iteration count, because one input costs 0.1 s in HEAT and
# nearly a second in Masterminds, and CI needs a known bound (the corpus in each
# package's testdata/fuzz is replayed by `go test` itself anyway). With
# 21 targets, 2 s each keeps `make test` near five minutes on two cores;
# `make fuzz` is the long run.
TEST_FUZZTIME ?= 2s
# The browser tests of `cardpress serve` need a Chromium; without one they
# skip, and go test hides a skip, so the line below says it out loud.
CHROMIUM := $(firstword $(foreach b,chromium chromium-browser google-chrome google-chrome-stable,$(shell command -v $(b) 2>/dev/null)))
# The editor tests skip the same way without their editors: cmd's without
# yaml-language-server (make editor-deps), lsp's without Neovim.
YAMLLS   := $(firstword $(wildcard .ci/editor/node_modules/.bin/yaml-language-server) $(shell command -v yaml-language-server 2>/dev/null))
NVIM     := $(shell command -v nvim 2>/dev/null)
test:
	$(GO) vet ./...
	$(GO) test ./...
	@$(if $(CHROMIUM),,echo "*** Chromium not found: the browser tests did not run; install chromium (apt-get install chromium) or run .ci/run ***")
	@$(if $(YAMLLS),,echo "*** yaml-language-server not found: the editor test (cmd/editor_test.go) was SKIPPED; run make editor-deps (needs node and npm) or .ci/run ***")
	@$(if $(NVIM),,echo "*** nvim not found: the editor test of cardpress lsp (lsp/editor_test.go) was SKIPPED; install neovim (apt-get install neovim) or run .ci/run ***")
	@$(MAKE) --no-print-directory fuzz FUZZTIME=$(TEST_FUZZTIME)

# yaml-language-server for the editor test (cmd/editor_test.go), pinned in
# .ci/editor; needs node and npm. Without it that test skips, loudly (it
# fails when CI is set: .ci/run installs it).
editor-deps:
	npm ci --prefix .ci/editor --no-audit --no-fund

# Longer fuzzing: `make fuzz FUZZTIME=10m` runs each target for FUZZTIME
# in turn, one worker each (the machine is shared); FUZZ=heat runs only
# the targets whose package:name contains it. Targets are found in the
# test files, so a new one needs no change here. A failing input is saved
# in the package's testdata/fuzz/<target>/ and replayed by `go test`.
FUZZTIME ?= 1m
FUZZ     ?=
FUZZ_PARALLEL ?= 1
FUZZ_TARGETS = $(shell grep -r --include='*_test.go' --exclude-dir=out -o '^func Fuzz[A-Za-z0-9_]*' . \
	| sed -E 's|^(.*)/[^/]*:func (Fuzz.*)$$|\1:\2|' | sort -u)
# Go's fuzzing coordinator can fail a run with a bare "context deadline
# exceeded" when -fuzztime ends while a worker is busy (a known race in
# Go, worst on a loaded machine). A real failure writes its input to
# testdata/fuzz/<target>/, so only a run that wrote one, or failed any
# other way, fails here.
fuzz:
	@for t in $(FUZZ_TARGETS); do \
		case "$$t" in *"$(FUZZ)"*) ;; *) continue ;; esac; \
		pkg=$${t%%:*}; name=$${t##*:}; corpus=$$pkg/testdata/fuzz/$$name; \
		before=$$(ls "$$corpus" 2>/dev/null | wc -l); \
		echo "fuzz $$t for $(FUZZTIME)"; \
		log=$$(mktemp); \
		if $(GO) test -run '^$$' -fuzz "^$$name$$" -fuzztime $(FUZZTIME) -parallel $(FUZZ_PARALLEL) "$$pkg" >"$$log" 2>&1; then \
			cat "$$log"; rm -f "$$log"; continue; \
		fi; \
		cat "$$log"; after=$$(ls "$$corpus" 2>/dev/null | wc -l); \
		if [ "$$after" = "$$before" ] && grep -q 'context deadline exceeded' "$$log" && ! grep -qE 'Failing input|panic:|minimizing' "$$log"; then \
			echo "*** $$t: Go's fuzzing coordinator missed its own deadline; no failing input was found: not a failure ***"; \
			rm -f "$$log"; continue; \
		fi; \
		rm -f "$$log"; exit 1; \
	done

# Speed targets are benchmarks, never timed tests: HEAT smoke games per
# second per core (target 100,000 with random bots) and render time; the
# exports at the game limit report their peak heap (docs/export.md), about
# three minutes of the run. Every package's benchmarks run: a new one needs no line here.
bench:
	$(GO) test -pgo=$(PGO) -run '^$$' -bench . -benchmem ./...

# Refresh the profile from the linter's workloads: every game's smoke-game
# benchmark and a whole HEAT build (run after big engine changes).
pgo:
	rm -rf .pgo && mkdir .pgo
	for g in heat masterminds mice hmm rules; do \
		$(GO) test -pgo=off -run '^$$' -bench SmokeGames -benchtime 2s -cpuprofile .pgo/$$g.prof -o .pgo/$$g.test ./engine/$$g/ || exit 1; \
	done
	$(GO) test -pgo=off -run '^$$' -bench BuildHeat -benchtime 3x -cpuprofile .pgo/build.prof -o .pgo/build.test ./pipeline/
	$(GO) tool pprof -proto .pgo/*.prof > $(PGO)
	rm -rf .pgo

generate:
	$(GO) generate ./...

# Release archives for Linux, macOS and Windows on amd64 and arm64, with
# checksums.txt, into dist/ (.goreleaser.yaml), without publishing.
# GoReleaser and actionlint are Go tools, each in a module of its own
# (tools/goreleaser, tools/actionlint: their dependencies clash),
# so their hundreds of dependencies stay out of cardpress's go.mod.
GORELEASER := $(GO) tool -modfile=tools/goreleaser/go.mod goreleaser
release-snapshot:
	$(GORELEASER) check
	$(GORELEASER) release --snapshot --clean

# The snapshot builds, every archive is in checksums.txt, and the Linux
# binary of this machine's architecture runs --version. Several minutes on
# two cores, so not part of make test; .ci/run runs it after make test.
release-check: release-snapshot
	cd dist && sha256sum -c checksums.txt
	@n=$$(wc -l < dist/checksums.txt); [ "$$n" -eq 6 ] || { echo "*** dist/checksums.txt lists $$n archives, want 6 ***"; exit 1; }
	dist/cardpress_linux_$$($(GO) env GOARCH)*/cardpress --version | grep -E '^cardpress v[0-9]'

clean:
	rm -rf bin dist out/*/
