ba = bytearray(b"abcdefgh"*10)
class J:
    def __index__(self):
        ba.clear(); return 5
try: print(ba[J()])
except Exception as e: print(type(e).__name__, e)
ba = bytearray(b"abcdefgh"*10)
try: ba[J()] = 65
except Exception as e: print(type(e).__name__, e)
print(ba)
ba = bytearray(b"abcdefgh"*10)
class V:
    def __index__(self):
        ba.clear(); return 66
try: ba[3] = V()
except Exception as e: print(type(e).__name__, e)
print(ba)
ba = bytearray(b"abcdefgh"*10)
try: ba[1:J()] = b"xyz"
except Exception as e: print(type(e).__name__, e)
print(ba)
ba = bytearray(b"abcdefgh"*10)
try: print(ba[1:J()])
except Exception as e: print(type(e).__name__, e)
ba = bytearray(b"abcdefgh"*10)
try: print(ba[1:J():J()])
except Exception as e: print(type(e).__name__, e)
ba = bytearray(b"abcdefgh"*10)
try: ba[1:J():2] = b"xyz"
except Exception as e: print(type(e).__name__, e)
ba = bytearray(b"abcdefgh"*10)
try: del ba[1:J():2]
except Exception as e: print(type(e).__name__, e)
print(ba)
ba = bytearray(b"abcdefgh"*10)
try: del ba[J()]
except Exception as e: print(type(e).__name__, e)
print(ba)
ba = bytearray(b"abcdefgh"*10)
try: ba.insert(J(), 3)
except Exception as e: print(type(e).__name__, e)
print(ba)
ba = bytearray(b"abcdefgh"*10)
try: ba.insert(3, V())
except Exception as e: print(type(e).__name__, e)
print(ba)
ba = bytearray(b"abcdefgh"*10)
try: print(ba.pop(J()))
except Exception as e: print(type(e).__name__, e)
ba = bytearray(b"abcdefgh"*10)
try: ba.append(V()); print(ba)
except Exception as e: print(type(e).__name__, e)
