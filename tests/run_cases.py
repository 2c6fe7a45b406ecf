"""Data-driven tests: each folder holds `cmd` (lsmgen's arguments on its first line;
several lines are several runs on the same inputs, whose outputs are compared together,
each after a "$ arguments" line), the inputs, and what must come out: `stdout`, `stderr`
(each absent = must be empty), `status` (absent = 0), and `expected/` (the exact set of
files written to @OUT@). A folder reads only its own files and, by placeholder, @OUT@ (a
fresh output directory), @SOURCE@ (the project: hookdefs/example, out/) and @SHARED@ (the
kernel corpus beside the checkout). lsmgen runs inside the folder, so messages name files
as the folder does. --regen rewrites the expectations from what lsmgen does now: read
the diff before committing it."""

import difflib
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import kmodel  # noqa: E402


def read(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", "replace")


def diff(want, got, name):
    return "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True),
                                        f"expected/{name}", f"actual/{name}"))


SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def placeholders(text, out):
    """What lsmgen printed or wrote, with the paths a case names by placeholder put back."""
    return text.replace(out, "@OUT@").replace(SOURCE, "@SOURCE@")


def run_case(case, regen):
    with open(os.path.join(case, "cmd")) as f:
        lines = [x.strip() for x in f if x.strip()]
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out")
        got = {"stdout": "", "stderr": "", "status": ""}
        for line in lines:
            args = [a.replace("@OUT@", out).replace("@SHARED@", kmodel.SHARED)
                    .replace("@SOURCE@", SOURCE)
                    for a in shlex.split(line)]
            if "@SHARED@" in line and not os.path.isdir(kmodel.SHARED):
                return None
            r = subprocess.run([kmodel.lsmgen()] + args, cwd=case, capture_output=True)
            # the output directory is a fresh temporary one: expectations name it @OUT@
            head = f"$ {line}\n" if len(lines) > 1 else ""
            got["stdout"] += head + placeholders(r.stdout.decode("utf-8", "replace"), out)
            got["stderr"] += head + placeholders(r.stderr.decode("utf-8", "replace"), out)
            got["status"] += head + f"{r.returncode}\n"
            # lsmgen exits 0, 1 or 2; anything else (a signal, a sanitizer) is a bug, never
            # an expectation, not even one --regen would record
            if r.returncode not in (0, 1, 2):
                return [f"lsmgen exited with status {r.returncode}:\n{got['stderr'][-3000:]}"]
        got_files = {}
        if os.path.isdir(out):
            for root, _, names in os.walk(out):
                for n in names:
                    p = os.path.join(root, n)
                    got_files[os.path.relpath(p, out)] = placeholders(read(p), out)
        expected_dir = os.path.join(case, "expected")
        if regen:
            for k, v in got.items():
                p = os.path.join(case, k)
                if v in ("", "0\n"):
                    if os.path.exists(p):
                        os.remove(p)
                    continue
                with open(p, "w") as f:
                    f.write(v)
            shutil.rmtree(expected_dir, ignore_errors=True)
            if got_files:
                for n, text in got_files.items():
                    os.makedirs(os.path.dirname(os.path.join(expected_dir, n)), exist_ok=True)
                    with open(os.path.join(expected_dir, n), "w") as f:
                        f.write(text)
            return []
        for k in ("stdout", "stderr", "status"):
            p = os.path.join(case, k)
            want = read(p) if os.path.exists(p) else ("0\n" if k == "status" else "")
            if want != got[k]:
                problems.append(f"{k} differs:\n{diff(want, got[k], k)}")
        want_files = {}
        if os.path.isdir(expected_dir):
            for root, _, names in os.walk(expected_dir):
                for n in names:
                    p = os.path.join(root, n)
                    want_files[os.path.relpath(p, expected_dir)] = read(p)
        for n in sorted(set(want_files) | set(got_files)):
            if n not in got_files:
                problems.append(f"{n} was not written")
            elif n not in want_files:
                problems.append(f"{n} was written but is not expected")
            elif want_files[n] != got_files[n]:
                problems.append(f"{n} differs:\n{diff(want_files[n], got_files[n], n)[:20000]}")
    return problems


def main():
    regen = "--regen" in sys.argv
    cases = [a for a in sys.argv[1:] if a != "--regen"]
    c = kmodel.Checker()
    for case in cases:
        problems = run_case(os.path.abspath(case), regen)
        name = os.path.relpath(case)
        if problems is None:
            print(f"skip {name}: needs ../shared")
            continue
        if regen and not problems:
            print(f"regenerated {name}")
            continue
        for p in problems:
            print(f"{name}: {p}")
        c.check(not problems, name)
    c.done()


main()
