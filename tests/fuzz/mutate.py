#!/usr/bin/env python3
"""Mutation fuzzer for `safepy run` (make fuzz; not part of make test).

Takes the corpus programs, mutates them (drop, duplicate, swap and splice
lines; flip, insert and delete characters; deepen nesting), runs each
mutant through the given binary with short limits, and reports any exit
status other than 0-3 (a crash, a sanitizer report or a hang) with the
program that caused it, saved under build/fuzz-crashes/.

    python3 tests/fuzz/mutate.py BINARY [SECONDS] [SEED]
"""
import os
import random
import subprocess
import sys
import time

TOKENS = ["(", ")", "[", "]", "{", "}", ":", ",", ".", "=", "+", "*", "**", "//", "%", "-",
          "yield", "lambda x:", "for", "in", "if", "else", "not", "and", "or", "return",
          "def f():", "try:", "except:", "finally:", "while", "break", "continue", "*", "**",
          "'", '"', "f'{", "}'", "\\", "\n", "    ", "\t", "0", "1e308", "10**100", "-1",
          "None", "True", "[]", "{}", "()", "range(10**9)", "x", "print", "global x",
          "nonlocal x", "del x", "import math", "raise", "assert", "@", ";", "\x00", "\xff"]


def mutate(src, rng):
    lines = src.split("\n")
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(8)
        if op == 0 and len(lines) > 1:
            del lines[rng.randrange(len(lines))]
        elif op == 1:
            i = rng.randrange(len(lines))
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif op == 2 and len(lines) > 1:
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3:
            i = rng.randrange(len(lines))
            line = lines[i]
            k = rng.randint(0, len(line))
            lines[i] = line[:k] + rng.choice(TOKENS) + line[k:]
        elif op == 4:
            i = rng.randrange(len(lines))
            line = lines[i]
            if line:
                k = rng.randrange(len(line))
                lines[i] = line[:k] + line[k + 1:]
        elif op == 5:
            i = rng.randrange(len(lines))
            lines[i] = "    " * rng.randint(0, 3) + lines[i].lstrip()
        elif op == 6:
            i = rng.randrange(len(lines))
            depth = rng.choice([10, 100, 250, 1000])
            lines[i] = "(" * depth + lines[i] + ")" * depth
        else:
            i = rng.randrange(len(lines))
            lines.insert(i, "def g():\n    " + lines[i].strip() + "\n    yield 1")
    return "\n".join(lines)


def main():
    binary = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 60
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else int(time.time())
    rng = random.Random(seed)
    root = os.path.join(os.path.dirname(__file__), "..", "..")
    corpus = os.path.join(root, "corpus")
    sources = []
    for name in sorted(os.listdir(corpus)):
        if name.endswith(".py"):
            with open(os.path.join(corpus, name), encoding="utf-8", errors="replace") as f:
                sources.append(f.read())
    crashes = os.path.join(root, "build", "fuzz-crashes")
    os.makedirs(crashes, exist_ok=True)
    end = time.time() + seconds
    runs = bad = 0
    while time.time() < end:
        prog = mutate(rng.choice(sources), rng)
        runs += 1
        try:
            p = subprocess.run([binary, "run", "--timeout", "2", "--max-memory", "64M", "-"],
                               input=prog.encode("utf-8", "surrogatepass"), capture_output=True,
                               timeout=20)
            status = p.returncode
            err = p.stderr.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            status, err = "hang", ""
        if status not in (0, 1, 2, 3) or "Sanitizer" in err or "runtime error" in err:
            bad += 1
            path = os.path.join(crashes, f"crash-{seed}-{runs}.py")
            with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(prog)
            print(f"status {status}: {path}\n{err[-2000:]}", flush=True)
    print(f"fuzz: {runs - bad} passed, {bad} failed (seed {seed})")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
