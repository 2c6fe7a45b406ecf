"""An independent model of the kernel inputs, for checking lsmgen: the system C
preprocessor (cpp) reads the hook table and lsm_count.h, and a small .config reader
written here feeds it. Nothing of lsmgen's own parsing is used."""

import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))
SHARED = os.environ.get("LSMGEN_SHARED") or os.path.join(os.path.dirname(SOURCE), "shared")
KERNEL = os.path.join(SHARED, "kernel")
TABLES = ["v5.10", "v6.1", "v6.12", "v7.1-latest"]
SKIP = 77


def need_shared():
    """Exit with meson's skip status when ../shared is not beside the checkout."""
    if not os.path.isdir(KERNEL):
        print(f"SKIP: {KERNEL} not found; the kernel corpus lives in ../shared beside the checkout")
        sys.exit(SKIP)


def configs():
    d = os.path.join(KERNEL, "configs")
    return sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".config"))


def table(version):
    return os.path.join(KERNEL, version, "lsm_hook_defs.h")


def read_config(path):
    """CONFIG_X -> 'y' | 'm' | '"string"' | number text; later lines win."""
    values = {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\r\n")
            m = re.match(r"^(CONFIG_[A-Za-z0-9_]+)=(.*)$", line)
            if m:
                if m.group(2) == "n":
                    values.pop(m.group(1), None)
                else:
                    values[m.group(1)] = m.group(2)
                continue
            m = re.match(r"^# (CONFIG_[A-Za-z0-9_]+) is not set$", line)
            if m:
                values.pop(m.group(1), None)
    return values


def defines(values):
    out = []
    for sym, v in values.items():
        if v == "y":
            out.append(f"#define {sym} 1")
        elif v == "m":
            out.append(f"#define {sym}_MODULE 1")
        else:
            out.append(f"#define {sym} {v}")
    return "\n".join(out) + "\n"


KCONFIG_H = """
#define __ARG_PLACEHOLDER_1 0,
#define __take_second_arg(__ignored, val, ...) val
#define ____is_defined(arg1_or_junk) __take_second_arg(arg1_or_junk 1, 0)
#define ___is_defined(val) ____is_defined(__ARG_PLACEHOLDER_##val)
#define __is_defined(x) ___is_defined(x)
#define IS_BUILTIN(option) __is_defined(option)
#define IS_MODULE(option) __is_defined(option##_MODULE)
#define IS_ENABLED(option) (IS_BUILTIN(option) || IS_MODULE(option))
"""


def cpp(text, files=None, incdir=None):
    with tempfile.TemporaryDirectory() as tmp:
        for name, content in (files or {}).items():
            p = os.path.join(tmp, name)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w") as f:
                f.write(content)
        src = os.path.join(tmp, "main.c")
        with open(src, "w") as f:
            f.write(text)
        cmd = ["cpp", "-P", "-undef", "-nostdinc", "-I", tmp, src]
        return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def split_top(s):
    parts, depth, cur = [], 0, ""
    for c in s:
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += c
    parts.append(cur.strip())
    return parts


def hooks(table_path, config_path):
    """[(name, ret, default, [(type, name)...])] of the entries cpp keeps."""
    text = ("#include \"config.h\"\n#include \"kconfig.h\"\n"
            "#define LSM_HOOK(RET, DEFAULT, NAME, ...) @HOOK@ RET @@ DEFAULT @@ NAME @@ #__VA_ARGS__ @END@\n"
            f"#include \"{os.path.abspath(table_path)}\"\n")
    out = cpp(text, {"config.h": defines(read_config(config_path)), "kconfig.h": KCONFIG_H})
    result = []
    for m in re.finditer(r'@HOOK@ (.*?) @@ (.*?) @@ (\w+) @@ "(.*?)" @END@', out):
        ret, default, name, params = m.groups()
        plist = []
        if params.strip() != "void":
            for p in split_top(params):
                pname = re.findall(r"[A-Za-z_]\w*", p)[-1]
                ptype = p[: p.rindex(pname)].strip()
                plist.append((ptype, pname))
        result.append((name, ret, default, plist))
    return result


def hook_union(table_path):
    """C that gives a test driver what <linux/lsm_hooks.h> gives security.c: union
    security_list_options, built from the table (tests/standin/lsm_hooks.h). The table's
    own #ifs need the configuration's macros defined first."""
    return f'#define STANDIN_HOOK_DEFS "{os.path.abspath(table_path)}"\n#include "lsm_hooks.h"'


# The kernel compiles with -Wextra but turns -Wunused-parameter off below W=3
# (scripts/Makefile.extrawarn); the generated code is held to the kernel's warnings.
KERNEL_WARNINGS = ["-Wall", "-Wextra", "-Wno-unused-parameter", "-Werror"]


ARGS_H = ("#define __COUNT_ARGS(" + ", ".join(f"_{i}" for i in range(65)) + ", _n, X...) _n\n"
          "#define COUNT_ARGS(X...) __COUNT_ARGS(, ##X, " + ", ".join(str(i) for i in range(64, -1, -1)) + ")\n")


def max_lsm_count(count_h, config_path):
    """MAX_LSM_COUNT as the kernel's own lsm_count.h computes it, with a COUNT_ARGS to 64."""
    text = ("#include \"config.h\"\n#include \"kconfig.h\"\n"
            f"#include \"{os.path.abspath(count_h)}\"\nRESULT MAX_LSM_COUNT\n")
    out = cpp(text, {"config.h": defines(read_config(config_path)), "kconfig.h": KCONFIG_H,
                     "linux/args.h": ARGS_H})
    m = re.search(r"RESULT (\d+)", out)
    return int(m.group(1))


def nospace(s):
    return re.sub(r"\s+", "", s)


class Checker:
    """Count checks, print failures, and exit with the right status."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAIL: {what}")
        return ok

    def done(self):
        print(f"{self.passed} checks passed, {self.failed} failed")
        sys.exit(1 if self.failed else 0)


def lsmgen():
    return os.environ.get("LSMGEN", os.path.join(SOURCE, "build", "lsmgen"))


def run(args, **kw):
    return subprocess.run([lsmgen()] + args, capture_output=True, text=True, **kw)
