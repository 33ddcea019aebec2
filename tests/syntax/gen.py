#!/usr/bin/env python3
"""Builds tests/syntax/cases.json: broken programs with the SyntaxError CPython 3.11 raises.

    python3 tests/syntax/gen.py        # must be CPython 3.11

Cases come from two sources: the hand-written programs in hand.py (one family
each) and deterministic mutations of the correct programs in corpus/ (remove a
':' or a bracket, break a string, shift an indent...).  Each case records the
exception class, message, line, offset, end line and end offset exactly as
compile() reports them; the unit test (tests/unit/test_analyzer.c) compares
safepy against this file without needing python3.
"""
import json
import os
import random
import re
import sys
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import hand  # noqa: E402


MUTANTS_PER_FAMILY = 50


def cpython_error(src):
    try:
        # a leading BOM is the UTF-8 signature of a file, which CPython
        # strips when it reads one; safepy checks files, so compile the
        # bytes there (a str with U+FEFF is an error only for compile(str))
        compile(src.encode("utf-8") if src.startswith("\ufeff") else src, "<case>", "exec")
    except SyntaxError as e:
        return {"class": type(e).__name__, "msg": e.msg, "line": e.lineno or 0,
                "offset": e.offset or 0, "end_line": e.end_lineno or 0,
                "end_offset": e.end_offset or 0}
    except (ValueError, MemoryError, RecursionError):
        return None
    return None


COMPOUND = re.compile(r"^(\s*)(if|elif|else|for|while|def|class|with|try|except|finally)\b.*:\s*(#.*)?$")


def mutations(name, src, rng):
    lines = src.split("\n")
    out = []

    def put(fam, new_lines):
        out.append((fam, "\n".join(new_lines)))

    # colon: drop the ':' ending a compound statement header
    idx = [i for i, l in enumerate(lines) if COMPOUND.match(l) and "#" not in l]
    for i in rng.sample(idx, min(2, len(idx))):
        l = lines[i].rstrip()
        put("colon", lines[:i] + [l[:-1]] + lines[i + 1:])
    # brackets: drop a closer, add a stray closer, swap a closer
    idx = [i for i, l in enumerate(lines) if ")" in l and "'" not in l and '"' not in l]
    for i in rng.sample(idx, min(2, len(idx))):
        l = lines[i]
        k = l.rindex(")")
        put("bracket", lines[:i] + [l[:k] + l[k + 1:]] + lines[i + 1:])
        put("bracket", lines[:i] + [l[:k] + "]" + l[k + 1:]] + lines[i + 1:])
        put("bracket", lines[:i] + [l + ")"] + lines[i + 1:])
    idx = [i for i, l in enumerate(lines) if "[" in l and "'" not in l and '"' not in l]
    for i in rng.sample(idx, min(1, len(idx))):
        l = lines[i]
        k = l.rindex("]") if "]" in l else len(l)
        put("bracket", lines[:i] + [l[:k] + l[k + 1:]] + lines[i + 1:])
    # strings: drop a closing quote
    idx = [i for i, l in enumerate(lines) if re.search(r"'[^']*'|\"[^\"]*\"", l) and "'''" not in l and '"""' not in l]
    for i in rng.sample(idx, min(2, len(idx))):
        l = lines[i]
        m = list(re.finditer(r"'[^'\\]*'|\"[^\"\\]*\"", l))
        if m:
            e = m[-1].end() - 1
            put("string", lines[:i] + [l[:e] + l[e + 1:]] + lines[i + 1:])
    # indentation: indent a plain line, dedent a block body line, odd dedent
    idx = [i for i, l in enumerate(lines) if l.strip() and not l.strip().startswith("#") and i > 0
           and not lines[i - 1].rstrip().endswith((":", ",", "(", "[", "{", "\\"))]
    for i in rng.sample(idx, min(1, len(idx))):
        put("indent", lines[:i] + ["    " + lines[i]] + lines[i + 1:])
    idx = [i for i, l in enumerate(lines) if l.startswith("    ") and i > 0 and lines[i - 1].rstrip().endswith(":")
           and not lines[i - 1].lstrip().startswith("#")]
    for i in rng.sample(idx, min(1, len(idx))):
        put("indent", lines[:i] + [lines[i].lstrip()] + lines[i + 1:])
    idx = [i for i, l in enumerate(lines) if l.startswith("        ") and l.strip()]
    for i in rng.sample(idx, min(1, len(idx))):
        put("indent", lines[:i] + ["      " + lines[i].lstrip()] + lines[i + 1:])
    # '=' for '=='
    idx = [i for i, l in enumerate(lines) if re.match(r"\s*(if|elif|while) .*==", l)]
    for i in rng.sample(idx, min(1, len(idx))):
        put("assign", lines[:i] + [lines[i].replace("==", "=", 1)] + lines[i + 1:])
    # missing comma in a call or a display
    idx = [i for i, l in enumerate(lines) if re.search(r"\w, \w", l) and "'" not in l and '"' not in l]
    for i in rng.sample(idx, min(1, len(idx))):
        put("comma", lines[:i] + [re.sub(r"(\w), (\w)", r"\1 \2", lines[i], count=1)] + lines[i + 1:])
    # Python 2 print
    idx = [i for i, l in enumerate(lines) if re.match(r"\s*print\(.*\)\s*$", l)]
    for i in rng.sample(idx, min(1, len(idx))):
        l = lines[i]
        put("py2", lines[:i] + [l.replace("print(", "print ", 1).rstrip()[:-1]] + lines[i + 1:])
    return out


def main():
    warnings.simplefilter("ignore")
    if sys.version_info[:2] != (3, 11):
        sys.exit("gen.py: needs CPython 3.11 (this is %s)" % sys.version.split()[0])
    cases = []
    seen = set()

    def add(family, name, src):
        if src in seen:
            return
        err = cpython_error(src)
        if err is None or "\0" in src:
            return
        seen.add(src)
        c = {"family": family, "name": name, "source": src}
        c.update(err)
        cases.append(c)

    for family, items in hand.CASES.items():
        for k, src in enumerate(items):
            add(family, "%s_%03d" % (family, k), src)
    rng = random.Random(3110)
    corpus = os.path.join(ROOT, "corpus")
    mutated_by_family = {}
    for fn in sorted(os.listdir(corpus)):
        if not fn.endswith(".py"):
            continue
        with open(os.path.join(corpus, fn), encoding="utf-8") as f:
            src = f.read()
        if cpython_error(src) is not None:
            continue
        for k, (fam, mutated) in enumerate(mutations(fn, src, rng)):
            mutated_by_family.setdefault(fam, []).append(("%s_%d" % (fn[:-3], k), mutated))
    # a fixed number of mutants per family keeps the file small and balanced
    for fam, items in sorted(mutated_by_family.items()):
        for name, mutated in rng.sample(items, min(MUTANTS_PER_FAMILY, len(items))):
            add("mut_" + fam, name, mutated)
    with open(os.path.join(HERE, "cases.json"), "w", encoding="utf-8") as f:
        json.dump(cases, f, indent=0, ensure_ascii=True)
        f.write("\n")
    fams = {}
    for c in cases:
        fams[c["family"]] = fams.get(c["family"], 0) + 1
    print("%d cases: %s" % (len(cases), ", ".join("%s %d" % kv for kv in sorted(fams.items()))))


if __name__ == "__main__":
    main()
