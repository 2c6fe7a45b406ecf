"""README.md stays a one-page introduction: at most 200 lines (the details live in docs/
and the man page), and every file it links to exists."""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import kmodel  # noqa: E402

MAX_LINES = 200
readme = os.path.join(kmodel.SOURCE, "README.md")
text = open(readme).read()
c = kmodel.Checker()
n = text.count("\n")
c.check(n <= MAX_LINES, f"README.md has {n} lines, more than {MAX_LINES}")
for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text):
    c.check(os.path.exists(os.path.join(kmodel.SOURCE, target)),
            f"README.md links to {target}, which does not exist")
c.done()
