# The two set-up commands: `make` (build and render everything into out/)
# and `make test`. Only Go is needed; modules come from the Go proxy.
GO      ?= go
BIN     := bin/cardpress
# Fixed PDF dates so the same cards give byte-identical PDFs.
export SOURCE_DATE_EPOCH ?= 0

.PHONY: all build test bench lint vet generate clean
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
	$(GO) test -run '^$$' -bench . -benchmem ./engine/... ./render/... ./pipeline/...

generate:
	$(GO) generate ./...

clean:
	rm -rf bin out/*/
