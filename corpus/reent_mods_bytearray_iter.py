ba = bytearray(b"abcdefgh"*10)
def g():
    for i in range(50):
        ba.clear(); ba.extend(b"x"*i)
        yield 65
ba.extend(g()); print(ba)
ba = bytearray(b"abcdefgh"*10)
class V:
    def __index__(self):
        ba.clear(); return 66
ba.extend([V(), V(), 67]); print(ba)
ba = bytearray(b"abc"*10)
for x in ba:
    ba += b"z" if len(ba) < 100 else b""
    if len(ba) > 60: ba.clear()
print(ba)
ba = bytearray(b"abc"*10)
class I:
    def __iter__(self):
        ba.clear(); return iter([1,2,3])
ba += I() if False else b"x"
try: ba.extend(I()); print(ba)
except Exception as e: print(type(e).__name__, e)
ba = bytearray(b"abc"*10)
try: ba[2:5] = I(); print(ba)
except Exception as e: print(type(e).__name__, e)
ba = bytearray(b"abc"*10)
def g2():
    ba.clear(); yield 1; yield 2
try: ba[2:5] = g2(); print(ba)
except Exception as e: print(type(e).__name__, e)
ba = bytearray(b"abc"*10)
try: ba[2:20:2] = g2(); print(ba)
except Exception as e: print(type(e).__name__, e)
ba = bytearray(b"abc"*10)
class W:
    def __index__(self): ba.clear(); return 1
for m in ("find","count","index","rfind","rindex","__contains__","startswith","endswith"):
    ba = bytearray(b"abc"*10)
    try: print(m, getattr(ba, m)(W()))  # safepy: ignore[SP305]
    except Exception as e: print(m, type(e).__name__, e)
for m in ("find","count","index","rfind","rindex"):
    ba = bytearray(b"abc"*10)
    try: print(m, getattr(ba, m)(b"c", W(), W()))  # safepy: ignore[SP305]
    except Exception as e: print(m, type(e).__name__, e)
