# random.seed with empty and short str/bytes/bytearray seeds under both versions
# (an empty bytes seed of version 1 offset a NULL buffer: found by the fuzz smoke)
import random
for v in (1, 2):
    for s in (b"", "", b"ab", "ab", bytearray(b"x"), bytearray()):
        try:
            random.seed(s, version=v)
            print(v, repr(s), random.random())
        except TypeError as e:
            print(v, repr(s), e)
