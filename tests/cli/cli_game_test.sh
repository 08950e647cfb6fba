#!/usr/bin/env bash
# Two spacedock-cli processes, driven by piped stdin, play a whole Incursions match on a real
# server listening on loopback: one creates the match, the other joins, both answer at random,
# and a third watches. Then cli_stccg_test.sh does the same for a Star Trek CCG match.
# usage: cli_game_test.sh SPACEDOCK_BINARY SPACEDOCK_CLI_BINARY
set -euo pipefail

server_bin=$1
cli_bin=$2
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

# Every command answers --help with the usage, and exits 0.
# (Read whole, then searched: grep -q would close the pipe early, and the usage is longer than
# one pipe write.)
for command in serve bench cards admin; do
  usage=$("$server_bin" "$command" --help) || fail "spacedock $command --help exited with $?"
  grep -q "spacedock serve \[options\]" <<<"$usage" || fail "spacedock $command --help printed no usage"
done

start_server "$server_bin"

# Alice reads a FIFO, so the script can learn her match id before writing the rest.
mkfifo "$dir/alice.in"
timeout 20 "$cli_bin" --server "$url" --seed 1 <"$dir/alice.in" >"$dir/alice.out" 2>&1 &
alice_pid=$!
exec 3>"$dir/alice.in"
cat >&3 <<'SCRIPT'
# comments and blank lines are ignored

frobnicate
create 9
join 999
register alice alice-password
login alice alice-password
create 2 klingon
SCRIPT
await_line "$dir/alice.out" '^created match [0-9]+ ' 10
match=$(grep -oE '^created match [0-9]+' "$dir/alice.out" | grep -oE '[0-9]+$')
printf 'auto\nwait\nboard\nlog 3\nquit\n' >&3
exec 3>&-

# Carol watches from before the start.
timeout 20 "$cli_bin" --server "$url" >"$dir/carol.out" 2>&1 <<SCRIPT &
register carol carol-password
login carol carol-password
spectate $match
wait
concede
board
SCRIPT
carol_pid=$!
await_line "$dir/carol.out" "^watching match $match " 10

timeout 20 "$cli_bin" --server "$url" --seed 2 >"$dir/bob.out" 2>&1 <<SCRIPT || fail "bob exited with $?"
register bob bob-password
login bob bob-password
matches
join $match federation
auto
wait
board
SCRIPT
wait "$alice_pid" || fail "alice exited with $?"
wait "$carol_pid" || fail "carol exited with $?"

for who in alice bob carol; do
  out="$dir/$who.out"
  grep -q "^match $match is over: " "$out" || fail "$who saw no game-over line"
  grep -qE "^Match $match, event [0-9]+: (setting up|round 1, turn 1,)" "$out" ||
    fail "$who saw no first board"
  grep -qE "^Match $match, event [0-9]+: game over, " "$out" || fail "$who saw no final board"
  grep -qE '^#  player ' "$out" || fail "$who saw no vessel table"
  grep -qE '^ +/ *0,0 *\\' "$out" || fail "$who saw no start tile on the map"
done
for who in alice bob; do
  grep -q '^auto: ' "$dir/$who.out" || fail "$who answered no prompt"
done
grep -q '^error: you play no match' "$dir/carol.out" || fail "a spectator could concede"
grep -q "^error: unknown command 'frobnicate'" "$dir/alice.out" || fail "no unknown-command error"
grep -q '^error: PLAYERS must be 2 to 6' "$dir/alice.out" || fail "no bad-argument error"
grep -q '^error: join: UNAUTHENTICATED: ' "$dir/alice.out" || fail "no server error shown"
grep -qE "^  match $match Incursions waiting, 1/2 seats: 0=alice" "$dir/bob.out" ||
  fail "bob's match list lacks alice's match"
echo "ok: match $match played to the end by two spacedock-cli players and watched by a third"

# Anyone may replay it: the public view or every card, not a player's view; saved as JSON.
timeout 20 "$cli_bin" --server "$url" >"$dir/dave.out" 2>&1 <<SCRIPT || fail "dave exited with $?"
register dave dave-password
replay $match own
replay $match full $dir/replay.json
SCRIPT
grep -q '^error: replay: FORBIDDEN: only a player has a player.s view$' "$dir/dave.out" ||
  fail "dave got a player's view"
grep -qE "^replay of match $match Incursions finished" "$dir/dave.out" || fail "no replay shown"
grep -qE '^\[1\] ' "$dir/dave.out" || fail "the replay showed no event"
grep -q "^the replay reproduces the game's recorded end$" "$dir/dave.out" ||
  fail "the replay did not reproduce the game"
grep -q '"events"' "$dir/replay.json" || fail "the saved replay has no events"

# The same client with a Star Trek CCG match, on a server of its own; one player brings a deck
# file.
here=$(dirname "$0")
bash "$here/cli_stccg_test.sh" "$server_bin" "$cli_bin" "$here/../../engine/stccg/cards/decks/romulan.txt"
# And in the lobby: private matches, the match list's filters, chat.
bash "$here/cli_lobby_test.sh" "$server_bin" "$cli_bin"
bash "$here/cli_quick_test.sh" "$server_bin" "$cli_bin"
bash "$here/cli_tournament_test.sh" "$server_bin" "$cli_bin"
