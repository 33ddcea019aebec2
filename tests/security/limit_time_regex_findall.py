# Exponential backtracking inside a scan (findall): every pcre2_match call
# is bounded by the clock, so the scan stops at the limit.
# args: --timeout 1
# expect: exit=3 stderr="time limit" seconds=6
import re
s = 'x' * 40 + 'y!'
print(re.findall(r'(x+x+)+y$', s))
print("never printed")
