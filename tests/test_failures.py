"""Failures of the environment end in exit status 2 and a message, never in a signal:

- under every address-space limit from 150 to 320 MB in 5 MB steps (libclang aborts when
  a thread or an allocation fails, and faults inside its own crash recovery), lsmgen
  generate on the 6.12 table with Ubuntu's configuration exits 0 with the same files as
  without a limit, or 2 with "lsmgen: ... error: ..." as the last line; 127 only from
  the dynamic loader, before lsmgen runs (it says so);
- the work killed by SIGSEGV while it waits for its output directory (whose lock the
  test holds) is exit 2 with "killed by signal 11", and the directory keeps its files;
- lsmgen itself killed with SIGKILL takes its work with it (nothing is left running
  to write the outputs later);
- a signal the work raises on itself, by a write to a closed pipe (SIGPIPE: "lsmgen
  hooks ... | head -1") or past RLIMIT_FSIZE (SIGXFSZ), ends lsmgen by that signal and
  quietly, as it would without a supervisor; the outputs are not half written;
- what a killed check left in $TMPDIR (lsmgen-check.PID.*, PID no longer running) is
  removed by the next check that shows a diff; another live process's is kept."""

import fcntl
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lib"))
import kmodel  # noqa: E402

TABLE = os.path.join(kmodel.KERNEL, "v6.12", "lsm_hook_defs.h")
CONFIG = os.path.join(kmodel.KERNEL, "configs", "ubuntu24.04-6.8.0-52-generic.config")
OUTPUTS = ["lsm_count.h", "lsm_static_calls.c", "lsm_static_calls.h"]
c = kmodel.Checker()


def files(d):
    return {n: open(os.path.join(d, n), "rb").read() for n in OUTPUTS}


def generate(out, config=CONFIG, limit_mb=None, **kw):
    def limit():
        if limit_mb:
            resource.setrlimit(resource.RLIMIT_AS, (limit_mb << 20, limit_mb << 20))
    return subprocess.Popen([kmodel.lsmgen(), "generate", "--hookdefs", TABLE, "--config",
                             config, "-o", out], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, preexec_fn=limit, **kw)


def memory_limits(tmp):
    ref = os.path.join(tmp, "ref")
    p = generate(ref)
    p.communicate()
    if not c.check(p.returncode == 0, f"unlimited run exits 0, not {p.returncode}"):
        return
    want = files(ref)
    seen = {}
    for mb in range(150, 325, 5):
        out = os.path.join(tmp, f"limit-{mb}")
        p = generate(out, limit_mb=mb)
        _, err = p.communicate()
        lines = err.strip().splitlines()
        last = lines[-1] if lines else ""
        seen[p.returncode] = seen.get(p.returncode, 0) + 1
        if p.returncode == 0:
            c.check(files(out) == want, f"{mb} MB: exit 0 with other files than without a limit")
        elif p.returncode == 2:
            c.check(last.startswith("lsmgen") and "error:" in last,
                    f"{mb} MB: exit 2 without an error message: {last!r}")
        elif p.returncode == 127:
            c.check("error while loading shared libraries" in err,
                    f"{mb} MB: exit 127 not from the loader: {last!r}")
        else:
            c.check(False, f"{mb} MB: {'signal ' + str(-p.returncode) if p.returncode < 0 else 'exit ' + str(p.returncode)}: {last!r}")
    print(f"memory limits: exit status -> runs: {dict(sorted(seen.items()))}")
    # the sweep must reach both ends, or it tests nothing
    c.check(seen.get(0) and (seen.get(2) or 0) >= 1,
            f"the sweep ends in both success and exit 2: {seen}")


def children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(x) for x in f.read().split()]
    except OSError:
        return []


def wait_child(p):
    for _ in range(500):
        kids = children(p.pid)
        if kids:
            return kids[0]
        time.sleep(0.01)
    return None


def killed_work(tmp):
    out = os.path.join(tmp, "kept")
    generate(out).communicate()
    before = files(out)
    lock = os.open(out, os.O_RDONLY)
    fcntl.flock(lock, fcntl.LOCK_EX)    # the work waits for it, after its reading
    p = generate(out)
    kid = wait_child(p)
    if not c.check(kid is not None, "the work runs in a child of lsmgen"):
        p.kill()
        return
    time.sleep(1)
    os.kill(kid, signal.SIGSEGV)
    _, err = p.communicate(timeout=30)
    c.check(p.returncode == 2, f"work killed by SIGSEGV: exit {p.returncode}, not 2")
    c.check("killed by signal 11" in err, f"work killed by SIGSEGV: the message says so: {err!r}")
    c.check(files(out) == before, "work killed by SIGSEGV: the outputs are unchanged")

    p = generate(out)
    kid = wait_child(p)
    time.sleep(1)
    p.send_signal(signal.SIGKILL)
    if kid is None:
        p.wait()
        return
    p.wait()
    for _ in range(200):
        if not os.path.exists(f"/proc/{kid}") or \
                open(f"/proc/{kid}/stat").read().split()[2] == "Z":
            break
        time.sleep(0.01)
    gone = not os.path.exists(f"/proc/{kid}") or open(f"/proc/{kid}/stat").read().split()[2] == "Z"
    c.check(gone, "lsmgen killed: its work does not outlive it")
    if not gone:
        os.kill(kid, signal.SIGKILL)
    os.close(lock)
    time.sleep(0.2)
    c.check(files(out) == before and sorted(os.listdir(out)) == sorted(OUTPUTS),
            "lsmgen killed: the outputs are unchanged, nothing written after the lock is free")


def own_signals(tmp):
    # a pipe of one page: the list (20 KB) cannot fit in it before the reader closes,
    # whatever the scheduler does, so the write after the close is certain
    r, w = os.pipe()
    fcntl.fcntl(w, fcntl.F_SETPIPE_SZ, 4096)
    p = subprocess.Popen([kmodel.lsmgen(), "hooks", "--hookdefs", TABLE, "--config", CONFIG],
                         stdout=w, stderr=subprocess.PIPE,
                         preexec_fn=lambda: signal.signal(signal.SIGPIPE, signal.SIG_DFL))
    os.close(w)
    reader = os.fdopen(r, "rb")
    reader.readline()
    reader.close()          # as head -1 does
    err = p.stderr.read().decode()
    p.wait()
    c.check(p.returncode == -signal.SIGPIPE and err == "",
            f"hooks | head -1: ends by SIGPIPE, quietly (status {p.returncode}, {err!r})")

    out = os.path.join(tmp, "fsize")
    os.makedirs(out)

    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
    p = subprocess.run([kmodel.lsmgen(), "generate", "--hookdefs", TABLE, "--config", CONFIG,
                        "-o", out], capture_output=True, text=True, preexec_fn=limit)
    c.check(p.returncode == -signal.SIGXFSZ and "libclang" not in p.stderr and
            not any(n in OUTPUTS for n in os.listdir(out)),
            f"generate past RLIMIT_FSIZE: ends by SIGXFSZ, no blame on libclang, no output "
            f"(status {p.returncode}, {p.stderr!r}, {os.listdir(out)})")


def check_leftovers(tmp):
    tmpdir = os.path.join(tmp, "tmpdir")
    out = os.path.join(tmp, "checked")
    os.makedirs(tmpdir)
    p = generate(out)
    p.communicate()
    with open(os.path.join(out, "lsm_count.h"), "a") as f:
        f.write("/* stale */\n")
    gone = subprocess.Popen(["true"])
    gone.wait()
    dead = os.path.join(tmpdir, f"lsmgen-check.{gone.pid}.AbCdEf")
    live = os.path.join(tmpdir, f"lsmgen-check.{os.getpid()}.AbCdEf")
    for d in (dead, live):
        os.makedirs(d)
        with open(os.path.join(d, "lsm_count.h"), "w") as f:
            f.write("left\n")
    r = subprocess.run([kmodel.lsmgen(), "check", "--hookdefs", TABLE, "--config", CONFIG,
                        "-o", out], capture_output=True, text=True,
                       env=dict(os.environ, TMPDIR=tmpdir))
    c.check(r.returncode == 1 and sorted(os.listdir(tmpdir)) == [os.path.basename(live)],
            f"check removes what a killed check left in TMPDIR, keeps a live one's "
            f"(status {r.returncode}, left {sorted(os.listdir(tmpdir))})")


def main():
    kmodel.need_shared()   # real tables and configurations
    with tempfile.TemporaryDirectory() as tmp:
        own_signals(tmp)
        check_leftovers(tmp)
        memory_limits(tmp)
        killed_work(tmp)
    c.done()


main()
