# list subscripts with __index__ keys (which CPython converts for get, set and
# del alike) and the errors of index conversion: the type named when an
# __index__ result does not fit, OverflowError for list.pop/insert arguments.
L = [1, 2, 3]
for k in ("a", 1.5, None, 2**70, -2**70, True):
    for op in ("get", "set", "del"):
        try:
            if op == "get": L[k]
            elif op == "set": L[k] = 0
            else: del L[k]
            print(op, k, L)
        except Exception as e:
            print(op, type(e).__name__, e)
class I:
    def __index__(s): return 2**70
for op in ("get", "set", "del"):
    try:
        if op == "get": L[I()]
        elif op == "set": L[I()] = 0
        else: del L[I()]
    except Exception as e:
        print(op, type(e).__name__, e)
print(L[I():], L[:I()])
L[I():] = [7]; print(L)
class BadIdx:
    def __index__(s): return "x"
try: L[BadIdx()]
except TypeError as e: print(e)
try: L[BadIdx():]
except TypeError as e: print(e)
try: L[BadIdx()] = 1
except TypeError as e: print(e)
for f in (lambda: L.pop(I()), lambda: L.insert(I(), 0), lambda: L.index(0, I()), lambda: L.pop(2**70)):
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
class MI(int): pass
try: L[MI(2**70)]
except IndexError as e: print(e)
try: L.pop(MI(2**70))
except OverflowError as e: print(e)
