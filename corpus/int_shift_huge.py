for e in [1, 0, -1]:
    try: print(e << 2**70)
    except Exception as x: print(type(x).__name__, x)
try: print(-1 << 2**63)
except Exception as x: print(type(x).__name__, x)
try: print(-9223372036854775808 << 9223372036854775808)
except Exception as x: print(type(x).__name__, x)
