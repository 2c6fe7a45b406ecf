#!/bin/sh
# lsmgen impls writes what --impls reads: generating --slots exact from the scan's JSON
# gives the same files as scanning the tree directly (tests/cases/scan-tree).
set -eu
lsmgen=$(readlink -f "$1")
tree=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tree"
"$lsmgen" impls --kernel linux --lsms lsms.json >"$tmp/impls.json" 2>/dev/null
"$lsmgen" generate --kernel linux -O build --lsms lsms.json --slots exact -o "$tmp/scan" 2>/dev/null
"$lsmgen" generate --kernel linux -O build --lsms lsms.json --slots exact --impls "$tmp/impls.json" \
	-o "$tmp/json" 2>/dev/null
diff -r "$tmp/scan" "$tmp/json"
echo "impls round trip: identical output"
