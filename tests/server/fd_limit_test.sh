#!/usr/bin/env bash
# The server under a flood of connections at a low file-descriptor limit (64):
# (a) with its default caps it refuses what passes them cleanly, with a 503;
# (b) with caps above what its descriptors allow it runs out of them, and then must neither spin
#     nor flood its log;
# and either way it answers again once the flood is gone.
# usage: fd_limit_test.sh SPACEDOCK_BINARY
set -euo pipefail

server_bin=$1
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/../cli/lib.sh"

# CPU seconds (user + system) the process has used so far.
cpu_seconds() {
  local stat
  read -r -a stat <"/proc/$1/stat"
  echo $(((stat[13] + stat[14]) / $(getconf CLK_TCK)))
}

flood() {  # opens $1 connections to the server from this shell, held in fds
  held=()
  for _ in $(seq "$1"); do
    if exec {fd}<>"/dev/tcp/127.0.0.1/$port"; then held+=("$fd"); fi
  done 2>/dev/null
}

release() {
  for fd in "${held[@]}"; do exec {fd}>&-; done
}

status() {
  curl -s -m 5 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/healthz" || true
}

run_case() {  # $1: a name, then the extra serve flags
  local name=$1
  shift
  rm -f "$dir/port"
  (
    ulimit -n 64
    exec "$server_bin" serve --listen 127.0.0.1:0 --db "$dir/$name.sqlite" \
      --port-file "$dir/port" --password-cost minimal "$@" >"$dir/$name.log" 2>&1
  ) &
  pid=$!
  await_line "$dir/port" '^[0-9]+$' 10
  port=$(cat "$dir/port")
  [[ $(status) == 200 ]] || fail "$name: /healthz does not answer before the flood"
  local cpu_before
  cpu_before=$(cpu_seconds "$pid")
  flood 200
  sleep 3  # the flood held open: a spinning server would burn these seconds
  during=$(status)
  local cpu_used=$(($(cpu_seconds "$pid") - cpu_before))
  ((cpu_used <= 1)) || fail "$name: the server used $cpu_used CPU seconds while flooded"
  release
  sleep 0.5
  [[ $(status) == 200 ]] || fail "$name: /healthz does not answer after the flood"
  local lines
  lines=$(wc -l <"$dir/$name.log")
  ((lines <= 20)) || fail "$name: $lines log lines"
  kill "$pid"
  wait "$pid" || true
  echo "ok: $name: during the flood /healthz got '$during', $cpu_used CPU s, $lines log lines"
}

run_case capped
[[ $during == 503 ]] || fail "capped: /healthz during the flood got '$during', not 503"
grep -q 'refusing a connection from 127.0.0.1: at most 32 connections' "$dir/capped.log" ||
  fail "capped: no refusal logged"
run_case exhausted --max-connections 1000 --max-connections-per-address 1000
grep -q 'accept failed: Too many open files' "$dir/exhausted.log" ||
  fail "exhausted: the accept failures were not logged"
echo "ok: the server survives a flood at 64 file descriptors"
