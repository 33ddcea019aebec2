# Catastrophic backtracking must end with the time limit, promptly, never hang.
# args: --timeout 1
# expect: exit=3 stderr="time limit" stdout="start" seconds=6
import re
print("start")
print(re.match(r'(a+)+$', 'a' * 40 + '!'))
print("never printed")
