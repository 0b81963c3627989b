#!/usr/bin/env bash
# Lints CARDPRESS_PATHS: findings as annotations on their lines (github
# format), then the same run as SARIF. Exit 1 (findings) is recorded in the
# step's outputs for the last step to fail on, after the SARIF upload and
# the PDFs; exit 2 (cardpress could not run) fails here.
set -euo pipefail

read -r -a paths <<<"${CARDPRESS_PATHS:-.}"
flags=()
if [ -n "${CARDPRESS_BASELINE:-}" ]; then
	flags+=(--baseline "$CARDPRESS_BASELINE")
fi
if [ "${CARDPRESS_STRICT:-false}" = true ]; then
	flags+=(--strict)
fi

code=0
cardpress lint --format github "${flags[@]}" -- "${paths[@]}" || code=$?
if [ "$code" -gt 1 ]; then
	echo "::error title=cardpress::cardpress lint could not run (exit $code); see the lines above"
	exit "$code"
fi

# The same seed and games give the same findings, now as SARIF.
sarif="$RUNNER_TEMP/cardpress.sarif"
scode=0
cardpress lint --format sarif "${flags[@]}" -- "${paths[@]}" >"$sarif" || scode=$?
if [ "$scode" -gt 1 ]; then
	exit "$scode"
fi

# How many of each, from the SARIF log itself (jq is on GitHub's runners).
errors=$(jq '[.runs[].results[] | select(.level == "error")] | length' "$sarif")
warnings=$(jq '[.runs[].results[] | select(.level == "warning")] | length' "$sarif")
{
	echo "exit-code=$code"
	echo "errors=$errors"
	echo "warnings=$warnings"
	echo "sarif-file=$sarif"
} >>"$GITHUB_OUTPUT"
