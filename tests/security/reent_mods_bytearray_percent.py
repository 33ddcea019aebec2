# expect: exit=0 stdout="done"
# bytearray % args whose __index__/__float__/__repr__ resize the format
# bytearray: the format was read through a freed buffer (CPython reads its
# buffer in place too; its output is not defined, so only "no crash" here).
ba = bytearray(b"%d-%d;" * 3)
class I:
    def __index__(s):
        ba.clear(); ba.extend(b"x" * 5000); return 5
    def __int__(s): return s.__index__()
try: print(ba % (I(), I(), I(), I(), I(), I()))
except Exception as e: print(type(e).__name__)
ba = bytearray(b"%r|%a|" * 2)
class R:
    def __repr__(s):
        ba.clear(); ba.extend(b"y" * 5000); return "R"
try: print(ba % (R(), R(), R(), R()))
except Exception as e: print(type(e).__name__)
ba = bytearray(b"%f %x")
class F:
    def __float__(s): ba.clear(); return 1.5
    def __index__(s): ba.clear(); return 7
try: print(ba % (F(), F()))
except Exception as e: print(type(e).__name__)
print("done")
