"""Every option every command accepts changes what it does, or is a usage error that
names it.

The commands and their options come from lsmgen itself (lsmgen --help, lsmgen help CMD),
so an option added later is tried too, and one without a value below fails. Each command
runs once as a baseline; then once per option, the option added with a value that
differs from its default (an input that replaces the baseline's is swapped in). The
result must be exit 2 with the option's name in the message, or exit 0/1 with stdout,
stderr, the exit status or the files written differing from the baseline."""

import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lib"))
import kmodel  # noqa: E402

SOURCE = os.path.dirname(HERE)
EX = os.path.join(SOURCE, "hookdefs", "example")
TREE = os.path.join(HERE, "cases", "scan-tree")
c = kmodel.Checker()


def setup(tmp):
    """The files the option values name, written under tmp."""
    p = lambda *a: os.path.join(tmp, *a)  # noqa: E731
    with open(p("other.config"), "w") as f:
        f.write("CONFIG_SECURITY=y\nCONFIG_SECURITY_NETWORK=y\nCONFIG_SECURITY_SMACK=y\n"
                "CONFIG_SECURITY_APPARMOR=y\nCONFIG_SECURITY_TOMOYO=y\n")
    with open(p("lsms.json"), "w") as f:
        f.write('{"gate": "CONFIG_SECURITY", "lsms": [{"name": "selinux", '
                '"kconfig": "CONFIG_SECURITY_SELINUX"}]}\n')
    # the kernel's lsm_count.h without SELinux (the default list is the full one)
    with open(os.path.join(kmodel.KERNEL, "v6.12", "lsm_count.h")) as f:
        text = f.read()
    text, n = re.subn(r"#if IS_ENABLED\(CONFIG_SECURITY_SELINUX\)\n.*?#endif\n", "", text,
                      flags=re.S)
    assert n == 1
    with open(p("lsm_count.h"), "w") as f:
        f.write(text.replace("\t\tSELINUX_ENABLED\t\t\\\n", ""))
    with open(p("policies.json"), "w") as f:
        f.write('{"hooks": {}}\n')
    shutil.copytree(os.path.join(TREE, "linux"), p("linux"))
    shutil.rmtree(p("linux", "security", "landmark"))
    shutil.copytree(os.path.join(SOURCE, "templates"), p("templates"))
    with open(p("templates", "lsm_count.h.tmpl"), "a") as f:
        f.write("/* another template */\n")
    r = kmodel.run(["impls", "--kernel", os.path.join(TREE, "linux"), "--lsms",
                    os.path.join(TREE, "lsms.json")])
    with open(p("impls.json"), "w") as f:
        f.write(r.stdout)
    os.makedirs(p("stale"))
    kmodel.run(["generate", "--hookdefs", os.path.join(EX, "lsm_hook_defs.h"), "--config",
                os.path.join(EX, "config"), "-o", p("stale")])
    with open(p("stale", "lsm_count.h"), "a") as f:
        f.write("/* edited */\n")
    return {
        "hookdefs": os.path.join(kmodel.KERNEL, "v6.12", "lsm_hook_defs.h"),
        "config": p("other.config"),
        "kernel": p("linux"),
        "objtree": os.path.join(TREE, "build"),
        "lsms": p("lsms.json"),
        "lsm-count-h": p("lsm_count.h"),
        "policies": p("policies.json"),
        "dispatch": "switch",
        "abstain-value": "-1",
        "runtime-lsm": "selinux",
        "slots": "exact",
        "impls": p("impls.json"),
        "impls-tree": "linux",
        "explain-slots": "file_open",
        "output": p("other-out"),
        "manifest": p("manifest.json"),
        "templates": p("templates"),
        "depfile": p("lsm.d"),
        "depfile-target": "target",
        "all-configs": None, "json": None, "explain": None, "verbose": None, "stat": None,
        "quiet": None,
    }


def baseline(cmd, tmp):
    """A run of cmd that each of its options could change."""
    inputs = ["--hookdefs", os.path.join(EX, "lsm_hook_defs.h"), "--config",
              os.path.join(EX, "config")]
    return {
        "generate": inputs + ["-o", os.path.join(tmp, "out")],
        "hooks": inputs,
        "check": inputs + ["-o", os.path.join(tmp, "stale")],
        "count": ["--config", os.path.join(EX, "config")],
        "diff": [f"{os.path.join(EX, 'lsm_hook_defs.h')}:{os.path.join(EX, 'config')}",
                 f"{os.path.join(EX, 'lsm_hook_defs.h')}:{os.path.join(tmp, 'other.config')}"],
        "stats": inputs,
        "impls": ["--kernel", os.path.join(TREE, "linux")],
    }[cmd]


def commands():
    out = kmodel.run(["--help"]).stdout
    block = out.split("Commands:")[1].split("\n\n")[0]
    return [m.group(1) for m in re.finditer(r"^  (\w+)", block, re.M) if m.group(1) != "help"]


def options(cmd):
    """{long name: its short name or None}, from lsmgen help CMD."""
    return {m.group(2): m.group(1) for m in re.finditer(r"^\s+(?:(-\w), )?--([\w-]+)",
                                                        kmodel.run(["help", cmd]).stdout, re.M)}


def with_option(args, opt, value):
    """args with --opt value: replacing the baseline's own --opt, or added."""
    args = list(args)
    flag = "--" + opt
    if flag in args and value is not None:
        args[args.index(flag) + 1] = value
        return args
    if opt == "output" and "-o" in args:
        args[args.index("-o") + 1] = value
        return args
    return args + [flag] + ([value] if value is not None else [])


def result(args, tmp):
    """What a run did: status, stdout, the files it wrote (lsmgen runs in a fresh copy of
    the directories it may write)."""
    work = os.path.join(tmp, "run")
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(os.path.join(tmp, "seed"), work)
    args = [a.replace(os.path.join(tmp, "seed"), work) for a in args]
    r = subprocess.run([kmodel.lsmgen()] + args, capture_output=True, text=True, cwd=work)
    written = {}
    for d, _, names in os.walk(work):
        for n in names:
            path = os.path.join(d, n)
            written[os.path.relpath(path, work)] = open(path, "rb").read()
    return r.returncode, r.stdout.replace(work, "WORK"), written, r.stderr.replace(work, "WORK")


def main():
    kmodel.need_shared()   # real tables and configurations
    with tempfile.TemporaryDirectory() as tmp:
        seed = os.path.join(tmp, "seed")
        os.makedirs(seed)
        values = setup(seed)
        tried = 0
        for cmd in commands():
            base_args = [cmd] + baseline(cmd, seed)
            base = result(base_args, tmp)
            c.check(base[0] in (0, 1), f"{cmd}: baseline {base_args} exits {base[0]}: {base[3]}")
            for opt, short in options(cmd).items():
                if opt not in values:
                    c.check(False, f"{cmd} --{opt}: no value to try it with (add one)")
                    continue
                args = with_option(base_args, opt, values[opt])
                got = result(args, tmp)
                tried += 1
                named = got[0] == 2 and (f"--{opt}" in got[3] or (short and short in got[3]))
                changed = got[0] in (0, 1) and got != base
                c.check(named or changed, f"{cmd} --{opt}: exit {got[0]}, "
                        f"{'no change' if got == base else 'an error'} "
                        f"({got[3].strip()[:300]!r})")
        print(f"{tried} (command, option) pairs tried")
    c.done()


main()
