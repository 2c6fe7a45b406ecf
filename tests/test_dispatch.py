"""Compile and behaviour test of generated code for one (table, config) pair.

lsmgen generates the three files; this script writes a harness from an independent model
of the inputs (system cpp over the table, the kernel's own lsm_count.h for the slot count),
compiles it with gcc and clang (-std=gnu11 -Wall -Wextra -Werror) against the userspace
stand-in of tests/standin (gcc: static calls through the key; clang: per-call trampolines),
and runs it. The harness fills slots through static_calls_table as the kernel does, turns
keys on and off at random, and checks every dispatcher's result and call order against a
reference loop written here."""

import json
import os
import platform
import random
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import kmodel  # noqa: E402

TRIALS_PER_HOOK = 24
VALUES = ["0", "1", "-1", "-13", "-EOPNOTSUPP", "-EINVAL", "-ENOPARAM", "-ENOSYS", "-ENOPROTOOPT"]


def harness(table, cfg, hooks, nslots, rng, switch=False, abstain=None, toggle=False):
    """nslots: the slots of every hook, or a dict of per-hook counts (--slots exact).
    switch: the --dispatch switch layout (a base index instead of keys); abstain: the
    --abstain-value; toggle: also test security_toggle_hook() (--runtime-lsm)."""
    per = nslots if isinstance(nslots, dict) else {h[0]: nslots for h in hooks}
    values_set = VALUES + ([abstain] if abstain else [])
    structs = sorted(set(re.findall(r"\b(struct|union)\s+(\w+)",
                                    " ".join(t for h in hooks for t, _ in h[3]))))
    out = ['#include "types.h"', "#include <errno.h>", "#include <stdio.h>",
           "#ifndef ENOPARAM", "#define ENOPARAM 519", "#endif"]
    out += [f"{kind} {name};" for kind, name in structs]
    out += [kmodel.defines(kmodel.read_config(cfg)) + kmodel.KCONFIG_H, kmodel.hook_union(table)]
    out += ['#include "lsm_static_calls.c"', "",
            "static int calls[64], ncalls, rets[64], failures, trials;", ""]
    for name, ret, default, params in hooks:
        ns = per[name]
        decl = ", ".join(f"{t} {n}" if not t.endswith("*") else f"{t}{n}" for t, n in params) or "void"
        for s in range(ns):
            body = "".join(f"\t(void){n};\n" for _, n in params)
            out.append(f"static {ret} impl_{name}_{s}({decl})\n{{\n{body}\tcalls[ncalls++] = {s};\n"
                       + (f"\treturn rets[{s}];\n" if ret == "int" else "") + "}")
        args = ", ".join(f"({t}){{0}}" for t, _ in params)
        impls = ", ".join(f"(void *)impl_{name}_{s}" for s in range(ns)) or "0"
        out.append(f"static void *impls_{name}[] = {{ {impls} }};")
        out.append(f"static void test_{name}(const int *active, const int *values, int base)\n{{")
        out.append(f"\tint want = {'0' if ret == 'void' else default}, want_calls[64], nwant = 0;")
        out.append("\t(void)impls_%s;" % name)
        out.append(f"\tfor (int n = 0; n < {ns}; n++) {{")
        if ns:  # a hook with no slot has no member
            out.append(f"\t\tstatic_calls_table.{name}[n].key->func = impls_{name}[n];")
            if not switch:
                out.append(f"\t\tstatic_calls_table.{name}[n].active->enabled = active[n];")
        out.append("\t\trets[n] = values[n];")
        out.append("\t}")
        if switch:
            out.append(f"\tlsm_base_slot_idx.{name} = base < {ns} ? base : INT_MAX;")
        out.append("\t(void)base;")
        # the reference: call_int_hook / call_void_hook as a plain loop
        out.append(f"\tfor (int n = 0; n < {ns}; n++) {{")
        out.append("\t\tif (!active[n])\n\t\t\tcontinue;")
        out.append("\t\twant_calls[nwant++] = n;")
        if ret == "int":
            skip = f" && values[n] != ({abstain})" if abstain else ""
            out.append(f"\t\tif (values[n] != ({default}){skip}) {{\n\t\t\twant = values[n];\n\t\t\tbreak;\n\t\t}}")
        out.append("\t}")
        out.append("\tncalls = 0;")
        if ret == "int":
            out.append(f"\tint got = lsm_dispatch_{name}({args});")
        else:
            out.append(f"\tint got = 0;\n\tlsm_dispatch_{name}({args});")
        out.append("\ttrials++;")
        out.append("\tint bad = got != want || ncalls != nwant;")
        out.append("\tfor (int i = 0; !bad && i < nwant; i++)\n\t\tbad = calls[i] != want_calls[i];")
        out.append(f'\tif (bad && failures++ < 10)\n\t\tprintf("FAIL: {name}: returned %d, want %d; %d calls, want %d\\n", got, want, ncalls, nwant);')
        out.append("}")
    if toggle:
        out.append(TOGGLE_ONE)
    out.append("int main(void)\n{")
    # the index (emitted only with --runtime-lsm) lists every slot of every hook, in table order
    total = sum(per.values())
    if toggle:
        out.append(f"\tif (lsm_static_call_index_len != {total}) {{\n"
                   f"\t\tprintf(\"FAIL: index has %u slots, want {total}\\n\", "
                   "lsm_static_call_index_len);\n\t\treturn 1;\n\t}")
    at = 0
    for name, _, _, _ in hooks if toggle else []:
        for n in range(per[name]):
            out.append(f"\tif (lsm_static_call_index[{at}] != (char *)&static_calls_table.{name}[{n}] - "
                       "(char *)&static_calls_table)\n"
                       f"\t\tfailures++, printf(\"FAIL: index {at} is not {name}[{n}]\\n\");")
            at += 1
    if not isinstance(nslots, dict):
        out.append(f"\tif (MAX_LSM_COUNT != {nslots}) {{\n\t\tprintf(\"FAIL: MAX_LSM_COUNT %d, want {nslots}\\n\", MAX_LSM_COUNT);\n\t\treturn 1;\n\t}}")
    for name, ret, default, params in hooks:
        ns = per[name]
        for _ in range(TRIALS_PER_HOOK if ns else 1):
            base = rng.randint(0, ns)
            # switch layout: every slot from the base on is filled; keys: any subset
            active = ([int(n >= base) for n in range(ns)] if switch else
                      [rng.choice([0, 1]) for _ in range(ns)]) or [0]
            # half the time a slot returns the default, so the loop goes on
            values = [default if rng.random() < 0.5 else rng.choice(values_set) for _ in range(ns)] or ["0"]
            if ret == "void":
                values = ["0"] * len(values)
            out.append(f"\ttest_{name}((const int[]){{ {', '.join(map(str, active))} }}, "
                       f"(const int[]){{ {', '.join(values)} }}, {base});")
    if toggle:
        out += toggle_test(hooks, per, rng)
    out.append('\tprintf("%d trials, %d failures\\n", trials, failures);')
    out.append("\treturn failures != 0;\n}")
    return "\n".join(out) + "\n"


def toggle_test(hooks, per, rng):
    """security_toggle_hook(): random slots get runtime hook lists; random toggles of their
    functions (and of functions no runtime slot has) must switch exactly that slot's key."""
    slots = [(name, n) for name, _, _, _ in hooks for n in range(per[name])]
    if not slots:
        return []
    out = [f"\tstatic struct security_hook_list hl[{len(slots)}];",
           f"\tint runtime[{len(slots)}], key[{len(slots)}];",
           f"\tvoid *addr[{len(slots)}];"]
    for i, (name, n) in enumerate(slots):
        rt = rng.choice([0, 1])
        out.append(f"\taddr[{i}] = (void *)impl_{name}_{n}; runtime[{i}] = {rt}; key[{i}] = 0;\n"
                   f"\thl[{i}].hook.lsm_func_addr = addr[{i}]; hl[{i}].runtime = {rt};\n"
                   f"\tstatic_calls_table.{name}[{n}].hl = &hl[{i}];\n"
                   f"\tstatic_calls_table.{name}[{n}].active->enabled = 0;")
    for _ in range(min(2000, 20 * len(slots))):
        i, state = rng.randrange(len(slots)), rng.choice([0, 1])
        out.append(f"\ttoggle_one({i}, {state}, addr, runtime, key, {len(slots)});")
    out.append(f"\tfor (unsigned i = 0; i < {len(slots)}; i++)\n"
               "\t\tif (INDEXED(i)->active->enabled != key[i] && failures++ < 10)\n"
               "\t\t\tprintf(\"FAIL: key %u is %d, want %d\\n\", i, "
               "INDEXED(i)->active->enabled, key[i]);")
    out.append('\tif (security_toggle_hook((void *)&trials, true) != -EINVAL && failures++ < 10)\n'
               '\t\tprintf("FAIL: toggling an unknown function did not fail\\n");')
    return out


TOGGLE_ONE = """
/* Slot i of the index: an offset into the table */
#define INDEXED(i) ((struct lsm_static_call *)((char *)&static_calls_table + \\
					     lsm_static_call_index[i]))

/* The reference: the runtime slot with this function gets the state; otherwise -EINVAL. */
static void toggle_one(int i, int state, void **addr, int *runtime, int *key, int n)
{
	int want = runtime[i] ? 0 : -EINVAL;
	int got = security_toggle_hook(addr[i], state);

	(void)n;
	if (runtime[i])
		key[i] = state;
	trials++;
	if (got != want && failures++ < 10)
		printf("FAIL: toggle %d: %d, want %d\\n", i, got, want);
}
"""


def main():
    """test_dispatch.py VERSION CONFIG: a pair of ../shared/kernel, slots from its lsm_count.h;
    test_dispatch.py TABLE CONFIG NSLOTS [LSMGEN-ARGS...]: the project's own inputs, with the
    slot count checked by hand."""
    extra = []
    if sys.argv[1] in kmodel.TABLES:
        kmodel.need_shared()
        version, cfgname = sys.argv[1], sys.argv[2]
        cfg = os.path.join(kmodel.KERNEL, "configs", cfgname)
        table = kmodel.table(version)
        nslots = kmodel.max_lsm_count(os.path.join(kmodel.KERNEL, "v6.12", "lsm_count.h"), cfg)
        extra = sys.argv[3:]
    else:
        table, cfg = sys.argv[1], sys.argv[2]
        # a number of slots for every hook, or a JSON object of per-hook counts (--slots exact)
        nslots = json.loads(sys.argv[3]) if sys.argv[3].startswith("{") else int(sys.argv[3])
        extra = sys.argv[4:]
        version, cfgname = os.path.basename(table), os.path.basename(cfg)
    hooks = kmodel.hooks(table, cfg)
    rng = random.Random(f"{version}/{cfgname}")
    c = kmodel.Checker()
    standin = os.path.join(kmodel.SOURCE, "tests", "standin")
    with tempfile.TemporaryDirectory() as tmp:
        r = kmodel.run(["generate", "--hookdefs", table, "--config", cfg, "-o", tmp] + extra)
        if not c.check(r.returncode == 0, f"lsmgen generate: {r.stderr}"):
            c.done()
        for name in ("lsm_count.h", "lsm_static_calls.h", "lsm_static_calls.c"):
            with open(os.path.join(tmp, name)) as f:
                long = [i + 1 for i, line in enumerate(f) if len(line.rstrip("\n").expandtabs(8)) > 100]
            c.check(not long, f"{name}: lines over 100 columns: {long[:10]}")
        abstain = None
        for i, a in enumerate(extra):
            if a == "--abstain-value":
                abstain = extra[i + 1]
            elif a.startswith("--abstain-value="):
                abstain = a.split("=", 1)[1]
        with open(os.path.join(tmp, "harness.c"), "w") as f:
            f.write(harness(table, cfg, hooks, nslots, rng, switch="switch" in extra, abstain=abstain,
                            toggle="--runtime-lsm" in extra))
        shapes = [("gcc", [])]
        if platform.machine() == "x86_64":
            shapes.append(("clang", ["-DSTANDIN_TRAMPOLINES"]))
        else:
            shapes.append(("clang", []))
        for cc, defs in shapes:
            exe = os.path.join(tmp, f"harness-{cc}")
            cmd = [cc, "-std=gnu11", "-O0"] + kmodel.KERNEL_WARNINGS + [
                   "-Wno-address-of-packed-member", "-I", standin, "-I", tmp] + defs + [
                   os.path.join(tmp, "harness.c"), "-o", exe]
            r = subprocess.run(cmd, capture_output=True, text=True)
            if not c.check(r.returncode == 0, f"{cc} {' '.join(defs)}: compile failed:\n{r.stderr[:3000]}"):
                continue
            r = subprocess.run([exe], capture_output=True, text=True)
            print(f"{version} {cfgname} {cc}{' trampolines' if defs else ''}: {r.stdout.strip().splitlines()[-1] if r.stdout else ''}")
            c.check(r.returncode == 0, f"{cc}: dispatch differs from the reference:\n{r.stdout[:3000]}")
    c.done()


main()
