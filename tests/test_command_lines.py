"""The command lines lsmgen prints are read back by the shell as the arguments they
stand for: check's "regenerate with" line, and the options of an --all-configs banner.
The shell (sh -c) splits them here, independently of lsmgen's quoting."""

import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lib"))
import kmodel  # noqa: E402

EX = os.path.join(os.path.dirname(HERE), "hookdefs", "example")
c = kmodel.Checker()


def shell_words(line):
    """The words sh makes of line."""
    r = subprocess.run(["sh", "-c", 'for w in ' + line + '; do printf "%s\\0" "$w"; done'],
                       capture_output=True, text=True)
    c.check(r.returncode == 0, f"sh reads {line!r}: {r.stderr}")
    return r.stdout.split("\0")[:-1]


def main():
    with tempfile.TemporaryDirectory() as tmp:
        # a configuration whose path needs quoting, and values that do
        odd = os.path.join(tmp, "it's a dir (1)")
        os.mkdir(odd)
        shutil.copy(os.path.join(EX, "config"), os.path.join(odd, "config"))
        out = os.path.join(tmp, "out")
        args = ["--hookdefs", os.path.join(EX, "lsm_hook_defs.h"), "--config",
                os.path.join(odd, "config"), "--abstain-value", "(-1)", "-o", out]
        r = kmodel.run(["generate"] + args)
        c.check(r.returncode == 0, f"generate: {r.stderr}")
        with open(os.path.join(out, "lsm_count.h"), "a") as f:
            f.write("/* edited */\n")
        r = kmodel.run(["check", "--stat"] + args)
        line = r.stderr.split("regenerate with:\n", 1)[-1].strip()
        c.check(r.returncode == 1 and line.startswith("lsmgen generate "),
                f"check names the regenerate command: {r.stderr}")
        c.check(shell_words(line) == ["lsmgen", "generate"] + args,
                f"the regenerate line reads back as the arguments: {line}")

        # the banner of --all-configs output names the options that shaped it
        all_out = os.path.join(tmp, "all")
        r = kmodel.run(["generate", "--all-configs", "--hookdefs",
                        os.path.join(EX, "lsm_hook_defs.h"), "--abstain-value", "(-1)",
                        "--runtime-lsm", "bpf", "-o", all_out])
        c.check(r.returncode == 0, f"generate --all-configs: {r.stderr}")
        with open(os.path.join(all_out, "lsm_count.h")) as f:
            m = re.search(r"^ \* (--all-configs.*) --kernel KDIR -o DIR$", f.read(), re.M)
        c.check(m is not None, "the banner names its options")
        if m:
            c.check(shell_words(m.group(1)) == ["--all-configs", "--abstain-value", "(-1)",
                                                "--runtime-lsm", "bpf"],
                    f"the banner's options read back as given: {m.group(1)}")
    c.done()


main()
