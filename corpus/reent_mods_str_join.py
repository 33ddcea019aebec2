def g():
    yield "a"
    yield 1
    raise ValueError("boom")
try: print("-".join(g()))
except Exception as e: print(type(e).__name__, e)
L = ["a", "b"]
def h():
    for x in L:
        yield x
        if len(L) < 5: L.append("z")
print("-".join(h()))
