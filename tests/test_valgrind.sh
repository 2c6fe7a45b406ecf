#!/bin/sh
# The main commands under valgrind: no memory error, no definite or indirect leak.
# Skipped (77) for a sanitizer build, which valgrind cannot run.
set -eu
lsmgen=$(readlink -f "$1")
src=$2
if ldd "$lsmgen" | grep -q 'libasan\|libubsan'; then
	echo "SKIP: sanitizer build"
	exit 77
fi
command -v valgrind >/dev/null || { echo "SKIP: no valgrind"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$src"
t=hookdefs/example/lsm_hook_defs.h
c=hookdefs/example/config
vg() {
	valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect \
		--errors-for-leak-kinds=definite,indirect "$lsmgen" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc = 99 ] || grep -q "==[0-9]*==" "$tmp/err"; then
		echo "FAIL: valgrind: lsmgen $*"
		cat "$tmp/err"
		exit 1
	fi
	echo "ok (exit $rc): lsmgen $*"
}
set +e
vg generate --hookdefs $t --config $c -o "$tmp/o" --manifest "$tmp/o/m.json" --depfile "$tmp/o/d"
vg generate --hookdefs $t --config $c -o "$tmp/o" --manifest "$tmp/o/m.json"
vg check --hookdefs $t --config $c -o out --manifest out/manifest.json
vg check --hookdefs $t --config tests/golden/n1/config -o out
vg hooks --hookdefs $t --config $c --json
vg count --config $c --explain --lsm-count-h tests/cases/lsm-count-h-17/lsm_count.h
vg stats --hookdefs $t --config $c
vg diff out/manifest.json $t:tests/golden/n1/config --json
vg hooks --hookdefs tests/cases/hooks-param-no-name/table.h --config $c
vg generate --hookdefs $t --config $c --templates tests/cases/templates-unknown-name/tmpl -o "$tmp/x"
vg count --config tests/cases/config-bad-lines/input.config
vg count --config tests/cases/lsms-bad-json/lsms.json --lsms tests/cases/lsms-bad-json/lsms.json
vg generate --hookdefs $t --config $c --policies tests/cases/policies-bad/policies.json -o "$tmp/y"
vg impls --kernel tests/golden/scan-tree/linux --lsms tests/golden/scan-tree/lsms.json
vg generate --kernel tests/golden/scan-tree/linux -O tests/golden/scan-tree/build \
	--lsms tests/golden/scan-tree/lsms.json --slots exact -o "$tmp/z"
vg stats --hookdefs $t --config $c --impls tests/golden/exact/impls.json
