from array import array
import io
import struct

# running statistics over a large signal kept in a compact array
signal = array('d', ((i * 37) % 101 / 10.0 - 5.0 for i in range(5000)))
mean = sum(signal) / len(signal)
var = sum((x - mean) ** 2 for x in signal) / len(signal)
print(len(signal), round(mean, 6), round(var, 6), signal.itemsize * len(signal))
window = 50
moving = array('d', [sum(signal[i:i + window]) / window for i in range(0, 500, 50)])
print([round(x, 3) for x in moving])

# histogram into an unsigned array
hist = array('L', [0] * 10)
for x in signal:
    hist[int((x + 5.0) // 1.01) % 10] += 1
print(hist, sum(hist))

# struct reads and writes an array's memory as CPython's buffer protocol
buf = array('b', bytes(8))
struct.pack_into('<hhi', buf, 0, 1, -2, 70000)
print(buf, struct.unpack('<hhi', buf), struct.unpack_from('<i', buf, 4))
ints = array('i', [10, 20, 30])
print(struct.unpack('3i', ints), list(struct.iter_unpack('i', ints)))

# to a BytesIO and back
f = io.BytesIO()
ints.tofile(f)
big = array('H', range(40000))
big.tofile(f)
f.seek(0)
back = array('i')
back.fromfile(f, 3)
rest = array('H')
rest.fromfile(f, 40000)
print(back, len(rest), rest[-1], rest == big)
try:
    rest.fromfile(f, 1)
except EOFError as e:
    print('EOFError:', e, len(rest))

# primes with a byte sieve
n = 2000
sieve = array('B', [1]) * (n + 1)
sieve[0] = sieve[1] = 0
for i in range(2, int(n ** 0.5) + 1):
    if sieve[i]:
        for j in range(i * i, n + 1, i):
            sieve[j] = 0
primes = array('H', [i for i in range(n + 1) if sieve[i]])
print(len(primes), primes[:10], primes[-3:], sum(primes))
