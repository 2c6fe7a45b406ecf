"""The hooks a configuration keeps, as the preprocessor keeps them: for every (table, config) pair of ../shared/kernel, lsmgen hooks
--json lists exactly what the system cpp keeps, and lsmgen count equals what the kernel's
own lsm_count.h computes under cpp."""

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import kmodel  # noqa: E402

kmodel.need_shared()
c = kmodel.Checker()
count_h = [os.path.join(kmodel.KERNEL, v, "lsm_count.h") for v in ("v6.12", "v7.1-latest")]

for cfg in kmodel.configs():
    name = os.path.basename(cfg)
    want = kmodel.max_lsm_count(count_h[0], cfg)
    for args in ([], ["--lsm-count-h", count_h[0]], ["--lsm-count-h", count_h[1]]):
        r = kmodel.run(["count", "--config", cfg] + args)
        c.check(r.returncode == 0 and r.stdout.strip() == str(want),
                f"count {name} {args}: lsmgen says {r.stdout.strip()!r} {r.stderr.strip()}, cpp says {want}")
    print(f"{name}: MAX_LSM_COUNT {want}")
    for version in kmodel.TABLES:
        expect = kmodel.hooks(kmodel.table(version), cfg)
        r = kmodel.run(["hooks", "--hookdefs", kmodel.table(version), "--config", cfg, "--json"])
        if not c.check(r.returncode == 0 and r.stderr == "", f"hooks {version} {name}: {r.stderr}"):
            continue
        got = json.loads(r.stdout)["hooks"]
        c.check([h["name"] for h in got] == [e[0] for e in expect],
                f"{version} {name}: hook names or order differ")
        for h, (ename, eret, edef, eparams) in zip(got, expect):
            where = f"{version} {name} {ename}"
            c.check(h["ret"] == eret, f"{where}: ret {h['ret']} != {eret}")
            c.check(h["default"] == edef, f"{where}: default {h['default']} != {edef}")
            c.check([p["name"] for p in h["params"]] == [p[1] for p in eparams],
                    f"{where}: parameter names {h['params']} != {eparams}")
            c.check([kmodel.nospace(p["type"]) for p in h["params"]] ==
                    [kmodel.nospace(p[0]) for p in eparams],
                    f"{where}: parameter types {h['params']} != {eparams}")
        print(f"  {version}: {len(expect)} hooks agree with cpp")
        # and generation itself runs clean on every pair (this test also runs under ASan)
        with tempfile.TemporaryDirectory() as tmp:
            r = kmodel.run(["generate", "--hookdefs", kmodel.table(version), "--config", cfg, "-o", tmp,
                            "--manifest", os.path.join(tmp, "m.json")])
            c.check(r.returncode == 0 and r.stderr == "", f"generate {version} {name}: {r.stderr}")
c.done()
