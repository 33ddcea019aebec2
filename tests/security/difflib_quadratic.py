# args: --allow-module difflib --timeout 3
# expect: exit=3 stderr="time limit" seconds=20
# SequenceMatcher with autojunk off over two long runs of one element: every
# a[i] meets every j of b2j, 4e10 steps of find_longest_match's inner loop
# (CPython takes hours). The loop is charged to the time limit, which stops
# it: never a hang.
import difflib

a = 'x' * 200_000
b = 'x' * 199_999 + 'y'
s = difflib.SequenceMatcher(None, a, b, autojunk=False)
print(s.ratio())
