#!/usr/bin/env bash
# Every C++ file of the project is as clang-format writes it; names those that are not.
# usage: format_check.sh CLANG_FORMAT (from the project's root)
set -euo pipefail
clang_format=$1
unformatted=()
while IFS= read -r -d '' file; do
  "$clang_format" --dry-run -Werror "$file" >/dev/null 2>&1 || unformatted+=("$file")
done < <(find engine server storage support clients tests tools fuzz -name node_modules -prune -o \
  \( -name '*.cpp' -o -name '*.h' \) -print0)
if ((${#unformatted[@]} > 0)); then
  echo "not formatted (clang-format -i FILE fixes it):" >&2
  printf '  %s\n' "${unformatted[@]}" >&2
  exit 1
fi
echo "every C++ file is formatted"
