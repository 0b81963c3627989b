#!/usr/bin/env bash
# A game's length at a player count in cardpress's moves and in seats'
# decisions, for pairing a game with one of TAG's in docs/benchmarks.md
# ("MCTS against TAG"). cardpress sim prints moves: chance moves (draws,
# deals) included and a simultaneous choice counted once. TAG's ticks are
# the actions players take, one a seat, so the decisions here count each
# seat's choice, forced ones included, and no chance move. It replays
# random games with seeds 1..GAMES (`cardpress replay --moves`, one process
# a game, so a few hundred games take seconds to minutes).
#
#   tools/tagbench/length.sh GAME [PLAYERS [GAMES]]   (PLAYERS 4, GAMES 500)
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
game=${1:?usage: length.sh GAME [PLAYERS [GAMES]]}
players=${2:-4}
games=${3:-500}
bin=$(mktemp -d)/cardpress
trap 'rm -rf "$(dirname "$bin")"' EXIT
(cd "$root" && go build -o "$bin" ./cmd/cardpress)

for seed in $(seq 1 "$games"); do
  (cd "$root" && "$bin" replay --game "$game" --players "$players" --seed "$seed" --moves --format jsonl)
done | awk -v game="$game" -v players="$players" -v games="$games" '
  # One line a move, a seat'"'"'s choice at a simultaneous move one line each,
  # all with the move'"'"'s number; the header starts each game.
  /"kind":"header"/ { last = -1 }
  /"kind":"action"/ {
    m = $0; sub(/.*"move":/, "", m); sub(/,.*/, "", m)
    p = $0; sub(/.*"player":/, "", p); sub(/,.*/, "", p)
    if (m != last) { moves++; last = m }
    if (p + 0 >= 0) decisions++; else chance++
  }
  END {
    printf "LENGTH %s %dp: %d random games, mean %.1f moves, %.1f decisions (a seat'"'"'s choice each), %.1f chance moves\n",
      game, players, games, moves / games, decisions / games, chance / games
  }'
