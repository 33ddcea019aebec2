# SequenceMatcher on random sequences: matching blocks, opcodes, ratios,
# find_longest_match on random ranges, grouped opcodes, junk and autojunk
import difflib
import random

random.seed(4242)


def rand_seq(r):
    kind = r.randrange(4)
    n = r.randrange(0, 40)
    if kind == 0:
        return ''.join(r.choice('abcde ') for _ in range(n))
    if kind == 1:
        return [r.randrange(6) for _ in range(n)]
    if kind == 2:
        return tuple(r.choice(['x', 'yy', 'zzz', 'w']) for _ in range(n))
    return ''.join(r.choice('ab') for _ in range(n))


def mutate(r, s):
    s = list(s)
    for _ in range(r.randrange(6)):
        op = r.randrange(3)
        if op == 0 and s:
            del s[r.randrange(len(s))]
        elif op == 1:
            s.insert(r.randrange(len(s) + 1), s[r.randrange(len(s))] if s else 'q')
        elif s:
            i = r.randrange(len(s))
            s[i], s[-1] = s[-1], s[i]
    return s


for case in range(120):
    a = rand_seq(random)
    b = mutate(random, a)
    if isinstance(a, str):
        b = ''.join(str(x) for x in b)
    elif isinstance(a, tuple):
        b = tuple(b)
    junk = random.choice([None, None, lambda x: x == ' ', lambda x: x in (0, 'w')])
    s = difflib.SequenceMatcher(junk, a, b, autojunk=random.random() < 0.5)
    print(case, repr(a), repr(b))
    print(' blocks', s.get_matching_blocks())
    print(' opcodes', s.get_opcodes())
    print(' ratios', s.ratio(), s.quick_ratio(), s.real_quick_ratio())
    print(' bjunk', sorted(s.bjunk, key=repr), 'bpopular', sorted(s.bpopular, key=repr))
    print(' b2j', sorted(s.b2j.items(), key=repr))
    for _ in range(3):
        alo = random.randrange(len(a) + 1)
        ahi = random.randrange(alo, len(a) + 1)
        blo = random.randrange(len(b) + 1)
        bhi = random.randrange(blo, len(b) + 1)
        m = s.find_longest_match(alo, ahi, blo, bhi)
        print(' flm', (alo, ahi, blo, bhi), m, m.a, m.b, m.size)
    print(' flm()', s.find_longest_match(), s.find_longest_match(blo=1), s.find_longest_match(ahi=None, bhi=None))
    n = random.randrange(0, 5)
    print(' grouped', n, list(s.get_grouped_opcodes(n)))
    s.set_seq1(b)
    print(' swapped', s.get_opcodes(), s.ratio())
    s.set_seqs(a, a)
    print(' same', s.get_opcodes(), s.ratio())

# autojunk: popular elements of a long b
a = [i % 7 for i in range(500)]
b = [i % 5 for i in range(450)] + list(range(50))
for aj in (True, False):
    s = difflib.SequenceMatcher(None, a, b, autojunk=aj)
    print(aj, sorted(s.bpopular), len(s.b2j), s.ratio(), len(s.get_opcodes()), s.get_matching_blocks()[:5])
s = difflib.SequenceMatcher(None, 'a' * 300 + 'b', 'a' * 250 + 'b' * 3)
print(s.bpopular, s.get_matching_blocks(), s.ratio())
s = difflib.SequenceMatcher()
print(s.a, s.b, s.isjunk, s.autojunk, s.get_opcodes(), s.ratio(), list(s.get_grouped_opcodes()))
s.set_seq2('abc')
print(s.get_opcodes(), s.b2j, s.fullbcount)
s.quick_ratio()
print(s.fullbcount)
print(difflib.SequenceMatcher(None, ' abcd', 'abcd abcd').find_longest_match(0, 5, 0, 9))
print(difflib.SequenceMatcher(lambda x: x == ' ', ' abcd', 'abcd abcd').find_longest_match(0, 5, 0, 9))
print(difflib.SequenceMatcher(None, 'ab', 'c').find_longest_match(0, 2, 0, 1))
