#!/usr/bin/env python3
"""The seccomp allow-list, checked on arm64 under qemu-user.

qemu-user cannot load a seccomp filter for its guest, but its -strace shows
every system call the guest makes.  This runs corpus programs with the arm64
binary and checks that each call made after the lockdown (the PR_GET_SECCOMP
probe marks it) is one the policy allows, with the arguments it pins: read
only fd 0, write/writev only fds 1 and 2, mmap/mprotect never executable.
The names come from evaluator/sandbox.c's SCMP_SYS() list, so the check
follows the policy.  A call missing on arm64 (another syscall than x86-64's
for the same libc function) would kill the real process with SIGSYS.

    python3 tests/aarch64_syscalls.py build/aarch64/safepy [N]

Last line: `aarch64 syscalls: N passed, N failed`.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# programs that reach the runtime's corners: generators (their stacks),
# big integers, regex, asyncio, deep recursion, memory growth, output
PICK = ("gen", "bigint", "re_", "asyncio", "recurs", "dict", "str", "float", "class", "exc")


def allowed():
    src = open(os.path.join(ROOT, "evaluator", "sandbox.c")).read()
    return set(re.findall(r"SCMP_SYS\((\w+)\)", src))


def check_one(binary, prog, names):
    env = dict(os.environ, SAFEPY_QEMU_NO_SECCOMP="1")
    flags = []
    if os.path.exists(prog[:-3] + ".flags"):  # the corpus's --allow-module lines
        with open(prog[:-3] + ".flags") as f:
            flags = (f.readline() or "").split()
    p = subprocess.run(["qemu-aarch64", "-strace", binary, "run", "--timeout", "60"] + flags + [prog],
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=env, timeout=600, cwd=os.path.dirname(prog))
    log = p.stderr.decode("utf-8", "replace").splitlines()
    locked = False
    bad = []
    for line in log:
        m = re.match(r"^\d+ (\w+)\((.*)", line)
        if not m:
            continue
        name, args = m.group(1), m.group(2)
        if not locked:
            locked = name == "prctl" and args.startswith("21,")
            continue
        first = args.split(",")[0].strip()
        if name not in names:
            bad.append(line.strip())
        elif name == "read" and first != "0":
            bad.append(line.strip())
        elif name in ("write", "writev") and first not in ("1", "2"):
            bad.append(line.strip())
        elif name in ("mmap", "mprotect") and "PROT_EXEC" in args:
            bad.append(line.strip())
    if not locked:
        return "the lockdown never ran (exit %d)" % p.returncode
    return "; ".join(bad[:3]) if bad else None


def main(argv):
    binary = os.path.abspath(argv[1])
    limit = int(argv[2]) if len(argv) > 2 else 40
    names = allowed()
    corpus = os.path.join(ROOT, "corpus")
    progs = sorted(f for f in os.listdir(corpus) if f.endswith(".py"))
    chosen = []
    for key in PICK:  # a few of each kind, in a fixed order
        chosen += [f for f in progs if f.startswith(key) and f not in chosen][:4]
    chosen = chosen[:limit]
    passed = failed = 0
    for f in chosen:
        why = check_one(binary, os.path.join(corpus, f), names)
        if why:
            failed += 1
            print("FAIL %s: %s" % (f, why))
        else:
            passed += 1
    print("aarch64 syscalls: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
