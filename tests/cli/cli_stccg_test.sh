#!/usr/bin/env bash
# Two spacedock-cli processes, driven by piped stdin, start a Star Trek CCG match on a real server
# listening on loopback: one creates it with a sample deck, the other stores a deck file on the
# server, checks and exports it, and joins with it; both answer some prompts at random, and the
# boards they draw must show the spaceline and a hand.
# usage: cli_stccg_test.sh SPACEDOCK_BINARY SPACEDOCK_CLI_BINARY DECK_FILE
set -euo pipefail

server_bin=$1
cli_bin=$2
deck_file=$3
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
start_server "$server_bin"

mkfifo "$dir/alice.in"
timeout 30 "$cli_bin" --server "$url" --seed 1 <"$dir/alice.in" >"$dir/alice.out" 2>&1 &
alice_pid=$!
exec 3>"$dir/alice.in"
cat >&3 <<'SCRIPT'
create stccg --deck cardassian --deck-file x
create stccg --deck-file /nonexistent/deck.txt
register alice alice-password
login alice alice-password
create stccg --deck klingon
SCRIPT
await_line "$dir/alice.out" '^created match [0-9]+ STCCG ' 10
match=$(grep -oE '^created match [0-9]+' "$dir/alice.out" | grep -oE '[0-9]+$')
printf 'auto\n' >&3

# Bob plays a few dozen prompts at random, then stops and looks at the board.
{
  # Registering logs in; bob's first deck is deck 1 of a fresh server.
  printf 'register bob bob-password\ndeck save %s Bob'"'"'s deck\ndecks\ndeck check 1\n' "$deck_file"
  printf 'deck check %s --30-30\ndeck export 1 %s\ndeck show 99\n' "$deck_file" "$dir/export.txt"
  printf 'join %s --deck-id 1\nauto\n' "$match"
  sleep 5
  printf 'auto off\nboard\nlog 5\nquit\n'
} | timeout 30 "$cli_bin" --server "$url" --seed 2 >"$dir/bob.out" 2>&1 ||
  fail "bob exited with $?"
printf 'auto off\nboard\nquit\n' >&3
exec 3>&-
wait "$alice_pid" || fail "alice exited with $?"

for who in alice bob; do
  out="$dir/$who.out"
  grep -qE "^Match $match, event [0-9]+: " "$out" || fail "$who saw no board"
  grep -qE '^Spaceline:$' "$out" || fail "$who saw no spaceline"
  grep -qE '^  [0-9]+\) ' "$out" || fail "$who saw no mission on the spaceline"
  grep -qE '^Your hand: ' "$out" || fail "$who saw no hand"
  grep -qE '^\[[0-9]+\] ' "$out" || fail "$who saw no event"
  grep -q '^auto: ' "$out" || fail "$who answered no prompt"
done
grep -q '^error: usage: create ' "$dir/alice.out" || fail "no usage error for two decks"
grep -q '^error: cannot read deck file ' "$dir/alice.out" || fail "no deck file error"
grep -q "^logged in as bob$" "$dir/bob.out" || fail "register did not log bob in"
grep -q "^saved deck 1 'Bob's deck': 60 cards, legal$" "$dir/bob.out" || fail "bob saved no deck"
grep -q "^  deck 1 'Bob's deck': 60 cards, legal$" "$dir/bob.out" || fail "decks did not list it"
# Once for the save, once for each check.
[[ $(grep -c '^  no problems: the deck is legal$' "$dir/bob.out") == 3 ]] ||
  fail "deck check did not pass the stored deck and the file"
grep -q "^wrote deck 'Bob's deck' to " "$dir/bob.out" || fail "no export"
grep -q '^Missions:$' "$dir/export.txt" || fail "the export is not a LackeyCCG list"
grep -q '^error: deck show: NOT_FOUND: you have no deck 99$' "$dir/bob.out" ||
  fail "no NOT_FOUND for a deck bob does not have"
grep -qE "^joined match $match " "$dir/bob.out" || fail "bob did not join with his stored deck"
echo "ok: STCCG match $match played by two spacedock-cli players"
