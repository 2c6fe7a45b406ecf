"""The per-slot primitives and lsmid dispatchers: behaviour and object code, for one hook
table.

For each hook of hookdefs/policies.json that the table keeps, tests/nonstandard/loops.h
has the loop security.c writes with lsmgen's primitives (prim_H, as docs/nonstandard-
hooks.md shows it) and the kernel's own loop over a plain array of function pointers
(ref_H). This script writes a harness that fills the slots through static_calls_table at
random (keys, LSM ids, results, lsmid arguments), runs both loops, and compares result and
call order; compiled with gcc and with clang. Then it compiles the loops with -O2
-fno-jump-tables in the direct-call (trampoline) shape and checks with objdump that no
prim_H function contains an indirect call or jump."""

import os
import platform
import random
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import kmodel  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TRIALS = 400
VALUES = ["0", "1", "-1", "2", "5", "-EOPNOTSUPP", "-ENOPARAM", "-ENOSYS", "-E2BIG", "-EINVAL"]

# How each loop is called: prim_H/ref_H arguments, given random inputs.
CALLS = {
    "vm_enough_memory": lambda r: "NULL, 7",
    "fs_context_parse_param": lambda r: "NULL, NULL",
    "sb_set_mnt_opts": lambda r: f"NULL, {r.choice(['NULL', '(void *)&calls'])}, 0, NULL",
    "inode_init_security": lambda r: "NULL, NULL, NULL",
    "task_prctl": lambda r: "1, 2, 3, 4, 5",
    "getselfattr": lambda r: f"0, 0, {r.choice(['false', 'true'])}, {r.randint(1, 4)}",
    "setselfattr": lambda r: f"{r.randint(0, 4)}, 0, NULL, 0, 0",
    "getprocattr": lambda r: f"NULL, {r.randint(0, 4)}, \"current\", NULL",
    "setprocattr": lambda r: f"{r.randint(0, 4)}, \"current\", NULL, 0",
    "xfrm_state_pol_flow_match": lambda r: "NULL, NULL, NULL",
    "lsmprop_to_secctx": lambda r: f"NULL, NULL, {r.randint(0, 4)}",
}


# The parameter types loops.h is written for (Linux 6.12 and later); a table that gives a
# hook other parameters (5.10 and 6.1: inode_init_security) has its own loop, not tested.
SIGNATURES = {
    "inode_init_security": ["struct inode *", "struct inode *", "const struct qstr *",
                            "struct xattr *", "int *"],
    "getprocattr": ["struct task_struct *", "const char *", "char **"],
    "xfrm_state_pol_flow_match": ["struct xfrm_state *", "struct xfrm_policy *",
                                  "const struct flowi_common *"],
}


def harness(table, cfg, hooks, nslots, rng):
    listed = [h for h in hooks if h[0] in CALLS and
              (h[0] not in SIGNATURES or [kmodel.nospace(t) for t, _ in h[3]] ==
               [kmodel.nospace(t) for t in SIGNATURES[h[0]]])]
    structs = sorted(set(re.findall(r"\b(struct|union)\s+(\w+)",
                                    " ".join(t for h in hooks for t, _ in h[3]))))
    out = ['#include "types.h"', "#include <errno.h>", "#include <stdio.h>",
           "#ifndef ENOPARAM", "#define ENOPARAM 519", "#endif", "#define E2BIG_ 7"]
    out += [f"{kind} {name};" for kind, name in structs + [("struct", "lsm_ctx")]]
    out += [kmodel.defines(kmodel.read_config(cfg)) + kmodel.KCONFIG_H, kmodel.hook_union(table)]
    out += ['#include "lsm_static_calls.c"']
    out += [f"#define LSMGEN_HAS_{h[0]} 1" for h in listed]
    out += ['#include "loops.h"', "",
            "static int calls[64], ncalls, rets[64], failures, trials;",
            "static struct lsm_id lsmids[64];",
            "static struct security_hook_list hls[64];", ""]
    for name, ret, default, params in listed:
        decl = ", ".join(f"{t} {n}" if not t.endswith("*") else f"{t}{n}" for t, n in params)
        for s in range(nslots):
            body = "".join(f"\t(void){n};\n" for _, n in params)
            out.append(f"static int impl_{name}_{s}({decl})\n{{\n{body}\tcalls[ncalls++] = {s};\n"
                       f"\treturn rets[{s}];\n}}")
        impls = ", ".join(f"impl_{name}_{s}" for s in range(nslots))
        out.append(f"static void fill_{name}(void)\n{{")
        if nslots:
            out.append(f"\ttypeof(&impl_{name}_0) impls[] = {{ {impls} }};\n")
            out.append(f"\tfor (int n = 0; n < {nslots}; n++) {{")
            out.append(f"\t\tstatic_calls_table.{name}[n].key->func = (void *)impls[n];")
            out.append(f"\t\tstatic_calls_table.{name}[n].active->enabled = active[n];")
            out.append(f"\t\tstatic_calls_table.{name}[n].hl = &hls[n];")
            out.append(f"\t\tref_fp_{name}[n] = impls[n];")
            out.append("\t}")
        out.append("}")
        out.append(f"static void trial_{name}(const int *act, const u64 *id, const int *val, int which)\n{{")
        out.append(f"\tint want_calls[64], nwant, got, want;\n\tfor (int n = 0; n < {nslots}; n++) {{")
        out.append("\t\tactive[n] = act[n];\n\t\tids[n] = id[n];\n\t\tlsmids[n].id = id[n];\n"
                   "\t\thls[n].lsmid = &lsmids[n];\n\t\trets[n] = val[n];\n\t}")
        out.append(f"\tfill_{name}();")
        out.append("\tswitch (which) {")
        for k in range(4):
            args = CALLS[name](rng)
            out.append(f"\tcase {k}:\n\t\tncalls = 0;\n\t\twant = ref_{name}({args});\n"
                       "\t\tnwant = ncalls;\n\t\tfor (int i = 0; i < ncalls; i++)\n"
                       "\t\t\twant_calls[i] = calls[i];\n"
                       f"\t\tncalls = 0;\n\t\tgot = prim_{name}({args});\n\t\tbreak;")
        out.append("\tdefault:\n\t\treturn;\n\t}")
        out.append("\ttrials++;\n\tint bad = got != want || ncalls != nwant;")
        out.append("\tfor (int i = 0; !bad && i < nwant; i++)\n\t\tbad = calls[i] != want_calls[i];")
        out.append(f'\tif (bad && failures++ < 10)\n\t\tprintf("FAIL: {name}: %d, want %d; '
                   f'%d calls, want %d\\n", got, want, ncalls, nwant);\n}}')
    # The trials are data, not code: a main of thousands of calls costs the compilers minutes.
    for name, ret, default, params in listed:
        width = max(nslots, 1)
        rows = {"act": [], "id": [], "val": [], "which": []}
        for _ in range(TRIALS):
            rows["act"].append([rng.choice([0, 1]) for _ in range(nslots)] or [0])
            rows["id"].append([rng.randint(1, 4) for _ in range(nslots)] or [0])
            rows["val"].append([rng.choice(VALUES + [default] * 3) for _ in range(nslots)] or ["0"])
            rows["which"].append(rng.randint(0, 3))
        for key, ctype in (("act", "int"), ("id", "u64"), ("val", "int")):
            body = ",\n".join("\t{ " + ", ".join(map(str, r)) + " }" for r in rows[key])
            out.append(f"static const {ctype} {key}_{name}[{TRIALS}][{width}] = {{\n{body}\n}};")
        out.append(f"static const int which_{name}[{TRIALS}] = {{ "
                   + ", ".join(map(str, rows["which"])) + " };")
    out.append("int main(void)\n{")
    for name, ret, default, params in listed:
        out.append(f"\tfor (int t = 0; t < {TRIALS}; t++)\n\t\ttrial_{name}(act_{name}[t], "
                   f"id_{name}[t], val_{name}[t], which_{name}[t]);")
    out.append(f'\tprintf("{len(listed)} hooks, %d trials, %d failures\\n", trials, failures);')
    out.append("\treturn failures != 0;\n}")
    return "\n".join(out) + "\n", [h[0] for h in listed]


def scan_prims(objdump):
    """Indirect calls or jumps in prim_ functions, and per function the number of direct
    calls to static-call trampolines (relocations against __SCT__ symbols)."""
    bad, direct, fn = [], {}, None
    for line in objdump.splitlines():
        m = re.match(r"^[0-9a-f]+ <(\w+)>:", line)
        if m:
            fn = m.group(1)
            if fn.startswith("prim_"):
                direct[fn] = 0
            continue
        if not fn or not fn.startswith("prim_"):
            continue
        if re.search(r"\b(call|jmp)q?\s+\*", line):
            bad.append(f"{fn}: {line.strip()}")
        # a call or tail jump to a trampoline: a relocation, or resolved in this object
        if re.search(r"R_X86_64_PLT32\s+__SCT__|\b(call|jmp)q?\s+[0-9a-f]+ <__SCT__", line):
            direct[fn] += 1
    return bad, direct


def main():
    kmodel.need_shared()
    version = sys.argv[1]
    table = kmodel.table(version)
    cfg = os.path.join(kmodel.KERNEL, "configs", "fedora44-7.1.7-200-x86_64.config")
    nslots = kmodel.max_lsm_count(os.path.join(kmodel.KERNEL, "v6.12", "lsm_count.h"), cfg)
    hooks = kmodel.hooks(table, cfg)
    c = kmodel.Checker()
    rng = random.Random(version)
    standin = os.path.join(HERE, "standin")
    with tempfile.TemporaryDirectory() as tmp:
        r = kmodel.run(["generate", "--hookdefs", table, "--config", cfg, "-o", tmp])
        if not c.check(r.returncode == 0, f"lsmgen generate: {r.stderr}"):
            c.done()
        text, listed = harness(table, cfg, hooks, nslots, rng)
        skipped = [h[0] for h in hooks if h[0] in CALLS and h[0] not in listed]
        print(f"{version}: {len(listed)} hooks with primitives: {' '.join(listed)}"
              + (f"; with the parameters of an older kernel, not tested: {' '.join(skipped)}"
                 if skipped else ""))
        with open(os.path.join(tmp, "harness.c"), "w") as f:
            f.write(text)
        common = ["-std=gnu11"] + kmodel.KERNEL_WARNINGS + ["-Wno-address-of-packed-member",
                  "-I", standin, "-I", os.path.join(HERE, "nonstandard"), "-I", tmp,
                  os.path.join(tmp, "harness.c")]
        x86 = platform.machine() == "x86_64"
        for cc, defs in (("gcc", []), ("clang", ["-DSTANDIN_TRAMPOLINES"] if x86 else [])):
            exe = os.path.join(tmp, f"h-{cc}")
            r = subprocess.run([cc, "-O1"] + defs + common + ["-o", exe], capture_output=True, text=True)
            if not c.check(r.returncode == 0, f"{cc}: compile failed:\n{r.stderr[:3000]}"):
                continue
            r = subprocess.run([exe], capture_output=True, text=True)
            print(f"  {cc}{' trampolines' if defs else ''}: {r.stdout.strip().splitlines()[-1]}")
            c.check(r.returncode == 0, f"{cc}: primitives differ from the reference:\n{r.stdout[:3000]}")
        if x86:
            for cc in ("gcc", "clang"):
                obj = os.path.join(tmp, f"loops-{cc}.o")
                cmd = [cc, "-O2", "-fno-jump-tables", "-fno-pie", "-DSTANDIN_TRAMPOLINES",
                       "-DSTANDIN_ASM_GOTO", "-c", "-o", obj] + common
                r = subprocess.run(cmd, capture_output=True, text=True)
                if not c.check(r.returncode == 0, f"{cc} -O2 -fno-jump-tables: {r.stderr[:3000]}"):
                    continue
                dump = subprocess.run(["objdump", "-dr", "--no-show-raw-insn", obj],
                                      capture_output=True, text=True, check=True).stdout
                bad, direct = scan_prims(dump)
                print(f"  {cc} -O2 -fno-jump-tables: {len(direct)} prim_ functions, "
                      f"{len(bad)} indirect calls or jumps, "
                      f"{sum(direct.values())} direct calls to static-call trampolines")
                c.check(len(direct) == len(listed), f"{cc}: {len(direct)} prim_ functions, want {len(listed)}")
                # every slot of every hook is reachable by a direct call
                for fn, n in sorted(direct.items()):
                    c.check(n >= nslots, f"{cc}: {fn} makes {n} direct calls, want at least {nslots}")
                c.check(not bad, f"{cc}: indirect calls or jumps:\n" + "\n".join(bad[:20]))
    c.done()


main()
