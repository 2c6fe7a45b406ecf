#!/bin/sh
# out/ must be exactly what lsmgen generates from the default example inputs now, and
# generation must not depend on how the inputs are named (relative or absolute paths)
# or on how often it runs.
set -eu
lsmgen=$(readlink -f "$1")
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$src"
"$lsmgen" generate --hookdefs hookdefs/example/lsm_hook_defs.h --config hookdefs/example/config \
	-o "$tmp/rel" --manifest "$tmp/rel/manifest.json"
"$lsmgen" generate --hookdefs "$src/hookdefs/example/lsm_hook_defs.h" \
	--config "$src/hookdefs/example/config" -o "$tmp/abs" --manifest "$tmp/abs/manifest.json"
diff -ru "$tmp/rel" "$tmp/abs"
diff -ru out "$tmp/rel"
# the way CI checks checked-in output
if ! "$lsmgen" check --hookdefs hookdefs/example/lsm_hook_defs.h --config hookdefs/example/config \
	-o out --manifest out/manifest.json; then
	echo "FAIL: out/ is stale; regenerate it with: ninja -C build regen-out" >&2
	exit 1
fi
echo "out/ is up to date"
