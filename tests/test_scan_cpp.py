"""The system preprocessor judges the scan: for every case folder of tests/hostile that
holds a `cpp` file (each line: a .c file of its mock tree that Kbuild compiles, and the
flags Kbuild gives it), cpp expands each file with LSM_HOOK_INIT defined to a marker and
the .config's symbols defined, and every marker is one callback the kernel would
register. lsmgen generate --slots exact on the same tree must give every hook at least
that many slots, and exactly that many unless it warned that it kept the hook high."""

import os
import re
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lib"))
import kmodel  # noqa: E402

MARKER = ("#define LSM_HOOK_INIT(NAME, HOOK) @lsmgen_registers NAME@\n"
          "#define LSM_HOOK_INIT_RUNTIME(NAME, HOOK) @lsmgen_registers NAME@\n")
c = kmodel.Checker()


def kernel_counts(case, marker):
    """hook -> callbacks, as cpp expands the files Kbuild compiles."""
    defines = [f"-D{k}=1" for k, v in kmodel.read_config(
        os.path.join(case, "build", ".config")).items() if v == "y"]
    counts = {}
    with open(os.path.join(case, "cpp")) as f:
        lines = [shlex.split(x) for x in f if x.strip()]
    for rel, *flags in lines:
        r = subprocess.run(["cpp", "-std=gnu11", "-P", "-nostdinc", "-Iinclude"] + defines +
                           flags + ["-include", marker, rel], cwd=os.path.join(case, "linux"),
                           capture_output=True, text=True)
        if not c.check(r.returncode == 0, f"{os.path.basename(case)}: cpp {rel}: {r.stderr}"):
            continue
        for hook in re.findall(r"@lsmgen_registers (\w+)@", r.stdout):
            counts[hook] = counts.get(hook, 0) + 1
    return counts


def lsmgen_slots(case, out):
    """hook -> slots lsmgen generates, and the hooks it warned it keeps high."""
    r = subprocess.run([kmodel.lsmgen(), "generate", "--kernel", "linux", "-O", "build",
                        "--lsms", "lsms.json", "--slots", "exact", "-o", out], cwd=case,
                       capture_output=True, text=True)
    if not c.check(r.returncode == 0, f"{os.path.basename(case)}: lsmgen generate: {r.stderr}"):
        return {}, set()
    with open(os.path.join(out, "lsm_static_calls.c")) as f:
        slots = {}
        for hook in re.findall(r"^LSM_SLOT_DEFINE\((\w+), \d+\);", f.read(), re.M):
            slots[hook] = slots.get(hook, 0) + 1
    high = set(re.findall(r"warning: (\w+): .* keeps MAX_LSM_COUNT slots", r.stderr))
    return slots, high


def main():
    cases = sorted(os.path.join(HERE, "hostile", d) for d in os.listdir(os.path.join(HERE, "hostile"))
                   if os.path.exists(os.path.join(HERE, "hostile", d, "cpp")))
    c.check(len(cases) >= 10, f"{len(cases)} scan cases with a cpp file")
    with tempfile.TemporaryDirectory() as tmp:
        marker = os.path.join(tmp, "marker.h")
        with open(marker, "w") as f:
            f.write(MARKER)
        for case in cases:
            name = os.path.basename(case)
            want = kernel_counts(case, marker)
            got, high = lsmgen_slots(case, os.path.join(tmp, name))
            for hook in sorted(set(want) | set(got)):
                n, k = got.get(hook, 0), want.get(hook, 0)
                ok = c.check(n >= k and (n == k or hook in high),
                             f"{name}: {hook}: cpp registers {k}, lsmgen gives {n} slots")
                if ok and "-v" in sys.argv:
                    print(f"ok: {name}: {hook}: cpp {k}, lsmgen {n}" +
                          (" (kept high, with a warning)" if n > k else ""))
    c.done()


main()
