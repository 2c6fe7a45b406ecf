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
# vg STATUS ARGS...: lsmgen ARGS must exit STATUS (so a bad input is really read, not
# just "cannot open"), with nothing from valgrind.
vg() {
	want=$1
	shift
	for f in "$@"; do	# every input named must exist: a moved file is a broken test
		case $f in
		"$tmp"/* | *:*) ;;	# an output, or diff's HOOKDEFS:CONFIG
		*/*.h | */*.json | */*config | */tmpl) [ -e "$f" ] || { echo "FAIL: no $f"; exit 1; } ;;
		esac
	done
	valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect \
		--errors-for-leak-kinds=definite,indirect "$lsmgen" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc = 99 ] || grep -q "==[0-9]*==" "$tmp/err"; then
		echo "FAIL: valgrind: lsmgen $*"
		cat "$tmp/err"
		exit 1
	fi
	if [ $rc != "$want" ]; then
		echo "FAIL: lsmgen $*: exit $rc, want $want"
		cat "$tmp/err"
		exit 1
	fi
	echo "ok (exit $rc): lsmgen $*"
}
set +e
b=tests/bad
vg 0 generate --hookdefs $t --config $c -o "$tmp/o" --manifest "$tmp/o/m.json" --depfile "$tmp/d"
vg 0 generate --hookdefs $t --config $c -o "$tmp/o" --manifest "$tmp/o/m.json"
vg 0 check --hookdefs $t --config $c -o out --manifest out/manifest.json
vg 1 check --hookdefs $t --config tests/cases/n1/config -o out
vg 0 hooks --hookdefs $t --config $c --json
vg 0 count --config $c --explain --lsm-count-h tests/cases/lsm-count-h-17/lsm_count.h
vg 0 stats --hookdefs $t --config $c
vg 1 diff out/manifest.json $t:tests/cases/n1/config --json
vg 1 hooks --hookdefs $b/hooks-param-no-name/table.h --config $c
vg 1 generate --hookdefs $t --config $c --templates $b/templates-unknown-name/tmpl -o "$tmp/x"
vg 0 count --config tests/cases/config-bad-lines/input.config
vg 1 count --config $c --lsms $b/lsms-bad-json/lsms.json
vg 1 generate --hookdefs $t --config $c --policies $b/policies-bad/policies.json -o "$tmp/y"
vg 0 impls --kernel tests/cases/scan-tree/linux --lsms tests/cases/scan-tree/lsms.json
vg 0 generate --kernel tests/cases/scan-tree/linux -O tests/cases/scan-tree/build \
	--lsms tests/cases/scan-tree/lsms.json --slots exact -o "$tmp/z"
vg 0 stats --hookdefs $t --config $c --impls tests/cases/exact/impls.json
cp $c "$tmp/c.config"	# a copy: the run must refuse to overwrite it, but if it did...
vg 2 generate --hookdefs $t --config "$tmp/c.config" -o "$tmp/o" --depfile "$tmp/c.config"
vg 1 generate --hookdefs $t --config $c --slots exact --impls $b/impls-unknown-hook/impls.json \
	-o "$tmp/w"
vg 1 generate --hookdefs $t --config $c --templates $b/templates-too-deep/tmpl -o "$tmp/v"
vg 0 stats --hookdefs $t --config $c --dispatch switch --json
g=tests/cases/all-configs-exact
vg 0 generate --all-configs --hookdefs $t --lsms $g/lsms.json --slots exact --impls $g/impls.json \
	-o "$tmp/ac" --manifest "$tmp/ac/m.json"
vg 1 check --all-configs --hookdefs tests/cases/check-all-configs-hook-added/table.h \
	--lsms tests/cases/check-all-configs-hook-added/lsms.json \
	-o tests/cases/check-all-configs-hook-added/checked-in
vg 0 hooks --all-configs --kernel tests/cases/scan-tree/linux --json
