"""templates/ as documented and as written. templates/README.md documents exactly the
names the engine gives the templates: every key gen/emit.c sets (tv_set) is in the
README's Names table, and every name the table shows is one emit.c sets (or a loop field). Both read from the sources, so a name added
on one side only fails here. And no template line is over 100 columns."""

import os
import re
import sys

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
emit = open(os.path.join(SOURCE, "gen", "emit.c")).read()
readme = open(os.path.join(SOURCE, "templates", "README.md")).read()

engine = set(re.findall(r'tv_set\(\w+, "([a-z_]+)"', emit))
table = readme.split("## Names", 1)[1].split("\n\n", 2)[1]
rows = [r for r in table.splitlines() if r.startswith("| `")]
LOOP_VARS = {"hook", "lsm", "slot", "p", "x"}   # names templates give loop items


def idents(text):
    """the identifier parts of every `code` span: `hook.params_decl` -> hook, params_decl"""
    return {w for code in re.findall(r"`([^`]+)`", text)
            for w in re.findall(r"[a-z_]+", code) if re.fullmatch(r"[a-z][a-z_]*", w)}


named = set().union(*(idents(r.split("|")[1]) for r in rows))   # the first column
anywhere = set().union(*(idents(r) for r in rows))
missing = sorted(engine - anywhere)
unknown = sorted(named - engine - LOOP_VARS)
print(f"{len(engine)} names set by gen/emit.c; {len(named)} named in the first column of "
      "templates/README.md's table")
ok = True
if missing:
    print("FAIL: set by emit.c, not in templates/README.md:", ", ".join(missing))
    ok = False
if unknown:
    print("FAIL: named in templates/README.md, not set by emit.c:", ", ".join(unknown))
    ok = False
# the templates are read like the code they produce: no line over 100 columns
tdir = os.path.join(SOURCE, "templates")
for f in sorted(os.listdir(tdir)):
    if f.endswith(".tmpl"):
        for i, line in enumerate(open(os.path.join(tdir, f)), 1):
            if len(line.rstrip("\n").expandtabs(8)) > 100:
                print(f"FAIL: templates/{f}:{i}: over 100 columns")
                ok = False
print("ok" if ok else "")
sys.exit(0 if ok else 1)
