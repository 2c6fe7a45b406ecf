"""The build's slot check (scripts/lsm_slots_check.c of kernel/*/0001) on vmlinux.o
stand-ins, with no kernel build.

The check's source is taken from the 0001 patch of each series (the same file in both).
Each case of tests/slots_check/cases/ is a few C files in the kernel's shapes
(tests/slots_check/shapes.h) and an expected verdict (its file expect):

  ok                      every hook has a slot for each registration
  short HOOK[: WHERE]     HOOK has too few; WHERE: the hook lists named, in order
  unreadable TEXT         the check cannot read the object, and says TEXT
  no-compile TEXT         the compiler refuses the case, naming TEXT

Each case is compiled by gcc for the host and by clang --target for x86-64, i386,
aarch64, arm, riscv64, ppc64le and big-endian ppc64 (REL and RELA relocations, both byte
orders, 32 and 64 bits), its files linked into one object with ld -r, as vmlinux.o is.
On the host's objects, a stand-in of the kernel's slot-filling loop (slot_loop.c) runs
over the same hook lists: a boot that would panic and a check that passes never hold
together. Also: an object with more sections than ELF's 16-bit count holds (extended
section numbering), and files that are not objects.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)
SHAPES = os.path.join(HERE, "slots_check")
CASES = os.path.join(SHAPES, "cases")
CHECK_FILE = "scripts/lsm_slots_check.c"
SERIES = ("6.12", "7.3")

# (name, compiler command, linker command); the host's first
TARGETS = [
    ("gcc-host", ["gcc"], ["ld", "-r"]),
    ("clang-x86_64", ["clang", "--target=x86_64-linux-gnu"], ["ld.lld", "-r"]),
    ("clang-i386", ["clang", "--target=i386-linux-gnu"], ["ld.lld", "-r"]),
    ("clang-aarch64", ["clang", "--target=aarch64-linux-gnu"], ["ld.lld", "-r"]),
    ("clang-arm", ["clang", "--target=arm-linux-gnueabihf"], ["ld.lld", "-r"]),
    ("clang-riscv64", ["clang", "--target=riscv64-linux-gnu"], ["ld.lld", "-r"]),
    ("clang-ppc64le", ["clang", "--target=powerpc64le-linux-gnu"], ["ld.lld", "-r"]),
    ("clang-ppc64", ["clang", "--target=powerpc64-linux-gnu"], ["ld.lld", "-r"]),
]
CFLAGS = ["-c", "-O2", "-ffreestanding", "-fno-common", "-Wall", "-Werror",
          "-Wno-address-of-packed-member", "-I", SHAPES]    # the kernel's warnings

passed = failed = 0


def result(ok, what, detail=""):
    global passed, failed
    print(("ok: " if ok else "FAIL: ") + what + ("" if ok or not detail else "\n" + detail))
    if ok:
        passed += 1
    else:
        failed += 1
    return ok


def patch_file(patch, path):
    """The text of a file that a patch creates (its one hunk, @@ -0,0 +1,N @@)."""
    lines = open(patch).read().split("\n")
    start = lines.index(f"+++ b/{path}")
    m = re.match(r"@@ -0,0 \+1,(\d+) @@", lines[start + 1])
    if not m:
        raise SystemExit(f"{patch}: {path} is not a new file")
    body = lines[start + 2:start + 2 + int(m.group(1))]
    assert all(line.startswith("+") for line in body), f"{patch}: {path}: short hunk"
    return "".join(line[1:] + "\n" for line in body)


def checker_source():
    if os.environ.get("LSM_SLOTS_CHECK_SOURCE"):     # a copy being worked on
        return open(os.environ["LSM_SLOTS_CHECK_SOURCE"]).read()
    texts = {}
    for version in SERIES:
        d = os.path.join(SOURCE, "kernel", version)
        p = [f for f in sorted(os.listdir(d)) if f.startswith("0001-")][0]
        texts[version] = patch_file(os.path.join(d, p), CHECK_FILE)
    result(len(set(texts.values())) == 1, f"{CHECK_FILE} is the same in every series")
    return texts[SERIES[0]]


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def build_checker(tmp):
    src = os.path.join(tmp, "lsm_slots_check.c")
    with open(src, "w") as f:
        f.write(checker_source())
    exe = os.path.join(tmp, "lsm_slots_check")
    # as Kbuild builds host programs, and stricter
    r = run(["gcc", "-std=gnu11", "-O2", "-Wall", "-Wextra", "-Wmissing-prototypes",
             "-Wstrict-prototypes", "-Werror", "-o", exe, src])
    if not result(r.returncode == 0, "the check compiles with -Wall -Wextra -Werror",
                  r.stderr):
        sys.exit(1)
    return exe


def read_expect(case):
    text = open(os.path.join(CASES, case, "expect")).read().strip()
    kind, _, rest = text.partition(" ")
    return kind, rest


def case_flags(case, name):
    """A case's own compiler or linker flags (its file cflags or ldflags)."""
    p = os.path.join(CASES, case, name)
    return open(p).read().split() if os.path.exists(p) else []


def link_object(case, target, tmp):
    """Compile and link a case for a target: (object path, None) or (None, stderr)."""
    name, cc, ld = target
    d = os.path.join(CASES, case)
    out = os.path.join(tmp, case, name)
    os.makedirs(out, exist_ok=True)
    objs = []
    for src in sorted(f for f in os.listdir(d) if f.endswith(".c")):
        obj = os.path.join(out, src[:-2] + ".o")
        r = run(cc + CFLAGS + case_flags(case, "cflags") + ["-I", d, "-o", obj,
                                                            os.path.join(d, src)])
        if r.returncode:
            return None, r.stderr
        objs.append(obj)
    extra = case_flags(case, "ldflags")
    vmlinux = os.path.join(out, "vmlinux.o")
    r = run(ld + extra + ["-o", vmlinux] + objs)
    if r.returncode:
        raise SystemExit(f"{case} {name}: link failed:\n{r.stderr}")
    return vmlinux, None


def verdict(checker, vmlinux):
    r = run([checker, vmlinux])
    return r.returncode, r.stderr


def check_case(checker, case, tmp, host_loop):
    kind, rest = read_expect(case)
    for target in TARGETS:
        what = f"{case} ({target[0]})"
        vmlinux, err = link_object(case, target, tmp)
        if kind == "no-compile":
            result(vmlinux is None and rest in (err or ""),
                   f"{what}: does not compile, naming {rest}", err or "it compiled")
            continue
        if vmlinux is None:
            result(False, f"{what}: compiles", err)
            continue
        status, err = verdict(checker, vmlinux)
        if kind == "ok":
            result(status == 0 and not err, f"{what}: the check passes", f"{status}: {err}")
        elif kind == "short":
            hook, _, where = rest.partition(": ")
            m = re.search(r"error: LSM hook (\w+) has \d+ static-call slots? but \d+ "
                          r"registrations: (.*)", err)
            ok = status == 1 and m and m.group(1) == hook and (
                not where or m.group(2) == where)
            result(ok, f"{what}: the check stops on {hook}", f"{status}: {err}")
        elif kind == "unreadable":
            result(status == 2 and rest in err, f"{what}: the check cannot read it: {rest}",
                   f"{status}: {err}")
        if target[0] == "gcc-host" and host_loop:
            loop_verdict(case, vmlinux, status, tmp)


def loop_verdict(case, vmlinux, status, tmp):
    """The kernel's loop over the same hook lists, linked with the object."""
    exe = os.path.join(tmp, case, "boot")
    r = run(["gcc", "-O2", "-I", SHAPES] + case_flags(case, "cflags") +
            ["-o", exe, os.path.join(SHAPES, "slot_loop.c"), vmlinux])
    if not result(r.returncode == 0, f"{case}: links with the slot loop", r.stderr):
        return
    boot = run([exe])
    panics = boot.returncode == 3
    result(boot.returncode in (0, 3) and not (panics and status == 0),
           f"{case}: the boot {'panics' if panics else 'fills every slot'}, the check "
           f"{'passes' if status == 0 else 'stops the build'}",
           boot.stdout + boot.stderr)


def many_sections(checker, tmp):
    """More sections than e_shnum holds: each hook list its own section (as
    -fdata-sections and LTO make them), with the relocation section of each: the
    object's section count is in section 0, and symbols' sections in SHT_SYMTAB_SHNDX."""
    n = 40000
    src = os.path.join(tmp, "many.c")
    with open(src, "w") as f:
        f.write('#include "shapes.h"\nSLOT(file_open, 0) SLOT(file_open, 1)\n'
                "struct lsm_static_calls_table { struct lsm_static_call file_open[2]; } "
                "__packed;\nstruct lsm_static_calls_table static_calls_table "
                "__ro_after_init = { ENTRY(file_open, 0), ENTRY(file_open, 1) };\n")
        for i in range(n):
            f.write(f"void *p{i} = &p{i};\n")
        f.write("struct security_hook_list l0[] = { LSM_HOOK_INIT(file_open, 0) };\n"
                "struct security_hook_list l1[] = { LSM_HOOK_INIT(file_open, 0) };\n"
                "struct security_hook_list l2[] = { LSM_HOOK_INIT(file_open, 0) };\n")
    obj = os.path.join(tmp, "many.o")
    r = run(["gcc"] + CFLAGS + ["-fdata-sections", "-o", obj, src])
    if not result(r.returncode == 0, "40,000 data sections: compiles", r.stderr):
        return
    shnum = run(["readelf", "-h", obj]).stdout
    m = re.search(r"Number of section headers:\s+0 \((\d+)\)", shnum)
    result(m and int(m.group(1)) > 65280,
           "40,000 data sections: the object numbers its sections in section 0", shnum)
    status, err = verdict(checker, obj)
    result(status == 1 and "LSM hook file_open has 2 static-call slots but 3 "
           "registrations: l0, l1, l2" in err,
           "40,000 data sections: the check reads them and stops on file_open",
           f"{status}: {err}")


def not_objects(checker, tmp):
    empty = os.path.join(tmp, "empty.o")
    open(empty, "w").close()
    text = os.path.join(tmp, "text.o")
    with open(text, "w") as f:
        f.write("not an object\n" * 10)
    fits = link_object("fits", TARGETS[0], tmp)[0]
    cut = os.path.join(tmp, "truncated.o")
    with open(fits, "rb") as f, open(cut, "wb") as g:
        g.write(f.read()[:300])
    for path, text_ in ((os.path.join(tmp, "missing.o"), "No such file"),
                        (empty, "not an ELF object"), (text, "not an ELF object"),
                        (cut, "truncated"), (tmp, "not an ELF object")):
        status, err = verdict(checker, path)
        result(status == 2 and text_ in err and "cannot check" in err,
               f"{os.path.basename(path)}: the check cannot read it: {text_}",
               f"{status}: {err}")
    r = run([checker])
    result(r.returncode == 2 and "usage:" in r.stderr, "no object: a usage message", r.stderr)
    with open("/dev/full", "w") as full:
        r = subprocess.run([checker, "--list", fits], stdout=full, stderr=subprocess.PIPE,
                           text=True)
    result(r.returncode == 2 and "cannot write" in r.stderr,
           "--list into a full device: the failure is not lost", r.stderr)
    r = run([checker, "--list", fits])
    result(r.returncode == 0 and r.stdout == "file_open 2 2\ntask_free 1 1\n"
           "sem_associate 1 1\n", "--list: every hook, its slots and registrations",
           r.stdout + r.stderr)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cases", nargs="*", help="cases to run (default: all)")
    args = ap.parse_args()
    missing = [t for t in ("gcc", "ld", "clang", "ld.lld", "readelf") if not shutil.which(t)]
    if missing:
        print("SKIP: not installed: " + " ".join(missing))
        sys.exit(77)
    with tempfile.TemporaryDirectory(prefix="lsmgen-slots-") as tmp:
        checker = build_checker(tmp)
        for case in args.cases or sorted(os.listdir(CASES)):
            check_case(checker, case, tmp, host_loop=True)
        if not args.cases:
            many_sections(checker, tmp)
            not_objects(checker, tmp)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
