import random
class P:
    def __init__(s, n, m): s.n = n; s.m = m
    def __len__(s): return s.n
    def __getitem__(s, i):
        if i >= s.m: raise IndexError
        return i * 10
for n, m in [(10, 10), (10, 5), (10, 3), (5, 10), (10, 0)]:
    random.seed(3)
    try: print(random.sample(P(n, m), 4))
    except Exception as e: print(type(e).__name__, e)
