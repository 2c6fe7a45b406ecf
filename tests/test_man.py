"""lsmgen.1 says what the program does: the commands `lsmgen --help` lists, for each the
options `lsmgen help CMD` lists (no more, no fewer), every option in OPTIONS with the
value name help gives it, the exit statuses, and groff reads it without a warning."""

import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lib"))
import kmodel  # noqa: E402

MAN = os.path.join(os.path.dirname(HERE), "lsmgen.1")
c = kmodel.Checker()


def help_commands():
    text = kmodel.run(["--help"]).stdout
    block = text.split("Commands:\n", 1)[1].split("\n\n", 1)[0]
    return [m.group(1) for m in re.finditer(r"^  (\w+)", block, re.M)]


def help_options(cmd):
    """{long name: value name or None}, and {short: long}, as `lsmgen help cmd` lists them."""
    opts, shorts = {}, {}
    for m in re.finditer(r"^  (?:-(\w), )?\s*--([a-z-]+)(?: ([A-Z]+|[a-z|]+))?",
                         kmodel.run(["help", cmd]).stdout, re.M):
        opts[m.group(2)] = m.group(3)
        if m.group(1):
            shorts[m.group(1)] = m.group(2)
    return opts, shorts


def unescape(roff):
    return roff.replace("\\-", "-").replace("\\fR", "").replace("\\fI", "").replace('"', "")


def main():
    r = subprocess.run(["groff", "-man", "-ww", "-z", MAN], capture_output=True, text=True)
    c.check(r.returncode == 0 and r.stderr == "", f"groff reads lsmgen.1 cleanly: {r.stderr}")
    with open(MAN) as f:
        man = f.read()
    sections = dict(re.findall(r"^\.SH ([A-Z ]+)\n(.*?)(?=^\.SH |\Z)", man, re.M | re.S))
    # COMMANDS: ".TP\n.B name" entries, each with an "Options:" list
    entries = re.findall(r"^\.TP\n\.BI? \"?(\w+)[^\n]*\n(.*?)(?=^\.TP\n|\Z)",
                         sections.get("COMMANDS", ""), re.M | re.S)
    documented = {name: body for name, body in entries}
    commands = help_commands()
    c.check(sorted(documented) == sorted(commands),
            f"COMMANDS documents {sorted(documented)}; --help lists {sorted(commands)}")
    every = {}
    for cmd in commands:
        if cmd == "help":
            continue
        opts, shorts = help_options(cmd)
        every.update(opts)
        m = re.search(r"^Options: (.*?)\.$", documented.get(cmd, ""), re.M | re.S)
        listed = set()
        for word in unescape(m.group(1) if m else "").replace("\n", " ").split(", "):
            word = word.strip()
            listed.add(shorts.get(word[1:], word[1:]) if re.fullmatch(r"-\w", word)
                       else word[2:])
        c.check(listed == set(opts), f"{cmd}: lsmgen.1 lists {sorted(listed)}, "
                f"help lists {sorted(opts)}")
    # OPTIONS: every option, with help's value name
    options = {}
    for line in re.findall(r"^\.TP\n\.B[IR]? (.*)$", sections.get("OPTIONS", ""), re.M):
        for m in re.finditer(r"--([a-z-]+)(?:\s+([^\s,]+))?", unescape(line)):
            if len(m.group(1)) > 1:
                options[m.group(1)] = m.group(2)
    for name, value in every.items():
        c.check(name in options, f"OPTIONS documents --{name}")
        if name in options:
            c.check(options[name] == value, f"--{name} takes {value} in help, "
                    f"{options[name]} in lsmgen.1")
    # lsmgen's own: -h, --help and --version, as --help lists them
    for m in re.finditer(r"^  (?:-\w, )?--([a-z-]+)", kmodel.run(["--help"]).stdout, re.M):
        c.check(m.group(1) in options, f"OPTIONS documents --{m.group(1)} (lsmgen --help)")
        every.setdefault(m.group(1), None)
    for extra in sorted(set(options) - set(every)):
        c.check(False, f"lsmgen.1 documents --{extra}, which no command takes")
    status = sections.get("EXIT STATUS", "")
    c.check(all(f".B {n}\n" in status for n in "012"), "EXIT STATUS gives 0, 1 and 2")
    c.done()


main()
