#!/usr/bin/env bash
# cardpress's side of "MCTS against TAG" (docs/benchmarks.md): one game's
# BenchmarkMCTS at 4 players (enginetest.BenchmarkMCTS, 100 iterations a
# timed decision) on one core, its iterations a second in wall-clock time
# as the benchmark reports them, and in CPU time: the test binary is run
# for N and 2N timed decisions and the difference of their CPU times is
# what N decisions cost, without start-up and the game's loading.
#
# GAME is an engine's package (heat, mice, hmm, masterminds: engine/GAME's
# BenchmarkMCTS) or a game of the rules engine (crazy-eights, hearts:
# engine/rules' BenchmarkMCTS/GAME).
#
# It builds with the committed profile, as `make bench` does (PGO=off to
# build without).
#
#   tools/tagbench/cardpress.sh [N [GAME]]   (N defaults to 500, GAME to crazy-eights)
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
n=${1:-500}
game=${2:-crazy-eights}
if grep -qs '^func BenchmarkMCTS(' "$root/engine/$game/bench_test.go"; then
  pkg=$game bench='^BenchmarkMCTS$'
elif [ -d "$root/cards/$game" ]; then
  pkg=rules bench="^BenchmarkMCTS\$/^$game\$"
else
  echo "cardpress.sh: $game is neither an engine package with BenchmarkMCTS nor a game in cards/" >&2
  exit 2
fi
pgo=${PGO:-$root/cmd/cardpress/default.pgo}
bin=$(mktemp -d)/$pkg.test
trap 'rm -rf "$(dirname "$bin")"' EXIT
(cd "$root" && go test -pgo="$pgo" -c -o "$bin" "./engine/$pkg/")
echo "pgo: $pgo"

run() { # decisions -> the benchmark's lines; its CPU seconds (user + system) last
  (cd "$root/engine/$pkg" && /usr/bin/time -f 'CPU %U %S' "$bin" -test.run '^$' \
    -test.bench "$bench" -test.cpu 1 -test.benchtime "${1}x" 2>&1)
}
cpu_seconds() { run "$1" | awk '/^CPU / {print $2 + $3}'; }

echo "load: $(uptime)"
run 20 | grep Benchmark
one=$(cpu_seconds "$n")
two=$(cpu_seconds $((2 * n)))
awk -v game="$game" -v one="$one" -v two="$two" -v n="$n" 'BEGIN {
  printf "RESULT %s 4p: %.0f iterations/s of CPU time (%d iterations in %.2f CPU s: %.2f for %d decisions, %.2f for %d)\n",
    game, n * 100 / (two - one), n * 100, two - one, one, n, two, 2 * n }'
echo "load: $(uptime)"
