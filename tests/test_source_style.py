"""gen/ stays readable as the kernel asks of its own C: no line over 100 columns (a tab
to the next multiple of 8), no function body over 80 lines, no file over 700 lines; and
every file opens with a comment saying its job."""

import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lib"))
import kmodel  # noqa: E402

c = kmodel.Checker()


def functions(lines):
    """(name, first line, body lines) of each function defined at the top level."""
    head = None
    for i, line in enumerate(lines):
        if head is None and re.match(r"[A-Za-z_].*\(", line) and not line.endswith(";") \
                and not line.startswith(("#", "typedef")):
            head = i
        elif head is not None and line == "{":
            body = i
        elif head is not None and line == "}":
            name = re.search(r"(\w+)\s*\(", lines[head])
            yield (name.group(1) if name else "?"), head + 1, i - body - 1
            head = None
        elif head is not None and line.endswith(";") and not line.startswith(("\t", " ")):
            head = None  # a declaration over several lines


def main():
    files = sorted(glob.glob(os.path.join(os.path.dirname(HERE), "gen", "*.[ch]")))
    c.check(len(files) > 40, f"{len(files)} files in gen/")
    for path in files:
        rel = os.path.relpath(path, os.path.dirname(HERE))
        with open(path) as f:
            lines = f.read().split("\n")[:-1]
        c.check(len(lines) <= 700, f"{rel}: {len(lines)} lines (at most 700)")
        c.check(bool(lines) and lines[0].startswith("/*") and
                os.path.basename(path) in lines[0] + (lines[1] if len(lines) > 1 else ""),
                f"{rel}: opens with a comment naming the file and its job")
        for n, line in enumerate(lines, 1):
            width = len(line.expandtabs(8))
            c.check(width <= 100, f"{rel}:{n}: {width} columns (at most 100)")
        for name, first, body in functions(lines):
            c.check(body <= 80, f"{rel}:{first}: {name}() has {body} lines (at most 80)")
    c.done()


main()
