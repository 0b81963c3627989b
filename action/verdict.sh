#!/usr/bin/env bash
# Fails the action when lint found errors (or warnings, with strict).
set -euo pipefail

if [ "$CARDPRESS_EXIT" != 0 ]; then
	echo "::error title=cardpress::cardpress lint found problems; they are annotated on their lines"
	exit 1
fi
echo "cardpress lint: no problems"
