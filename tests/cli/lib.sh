# Shared by the spacedock-cli end-to-end tests (source it): a scratch directory, a loopback
# server, waiting for output, and cleanup that stops every background job and shows the logs
# if the test failed.

dir=$(mktemp -d)

cleanup() {
  local status=$?
  set +e
  exec 3>&-
  jobs -p | xargs -r kill 2>/dev/null
  wait 2>/dev/null
  if ((status != 0)); then
    for log in "$dir"/*.out "$dir"/server.log; do
      [[ -f $log ]] && { echo "--- $log"; tail -n 80 "$log"; }
    done
  fi
  rm -rf "$dir"
  exit "$status"
}
trap cleanup EXIT

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# Waits up to $3 seconds for a line matching $2 in file $1.
await_line() {
  for _ in $(seq $(($3 * 10))); do
    grep -qE "$2" "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  fail "no line matching '$2' in $1 after $3 s"
}

# Starts `$1 serve` on a free loopback port with its database in $dir, and any further arguments
# as serve options; sets $url.
start_server() {
  "$1" serve --listen 127.0.0.1:0 --db "$dir/db.sqlite" --port-file "$dir/port" \
    --password-cost minimal "${@:2}" >"$dir/server.log" 2>&1 &
  await_line "$dir/port" '^[0-9]+$' 10
  url="ws://127.0.0.1:$(cat "$dir/port")/ws"
}
