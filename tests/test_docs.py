"""docs/nonstandard-hooks.md shows the loops that tests/nonstandard/loops.h runs: every C
block of the document must stand, to the byte, in that file."""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import kmodel  # noqa: E402

src = kmodel.SOURCE
doc = open(os.path.join(src, "docs", "nonstandard-hooks.md")).read()
loops = open(os.path.join(src, "tests", "nonstandard", "loops.h")).read()
c = kmodel.Checker()
blocks = re.findall(r"## (\w+)\n.*?```c\n(.*?)```", doc, re.S)
for name, code in blocks:
    if name == "Walking":
        continue
    c.check(f"prim_{name}(" in code and code in loops, f"docs: the {name} loop is not the one tested")
c.check(len(blocks) >= 11, f"docs: {len(blocks)} hook sections, want 11")
c.done()
