#!/usr/bin/env bash
# cardpress's side of "MCTS against TAG" (docs/benchmarks.md): the rules
# engine's BenchmarkMCTS on Crazy Eights at 4 players (engine/rules,
# enginetest.BenchmarkMCTS, 100 iterations a timed decision) on one core, its iterations a second in wall-clock
# time as the benchmark reports them, and in CPU time: the test binary is run
# for N and 2N timed decisions (100 iterations each) and the difference of
# their CPU times is what N decisions cost, without the game's loading.
#
# It builds with the committed profile, as `make bench` does (PGO=off to
# build without).
#
#   tools/tagbench/cardpress.sh [N [GAME]]   (N defaults to 500, GAME to crazy-eights; or hearts)
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
n=${1:-500}
game=${2:-crazy-eights}
pgo=${PGO:-$root/cmd/cardpress/default.pgo}
bin=$(mktemp -d)/rules.test
trap 'rm -rf "$(dirname "$bin")"' EXIT
(cd "$root" && go test -pgo="$pgo" -c -o "$bin" ./engine/rules/)
echo "pgo: $pgo"

cpu_seconds() { # decisions -> CPU seconds of one run (user + system)
  local t
  t=$(cd "$root/engine/rules" && { /usr/bin/time -f '%U %S' "$bin" -test.run '^$' \
    -test.bench "MCTS/$game\$" -test.cpu 1 -test.benchtime "${1}x" >&2; } 2>&1 >/dev/null | tail -1)
  awk '{print $1 + $2}' <<<"$t"
}

echo "load: $(uptime)"
(cd "$root/engine/rules" && "$bin" -test.run '^$' -test.bench "MCTS/$game\$" -test.cpu 1 -test.count 3) | grep Benchmark
one=$(cpu_seconds "$n")
two=$(cpu_seconds $((2 * n)))
awk -v game="$game" -v one="$one" -v two="$two" -v n="$n" 'BEGIN {
  printf "RESULT %s 4p: %.0f iterations/s of CPU time (%d iterations in %.2f CPU s: %.2f for %d decisions, %.2f for %d)\n",
    game, n * 100 / (two - one), n * 100, two - one, one, n, two, 2 * n }'
echo "load: $(uptime)"
