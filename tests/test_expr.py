#!/usr/bin/env python3
"""test_expr.py EXPR_TEST: the expression type's printers and predicates (expr_test's own
hand-checked table), and its constant values held to the system cpp's #if on drawn
expressions: where lsmgen gives a value, cpp agrees it is that value; where lsmgen says
"not a constant", the expression names something or is one cpp refuses or lsmgen will
not reason about (unsigned numbers)."""
import random
import subprocess
import sys

test = sys.argv[1]
failed = 0
r = subprocess.run([test], capture_output=True, text=True)
print(r.stdout, end="")
failed += r.returncode != 0

rng = random.Random(7)
UNARY = ["!", "~", "-", "+"]
BINARY = ["||", "&&", "|", "^", "&", "==", "!=", "<", ">", "<=", ">=", "<<", ">>", "+", "-",
          "*", "/", "%"]


def draw(depth):
    k = rng.random()
    if depth == 0 or k < 0.25:
        return rng.choice(["0", "1", "2", "3", "7", "10", "0x10", "010", "5L", "X", "2u"])
    if k < 0.4:
        return rng.choice(UNARY) + draw(depth - 1)
    if k < 0.5:
        return "(" + draw(depth - 1) + ")"
    if k < 0.6:
        return f"{draw(depth - 1)} ? {draw(depth - 1)} : {draw(depth - 1)}"
    op = rng.choice(BINARY)
    right = rng.choice(["0", "1", "2", "3", "7"]) if op in ("<<", ">>") else draw(depth - 1)
    return f"({draw(depth - 1)} {op} {right})"


exprs = [draw(4) for _ in range(400)]
got = subprocess.run([test, "--constant"], input="\n".join(exprs) + "\n", capture_output=True,
                     text=True).stdout.split("\n")
checked = 0
for e, v in zip(exprs, got):
    if v == "?":
        # not a constant for lsmgen: it names X, has an unsigned number, or cpp refuses it
        cpp = subprocess.run(["cpp", "-P"], input=f"#if ({e})\ny\n#else\nn\n#endif\n",
                             capture_output=True, text=True)
        ok = "X" in e or "u" in e or cpp.returncode != 0
    else:
        cpp = subprocess.run(["cpp", "-P"], input=f"#if ({e}) == ({v})\ny\n#else\nn\n#endif\n",
                             capture_output=True, text=True)
        ok = cpp.returncode == 0 and cpp.stdout.strip() == "y"
    checked += 1
    if not ok:
        failed += 1
        print(f"FAIL: constant {e}: lsmgen says {v}; cpp: {cpp.stdout.strip()} {cpp.stderr.strip()}")
constants = sum(1 for v in got[:len(exprs)] if v != "?")
print(f"{checked} drawn expressions held to cpp ({constants} constants)")
sys.exit(1 if failed else 0)
