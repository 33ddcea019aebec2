# Every algorithm over inputs of many lengths, in one piece and in chunks
# of several sizes: the buffering across block boundaries must not change
# the digest.
import hashlib

names = sorted(hashlib.algorithms_guaranteed)
for name in names:
    xof = name.startswith("shake")
    line = []
    for n in range(0, 300, 1):
        data = bytes((i * 131 + n * 7) & 255 for i in range(n))
        one = hashlib.new(name, data)
        d1 = one.hexdigest(20) if xof else one.hexdigest()
        for step in (1, 7, 64, 65, 127, 128, 129):
            h = hashlib.new(name)
            for i in range(0, n, step):
                h.update(data[i:i + step])
            d2 = h.hexdigest(20) if xof else h.hexdigest()
            assert d1 == d2, (name, n, step)
        if n % 10 == 0 or n in (55, 56, 63, 64, 111, 112, 127, 128, 135, 136, 143, 144, 167, 168):
            line.append(d1[:12])
    print(name, " ".join(line))
