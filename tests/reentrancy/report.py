#!/usr/bin/env python3
"""Sanitizer reports of the re-entrancy fuzzer, by family.

    python3 tests/reentrancy/report.py key FILE.err       one line: KIND KEY
    python3 tests/reentrancy/report.py families DIR       the failures kept in DIR,
                                                          grouped by family, with counts

A family is the top project frame (file:function) of the first stack of
the report (the access for ASan errors, the allocation for leaks, the
first frame for UBSan), skipping the allocator and the generic reference
helpers, which say nothing about the caller that went wrong.  A stack
overflow is keyed by the project function that recurs most in its stack.
Failures without a report (signal, bad exit, hang) are keyed by their
status.
"""
import collections
import os
import re
import sys

FRAME = re.compile(r'^\s*#(\d+) 0x[0-9a-f]+ in (\S+) (\S+?)(?::(\d+))?(?::\d+)?\s*$')
PROJECT = re.compile(r'(?:^|/)((?:evaluator|analyzer|mcp_server|grammar)/[^:]+\.c|safepy\.c)')
# Frames that only pass the blame on: allocation and reference counting.
SKIP_FILES = ('evaluator/mem.c',)
SKIP_FUNCS = re.compile(r'^(ev_decref\w*|ev_incref\w*|ev_dup\w*|ev_free\w*|ev_alloc\w*|obj_free\w*|'
                        r'ev_release\w*|block_\w+|ev_dealloc\w*|dealloc\w*)$')
GENERIC_RECURSION = {'evaluator/interp.c', 'evaluator/interp_call.c', 'evaluator/interp_stmt.c',
                     'evaluator/interp_exc.c', 'evaluator/mem.c', 'evaluator/args.c', 'evaluator/attr.c',
                     'evaluator/objects/class.c', 'evaluator/items.c', 'evaluator/builtins.c'}


def frames(lines):
    """The first stack in LINES: [(function, project file or None)]."""
    out = []
    started = False
    for ln in lines:
        m = FRAME.match(ln)
        if m:
            started = True
            p = PROJECT.search(m.group(3))
            out.append((m.group(2), p.group(1) if p else None, m.group(4)))
        elif started or ln.startswith(('SUMMARY', 'Thread ')) or 'allocated by thread' in ln:
            break
    return out


def top_project(fr):
    for fn, path, line in fr:
        if path and path not in SKIP_FILES and not SKIP_FUNCS.match(fn):
            return '%s:%s' % (path, fn)
    for fn, path, line in fr:
        if path:
            return '%s:%s' % (path, fn)
    return fr[0][0] if fr else '?'


def key_of(text):
    """(kind, key) of the first sanitizer report in TEXT, or None."""
    lines = text.splitlines()
    for i, ln in enumerate(lines):
        m = re.search(r'ERROR: AddressSanitizer: ([\w-]+)', ln)
        if m:
            kind = m.group(1)
            fr = frames(lines[i + 1:])
            if kind == 'stack-overflow':
                cnt = collections.Counter('%s:%s' % (p, f) for f, p, _ in fr
                                          if p and p not in GENERIC_RECURSION and not SKIP_FUNCS.match(f))
                if cnt:
                    return kind, cnt.most_common(1)[0][0]
                if not fr:
                    return kind, '<empty stack>'
            return kind, top_project(fr)
        if 'ERROR: LeakSanitizer' in ln:
            fr = frames(lines[i + 1:])
            return 'leak', top_project(fr)
        m = re.search(r'(\S+?):(\d+):\d+: runtime error: (.*)', ln)
        if m:
            fr = frames(lines[i + 1:])
            p = PROJECT.search(m.group(1))
            kind = 'ubsan:' + re.sub(r"[0-9]+|'[^']*'", '#', m.group(3))[:60]
            return kind, top_project(fr) if fr else (p.group(1) if p else m.group(1))
    return None


def families(d):
    fam = collections.defaultdict(list)
    for name in sorted(os.listdir(d)):
        if not name.endswith('.status'):
            continue
        base = os.path.join(d, name[:-len('.status')])
        status = open(base + '.status').read().strip()
        k = None
        if os.path.exists(base + '.err'):
            k = key_of(open(base + '.err', errors='replace').read())
        if k is None:
            k = (status.split()[0], status)
        fam[k].append(base + '.py')
    rows = sorted(fam.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    for (kind, key), progs in rows:
        print('%5d  %-28s %s   e.g. %s' % (len(progs), kind, key, os.path.basename(progs[0])))
    return rows


def main():
    if len(sys.argv) == 3 and sys.argv[1] == 'key':
        k = key_of(open(sys.argv[2], errors='replace').read())
        print('%s %s' % k if k else 'none')
    elif len(sys.argv) == 3 and sys.argv[1] == 'families':
        families(sys.argv[2])
    else:
        sys.stderr.write(__doc__)
        sys.exit(64)


if __name__ == '__main__':
    main()
