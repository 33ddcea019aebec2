# pprint's string and bytes wrapping into fragments, at many widths
import pprint
import random

random.seed(99)
words = ['alpha', 'be', 'gamma', 'delta-epsilon', 'z', 'supercalifragilistic', "quote'd", 'dq"x', 'é', '日本語', '\t', '  ']


def text(r):
    parts = []
    for _ in range(r.randrange(1, 30)):
        parts.append(r.choice(words))
        parts.append(r.choice([' ', ' ', '  ', '\n', '\t', ' \n']))
    return ''.join(parts)


for case in range(50):
    s = text(random)
    w = random.choice([1, 3, 8, 15, 25, 40, 70])
    print('---', case, w)
    print(pprint.pformat(s, width=w))
    print(pprint.pformat([s, s[:10]], width=w))
    print(pprint.pformat({'key': s}, width=w))
    print(pprint.pformat((s,), width=w, indent=3))
    b = s.encode('utf-8')
    print(pprint.pformat(b, width=w))
    print(pprint.pformat([b], width=w))
    print(pprint.pformat(bytearray(b), width=w))
    print(pprint.pformat({'b': bytearray(b[:30])}, width=w))

print(pprint.pformat('', width=1))
print(pprint.pformat(b'', width=1))
print(pprint.pformat(bytearray(), width=1))
print(pprint.pformat('single-long-word-without-spaces-at-all', width=5))
print(pprint.pformat(b'abcd', width=1))
print(pprint.pformat(b'abcde', width=1))
print(pprint.pformat(b'\x00\xff' * 10, width=12))
