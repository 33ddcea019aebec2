# args: --allow-module difflib --timeout 3
# expect: exit=3 stderr="time limit" seconds=20
# ndiff of two long blocks of similar but different lines: _fancy_replace
# compares every pair of lines (quadratic in lines, each a SequenceMatcher
# run) and recurses through _fancy_helper once per synch pair. The time
# limit stops it; the recursion is bounded (RecursionError, never a C stack
# overflow).
import difflib

a = ['line %d of the first text, with words\n' % i for i in range(20_000)]
b = ['line %d of the second text, with word\n' % i for i in range(20_000)]
try:
    n = sum(1 for _ in difflib.ndiff(a, b))
    print(n)
except RecursionError:
    print('RecursionError')
    while True:
        pass
