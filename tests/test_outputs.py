"""The output set of a run is safe for the user's files:

(1) an output that is an input, or another output (by path, symbolic link or hard
    link), is refused with exit 2 before anything is written;
(2) the files, the manifest and the depfile are replaced all together or not at all: a
    rename that fails half-way (LD_PRELOAD shim), a manifest or depfile that cannot be
    written, leave every output as it was and no temporary file;
(5) an input that is not a regular file (FIFO, /dev/zero, a directory) or is larger
    than the cap is refused at once with a located error; a symlink to a file is fine;
(6) SIGQUIT and SIGUSR1 during a large write, and SIGTERM during check, leave nothing
    behind; check works in TMPDIR and leaves it empty;
(8) a write to stdout that fails (/dev/full) is an error, exit 2.

Every input is a copy in a temporary directory, so a regression cannot damage the
project's own files."""

import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lib"))
import kmodel  # noqa: E402

SOURCE = os.path.dirname(HERE)
OUTPUTS = ["lsm_count.h", "lsm_static_calls.c", "lsm_static_calls.h"]
c = kmodel.Checker()


def tree(d):
    """path -> bytes of every file under d (symbolic links as 'link -> target')"""
    out = {}
    for root, dirs, files in os.walk(d):
        for f in files + [x for x in dirs if os.path.islink(os.path.join(root, x))]:
            p = os.path.join(root, f)
            rel = os.path.relpath(p, d)
            if os.path.islink(p):
                out[rel] = ("link -> " + os.readlink(p)).encode()
            elif os.path.isfile(p):
                out[rel] = open(p, "rb").read()
            else:       # a FIFO: reading it would wait for a writer
                out[rel] = b"(not a file)"
    return out


def lsmgen(args, **kw):
    return subprocess.run([kmodel.lsmgen()] + args, capture_output=True, text=True,
                          timeout=60, **kw)


def inputs(tmp):
    table = os.path.join(tmp, "lsm_hook_defs.h")
    config = os.path.join(tmp, "config")
    shutil.copyfile(os.path.join(SOURCE, "hookdefs", "example", "lsm_hook_defs.h"), table)
    shutil.copyfile(os.path.join(SOURCE, "hookdefs", "example", "config"), config)
    return table, config


def refused(name, args, tmp, want_status, want_text):
    """Run; it must exit want_status, say want_text, and change nothing under tmp."""
    before = tree(tmp)
    r = lsmgen(args)
    c.check(r.returncode == want_status, f"{name}: exit {r.returncode}, want {want_status}"
            f" ({r.stderr.strip()})")
    c.check(want_text in r.stderr, f"{name}: message {r.stderr.strip()!r} does not say "
            f"{want_text!r}")
    after = tree(tmp)
    c.check(after == before, f"{name}: files changed: " + ", ".join(sorted(
        k for k in set(before) | set(after) if before.get(k) != after.get(k))))
    print(f"{name}: exit {r.returncode}: {r.stderr.strip().splitlines()[0] if r.stderr else ''}")


def aliases():
    with tempfile.TemporaryDirectory() as tmp:
        table, config = inputs(tmp)
        out = os.path.join(tmp, "out")
        base = ["generate", "--hookdefs", table, "--config", config, "-o", out]
        refused("depfile is the config", base + ["--depfile", config], tmp, 2,
                "would overwrite an input")
        refused("manifest is the hook table", base + ["--manifest", table], tmp, 2,
                "would overwrite an input")
        refused("manifest is a generated file", base + ["--manifest", out + "/lsm_count.h"],
                tmp, 2, "is both the generated file and the manifest")
        refused("depfile is the manifest", base + ["--manifest", tmp + "/m.json",
                "--depfile", tmp + "/m.json"], tmp, 2, "is both the manifest and the depfile")
        os.symlink("config", os.path.join(tmp, "config-link"))
        refused("depfile is a symbolic link to the config",
                base + ["--depfile", tmp + "/config-link"], tmp, 2, "would overwrite an input")
        os.link(table, os.path.join(tmp, "table-hardlink"))
        refused("manifest is a hard link to the hook table",
                base + ["--manifest", tmp + "/table-hardlink"], tmp, 2,
                "would overwrite an input")
        refused("path with .. to the config", base + ["--depfile", out + "/../config"], tmp, 2,
                "would overwrite an input")
        # a directory that holds an input's name: -o the directory of the table itself
        shutil.copyfile(os.path.join(HERE, "cases", "kernel-tree", "linux", "include", "linux",
                                     "lsm_count.h"), tmp + "/lsm_count.h")
        refused("-o beside the inputs, --lsm-count-h in it",
                ["generate", "--hookdefs", table, "--config", config, "-o", tmp,
                 "--lsm-count-h", tmp + "/lsm_count.h"], tmp, 2, "would overwrite an input")

    # the kernel's own lsm_count.h is an input of --kernel: -o KDIR/include/linux is refused
    with tempfile.TemporaryDirectory() as tmp:
        kdir = os.path.join(tmp, "linux")
        shutil.copytree(os.path.join(HERE, "cases", "kernel-tree", "linux"), kdir)
        shutil.copytree(os.path.join(HERE, "cases", "kernel-tree", "build"),
                        os.path.join(tmp, "build"))
        c.check(os.path.exists(kdir + "/include/linux/lsm_count.h"),
                "the mock tree has include/linux/lsm_count.h")
        refused("--kernel KDIR -o KDIR/include/linux",
                ["generate", "--kernel", kdir, "-O", tmp + "/build", "-o",
                 kdir + "/include/linux"], tmp, 2, "would overwrite an input")
        r = lsmgen(["generate", "--kernel", kdir, "-O", tmp + "/build", "-o", tmp + "/gen"])
        c.check(r.returncode == 0, f"--kernel with a separate -o still works: {r.stderr}")

    # a symbolic link as an output is replaced by the file (the link's target is not
    # written through), as mv would; documented in docs/testing.md
    with tempfile.TemporaryDirectory() as tmp:
        table, config = inputs(tmp)
        target = os.path.join(tmp, "elsewhere.json")
        with open(target, "w") as f:
            f.write("keep me\n")
        os.symlink("elsewhere.json", os.path.join(tmp, "m.json"))
        r = lsmgen(["generate", "--hookdefs", table, "--config", config, "-o", tmp + "/out",
                    "--manifest", tmp + "/m.json"])
        c.check(r.returncode == 0, f"symlink manifest: exit {r.returncode} {r.stderr}")
        c.check(not os.path.islink(tmp + "/m.json") and
                open(tmp + "/m.json").read().startswith("{"),
                "symlink manifest: replaced by the manifest")
        c.check(open(target).read() == "keep me\n", "symlink manifest: its target was written")


def all_or_nothing():
    with tempfile.TemporaryDirectory() as tmp:
        table, config = inputs(tmp)
        out = os.path.join(tmp, "out")
        man, dep = tmp + "/manifest.json", tmp + "/lsm.d"
        full = ["generate", "--hookdefs", table, "--config", config, "-o", out,
                "--manifest", man, "--depfile", dep]
        r = lsmgen(full)
        c.check(r.returncode == 0, f"first run: {r.stderr}")
        # a second configuration changes every output
        config2 = tmp + "/config2"
        with open(config2, "w") as f:
            f.write(open(config).read().replace("CONFIG_SECURITY_YAMA=y",
                                                "# CONFIG_SECURITY_YAMA is not set"))
        full2 = [x if x != config else config2 for x in full]
        shim = os.path.join(tmp, "failrename.so")
        subprocess.run(["cc", "-shared", "-fPIC", "-o", shim,
                        os.path.join(HERE, "shims", "failrename.c"), "-ldl"], check=True)
        for at in (1, 2, 3, 4, 5):
            before = tree(tmp)
            env = dict(os.environ, LD_PRELOAD=shim, FAILRENAME_AT=str(at),
                       ASAN_OPTIONS="verify_asan_link_order=0:detect_leaks=0")
            r = lsmgen(full2, env=env)
            c.check(r.returncode == 2, f"rename {at} fails: exit {r.returncode}, want 2")
            c.check("cannot replace" in r.stderr, f"rename {at} fails: {r.stderr!r}")
            after = tree(tmp)
            changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
            c.check(not changed, f"rename {at} fails: changed {changed}")
            print(f"rename {at} of 5 fails: exit {r.returncode}, {len(changed)} files changed")
        r = lsmgen(full2)
        c.check(r.returncode == 0 and tree(tmp) != before, "without the shim the run succeeds")
        lsmgen(full)

        before = tree(tmp)
        refused("manifest into a missing directory",
                full2[:-4] + ["--manifest", tmp + "/nodir/m.json", "--depfile", dep], tmp, 2,
                "cannot create a temporary file")
        refused("depfile into a missing directory",
                full2[:-2] + ["--depfile", tmp + "/nodir/lsm.d"], tmp, 2,
                "cannot create a temporary file")
        if os.geteuid() != 0:   # root writes anywhere; the rename shim covers it there
            os.chmod(out, 0o555)
            refused("read-only output directory", full2, tmp, 2, "cannot")
            os.chmod(out, 0o755)


def not_files():
    with tempfile.TemporaryDirectory() as tmp:
        table, config = inputs(tmp)
        out = os.path.join(tmp, "out")
        fifo = os.path.join(tmp, "fifo")
        os.mkfifo(fifo)
        t0 = time.monotonic()
        refused("FIFO as config", ["generate", "--hookdefs", table, "--config", fifo,
                                   "-o", out], tmp, 1, "is not a regular file")
        c.check(time.monotonic() - t0 < 10, "FIFO as config: answered at once")
        refused("/dev/zero as hook table", ["generate", "--hookdefs", "/dev/zero",
                                            "--config", config, "-o", out], tmp, 1,
                "/dev/zero: error: is not a regular file")
        refused("/dev/null as config", ["count", "--config", "/dev/null"], tmp, 1,
                "is not a regular file")
        big = os.path.join(tmp, "big.config")
        with open(big, "w") as f:
            f.write("CONFIG_SECURITY=y\n")
            f.write(("# " + "x" * 1000 + "\n") * 17 * 1024)
        refused("17 MiB config", ["count", "--config", big], tmp, 1, "is larger than 16 MiB")
        os.remove(big)
        os.symlink("config", os.path.join(tmp, "config-link"))
        r = lsmgen(["count", "--config", tmp + "/config-link"])
        c.check(r.returncode == 0 and r.stdout.strip() == "3",
                f"a symbolic link to a config is read: {r.returncode} {r.stdout!r}")


def large_inputs(tmp):
    table = os.path.join(tmp, "hooks.h")
    with open(table, "w") as f:
        for i in range(400):
            f.write(f"LSM_HOOK(int, 0, hook_{i:03d}, struct inode *inode, unsigned long f)\n")
    lsms = os.path.join(tmp, "lsms.json")
    with open(lsms, "w") as f:
        f.write('{"gate": "CONFIG_SECURITY", "lsms": [' + ", ".join(
            f'{{"name": "l{i}", "kconfig": "CONFIG_L{i}"}}' for i in range(24)) + "]}")
    config = os.path.join(tmp, "config")
    with open(config, "w") as f:
        f.write("CONFIG_SECURITY=y\n" + "".join(f"CONFIG_L{i}=y\n" for i in range(24)))
    return table, lsms, config


def signals():
    rng = random.Random(14)
    with tempfile.TemporaryDirectory() as tmp:
        table, lsms, config = large_inputs(tmp)
        out = os.path.join(tmp, "out")
        os.mkdir(out)
        args = [kmodel.lsmgen(), "generate", "--hookdefs", table, "--config", config,
                "--lsms", lsms, "-o", out, "--manifest", out + "/m.json"]
        for sig in (signal.SIGQUIT, signal.SIGUSR1, signal.SIGTERM, signal.SIGHUP):
            left = killed = 0
            for i in range(12):
                for f in os.listdir(out):
                    os.remove(os.path.join(out, f))
                p = subprocess.Popen(args, stderr=subprocess.DEVNULL)
                time.sleep(rng.uniform(0.0, 0.15))
                if p.poll() is None:
                    p.send_signal(sig)
                    killed += 1
                p.wait()
                left += len([f for f in os.listdir(out) if f not in OUTPUTS + ["m.json"]])
            c.check(left == 0, f"{signal.Signals(sig).name}: {left} temporary files left")
            print(f"{signal.Signals(sig).name}: {killed} of 12 runs stopped part-way, "
                  f"{left} temporary files left")

        # check compares in TMPDIR and leaves it empty, whether it ends or is stopped
        subprocess.run(args, check=True, capture_output=True)
        with open(out + "/lsm_static_calls.c", "a") as f:
            f.write("/* edited */\n")
        tmpdir = os.path.join(tmp, "tmpdir")
        os.mkdir(tmpdir)
        env = dict(os.environ, TMPDIR=tmpdir)
        check = [kmodel.lsmgen(), "check"] + args[2:]
        r = subprocess.run(check, capture_output=True, text=True, env=env)
        c.check(r.returncode == 1 and "+/* edited */" not in r.stdout and
                "-/* edited */" in r.stdout, f"check of an edited file: exit {r.returncode}")
        c.check(os.listdir(tmpdir) == [], f"check left {os.listdir(tmpdir)} in TMPDIR")
        stopped = 0
        for i in range(12):
            p = subprocess.Popen(check, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                 env=env)
            time.sleep(rng.uniform(0.0, 0.15))
            if p.poll() is None:
                p.send_signal(signal.SIGTERM if i % 2 else signal.SIGINT)
                stopped += 1
            p.wait()
        c.check(os.listdir(tmpdir) == [], f"a stopped check left {os.listdir(tmpdir)}")
        print(f"check stopped {stopped} of 12 times: TMPDIR holds {os.listdir(tmpdir)}")


def stdout_full():
    """A failed write to stdout (a full disk) says so and exits 2, whatever the command:
    a report, --help, --version, and a diff that found differences (exit 1 otherwise)."""
    example = os.path.join(SOURCE, "hookdefs", "example")
    runs = {
        "hooks": ["hooks", "--hookdefs", os.path.join(example, "lsm_hook_defs.h"),
                  "--config", os.path.join(example, "config")],
        "--help": ["--help"],
        "--version": ["--version"],
        "diff": ["diff", os.path.join(SOURCE, "out", "manifest.json"),
                 os.path.join(example, "lsm_hook_defs.h") + ":" +
                 os.path.join(SOURCE, "tests", "cases", "config-values", "input.config")],
    }
    for name, args in runs.items():
        with open("/dev/full", "w") as full:
            r = subprocess.run([kmodel.lsmgen()] + args, stdout=full, stderr=subprocess.PIPE,
                               text=True, timeout=60)
        c.check(r.returncode == 2 and "<stdout>: error: cannot write: No space left on device"
                in r.stderr, f"{name} > /dev/full: exit {r.returncode}, {r.stderr!r}")
        print(f"{name} > /dev/full: exit {r.returncode}: {r.stderr.strip()}")

stdout_full()
aliases()
all_or_nothing()
not_files()
signals()
c.done()
