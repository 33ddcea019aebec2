#!/usr/bin/env python3
"""Differential fuzzing of safepy's syntax errors against CPython 3.11 (a
development check, not part of `make test`: it needs python3 and minutes).

    python3 tests/syntax/fuzz.py build/safepy mutants SEED[,SEED...]
    python3 tests/syntax/fuzz.py build/safepy tokens SEED COUNT

`mutants` takes every mutation gen.py knows (a ':' dropped, a bracket
dropped or swapped, a quote dropped, an indent shifted, '=' for '==', a
missing comma, Python 2 print) of every corpus program, for each seed, and
compares safepy's syntax error (message and line) with CPython's.
`tokens` edits one random token of a corpus program (deletes it, or puts a
keyword or an operator before, after or in its place) COUNT times and
reports the programs CPython refuses but safepy accepts: those would run.

Cases are written to a temporary directory and linted in one call; the
differing ones are listed at the end (name, CPython's message and line,
safepy's).  Exit status 1 when any differs."""
import collections
import io
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import tokenize
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import gen  # noqa: E402

TOKENS = ["yield", "await", "lambda", "not", "in", "is", "if", "else", "for", "return", "del", "pass", "global",
          "nonlocal", "async", "*", "**", "=", ":", ",", "(", ")", "[", "]", "{", "}", ".", "@", ":=", "->", "...",
          "import", "from", "as", "with", "assert", "raise", "break", "continue", "None", "True", "class", "def",
          ";", "\\", "print", "exec", "$", "!", "?"]


def corpus_programs():
    corpus = os.path.join(ROOT, "corpus")
    for fn in sorted(os.listdir(corpus)):
        if fn.endswith(".py"):
            with open(os.path.join(corpus, fn), encoding="utf-8") as f:
                src = f.read()
            if gen.cpython_error(src) is None:
                yield fn[:-3], src


def gen_mutants(seeds):
    cases, seen = {}, set()
    progs = list(corpus_programs())
    for seed in seeds:
        rng = random.Random(seed)
        for name, src in progs:
            for k, (fam, m) in enumerate(gen.mutations(name, src, rng)):
                e = gen.cpython_error(m)
                if e is None or m in seen:
                    continue
                seen.add(m)
                cases["%s_%d_%d.py" % (name, seed, k)] = (fam, m, e)
    return cases


def gen_tokens(seed, count):
    rng = random.Random(seed)
    progs = list(corpus_programs())
    cases = {}
    tries = 0
    while len(cases) < count and tries < count * 50:
        tries += 1
        name, src = rng.choice(progs)
        try:
            toks = [t for t in tokenize.generate_tokens(io.StringIO(src).readline)
                    if t.type in (tokenize.NAME, tokenize.OP, tokenize.NUMBER) and t.start[0] == t.end[0]]
        except (tokenize.TokenError, SyntaxError):
            continue
        if not toks:
            continue
        t = rng.choice(toks)
        lines = src.split("\n")
        line, a, b = lines[t.start[0] - 1], t.start[1], t.end[1]
        how = rng.randrange(4)
        new = rng.choice(TOKENS)
        lines[t.start[0] - 1] = (line[:a] + line[b:] if how == 0 else
                                 line[:a] + new + " " + line[a:] if how == 1 else
                                 line[:a] + new + line[b:] if how == 2 else
                                 line[:b] + " " + new + line[b:])
        m = "\n".join(lines)
        e = gen.cpython_error(m)
        if e is not None:
            cases["%s_%d_%d.py" % (name, seed, len(cases))] = ("tokens", m, e)
    return cases


def main():
    warnings.simplefilter("ignore")
    if len(sys.argv) < 4 or sys.argv[2] not in ("mutants", "tokens"):
        sys.exit(__doc__)
    if sys.version_info[:2] != (3, 11):
        sys.exit("fuzz.py: needs CPython 3.11 (this is %s)" % sys.version.split()[0])
    safepy = sys.argv[1]
    if sys.argv[2] == "mutants":
        cases = gen_mutants([int(s) for s in sys.argv[3].split(",")])
    else:
        cases = gen_tokens(int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else 3000)
    tmp = tempfile.mkdtemp(prefix="safepy-syntax-")
    try:
        for name, (_, src, _) in cases.items():
            with open(os.path.join(tmp, name), "w", encoding="utf-8") as f:
                f.write(src)
        r = subprocess.run([safepy, "lint", "--format", "json", "--exit-zero", tmp], capture_output=True, text=True)
        got = {}
        for d in json.loads(r.stdout)["diagnostics"]:
            if d["rule"] == "syntax":
                got.setdefault(os.path.basename(d["file"]), (d["message"], d["line"]))
    finally:
        shutil.rmtree(tmp)
    total, miss, bad = collections.Counter(), collections.Counter(), []
    for name, (fam, _, e) in sorted(cases.items()):
        total[fam] += 1
        g = got.get(name)
        if g != (e["msg"], e["line"]) if sys.argv[2] == "mutants" else g is None:
            miss[fam] += 1
            keep = os.environ.get("FUZZ_KEEP")  # a directory: the differing programs go there
            if keep:
                os.makedirs(keep, exist_ok=True)
                with open(os.path.join(keep, name), "w", encoding="utf-8") as f:
                    f.write(cases[name][1])
            bad.append("%s: CPython %r line %d, safepy %s" % (name, e["msg"], e["line"],
                                                             "accepts it" if g is None else "%r line %d" % g))
    for line in bad:
        print(line)
    for fam in sorted(total):
        print("%-8s %6d cases, %d differ" % (fam, total[fam], miss[fam]))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
