"""The proof of --all-configs: for one table of the corpus and every configuration, the
output made for every configuration, compiled under that configuration's autoconf.h, is
the same object code as the output made for that configuration alone: every function's
instructions and relocations, every relocation of the data, every defined symbol and its
size. gcc (static keys as asm goto with a 5-byte NOP) and clang (static calls through
per-call trampolines), -O2, against the stand-ins of tests/standin.

The driver that makes the dispatchers into functions is written here from the system
cpp's reading of the table under the configuration (tests/lib/kmodel.py), not from lsmgen.

usage: test_all_configs.py TABLE [LSMGEN OPTIONS...]   (e.g. v6.12 --slots exact --impls F)
TABLE is a version of the corpus (its five configurations), or "example": the project's
hookdefs/example table (it has an #else branch) with its configuration, n0 and n1.
"""

import difflib
import os
import platform
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import kmodel  # noqa: E402

# Beside the corpus: the gate unset with an LSM's symbol set (nothing may count), and the
# gate with capability alone (one slot), where a slot count of 0 or 1 must hold.
SYNTHETIC = {
    "gate-unset": ("# CONFIG_SECURITY is not set\nCONFIG_SECURITY_SELINUX=y\nCONFIG_BPF_LSM=y\n"
                   "CONFIG_IMA=y\nCONFIG_SECURITY_NETWORK=y\n"),
    "capability-only": "CONFIG_SECURITY=y\nCONFIG_SECURITY_NETWORK=y\nCONFIG_AUDIT=y\n",
}


def driver(table, hooks, generated_c):
    """A translation unit that calls every dispatcher and primitive of the kept hooks."""
    structs = sorted(set(re.findall(r"\b(struct|union)\s+(\w+)",
                                    " ".join(t for h in hooks for t, _ in h[3]))))
    out = ['#include "types.h"', "#include <errno.h>", "#ifndef ENOPARAM", "#define ENOPARAM 519",
           "#endif", '#include "autoconf.h"', '#include "kconfig.h"']
    out += [f"{kind} {name};" for kind, name in structs]
    out += [kmodel.hook_union(table), '#include "lsm_static_calls.c"', ""]
    prims = set(re.findall(r"lsm_slot_call_(\w+)\(int n", generated_c))
    lsmids = set(re.findall(r"lsm_dispatch_(\w+)_lsmid\(u64", generated_c))
    for name, ret, _default, params in hooks:
        decl = ", ".join(f"{t} {n}" if not t.endswith("*") else f"{t}{n}"
                         for t, n in params) or "void"
        args = ", ".join(n for _, n in params)
        after = (", " + args) if args else ""
        ret_kw = "return " if ret == "int" else ""
        out.append(f"{ret} drive_{name}({decl})\n{{\n\t{ret_kw}lsm_dispatch_{name}({args});\n}}")
        if name in prims:
            acc = "r += " if ret == "int" else ""
            out.append(f"int drive_slots_{name}({decl})\n{{\n\tint r = 0;\n\n"
                       f"\tfor (int n = 0; n < (int)ARRAY_SIZE(static_calls_table.{name}); n++) {{\n"
                       f"\t\tif (!lsm_slot_active_{name}(n))\n\t\t\tcontinue;\n"
                       f"\t\tr += (int)lsm_slot_lsmid_{name}(n);\n"
                       f"\t\t{acc}lsm_slot_call_{name}(n{after});\n\t}}\n\treturn r;\n}}")
        if name in lsmids:
            out.append(f"int drive_lsmid_{name}(u64 id{', ' + decl if params else ''})\n{{\n"
                       f"\treturn lsm_dispatch_{name}_lsmid(id{after});\n}}")
    return "\n".join(out) + "\n"


def object_text(obj):
    """Everything that makes two objects the same code: disassembly with relocations,
    every relocation, every defined symbol with its size."""
    dis = subprocess.run(["objdump", "-dr", "--no-show-raw-insn", obj],
                         capture_output=True, text=True, check=True).stdout
    dis = "\n".join(dis.splitlines()[3:])           # past the file name
    rel = subprocess.run(["readelf", "-rW", obj], capture_output=True, text=True, check=True).stdout
    syms = subprocess.run(["nm", "-S", "--defined-only", obj], capture_output=True, text=True,
                          check=True).stdout
    return f"{dis}\n--- relocations\n{rel}\n--- symbols\n{''.join(sorted(syms.splitlines(True)))}"


def main():
    if sys.argv[1] != "example":
        kmodel.need_shared()
    version = sys.argv[1]
    extra = [a.replace("@SHARED@", kmodel.SHARED) for a in sys.argv[2:]]
    example = os.path.join(kmodel.SOURCE, "hookdefs", "example")
    table = os.path.join(example, "lsm_hook_defs.h") if version == "example" else kmodel.table(version)
    c = kmodel.Checker()
    standin = os.path.join(kmodel.SOURCE, "tests", "standin")
    shapes = [("gcc", ["-DSTANDIN_ASM_GOTO"] if platform.machine() == "x86_64" else [])]
    shapes.append(("clang", ["-DSTANDIN_TRAMPOLINES"] if platform.machine() == "x86_64" else []))
    with tempfile.TemporaryDirectory() as tmp:
        every = os.path.join(tmp, "every")
        r = kmodel.run(["generate", "--all-configs", "--hookdefs", table, "-o", every] + extra)
        if not c.check(r.returncode == 0, f"lsmgen generate --all-configs: {r.stderr}"):
            c.done()
        for name in ("lsm_count.h", "lsm_static_calls.h", "lsm_static_calls.c"):
            with open(os.path.join(every, name)) as f:
                long = [i + 1 for i, line in enumerate(f) if len(line.rstrip("\n").expandtabs(8)) > 100]
            c.check(not long, f"--all-configs {name}: lines over 100 columns: {long[:10]}")
        configs = list(kmodel.configs()) if version != "example" else [
            os.path.join(example, "config"),
            os.path.join(kmodel.SOURCE, "tests", "cases", "n0", "config"),
            os.path.join(kmodel.SOURCE, "tests", "cases", "n1", "config")]
        for name, text in SYNTHETIC.items():
            path = os.path.join(tmp, name + ".config")
            with open(path, "w") as f:
                f.write(text)
            configs.append(path)
        for cfg in configs:
            cname = os.path.basename(cfg).split("-")[0] if cfg.startswith(kmodel.KERNEL) else \
                os.path.basename(os.path.dirname(cfg)) if cfg.endswith("/config") else \
                os.path.basename(cfg)[:-7]
            one = os.path.join(tmp, "one-" + cname)
            r = kmodel.run(["generate", "--hookdefs", table, "--config", cfg, "-o", one] + extra)
            if not c.check(r.returncode == 0, f"{cname}: lsmgen generate: {r.stderr}"):
                continue
            with open(os.path.join(one, "lsm_static_calls.c")) as f:
                generated = f.read()
            src = driver(table, kmodel.hooks(table, cfg), generated)
            for d in (one, every):
                with open(os.path.join(d, "autoconf.h"), "w") as f:
                    f.write(kmodel.defines(kmodel.read_config(cfg)))
                with open(os.path.join(d, "kconfig.h"), "w") as f:
                    f.write(kmodel.KCONFIG_H)
            for cc, defs in shapes:
                texts = []
                for d in (one, every):
                    src_path = os.path.join(tmp, f"driver-{cname}.c")
                    with open(src_path, "w") as f:
                        f.write(src)
                    obj = os.path.join(d, f"driver-{cc}.o")
                    cmd = [cc, "-std=gnu11", "-O2", "-c"] + kmodel.KERNEL_WARNINGS + [
                           "-Wno-address-of-packed-member", "-I", standin, "-I", d] + defs + [
                           src_path, "-o", obj]
                    r = subprocess.run(cmd, capture_output=True, text=True)
                    if not c.check(r.returncode == 0, f"{cname} {cc} {os.path.basename(d)}: "
                                   f"compile failed:\n{r.stderr[:3000]}"):
                        break
                    texts.append(object_text(obj))
                if len(texts) < 2:
                    continue
                nfuncs = texts[0].count(">:\n")
                same = texts[0] == texts[1]
                print(f"{version} {cname} {cc}: {nfuncs} functions, "
                      f"{'identical' if same else 'DIFFERENT'}")
                if not same:
                    diff = "".join(list(difflib.unified_diff(
                        texts[0].splitlines(True), texts[1].splitlines(True),
                        "per-config", "all-configs", n=2))[:60])
                    c.check(False, f"{cname} {cc}: object code differs:\n{diff}")
                else:
                    c.check(nfuncs > 0, f"{cname} {cc}: no function compiled")
    c.done()


main()
