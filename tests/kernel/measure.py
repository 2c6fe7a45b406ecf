"""measure.py: what a kernel build holds, read with binutils, compared with stock.

Functions are compared as objdump prints them, with what moves when anything else
moves taken out: addresses, displacements of jumps and RIP-relative operands, absolute
kernel addresses. Symbol names stay, so a call to another function is a difference.
"""

import functools
import re
import subprocess

# security.c calls that are indirect and are not LSM hooks, read from 6.12's
# security/security.c: security_inode_init_security() calls the caller's initxattrs(),
# initialize_lsm() calls each LSM's init() (twice: with and without the debug message;
# clang makes them one). Upper bounds: what security.o may call indirectly once no LSM
# hook is called so.
NOT_HOOK_CALLBACKS = {"security_inode_init_security": 1, "initialize_lsm": 2}
# The ten hooks whose callbacks 6.12 still calls indirectly (a loop over the hook's list:
# their return conventions did not fit call_int_hook()), read from 6.12's security.o
# (gcc 12 and clang 16, x86-64): kernel/6.12/0004 calls them through per-slot primitives.
REWRITTEN = ["security_fs_context_parse_param", "security_getprocattr", "security_getselfattr",
             "security_inode_init_security", "security_sb_set_mnt_opts",
             "security_setprocattr", "security_setselfattr", "security_task_prctl",
             "security_vm_enough_memory_mm", "security_xfrm_state_pol_flow_match"]
# The functions of security.o that lsmgen's default layout (tests/kernel/run, variant
# max) does not compile to stock's code or shorter, on Debian's 6.12.118 with gcc 12 and
# tests/kernel/lsm.config, each read from the two disassemblies. A dispatcher is a
# static __always_inline function, where stock's call_int_hook() is a statement
# expression: its arguments are evaluated once, on entry, not again before each slot's
# call, and a parameter narrower than int is converted once. Any other function that
# differs and is not shorter fails the check. The same list serves clang-19 on arm64 (7.3,
# kCFI), where only tun_dev_alloc_security is longer.
ONCE = "an argument expression evaluated once instead of before each slot's call"
NARROW = "a parameter narrower than int (bool, umode_t, short) converted once on entry"
KNOWN_NOT_SHORTER = {
    "security_free_mnt_opts": ONCE + " (*mnt_opts): +2 instructions",
    "security_tun_dev_alloc_security": ONCE + " (*security): +5 instructions (clang-19 on "
    "arm64, 7.3: +14, a spill of the value read once)",
    "security_sk_classify_flow": ONCE + " (&flic->flowic_secid): same count",
    "security_skb_classify_flow": ONCE + " (&flic->flowic_secid): same count",
    "security_inode_copy_up_xattr": "rc = call_int_hook(); if (rc != default) return rc: "
    "gcc lays out the early returns of the inlined function differently: +4 instructions",
    "security_kernel_read_file": NARROW + " (bool contents): same count",
    "security_kernel_load_data": NARROW + " (bool contents): same count",
    "security_path_mknod": NARROW + " (umode_t mode): same count",
    "security_path_mkdir": NARROW + " (umode_t mode): same count",
    "security_path_chmod": NARROW + " (umode_t mode): same count",
    "security_inode_create": NARROW + " (umode_t mode): same count",
    "security_inode_mkdir": NARROW + " (umode_t mode): same count",
    "security_inode_mknod": NARROW + " (umode_t mode): same count",
    "security_inode_follow_link": NARROW + " (bool rcu): same count",
    "security_inode_getsecurity": NARROW + " (bool alloc): same count",
    "security_ipc_permission": NARROW + " (short flag): same count",
}
# 7.3's bpf hooks gained a bool kernel parameter; read from 7.3.4's max and stock
# security.o (gcc 12): the conversion happens once, on entry, and each slot's call moves
# the converted register where stock converts again before each call.
KNOWN_NOT_SHORTER_7_3 = {
    "security_bpf": NARROW + " (bool kernel): same count",
    "security_bpf_map_create": NARROW + " (bool kernel): +1 instruction",
    "security_bpf_prog_load": NARROW + " (bool kernel): +1 instruction",
}
# What differs in 7.3 (7.3.4, read from its security.c and security.o): LSM
# initialisation moved to lsm_init.c, so security.o's only indirect call that is not a
# hook is initxattrs(); and 7.3 walks an eleventh hook's list, lsmprop_to_secctx.
VERSIONS = {
    "6.12": {"NOT_HOOK_CALLBACKS": NOT_HOOK_CALLBACKS, "REWRITTEN": REWRITTEN,
             "KNOWN_NOT_SHORTER": KNOWN_NOT_SHORTER},
    "7.3": {"NOT_HOOK_CALLBACKS": {"security_inode_init_security": 1},
            "REWRITTEN": sorted(REWRITTEN + ["security_lsmprop_to_secctx"]),
            "KNOWN_NOT_SHORTER": {**KNOWN_NOT_SHORTER, **KNOWN_NOT_SHORTER_7_3}},
}


def use(version):
    """The facts of this kernel version (tests/kernel/run --version)."""
    global NOT_HOOK_CALLBACKS, REWRITTEN, KNOWN_NOT_SHORTER
    NOT_HOOK_CALLBACKS, REWRITTEN, KNOWN_NOT_SHORTER = (
        VERSIONS[version][k] for k in ("NOT_HOOK_CALLBACKS", "REWRITTEN", "KNOWN_NOT_SHORTER"))


PREFIXES = ("cs ", "ds ", "notrack ", "bnd ")
PADDING = re.compile(r"^(?:(?:data16|cs|ds) )*(?:nop\w*|xchg %ax,%ax|int3)\b")

FUNC = re.compile(r"^([0-9a-f]+) <([^>]+)>:$")
INSN = re.compile(r"^\s*[0-9a-f]+:\s+(.*)$")
RELOC = re.compile(r"^\s+[0-9a-f]+: (R_\S+)\s+(\S+)")
# binutils of the row's architecture: "" for the host's, "aarch64-linux-gnu-" for arm64
TOOLS = ""


def read_config(path):
    values = {}
    with open(path) as f:
        for line in f:
            m = re.match(r"^(CONFIG_\w+)=(.*)$", line.strip())
            if m:
                values[m.group(1)] = m.group(2)
    return values


def normalise(insn):
    # objdump -r -w puts a relocation on its instruction's line: "<insn> 356c: R_X86_64_.. SYM"
    m = re.search(r"\s[0-9a-f]+: (R_\S+)\s+(\S+)$", insn)
    if m:
        # the relocation names the target; objdump's <symbol+offset> beside it reads the
        # unrelocated field (arm64: "bl 6c10 <some_function+0x30>"), which moves with
        # whatever precedes it in the section
        insn = (re.sub(r"\b(?:[0-9a-f]+ )?<[^>]*>", "RELOC", insn[:m.start()]) + " "
                + reloc(m.group(1), m.group(2)))
    if "#" in insn:     # objdump's comment: keep only the symbol it names
        code, comment = insn.split("#", 1)
        sym = re.search(r"<[^>]+>", comment)
        insn = code + (" # " + sym.group(0) if sym else "")
    insn = re.sub(r"\b[0-9a-f]{1,16} <", "<", insn)          # call/jmp target address
    insn = re.sub(r"-?0x[0-9a-f]+\(%rip\)", "X(%rip)", insn)  # RIP-relative displacement
    insn = re.sub(r"\$0xffffffff[0-9a-f]{8}", "$ADDR", insn)  # absolute kernel address
    insn = re.sub(r"\b0xffffffff[0-9a-f]{8}\b", "ADDR", insn)
    return re.sub(r"\s+", " ", insn).strip()


def reloc(kind, target):
    """A relocation without what moves: the addend, and the offset into a section
    (".text+0x36dc": a local function or string, which moves when anything before it
    does). The symbol stays: a call to another function is a difference."""
    target = re.sub(r"[-+]0x[0-9a-f]+$", "", target)
    return f"{kind} {target}"


@functools.lru_cache(maxsize=4)    # stock's is compared with every variant's
def functions(path, relocs):
    """name -> [normalised instruction or relocation]"""
    args = [TOOLS + "objdump", "-d", "--no-show-raw-insn", "-w"] + (["-r"] if relocs else []) + [path]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    funcs, cur = {}, None
    for line in out.splitlines():
        m = FUNC.match(line)
        if m:
            cur = funcs.setdefault(m.group(2), [])
            continue
        if cur is None:
            continue
        r = RELOC.match(line)
        if r:
            cur.append(reloc(r.group(1), r.group(2)))
            continue
        i = INSN.match(line)
        if i and not i.group(1).startswith("(bad)"):
            cur.append(normalise(i.group(1)))
    for body in funcs.values():   # the padding to the next function is not the function
        while body and PADDING.match(body[-1]):
            body.pop()
    return funcs


def insns(body):
    return sum(1 for x in body if not x.startswith("R_"))


def sections(path):
    out = subprocess.run([TOOLS + "size", "-A", path], capture_output=True, text=True,
                         check=True).stdout
    sizes = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) >= 2 and f[1].isdigit() and f[0] != "Total":
            sizes[f[0]] = sizes.get(f[0], 0) + int(f[1])
    return sizes


def function_bytes(path):
    """The bytes of every function (nm -S, text symbols)"""
    out = subprocess.run([TOOLS + "nm", "-S", path], capture_output=True, text=True, check=True).stdout
    return sum(int(f[1], 16) for f in (ln.split() for ln in out.splitlines())
               if len(f) == 4 and f[2] in "tT")


def sections_all(path):
    out = subprocess.run([TOOLS + "size", "-A", path], capture_output=True, text=True,
                         check=True).stdout
    return {f[0]: int(f[1]) for f in (ln.split() for ln in out.splitlines())
            if len(f) >= 2 and f[1].isdigit() and f[0] not in ("Total",)}


def symbols(path):
    """name -> size (nm -S), for defined symbols"""
    out = subprocess.run([TOOLS + "nm", "-S", path], capture_output=True, text=True, check=True).stdout
    syms = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4:
            syms[f[3]] = int(f[1], 16)
        elif len(f) == 3:
            syms.setdefault(f[2], 0)
    return syms


def addresses(path):
    out = subprocess.run([TOOLS + "nm", path], capture_output=True, text=True, check=True).stdout
    return {f[2]: int(f[0], 16) for f in (ln.split() for ln in out.splitlines()) if len(f) == 3}


# arm64's static call (arch/arm64/include/asm/static_call.h, 7.x, with CFI): the call
# site is a direct bl to a trampoline in .static_call.text, which loads its target from a
# literal in .rodata, written only by static_call_update() (text poke), and branches to it.
# That br is the static call itself, not a hook called through a writable pointer or a
# kCFI-checked call: trampolines are counted on their own, one per slot.
TRAMPOLINE = ["bti c", "adrp x16,", "ldr x16, [x16", "br x16"]


def is_trampoline(name, body):
    """A static-call trampoline of arm64's shape, its literal in .rodata where the
    relocations are read (security.o)."""
    if not name.startswith("__SCT__") or len(body) != len(TRAMPOLINE):
        return False
    if not all(x.startswith(t) for x, t in zip(body, TRAMPOLINE)):
        return False
    return all(" R_" not in x or x.endswith(" .rodata") for x in body[1:3])


def trampolines(funcs):
    return sum(1 for name, body in funcs.items() if is_trampoline(name, body))


def indirect_calls(funcs):
    """function -> number of indirect calls: a call or a tail call (jmp) through a
    retpoline thunk, or call */jmp * (an indirect jump within the function counts too);
    on arm64, blr and br through a register, but for static-call trampolines"""
    def bare(x):   # "cs call ...": a prefix the retpoline padding adds
        while x.startswith(PREFIXES):
            x = x.split(" ", 1)[1]
        return x
    out = {}
    for name, body in funcs.items():
        if is_trampoline(name, body):
            continue
        n = sum(1 for x in map(bare, body) if x.startswith(("call", "jmp")) and
                ("__x86_indirect_thunk" in x or x.startswith(("call *", "jmp *"))) or
                x.startswith(("blr\tx", "br\tx", "blr x", "br x")))
        if n:
            out[name] = n
    return out


def compare(stock, variant):
    same = shorter = 0
    longer, changed = [], []
    for name, body in variant.items():
        if name not in stock:
            continue
        if stock[name] == body:
            same += 1
        elif insns(body) < insns(stock[name]):
            shorter += 1
            changed.append(name)
        else:
            longer.append(name)
    return same, shorter, longer, changed


def object_stats(stock_path, path, relocs):
    sf, f = functions(stock_path, relocs), functions(path, relocs)
    same, shorter, longer, _ = compare(sf, f)
    syms = symbols(path)
    sec = sections(path)
    keep = (".text", ".rodata", ".data", ".data..ro_after_init", "__jump_table",
            ".static_call_sites", ".init.text", ".init.data", ".bss")
    return {
        "functions": len(f),
        "identical": same,
        "shorter": shorter,
        "longer_functions": sorted(longer),
        "only_in_stock": sorted(set(sf) - set(f)),
        "only_here": sorted(set(f) - set(sf)),
        "instructions": sum(insns(b) for b in f.values()),
        "sections": {k: v for k, v in sec.items() if k in keep},
        "table_bytes": syms.get("static_calls_table", 0),
        "static_calls": sum(1 for s in syms if s.startswith("__SCK__lsm_static_call_")),
        "static_keys": sum(1 for s in syms if s.startswith("security_hook_active_")),
        "jump_entries": sec.get("__jump_table", 0) // 16,
        "indirect_calls": indirect_calls(f),
        "static_call_trampolines": trampolines(f),
        "rewritten": {h: insns(f.get(h, [])) for h in REWRITTEN},
    }


def vmlinux_stats(stock_path, path):
    m = object_stats(stock_path, path, relocs=False)
    a = addresses(path)

    def span(name):
        return a.get(f"__stop_{name}", 0) - a.get(f"__start_{name}", 0)
    # .text of vmlinux is padded to a 2 MiB boundary: count the functions' bytes instead
    m["sections"][".text"] = function_bytes(path)
    m["total_bytes"] = sum(sections_all(path).values())
    m["jump_entries"] = span("__jump_table") // 16
    m["static_call_sites"] = span("static_call_sites") // 8
    del m["indirect_calls"]
    return m


def measure(stock_dir, d):
    import os
    return {
        "security.o": object_stats(os.path.join(stock_dir, "security.o"),
                                   os.path.join(d, "security.o"), relocs=True),
        "vmlinux": vmlinux_stats(os.path.join(stock_dir, "vmlinux"), os.path.join(d, "vmlinux")),
        "image": os.path.getsize(os.path.join(d, "image")),
    }


def table(results):
    """The measured table, as markdown."""
    v = results["variants"]
    names = list(v)
    rows = [
        ("security.o functions identical to stock", lambda m: f"{m['security.o']['identical']}/"
         f"{m['security.o']['functions']} ({m['security.o']['shorter']} shorter, "
         f"{len(m['security.o']['longer_functions'])} longer)"),
        ("security.o instructions", lambda m: m["security.o"]["instructions"]),
        ("security.o .text bytes", lambda m: m["security.o"]["sections"].get(".text", 0)),
        ("security.o .rodata bytes", lambda m: m["security.o"]["sections"].get(".rodata", 0)),
        ("static_calls_table bytes", lambda m: m["security.o"]["table_bytes"]),
        ("static calls", lambda m: m["security.o"]["static_calls"]),
        ("static keys", lambda m: m["security.o"]["static_keys"]),
        ("security.o __jump_table entries", lambda m: m["security.o"]["jump_entries"]),
        ("security.o indirect calls", lambda m: sum(m["security.o"]["indirect_calls"].values())),
        ("slots allocated / filled", lambda m: f"{m['slots']['allocated']} / "
         f"{m['slots']['filled']}" if "slots" in m else "-"),
        ("boots and prints what stock prints (lsm= choices)", lambda m: m.get("boots", "-")),
        ("vmlinux functions identical to stock", lambda m: f"{m['vmlinux']['identical']}/"
         f"{m['vmlinux']['functions']}"),
        ("vmlinux instructions", lambda m: m["vmlinux"]["instructions"]),
        ("vmlinux function bytes", lambda m: m["vmlinux"]["sections"].get(".text", 0)),
        ("vmlinux bytes (all sections)", lambda m: m["vmlinux"]["total_bytes"]),
        ("vmlinux .rodata bytes", lambda m: m["vmlinux"]["sections"].get(".rodata", 0)),
        ("vmlinux .data bytes", lambda m: m["vmlinux"]["sections"].get(".data", 0)),
        ("vmlinux __jump_table entries", lambda m: m["vmlinux"]["jump_entries"]),
        ("vmlinux static call sites", lambda m: m["vmlinux"]["static_call_sites"]),
        ("kernel image bytes (bzImage, Image)", lambda m: m["image"]),
        ("build (s, files compiled)", lambda m: f"{m['build_seconds']}, {m['files_compiled']}"),
        # with --time N: medians of N
        ("make after touching selinux/hooks.c (CPU s)",
         lambda m: m.get("make_after_touch_cpu_s", "-")),
        ("lsmgen in that make (CPU s)", lambda m: m.get("lsmgen_cpu_s", "-")),
    ]
    out = ["| | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for title, f in rows:
        out.append(f"| {title} | " + " | ".join(str(f(v[n])) for n in names) + " |")
    return "\n".join(out)


def primitives_table(results):
    """The hooks 0004 rewrites, in instructions per variant (markdown)."""
    v = results["variants"]
    names = [n for n in v if "rewritten" in v[n]["security.o"]]
    out = ["| hook | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for h in REWRITTEN + ["total"]:
        def n(k):
            r = v[k]["security.o"]["rewritten"]
            return sum(r.values()) if h == "total" else r[h]
        out.append(f"| {h.replace('security_', '')} | " + " | ".join(
            str(n(k)) if k == "stock" else f"{n(k)} ({n(k) - n('stock'):+d})" for k in names)
            + " |")
    return "\n".join(out)


def cost_table(rc):
    """Instructions per iteration of init's system-call loops under -icount (markdown):
    each kernel booted with bpf in lsm=, then stock and the runtime toggle without it,
    and what listing bpf costs each of those two."""
    cost = rc["per_iteration"]
    kernels = [k for k in cost if "bpf" in cost[k]]
    pair = [k for k in ("stock", "runtime-bpf") if k in cost and "no bpf" in cost[k]]
    calls = list(cost[kernels[0]]["bpf"]) if kernels else []
    head = [f"{k}" for k in kernels] + [f"{k}, no bpf" for k in pair] + \
        [f"bpf listed: {k}" for k in pair]
    out = ["| system call | " + " | ".join(head) + " |", "|---|" + "---:|" * len(head)]
    for c in calls:
        row = [f"{cost[k]['bpf'][c]:,.1f}" for k in kernels]
        row += [f"{cost[k]['no bpf'][c]:,.1f}" for k in pair]
        row += [f"{cost[k]['bpf'][c] / cost[k]['no bpf'][c] - 1:+.1%}" for k in pair]
        out.append(f"| {c} | " + " | ".join(row) + " |")
    return "\n".join(out)
