#!/bin/sh
# lsmgen in a meson build: a custom_target with depfile: reruns lsmgen when the config
# changes (known only from the depfile), not when an unrelated file changes, and an
# unchanged regeneration leaves the outputs alone so the C file is not recompiled.
set -eu
lsmgen=$(readlink -f "$1")
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$here/meson" "$tmp/src"
cd "$tmp"
meson setup build src -Dlsmgen="$lsmgen" -Dstandin="$here/../standin" >setup.log 2>&1 ||
	{ cat setup.log; exit 1; }
fail() { echo "FAIL: $*"; cat out.log; exit 1; }
build() { ninja -C build -d explain >out.log 2>&1 || fail "ninja failed"; }
ran() { grep -q "$1" out.log; }
tick() { sleep 1.1; }	# mtimes must move even on coarse file systems

build
ran "Generating" || fail "first build did not run lsmgen"
build/security || fail "the program built from the generated code fails"
build
grep -q "no work to do" out.log || fail "second build was not a no-op"

tick; touch src/config; build
ran "Generating" || fail "touching the config (a depfile dependency) did not rerun lsmgen"
ran "Compiling" && fail "an unchanged regeneration recompiled the C file"

tick; echo "# unrelated" > src/README; touch src/security.c.orig; build
ran "Generating" && fail "an unrelated file reran lsmgen"

tick; printf 'CONFIG_SECURITY=y\nCONFIG_SECURITY_SELINUX=y\nCONFIG_BPF_LSM=y\n' > src/config; build
ran "Generating" || fail "a changed config did not rerun lsmgen"
ran "Compiling" || fail "changed output did not recompile the C file"
grep -q "MAX_LSM_COUNT 3" build/lsm_count.h || fail "MAX_LSM_COUNT did not follow the config"
echo "meson integration: depfile, restat and write-if-changed behave"
