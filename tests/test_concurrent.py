"""Runs that share an output directory take turns, and leave no debris:

- 40 pairs of `generate` runs started together into one DIR, each pair from the 6.12
  table and two distributions' configurations: after each pair, DIR holds the whole set of one of the two runs
  (compared byte for byte with each run's own set, written alone beforehand), never
  lsm_count.h of one and the .c/.h of the other;
- temporary files that a killed run left beside the outputs (".NAME.tmp.XXXXXX",
  ".NAME.old.NNNNNN") are removed by the next run;
- a run that fails after creating a fresh -o DIR (its manifest cannot be written)
  leaves no directory behind.

Inputs are copies in a temporary directory."""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lib"))
import kmodel  # noqa: E402

SOURCE = os.path.dirname(HERE)
TABLE = os.path.join(SOURCE, "hookdefs", "example", "lsm_hook_defs.h")
BIG_TABLE = os.path.join(kmodel.KERNEL, "v6.12", "lsm_hook_defs.h")
OUTPUTS = ["lsm_count.h", "lsm_static_calls.c", "lsm_static_calls.h"]
c = kmodel.Checker()


def files(d):
    return {n: open(os.path.join(d, n), "rb").read() for n in OUTPUTS}


def start(config, out, table=TABLE):
    return subprocess.Popen([kmodel.lsmgen(), "generate", "--hookdefs", table, "--config", config,
                             "-o", out], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def concurrent_pairs(tmp):
    # the real 6.12 table and two distributions' configurations: outputs of about 1 MB,
    # whose writes overlap when nothing serialises them
    configs = [os.path.join(kmodel.KERNEL, "configs", n + ".config")
               for n in ("ubuntu24.04-6.8.0-52-generic", "fedora44-7.1.7-200-x86_64")]
    alone = []
    for i, config in enumerate(configs):
        d = os.path.join(tmp, f"alone{i}")
        r = start(config, d, BIG_TABLE)
        c.check(r.wait() == 0, f"generate alone from {config}")
        alone.append(files(d))
    c.check(alone[0] != alone[1], "the two configurations give different sets")
    out = os.path.join(tmp, "shared")
    mixed = failed = 0
    for i in range(40):
        runs = [start(configs[(i + k) % 2], out, BIG_TABLE) for k in (0, 1)]
        failed += sum(r.wait() != 0 for r in runs)
        mixed += files(out) not in alone
    c.check(failed == 0, f"every concurrent run succeeds ({failed} of 80 failed)")
    c.check(mixed == 0, f"after each of 40 concurrent pairs DIR holds one run's whole set "
            f"({mixed} mixed)")
    left = [n for n in os.listdir(out) if n not in OUTPUTS]
    c.check(not left, f"no temporary file left: {left}")


def stale_temporaries(tmp):
    out = os.path.join(tmp, "stale")
    os.makedirs(out)
    debris = [".lsm_count.h.tmp.Ab12Cd", ".lsm_static_calls.c.old.001234",
              ".lsm_static_calls.h.tmp.zzzzzz"]
    keep = [".lsm_count.h.tmp.short", "notes.txt", ".other.tmp.abcdef"]
    for n in debris + keep:
        open(os.path.join(out, n), "w").close()
    r = start(os.path.join(SOURCE, "hookdefs", "example", "config"), out)
    c.check(r.wait() == 0, "generate into a DIR with a killed run's temporaries")
    have = set(os.listdir(out))
    c.check(not (have & set(debris)), f"a killed run's temporaries are removed: {have & set(debris)}")
    c.check(set(keep) <= have, f"other files are kept: {set(keep) - have}")


def fresh_dir_removed(tmp):
    out = os.path.join(tmp, "fresh", "deeper", "out")
    r = subprocess.run([kmodel.lsmgen(), "generate", "--hookdefs", TABLE, "--config",
                        os.path.join(SOURCE, "hookdefs", "example", "config"), "-o", out,
                        "--manifest", "/proc/self/no-such-manifest"], capture_output=True)
    c.check(r.returncode == 2, f"a manifest that cannot be written is exit 2 ({r.returncode})")
    c.check(not os.path.exists(os.path.join(tmp, "fresh")),
            "the directories the failed run created are removed")


kmodel.need_shared()   # real tables and configurations
with tempfile.TemporaryDirectory() as tmp:
    concurrent_pairs(tmp)
    stale_temporaries(tmp)
    fresh_dir_removed(tmp)
c.done()
