#!/usr/bin/env bash
# spacedock-cli runs a tournament on a real server on loopback: an administrator makes an
# organiser, who creates an event; three players register; the organiser pairs round 1 and the
# players hear of their tables; a game is conceded; the organiser rules on it, and exports.
# usage: cli_tournament_test.sh SPACEDOCK_BINARY SPACEDOCK_CLI_BINARY
set -euo pipefail

server_bin=$1
cli_bin=$2
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

start_server "$server_bin"
cli() { timeout 20 "$cli_bin" --server "$url"; }

printf 'register olga olga-password\nevent create Too Soon\nquit\n' | cli >"$dir/olga.out" 2>&1
grep -q '^error: event create: FORBIDDEN: only organisers may create events' "$dir/olga.out" ||
  fail "a player created an event"
"$server_bin" admin role --db "$dir/db.sqlite" --user olga --organiser >/dev/null
"$server_bin" admin organisers --db "$dir/db.sqlite" | grep -qx olga || fail "olga is not listed"
printf 'login olga olga-password\nevent create Friday Swiss --rounds 2 --cut 2\nquit\n' |
  cli >"$dir/olga.out" 2>&1
grep -q "^created event 1 'Friday Swiss': Star Trek: Incursions, registration" "$dir/olga.out" ||
  fail "the event was not created"

for p in ann ben cat; do
  printf 'register %s %s-password\nevent register 1\nquit\n' "$p" "$p" | cli >"$dir/$p.out" 2>&1
  grep -q "^registered for event 1 'Friday Swiss'" "$dir/$p.out" || fail "$p could not register"
done
printf 'login ann ann-password\nevent register 1\nquit\n' | cli >"$dir/ann.out" 2>&1
grep -q '^error: event register: ALREADY_EXISTS' "$dir/ann.out" || fail "ann registered twice"
# Until the first round is paired a player may change what they registered with.
printf 'login ann ann-password\nevent change-deck 1\nquit\n' | cli >"$dir/ann.out" 2>&1
grep -q "^changed your registration for event 1 'Friday Swiss'" "$dir/ann.out" ||
  fail "ann could not change her registration"

# Each player stays connected while the round is paired, and hears of their table.
listeners=()
for p in ann ben cat; do
  { printf 'login %s %s-password\n' "$p" "$p"; sleep 4; printf 'quit\n'; } | cli >"$dir/$p-news.out" 2>&1 &
  listeners+=($!)
done
sleep 1
printf 'login olga olga-password\nevent start 1\nquit\n' | cli >"$dir/olga.out" 2>&1
# Each clock says what it counts: time left, running or not, and a player away with the
# grace left before they forfeit.
clock='[a-z]+ [0-9]+:[0-9]{2} left on the clock(, running)?, away [0-9]+:[0-9]{2} \([0-9]+:[0-9]{2} left to come back\)'
grep -qE "^  table +1: [a-z]+ vs [a-z]+, match 1 — playing \\[$clock; $clock\\]\$" "$dir/olga.out" ||
  fail "no round 1 with its clocks"
grep -qE '^  table +2: [a-z]+ vs \(bye\) — bye$' "$dir/olga.out" || fail "no bye in round 1"
printf 'login ann ann-password\nevent change-deck 1\nquit\n' | cli >"$dir/ann.out" 2>&1
grep -q '^error: event change-deck: WRONG_STATE: your first round is paired' "$dir/ann.out" ||
  fail "ann changed her registration after round 1 was paired"
wait "${listeners[@]}"
seated=$(grep -lE '^\[event 1\] Round 1 started: 2 tables; you play [a-z]+ at table 1: join 1$' \
  "$dir"/{ann,ben,cat}-news.out | wc -l)
((seated == 2)) || fail "$seated players heard of their table, not 2"
grep -qE '^\[event 1\] Round 1 started: 2 tables; you have a bye \(table 2\)$' \
  "$dir"/{ann,ben,cat}-news.out || fail "nobody heard of their bye"

# The first player of table 1 concedes; the round is done.
first=$(sed -nE 's/^  table +1: ([a-z]+) vs .*/\1/p' "$dir/olga.out")
printf 'login %s %s-password\njoin 1\nconcede\nquit\n' "$first" "$first" | cli >"$dir/first.out" 2>&1
printf 'login olga olga-password\nevent round 1\nevent standings 1\nquit\n' | cli >"$dir/olga.out" 2>&1
grep -qE '^round 1: done$' "$dir/olga.out" || fail "round 1 is not done"
grep -qE '^ +1 [a-z]+ +3  1-0-0' "$dir/olga.out" || fail "no winner on 3 points"
grep -qE "^ +[0-9]+ $first +0  0-0-1" "$dir/olga.out" || fail "$first did not lose"

# The organiser rules a draw instead, with a reason; the log says who did it.
printf 'login olga olga-password\nevent result 1 1 1 draw both agreed to a draw\nevent export 1 csv %s\nevent log 1\nquit\n' \
  "$dir/standings.csv" | cli >"$dir/olga.out" 2>&1
grep -qE '^  table +1: .* — a draw \(ruling: both agreed to a draw\)$' "$dir/olga.out" ||
  fail "the ruling did not stand"
grep -q '^place,rank,player,points' "$dir/standings.csv" || fail "no CSV standings"
(($(wc -l <"$dir/standings.csv") == 4)) || fail "the CSV does not list three players"
grep -qE '^  [0-9-]+ [0-9:]+ olga set result: round 1 table 1: a draw \(both agreed to a draw\)$' \
  "$dir/olga.out" || fail "the log does not show olga's ruling"
printf 'login ann ann-password\nevent result 1 1 1 first no\nquit\n' | cli >"$dir/ann.out" 2>&1
grep -q '^error: event result: FORBIDDEN' "$dir/ann.out" || fail "a player ruled"

# The list of events: the running one by default and with `all`, not among the finished.
printf 'login ann ann-password\nevents finished\nevents all\nquit\n' | cli >"$dir/ann.out" 2>&1
grep -q '^no events$' "$dir/ann.out" || fail "events finished listed a running event"
grep -qE "^  event 1 'Friday Swiss': .*running" "$dir/ann.out" || fail "events all missed event 1"
echo "cli tournament test passed"
