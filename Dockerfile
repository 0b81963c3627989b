# cardpress in a container, for any CI (docs/lint.md, "CI in a game's
# repository"): a static binary, run as a user without privileges, with
# cardpress as the entrypoint. Mount the game's repository at /work:
#
#   docker build -t cardpress .
#   docker run --rm -v "$PWD:/work" cardpress lint --format github .
#
# The build stage compiles from this checkout; CGO is off, so the binary
# needs no C library (PDFium runs as WebAssembly inside it).
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o /out/cardpress ./cmd/cardpress \
	&& /out/cardpress --version

# distroless/static: no shell, no package manager; its nonroot user
# (65532) owns nothing but its home and /tmp.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/cardpress /usr/local/bin/cardpress
USER nonroot:nonroot
WORKDIR /work
ENTRYPOINT ["/usr/local/bin/cardpress"]
CMD ["--help"]
