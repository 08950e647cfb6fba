#!/usr/bin/env bash
# spacedock-cli in the lobby, driven by piped stdin on a real server listening on loopback: a
# private match without spectators joined with its invite code, the match list's filters, and
# chat in the lobby and in the match, with a mute; then an organiser judges the match.
# usage: cli_lobby_test.sh SPACEDOCK_BINARY SPACEDOCK_CLI_BINARY
set -euo pipefail

server_bin=$1
cli_bin=$2
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
start_server "$server_bin" --judge-delay-s 0

mkfifo "$dir/alice.in"
timeout 20 "$cli_bin" --server "$url" <"$dir/alice.in" >"$dir/alice.out" 2>&1 &
alice_pid=$!
exec 3>"$dir/alice.in"
printf 'register alice alice-password\nlobby-chat\ncreate 2 --private --no-spectators\n' >&3
await_line "$dir/alice.out" 'invite code [a-z0-9]+' 10
match=$(grep -oE '^created match [0-9]+' "$dir/alice.out" | grep -oE '[0-9]+$')
code=$(grep -oE 'invite code [a-z0-9]+' "$dir/alice.out" | head -n1 | grep -oE '[a-z0-9]+$')

timeout 20 "$cli_bin" --server "$url" >"$dir/bob.out" 2>&1 <<SCRIPT || fail "bob exited with $?"
register bob bob-password
lobby-chat
matches
matches open
spectate $match $code
join $match
join $match --code $code
matches mine
matches player ALICE
say hello alice, good luck
mute alice
unmute nobody-at-all
say
quit
SCRIPT
await_line "$dir/alice.out" '^<players> bob: hello alice, good luck$' 10
printf 'say see you in the lobby\nquit\n' >&3
exec 3>&-
wait "$alice_pid" || fail "alice exited with $?"

out=$dir/bob.out
grep -q '^no such matches$' "$out" || fail "bob saw alice's private match listed"
grep -q '^error: spectate: FORBIDDEN: the players of that match allow no spectators$' "$out" ||
  fail "bob could watch a match without spectators"
grep -q '^error: join: FORBIDDEN: that match is private' "$out" || fail "bob joined without the code"
grep -qE "^joined match $match Incursions active, 2/2 seats: 0=alice 1=bob, no spectators, private \(invite code $code\)$" "$out" ||
  fail "bob did not join with the code"
[[ $(grep -cE "^  match $match Incursions active" "$out") == 2 ]] ||
  fail "matches mine and matches player ALICE did not list the match"
grep -q '^muted alice$' "$out" || fail "bob could not mute alice"
grep -q '^error: unmute: NOT_FOUND: there is no such user$' "$out" || fail "no NOT_FOUND for a mute"
grep -q '^error: usage: say TEXT$' "$out" || fail "no usage error for an empty say"

# Erin is made an organiser while the server runs; from her next login she may judge.
printf 'register erin erin-password\nspectate %s --judge\nquit\n' "$match" |
  timeout 20 "$cli_bin" --server "$url" >"$dir/erin.out" 2>&1 || fail "erin exited with $?"
grep -q '^error: spectate: FORBIDDEN: only organisers may judge matches$' "$dir/erin.out" ||
  fail "erin judged before she was an organiser"
"$server_bin" admin role --db "$dir/db.sqlite" --user erin --organiser | grep -q '^erin is now an organiser$' ||
  fail "spacedock admin role did not make erin an organiser"
{
  printf 'login erin erin-password\nspectate %s --judge\n' "$match"
  sleep 1  # the judge's view comes by itself, after the answer
  printf 'board\nquit\n'
} | timeout 20 "$cli_bin" --server "$url" >"$dir/erin.out" 2>&1 || fail "erin exited with $?"
grep -qE '^\(judge view: the game as it stood [0-9]+ s ago; board draws it\)$' "$dir/erin.out" ||
  fail "erin got no judge view"
grep -qE '^Match [0-9]+, event [0-9]+: ' "$dir/erin.out" || fail "board drew no judge view"
echo "ok: a private match joined with its code, the match list's filters, chat and a judge, from spacedock-cli"
