#!/usr/bin/env bash
# Renders CARDPRESS_PATHS' print-and-play PDFs into a folder of the
# runner's, named in the step's output for the upload.
set -euo pipefail

read -r -a paths <<<"${CARDPRESS_PATHS:-.}"
out="$RUNNER_TEMP/cardpress-out"
SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-0}" cardpress render --out "$out" -- "${paths[@]}"
echo "out=$out" >>"$GITHUB_OUTPUT"
