"""lsmgen's lexer (gen/lex.c) against libclang's tokens (tests/lexdiff): on every .c and .h
of the project's test inputs, and on 3,000 short texts drawn (seeded, so every run reads
the same ones) from the pieces C lexers disagree on: splices (with space, \\r\\n and \\n\\r),
comments, char and string literals with prefixes, unterminated ones, pp-numbers,
digraphs, universal character names, UTF-8 (valid, invalid, spaces, combining marks) and
NUL. Every token's kind, spelling, line, column and offsets must agree."""

import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)
PIECES = list("abcuLU8xe_$019.+-*/%<>=!&|^~?:;,#()[]{}\"'\\ \t\n\r") + [
    "\\\n", "/*", "*/", "//", "u8\"", "L'", "\\u00e9", "\\u0300", "\\u00a9", "\u00e9", "\u00ff",
    "\u00a0", "\u0300", "\u00a9", "\udcff", "0x1p-3", "1e+5", "...", "%:%:", "<:", "\\\r\n",
    "\\\n\r", "\\ \n", "\0"]


def main():
    lexdiff = sys.argv[1]
    inputs = sorted(os.path.join(d, f) for top in ("tests", "hookdefs", "out")
                    for d, _, fs in os.walk(os.path.join(SOURCE, top))
                    for f in fs if f.endswith((".c", ".h")))
    failed = 0
    with tempfile.TemporaryDirectory(prefix="lsmgen-lexer-") as tmp:
        rng = random.Random(7)
        drawn = []
        for i in range(3000):
            text = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 40)))
            path = os.path.join(tmp, f"r{i}.c")
            with open(path, "wb") as f:
                f.write(text.encode("utf-8", "surrogateescape"))
            drawn.append(path)
        for what, files in (("the project's inputs", inputs), ("3,000 drawn texts", drawn)):
            r = subprocess.run([lexdiff] + files, capture_output=True, text=True,
                               errors="replace")
            ok = r.returncode == 0
            print(("ok: " if ok else "FAIL: ") + f"{what}: {r.stdout.strip()}")
            if not ok:
                print(r.stderr[-3000:])
                failed += 1
    print(f"{2 - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
