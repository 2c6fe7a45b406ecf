#!/bin/sh
# lsmgen in a Kbuild-style Makefile (tests/integration/kbuild/lsmgen.mk) on a mock tree
# with the kernel's layout, driven by GNU make: reruns on a config change known only from
# the depfile and on a changed command line, not on unrelated changes, and recompiles
# security.o only when the generated code changed.
set -eu
lsmgen=$(readlink -f "$1")
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$here/kbuild/tree" "$tmp/linux"
cd "$tmp/linux"
m() { make LSMGEN="$lsmgen" LSMFRAGMENT="$here/kbuild/lsmgen.mk" STANDIN="$here/../standin" "$@" >out.log 2>&1 || { cat out.log; echo "FAIL: make"; exit 1; }; }
fail() { echo "FAIL: $*"; cat out.log; exit 1; }
ran() { grep -q "$1" out.log; }
tick() { sleep 1.1; }

m
ran LSMGEN || fail "first make did not run lsmgen"
ran "CC" || fail "first make did not compile security.o"
grep -q "lsm_hook_defs.h" security/lsm/.lsmgen.d || fail "depfile does not name the hook table"
m
ran LSMGEN && fail "second make reran lsmgen"
ran "CC" && fail "second make recompiled"

tick; touch .config; m
ran LSMGEN || fail "touching .config (known from the depfile) did not rerun lsmgen"
ran "CC" && fail "an unchanged regeneration recompiled security.o"

tick; touch Documentation.txt include/linux/unrelated.h; m
ran LSMGEN && fail "an unrelated file reran lsmgen"

tick; printf 'CONFIG_SECURITY=y\nCONFIG_SECURITY_SELINUX=y\nCONFIG_SECURITY_NETWORK=y\n' > .config; m
ran LSMGEN || fail "a changed .config did not rerun lsmgen"
ran "CC" || fail "changed output did not recompile security.o"
grep -q socket_create security/lsm/lsm_static_calls.h || fail "the new guard's hook is missing"

tick; m LSMGEN="$lsmgen"  # same command line: nothing to do
ran LSMGEN && fail "the same command line reran lsmgen"
ln -s "$lsmgen" lsmgen-link
tick; m LSMGEN="$PWD/lsmgen-link"  # another command line: if_changed reruns
ran LSMGEN || fail "a changed command line did not rerun lsmgen"
ran "CC" && fail "an unchanged regeneration recompiled security.o"
echo "kbuild integration: depfile, if_changed and write-if-changed behave"
