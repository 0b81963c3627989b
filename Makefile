# The two set-up commands: `make` (build and render everything into out/)
# and `make test`. Only Go is needed; modules come from the Go proxy.
GO      ?= go
BIN     := bin/cardpress
# Fixed PDF dates so the same cards give byte-identical PDFs.
export SOURCE_DATE_EPOCH ?= 0

# Profile-guided optimisation: go build uses cmd/cardpress/default.pgo by
# itself (-pgo=auto); bench passes it too, so it measures what users run.
PGO     := $(CURDIR)/cmd/cardpress/default.pgo

.PHONY: all build test bench pgo lint vet generate clean
all: build

$(BIN): $(shell find . -name '*.go' -not -path './out/*') $(shell find schema engine -name '*.json') go.mod go.sum
	$(GO) build -o $(BIN) ./cmd/cardpress

build: $(BIN)
	./$(BIN) build

test:
	$(GO) vet ./...
	$(GO) test ./...

# Speed targets are benchmarks, never timed tests: HEAT smoke games per
# second per core (target 100,000 with random bots) and render time.
bench:
	$(GO) test -pgo=$(PGO) -run '^$$' -bench . -benchmem ./engine/... ./render/... ./pipeline/...

# Refresh the profile from the linter's workloads: every game's smoke-game
# benchmark and a whole HEAT build (run after big engine changes).
pgo:
	rm -rf .pgo && mkdir .pgo
	for g in heat masterminds mice hmm; do \
		$(GO) test -pgo=off -run '^$$' -bench SmokeGames -benchtime 2s -cpuprofile .pgo/$$g.prof -o .pgo/$$g.test ./engine/$$g/ || exit 1; \
	done
	$(GO) test -pgo=off -run '^$$' -bench BuildHeat -benchtime 3x -cpuprofile .pgo/build.prof -o .pgo/build.test ./pipeline/
	$(GO) tool pprof -proto .pgo/*.prof > $(PGO)
	rm -rf .pgo

generate:
	$(GO) generate ./...

clean:
	rm -rf bin out/*/
