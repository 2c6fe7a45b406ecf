"""--slots exact against an independent count. For the 6.12 and 7.1 trees of
../shared/kernel/lsm_hook_impls.json and every shared config, this script counts each
hook's slots itself: one per LSM_HOOK_INIT entry of a counted LSM whose guard and file
build condition hold under the system cpp, plus one per hook for an LSM that registers
every hook (bpf). lsmgen's manifest must give the same count for every hook. Then the
exact layout is compiled and run like the max layout (test_dispatch.py), with those
per-hook counts."""

import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import kmodel  # noqa: E402

REGISTRY = ["SECURITY", "SECURITY_SELINUX", "SECURITY_SMACK", "SECURITY_APPARMOR",
            "SECURITY_TOMOYO", "SECURITY_YAMA", "SECURITY_LOADPIN", "SECURITY_LOCKDOWN_LSM",
            "SECURITY_SAFESETID", "BPF_LSM", "SECURITY_LANDLOCK", "IMA", "EVM", "SECURITY_IPE"]


def conditions_hold(conds, cfg):
    text = "".join(f"#if ({c})\nKEEP_{i}\n#endif\n" for i, c in enumerate(conds))
    out = kmodel.cpp('#include "config.h"\n#include "kconfig.h"\n' + text,
                     {"config.h": kmodel.defines(kmodel.read_config(cfg)), "kconfig.h": kmodel.KCONFIG_H})
    kept = set(int(x) for x in re.findall(r"KEEP_(\d+)", out))
    return [i in kept for i in range(len(conds))]


def expected_slots(tree, hooks, cfg):
    values = kmodel.read_config(cfg)
    gate = values.get("CONFIG_SECURITY") == "y"
    counted = {k for k in REGISTRY if gate and values.get("CONFIG_" + k) in ("y", "m")}
    names = [h[0] for h in hooks]
    slots = dict.fromkeys(names, 0)
    entries, conds = [], []
    for lsm, e in tree.items():
        if lsm.startswith("_") or e["kconfig"] not in counted:
            continue
        files = {f["file"]: f.get("build_condition") for f in e.get("files", [])}
        if e.get("all_hooks"):
            for n in names:
                slots[n] += 1
        for ent in e.get("hooks", []) + e.get("extra", []):
            guard = ent.get("guard_expanded") or ent.get("guard")
            c = [f"({guard})"] if guard else []
            bc = files.get(ent.get("file"))
            if bc:
                c.append(f"IS_ENABLED(CONFIG_{bc})")
            entries.append(ent["name"])
            conds.append(" && ".join(c) or "1")
    for name, ok in zip(entries, conditions_hold(conds, cfg)):
        if ok and name in slots:
            slots[name] += 1
    return slots


def main():
    kmodel.need_shared()
    impls_path = os.path.join(kmodel.KERNEL, "lsm_hook_impls.json")
    impls = json.load(open(impls_path))
    c = kmodel.Checker()
    for tree, version in (("v6.12", "v6.12"), ("v7.1", "v7.1-latest")):
        for cfg in kmodel.configs():
            table = kmodel.table(version)
            hooks = kmodel.hooks(table, cfg)
            want = expected_slots(impls[tree], hooks, cfg)
            with tempfile.TemporaryDirectory() as tmp:
                r = kmodel.run(["generate", "--hookdefs", table, "--config", cfg, "--slots", "exact",
                                "--impls", impls_path, "--impls-tree", tree, "-o", tmp,
                                "--manifest", os.path.join(tmp, "m.json")])
                if not c.check(r.returncode == 0, f"{tree} {cfg}: {r.stderr}"):
                    continue
                got = {h["name"]: h["slots"] for h in json.load(open(os.path.join(tmp, "m.json")))["hooks"]}
            nmax = kmodel.max_lsm_count(os.path.join(kmodel.KERNEL, "v6.12", "lsm_count.h"), cfg)
            bad = [f"{n}: {got.get(n)} != {w}" for n, w in want.items() if got.get(n) != w]
            c.check(not bad, f"{tree} {os.path.basename(cfg)}: " + "; ".join(bad[:10]))
            print(f"{tree} {os.path.basename(cfg)}: {sum(want.values())} exact slots "
                  f"(max layout {nmax * len(hooks)}), {len(bad)} hooks differ")
            if version == "v7.1-latest" and "fedora" in cfg:
                # the exact layout, compiled and run with these per-hook counts
                r = subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "test_dispatch.py"),
                                    table, cfg, json.dumps(want), "--slots", "exact", "--impls", impls_path,
                                    "--impls-tree", tree], capture_output=True, text=True)
                print("  " + "\n  ".join(r.stdout.strip().splitlines()[-3:]))
                c.check(r.returncode == 0, f"exact layout behaviour:\n{r.stdout[-3000:]}")
    c.done()


main()
