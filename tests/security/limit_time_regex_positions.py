# PCRE2's match limit counts the steps of one start position; a search tries
# every position in one call.  Backtracking just under that limit at each of
# thousands of positions must still end with the time limit, promptly (the
# callout at every start position reads the clock): it once ran ~5x past it.
# args: --timeout 1
# expect: exit=3 stderr="time limit" stdout="start" seconds=6
import re
print("start")
s = ("a" * 16 + "x") * 8000 + "b"
print(re.search(r"(a|a)+b", s))
print("never printed")
