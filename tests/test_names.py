"""Accepted input gives C that compiles, whatever its parameters are called. Every
identifier the templates hold (the locals and parameters they declare, rc, n, lsmid,
and the tables they read) is used as a parameter name of a hook, int and void, with
every dispatch shape (keys, switch, primitives, lsmid dispatchers, the runtime toggle);
the output is compiled with gcc and clang (-Wall -Wextra -Werror)
against the stand-in and each dispatcher called once. The identifiers come from the
shipped templates, not from a list in lsmgen, so a template that declares a new name is
tested at once. Parameters named like the globals made for their own hook
(security_hook_active_H_0, lsm_static_call_H_1, lsm_dispatch_H, ...) compile too, and a
hook named like another hook's lsmid dispatcher is refused."""

import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lib"))
import kmodel  # noqa: E402

SOURCE = os.path.dirname(HERE)
STANDIN = os.path.join(HERE, "standin")
KEYWORDS = set("""auto break case char const continue default do double else enum extern
float for goto if inline int long register restrict return short signed sizeof static
struct switch typedef union unsigned void volatile while _Bool typeof asm
define include ifdef ifndef endif""".split())


def template_identifiers():
    names = set()
    tdir = os.path.join(SOURCE, "templates")
    for f in sorted(os.listdir(tdir)):
        if f.endswith(".tmpl"):
            text = re.sub(r"\{\{.*?\}\}", " ", open(os.path.join(tdir, f)).read())
            text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", text, flags=re.S)
            names |= set(re.findall(r"\b[A-Za-z_]\w*\b", text))
    # what a parameter cannot be named in any C file: keywords, the stand-in's macros
    # and types (the kernel's own headers define them the same way)
    standin = "".join(open(os.path.join(STANDIN, f)).read() for f in os.listdir(STANDIN))
    macros = set(re.findall(r"#define\s+(\w+)", standin))
    types = set(re.findall(r"typedef\s[^;]*?\b(\w+)\s*;", standin)) | {"bool", "true", "false"}
    return sorted(n for n in names - KEYWORDS - macros - types
                  if not n.startswith(("__", "CONFIG_")) and not n.isupper())


def main():
    c = kmodel.Checker()
    names = template_identifiers()
    c.check({"rc", "n", "lsmid", "static_calls_table"} <= set(names),
            f"the templates' identifiers include rc, n, lsmid, static_calls_table: {names}")
    print(f"{len(names)} identifiers from templates/: {' '.join(names)}")
    with tempfile.TemporaryDirectory() as tmp:
        table = os.path.join(tmp, "hooks.h")
        policies = {"hooks": {}}
        hooks = []
        with open(table, "w") as f:
            for i, name in enumerate(names):
                # int: the name first, and beside another parameter named name_ (a renamed
                # parameter must not take a name that is already there)
                f.write(f"LSM_HOOK(int, 0, h{i}_int, struct inode *{name}, int {name}_)\n")
                f.write(f"LSM_HOOK(void, LSM_RET_VOID, h{i}_void, long {name})\n")
                policies["hooks"][f"h{i}_int"] = {"policy": "lsmid", "any_if_zero": i % 2 == 0}
                policies["hooks"][f"h{i}_void"] = {"policy": "primitives"}
                hooks += [(f"h{i}_int", "int", ["(struct inode *)0", "1"]),
                          (f"h{i}_void", "void", ["2L"])]
            # parameters named like the globals made for the hook itself and its slots
            own = ["security_hook_active_collide_0", "lsm_static_call_collide_1",
                   "lsm_dispatch_collide", "lsm_slot_call_collide", "LSM_SLOTS_collide"]
            f.write("LSM_HOOK(int, 0, collide, " + ", ".join(f"int {p}" for p in own) + ")\n")
            policies["hooks"]["collide"] = {"policy": "primitives"}
            hooks.append(("collide", "int", ["1", "2", "3", "4", "5"]))
        pol = os.path.join(tmp, "policies.json")
        with open(pol, "w") as f:
            json.dump(policies, f)
        config = os.path.join(tmp, "config")
        with open(config, "w") as f:
            f.write("CONFIG_SECURITY=y\nCONFIG_SECURITY_SELINUX=y\nCONFIG_BPF_LSM=y\n")
        calls = []
        for name, ret, args in hooks:
            a = ", ".join(args)
            calls.append(f"\tsink += (long)sizeof(lsm_dispatch_{name}({a}), 1);"
                         if ret == "void" else f"\tsink += lsm_dispatch_{name}({a});")
            if ret == "int" and name != "collide":
                calls.append(f"\tsink += lsm_dispatch_{name}_lsmid(1, {a});")
                calls.append(f"\tsink += lsm_slot_active_{name}(0) + lsm_slot_call_{name}(0, {a});")
            else:
                calls.append(f"\tlsm_dispatch_{name}({a});\n\tlsm_slot_call_{name}(1, {a});")
        harness = ("#include <errno.h>\n#include \"kernel.h\"\n#include \"types.h\"\nstruct inode;\n"
                   + kmodel.hook_union(table) + "\n#include \"lsm_static_calls.c\"\n\nint main(void)\n{\n\tlong sink = 0;\n\n" +
                   "\n".join(calls) + "\n\treturn (int)sink;\n}\n")
        shapes = {"keys": [], "switch": ["--dispatch", "switch"],
                  "toggle": ["--runtime-lsm", "bpf"]}
        for shape, extra in shapes.items():
            out = os.path.join(tmp, shape)
            r = kmodel.run(["generate", "--hookdefs", table, "--config", config,
                            "--policies", pol, "-o", out] + extra)
            if not c.check(r.returncode == 0, f"{shape}: lsmgen generate: {r.stderr}"):
                continue
            with open(os.path.join(out, "harness.c"), "w") as f:
                f.write(harness)
            for cc, defs in (("gcc", []), ("clang", ["-DSTANDIN_TRAMPOLINES"])):
                r = subprocess.run([cc, "-std=gnu11", "-O1"] + kmodel.KERNEL_WARNINGS + [
                                    "-Wno-address-of-packed-member", "-I", STANDIN, "-I", out] +
                                   defs + ["-c", "-o", os.path.join(out, f"h-{cc}.o"),
                                           os.path.join(out, "harness.c")],
                                   capture_output=True, text=True)
                errors = [ln for ln in r.stderr.splitlines() if "error" in ln][:15]
                c.check(r.returncode == 0, f"{shape}, {cc}: does not compile:\n" +
                        "\n".join(errors))
                print(f"{shape}, {cc}: {len(hooks)} hooks, "
                      f"{'compiles' if r.returncode == 0 else 'FAILS'}")
        # a hook named like another hook's lsmid dispatcher is refused where it is listed
        clash = os.path.join(tmp, "clash.h")
        with open(clash, "w") as f:
            f.write("LSM_HOOK(int, 0, getprocattr, int x)\n"
                    "LSM_HOOK(int, 0, getprocattr_lsmid, int x)\n")
        with open(pol, "w") as f:
            json.dump({"hooks": {"getprocattr": {"policy": "lsmid"}}}, f)
        r = kmodel.run(["generate", "--hookdefs", clash, "--config", config, "--policies", pol,
                        "-o", os.path.join(tmp, "clash")])
        c.check(r.returncode == 1 and f"{clash}:2: error: hook 'getprocattr_lsmid' is named "
                "like the lsmid dispatcher of hook 'getprocattr'" in r.stderr,
                f"a hook named like an lsmid dispatcher is refused: {r.returncode} {r.stderr}")
        c.check(not os.path.exists(os.path.join(tmp, "clash")), "and nothing is written")
    c.done()


main()
