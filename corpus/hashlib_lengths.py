# Every algorithm over inputs of many lengths, in one piece and in chunks
# of several sizes: the buffering across block boundaries must not change
# the digest.
import hashlib

pool = bytes((i * 131 + 7) & 255 for i in range(300))
datas = [pool[n % 37:n % 37 + n] + bytes([n & 255]) * (n - len(pool[n % 37:n % 37 + n])) for n in range(300)]
marks = {55, 56, 63, 64, 111, 112, 127, 128, 135, 136, 143, 144, 167, 168}
for name in sorted(hashlib.algorithms_guaranteed):
    xof = name.startswith("shake")
    line = []
    for n, data in enumerate(datas):
        one = hashlib.new(name, data)
        d1 = one.hexdigest(20) if xof else one.hexdigest()
        for step in ((5, 64, 129) if n % 4 == 0 or n in marks else ()):
            h = hashlib.new(name)
            for i in range(0, n, step):
                h.update(data[i:i + step])
            d2 = h.hexdigest(20) if xof else h.hexdigest()
            assert d1 == d2, (name, n, step)
        if n % 10 == 0 or n in marks:
            line.append(d1[:12])
    print(name, " ".join(line))
