"""The tree's own check of checked-in output (scripts/lsm-checked-in.sh of the kernel
series, taken from its patch) agrees with lsmgen, on a copy of the mock tree:

- generate --all-configs --slots exact --kernel writes the files; the script passes
  (its grep/sort/sha256sum fingerprint equals the one lsmgen recorded);
- it passes still after edits that change no registration (a function added to an
  LSM's file, a comment);
- it fails, naming the regenerate command, after each change that can change a count:
  an LSM_HOOK_INIT added, one removed, an #if around one, a hook added to the table, a
  Makefile condition changed, a use of a macro that reaches LSM_HOOK_INIT added (a line
  without LSM_HOOK_INIT), a new file with registrations (one with a space in its name),
  a Kbuild file added, lsm_count.h added;
- it fails with "FILE has been modified" after a hand edit of each output file;
- after each, lsmgen generate makes the script pass again."""

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
PATCH = os.path.join(SOURCE, "kernel", "6.12", "checked-in",
                     "0001-lsm-build-from-dispatch-code-checked-into-the-tree.patch")
TREE = os.path.join(HERE, "cases", "scan-tree")
OUT = "include/linux/lsm"
REGEN = f"lsmgen generate --all-configs --slots exact --kernel . -o {OUT}"
c = kmodel.Checker()


def script_from_patch(dest):
    """The new file scripts/lsm-checked-in.sh, as the patch creates it."""
    with open(PATCH) as f:
        text = f.read()
    m = re.search(r"^\+\+\+ b/scripts/lsm-checked-in\.sh\n@@ -0,0 \+1,(\d+) @@\n", text, re.M)
    lines = text[m.end():].splitlines()[:int(m.group(1))]
    with open(dest, "w") as f:
        f.write("".join(line[1:] + "\n" for line in lines))


def generate(tree):
    r = subprocess.run([kmodel.lsmgen(), "generate", "--all-configs", "--slots", "exact",
                        "--kernel", ".", "--lsms", "lsms.json", "-o", OUT], cwd=tree,
                       capture_output=True, text=True)
    c.check(r.returncode == 0, f"generate --all-configs: {r.stderr}")


def check(script, tree):
    return subprocess.run(["sh", script, tree, OUT, REGEN], capture_output=True, text=True)


def edit(tree, rel, old, new):
    path = os.path.join(tree, rel)
    text = open(path).read() if os.path.exists(path) else ""
    if old is None:
        text += new
    else:
        c.check(old in text, f"{rel} holds {old!r}")
        text = text.replace(old, new, 1)
    with open(path, "w") as f:
        f.write(text)


UNCHANGED = [
    ("a function body", "security/selinux/hooks.c", None, "\nstatic int unused(void) { return 0; }\n"),
    ("a comment", "security/landmark/setup.c", None, "/* a note */\n"),
]
STALE = [
    ("an LSM_HOOK_INIT added", "security/selinux/hooks.c",
     "\tLSM_HOOK_INIT(file_open, selinux_file_open),\n",
     "\tLSM_HOOK_INIT(file_open, selinux_file_open),\n\tLSM_HOOK_INIT(file_permission, x),\n"),
    ("an LSM_HOOK_INIT removed", "security/selinux/hooks.c",
     "\tLSM_HOOK_INIT(file_ioctl, selinux_file_ioctl),\n", ""),
    ("an #if around an entry", "security/selinux/hooks.c",
     "\tLSM_HOOK_INIT(file_ioctl, selinux_file_ioctl),\n",
     "#ifdef CONFIG_X\n\tLSM_HOOK_INIT(file_ioctl, selinux_file_ioctl),\n#endif\n"),
    ("a hook added to the table", "include/linux/lsm_hook_defs.h", None,
     "LSM_HOOK(int, 0, added_hook, void)\n"),
    ("a Makefile condition", "security/Makefile", "obj-$(CONFIG_BPF_LSM) += bpf/",
     "obj-$(CONFIG_BPF_LSM_NEW) += bpf/"),
    ("a use of a macro that reaches LSM_HOOK_INIT", "security/landmark/fs.c",
     "\tLANDMARK_ENTRY(file_open),\n", "\tLANDMARK_ENTRY(file_open),\n\tLANDMARK_ENTRY(file_ioctl),\n"),
    ("a new file with a registration", "security/landmark/extra.c", None,
     "static struct security_hook_list more[] = {\n\tLSM_HOOK_INIT(file_open, f),\n};\n"),
    ("lsm_count.h added", "include/linux/lsm_count.h", None, "#define MAX_LSM_COUNT 1\n"),
    ("a new file with a space in its name", "security/landmark/more hooks.c", None,
     "static struct security_hook_list more[] = {\n\tLSM_HOOK_INIT(file_open, f),\n};\n"),
    ("a Kbuild file beside a Makefile", "security/selinux/Kbuild", None,
     "obj-$(CONFIG_SECURITY_SELINUX_NEW) := hooks.o\n"),
    ("a #define that renames a hook", "security/selinux/hooks.c",
     "\tLSM_HOOK_INIT(file_open, selinux_file_open),\n",
     "#define file_open file_permission\n\tLSM_HOOK_INIT(file_open, selinux_file_open),\n"),
]


def main():
    with tempfile.TemporaryDirectory() as tmp:
        script = os.path.join(tmp, "lsm-checked-in.sh")
        script_from_patch(script)
        base = os.path.join(tmp, "base")
        shutil.copytree(os.path.join(TREE, "linux"), base)
        shutil.copy(os.path.join(TREE, "lsms.json"), base)
        # a macro that reaches LSM_HOOK_INIT: its uses hold no LSM_HOOK_INIT of their own
        edit(base, "security/landmark/fs.c", "\tLSM_HOOK_INIT(file_open, landmark_file_open),\n",
             "#define LANDMARK_ENTRY(h) LSM_HOOK_INIT(h, landmark_##h)\n"
             "\tLANDMARK_ENTRY(file_open),\n")
        generate(base)
        r = check(script, base)
        c.check(r.returncode == 0, f"the script passes on lsmgen's fresh output: {r.stderr}")
        for what, rel, old, new in UNCHANGED + STALE:
            tree = os.path.join(tmp, "t")
            shutil.rmtree(tree, ignore_errors=True)
            shutil.copytree(base, tree)
            os.makedirs(os.path.dirname(os.path.join(tree, rel)), exist_ok=True)
            edit(tree, rel, old, new)
            r = check(script, tree)
            if (what, rel, old, new) in UNCHANGED:
                c.check(r.returncode == 0, f"{what}: the script still passes: {r.stderr}")
                continue
            c.check(r.returncode == 1 and REGEN in r.stderr and "stale" in r.stderr,
                    f"{what}: the script fails with the regenerate command: "
                    f"{r.returncode} {r.stderr!r}")
            generate(tree)
            r = check(script, tree)
            c.check(r.returncode == 0, f"{what}: passes once regenerated: {r.stderr}")
        for name in ("lsm_count.h", "lsm_static_calls.h", "lsm_static_calls.c"):
            tree = os.path.join(tmp, "t")
            shutil.rmtree(tree, ignore_errors=True)
            shutil.copytree(base, tree)
            edit(tree, f"{OUT}/{name}", "\n", "\n/* by hand */\n")
            r = check(script, tree)
            c.check(r.returncode == 1 and f"{OUT}/{name} has been modified" in r.stderr,
                    f"a hand edit of {name}: {r.returncode} {r.stderr!r}")
    c.done()


main()
