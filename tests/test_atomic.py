"""Outputs are never half-written. (1) A write that fails (ENOSPC from an LD_PRELOAD
shim) leaves DIR exactly as it was, with no temporary file, and exits 2. (2) SIGKILL at
random moments while lsmgen rewrites DIR between two contents: every output is always
one complete version or the other. (3) SIGTERM removes the temporary files."""

import os
import random
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import kmodel  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUTPUTS = ["lsm_count.h", "lsm_static_calls.h", "lsm_static_calls.c"]


def snapshot(d):
    return {f: open(os.path.join(d, f), "rb").read() for f in sorted(os.listdir(d))}


def write_inputs(tmp):
    """A large table (400 hooks) and two configs, so a rewrite takes a while."""
    table = os.path.join(tmp, "hooks.h")
    with open(table, "w") as f:
        for i in range(400):
            f.write(f"LSM_HOOK(int, -EOPNOTSUPP, hook_{i:03d}, struct inode *inode, const char *name,\n"
                    f"\t void **buffer, bool alloc, unsigned long flags_{i})\n")
    lsms = os.path.join(tmp, "lsms.json")
    with open(lsms, "w") as f:
        f.write('{"gate": "CONFIG_SECURITY", "lsms": [' + ", ".join(
            f'{{"name": "l{i}", "kconfig": "CONFIG_L{i}"}}' for i in range(24)) + "]}")
    cfgs = []
    for name, n in (("a.config", 24), ("b.config", 20)):
        p = os.path.join(tmp, name)
        with open(p, "w") as f:
            f.write("CONFIG_SECURITY=y\n" + "".join(f"CONFIG_L{i}=y\n" for i in range(n)))
        cfgs.append(p)
    return table, lsms, cfgs


def main():
    c = kmodel.Checker()
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as tmp:
        table, lsms, (cfg_a, cfg_b) = write_inputs(tmp)
        out = os.path.join(tmp, "out")

        def gen(cfg, **kw):
            return [kmodel.lsmgen(), "generate", "--hookdefs", table, "--config", cfg,
                    "--lsms", lsms, "-o", out]

        for cfg in (cfg_b, cfg_a):
            subprocess.run(gen(cfg), check=True)
            if cfg == cfg_b:
                new = snapshot(out)
        old = snapshot(out)
        print(f"outputs: {sum(map(len, old.values())) / 1e6:.1f} MB and "
              f"{sum(map(len, new.values())) / 1e6:.1f} MB")

        # (1) a full disk part-way through
        shim = os.path.join(tmp, "failwrite.so")
        subprocess.run(["cc", "-shared", "-fPIC", "-o", shim,
                        os.path.join(HERE, "shims", "failwrite.c"), "-ldl"], check=True)
        env = dict(os.environ, LD_PRELOAD=shim, FAILWRITE_AFTER="20000",
                   ASAN_OPTIONS="verify_asan_link_order=0:detect_leaks=0")
        r = subprocess.run(gen(cfg_b), env=env, capture_output=True, text=True)
        c.check(r.returncode == 2, f"full disk: exit {r.returncode}, want 2")
        c.check("No space left on device" in r.stderr, f"full disk: message {r.stderr!r}")
        c.check(snapshot(out) == old, "full disk: the outputs changed")
        print(f"full disk: exit {r.returncode}, {r.stderr.strip()}")

        # (2) SIGKILL at random moments
        kills = whole = 0
        cfg = cfg_b
        for i in range(60):
            p = subprocess.Popen(gen(cfg), stderr=subprocess.DEVNULL)
            time.sleep(rng.uniform(0, 0.06))
            if p.poll() is None:
                p.send_signal(signal.SIGKILL)
                kills += 1
            p.wait()
            now = {f: open(os.path.join(out, f), "rb").read() for f in OUTPUTS}
            ok = all(now[f] in (old[f], new[f]) for f in OUTPUTS)
            whole += ok
            c.check(ok, f"kill {i}: an output is neither the old nor the new version")
            for f in os.listdir(out):  # SIGKILL may leave a temporary file; never an output
                if f not in OUTPUTS:
                    os.remove(os.path.join(out, f))
            cfg = cfg_a if cfg == cfg_b else cfg_b
        print(f"SIGKILL: {kills} of 60 runs killed part-way; outputs whole after all {whole}")

        # (3) SIGTERM cleans up after itself
        left = 0
        for i in range(20):
            p = subprocess.Popen(gen(cfg_a if i % 2 else cfg_b), stderr=subprocess.DEVNULL)
            time.sleep(rng.uniform(0, 0.06))
            p.send_signal(signal.SIGTERM)
            p.wait()
            left += len([f for f in os.listdir(out) if f not in OUTPUTS])
        c.check(left == 0, f"SIGTERM left {left} temporary files")
        print(f"SIGTERM: 20 runs, {left} temporary files left")
    c.done()


main()
