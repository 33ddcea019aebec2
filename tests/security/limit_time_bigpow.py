# args: --timeout 1
# expect: exit=3 stderr="time limit" stdout="start" seconds=8
# 3 ** (10**9): GMP cannot be interrupted; each squaring is asked of the clock first,
# so the run stops at the time limit with its output, never by SIGXCPU.
print("start")
x = 3 ** (10**9)
print("never printed")
