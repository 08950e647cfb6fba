#!/usr/bin/env bash
# Every include inside server/ runs down the layers that server/CMakeLists.txt lists: a file may
# include its own layer and the layers before it, never one after. Prints each include that runs
# the other way, and fails if there is one.
set -euo pipefail
cd "${1:-$(dirname "$0")/../..}"

layer() {
  local path=${1#server/}
  case $path in
    */requests.cpp | accounts/* | decks/* | replays/*) echo 7 ;;
    common/*) echo 1 ;;
    persistence/* | cluster/*) echo 2 ;;
    chat/* | quick_match/*) echo 3 ;;
    match/*) echo 4 ;;
    relay/* | tournament/*) echo 5 ;;
    session/*) echo 6 ;;
    net/*) echo 8 ;;
    server.h | server.cpp) echo 9 ;;
    commands/*) echo 10 ;;
    *) echo "layering_check: $1 is in no layer; add its folder to server/CMakeLists.txt's list" >&2
       echo 0 ;;
  esac
}

upward=0
while IFS= read -r file; do
  own=$(layer "$file")
  [[ $own == 0 ]] && upward=1 && continue
  while IFS= read -r included; do
    theirs=$(layer "$included")
    if ((theirs > own)); then
      echo "$file (layer $own) includes $included (layer $theirs)"
      upward=1
    fi
  done < <(sed -n 's/^#include "\(server\/[^"]*\)"/\1/p' "$file")
done < <(find server -name '*.h' -o -name '*.cpp' | sort)

if ((upward)); then
  echo "layering_check: includes that run upward (server/CMakeLists.txt lists the layers)"
  exit 1
fi
echo "every include in server/ runs down the layers"
