#!/usr/bin/env bash
# Puts cardpress on PATH for the action's later steps: the release
# CARDPRESS_VERSION downloaded with its checksum checked, or, when it is
# empty, built with Go from CARDPRESS_SOURCE (the action's own ref).
set -euo pipefail

bin="$RUNNER_TEMP/cardpress-bin"
mkdir -p "$bin"
# Where releases are downloaded from; tests point it at a local server.
releases="${CARDPRESS_RELEASES:-https://github.com/cardpress/cardpress/releases/download}"

if [ -z "${CARDPRESS_VERSION:-}" ]; then
	echo "Building cardpress from $CARDPRESS_SOURCE"
	go build -C "$CARDPRESS_SOURCE" -o "$bin/cardpress" ./cmd/cardpress
else
	case "$CARDPRESS_VERSION" in
	v[0-9]*) ;;
	*)
		echo "::error title=cardpress::version must be a release tag such as v1.2.0, not \"$CARDPRESS_VERSION\""
		exit 2
		;;
	esac
	case "${RUNNER_OS:-Linux}" in
	Linux) os=linux ;;
	macOS) os=darwin ;;
	*)
		echo "::error title=cardpress::no release archive is unpacked on $RUNNER_OS by this action; leave version empty to build cardpress with Go"
		exit 2
		;;
	esac
	case "${RUNNER_ARCH:-X64}" in
	X64) arch=amd64 ;;
	ARM64) arch=arm64 ;;
	*)
		echo "::error title=cardpress::no release for the $RUNNER_ARCH architecture; leave version empty to build cardpress with Go"
		exit 2
		;;
	esac
	archive="cardpress_${CARDPRESS_VERSION#v}_${os}_${arch}.tar.gz"
	dl="$RUNNER_TEMP/cardpress-download"
	mkdir -p "$dl"
	echo "Downloading $archive"
	curl -fsSL --retry 3 -o "$dl/$archive" "$releases/$CARDPRESS_VERSION/$archive"
	curl -fsSL --retry 3 -o "$dl/checksums.txt" "$releases/$CARDPRESS_VERSION/checksums.txt"
	want=$(awk -v f="$archive" '$2 == f {print $1}' "$dl/checksums.txt")
	got=$(sha256sum "$dl/$archive" 2>/dev/null | awk '{print $1}' || shasum -a 256 "$dl/$archive" | awk '{print $1}')
	if [ -z "$want" ] || [ "$want" != "$got" ]; then
		echo "::error title=cardpress::$archive does not match its checksum in checksums.txt; not installed"
		exit 1
	fi
	tar -xzf "$dl/$archive" -C "$bin" cardpress
fi
echo "$bin" >>"$GITHUB_PATH"
"$bin/cardpress" --version
