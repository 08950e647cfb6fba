#!/usr/bin/env bash
# spacedock-cli with clocks, bots and the quick-match queue, on a real server on loopback: a
# timed practice match played to its end against the strong bot, two players paired by the
# quick-match queue after a bot was offered, and leaving the queue.
# usage: cli_quick_test.sh SPACEDOCK_BINARY SPACEDOCK_CLI_BINARY
set -euo pipefail

server_bin=$1
cli_bin=$2
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
start_server "$server_bin" --quick-match-bot-offer-s 1 --bot-think-ms 1

timeout 60 "$cli_bin" --server "$url" >"$dir/frank.out" 2>&1 <<'SCRIPT' || fail "frank exited with $?"
register frank frank-password
create --clock blitz --bot strong
clock
auto
wait
quit
SCRIPT
out=$dir/frank.out
grep -qE '^created match [0-9]+ Incursions waiting, 1/2 seats: 0=frank, blitz clock$' "$out" ||
  fail "frank's timed practice match was not created"
grep -qE '^match [0-9]+ Incursions active, 2/2 seats: 0=frank 1=Bot \(strong\), blitz clock$' "$out" ||
  fail "the strong bot did not take the other seat"
grep -qE '^clocks: frank [45]:[0-9]{2}( \(to move\))?; Bot \(strong\) [45]:[0-9]{2}' "$out" ||
  fail "clock did not show both clocks"
grep -qE '^match [0-9]+ is over: ' "$out" || fail "the practice match did not end"

mkfifo "$dir/gina.in"
timeout 30 "$cli_bin" --server "$url" <"$dir/gina.in" >"$dir/gina.out" 2>&1 &
gina_pid=$!
exec 3>"$dir/gina.in"
printf 'register gina gina-password\nquick\n' >&3
await_line "$dir/gina.out" '^waiting for an opponent \(1 waiting\); unqueue to give up$' 10
await_line "$dir/gina.out" '^nobody else is waiting: quick --bot easy' 10
printf 'register hal hal-password\nquick\nquit\n' |
  timeout 20 "$cli_bin" --server "$url" >"$dir/hal.out" 2>&1 || fail "hal exited with $?"
grep -qE '^joined match [0-9]+ Incursions active, 2/2 seats: ' "$dir/hal.out" ||
  fail "hal was not paired with gina"
await_line "$dir/gina.out" '^joined match [0-9]+ Incursions active, 2/2 seats: ' 10
printf 'quit\n' >&3
exec 3>&-
wait "$gina_pid" || fail "gina exited with $?"

printf 'register ivan ivan-password\nquick stccg --deck romulan\nunqueue\nunqueue\nquit\n' |
  timeout 20 "$cli_bin" --server "$url" >"$dir/ivan.out" 2>&1 || fail "ivan exited with $?"
grep -q '^left the quick-match queue$' "$dir/ivan.out" || fail "ivan could not leave the queue"
grep -q '^error: unqueue: NOT_FOUND: you are not in the quick-match queue$' "$dir/ivan.out" ||
  fail "leaving the queue twice was not refused"
# Captains and crew: a CREW practice match with a chosen ship, a stand-in captain and crew, played
# to its end; a bad choice is refused with the rule's name.
timeout 60 "$cli_bin" --server "$url" >"$dir/jo.out" 2>&1 <<'SCRIPT' || fail "jo exited with $?"
register joan joan-password
create --mode crew --ship ROM-1 --captain CRW-HELM --crew CRW-ENG --crew CRW-ENG --bot easy
create --mode crew --ship ROM-1 --captain CRW-HELM --crew CRW-HELM --crew CRW-ENG --bot easy
board
auto
wait
quit
SCRIPT
out=$dir/jo.out
grep -q 'POSITION_OCCUPIED' "$out" || fail "two engineers were not refused with POSITION_OCCUPIED"
grep -qE "^joan's officers: CRW-HELM Helm Officer \(as captain, esp 5\), CRW-HELM Helm Officer" "$out" ||
  fail "the board did not show joan's officers"
grep -qE '^  figures: shields max 25, evasion 6, weapons \+0, repair 6, espionage evasion 5$' "$out" ||
  fail "the board did not show joan's figures with her officers' bonuses"
grep -qE '^match [0-9]+ is over: ' "$out" || fail "the CREW practice match did not end"
echo "ok: a timed match against a bot, the quick-match queue and its bot offer, a CREW match, from spacedock-cli"
