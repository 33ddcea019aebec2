# SequenceMatcher over elements whose __hash__/__eq__ are user code, junk
# callbacks, subclasses, and attributes changed between calls
import difflib
import random

random.seed(31)


class Word:
    def __init__(self, s):
        self.s = s

    def __hash__(self):
        return hash(self.s.lower())

    def __eq__(self, other):
        return isinstance(other, Word) and self.s.lower() == other.s.lower()

    def __repr__(self):
        return 'W(%s)' % self.s


for case in range(30):
    a = [Word(random.choice(['The', 'the', 'CAT', 'cat', 'sat', 'on', 'mat'])) for _ in range(random.randrange(15))]
    b = [Word(random.choice(['the', 'Cat', 'SAT', 'on', 'a', 'mat'])) for _ in range(random.randrange(15))]
    s = difflib.SequenceMatcher(lambda w: w.s == 'on', a, b)
    print(case, s.get_opcodes(), s.ratio(), s.quick_ratio())
    print(list(difflib.ndiff([w.s for w in a], [w.s for w in b])))

seen = []


def junk(x):
    seen.append(x)
    return x in 'aeiou'


s = difflib.SequenceMatcher(junk, 'the quick brown fox', 'the quack brawn fix')
print(sorted(seen), sorted(s.bjunk), s.get_matching_blocks(), s.ratio())


class Counting(difflib.SequenceMatcher):
    calls = 0

    def get_matching_blocks(self):
        Counting.calls += 1
        return super().get_matching_blocks()


c = Counting(None, 'abcdef', 'abxdef')
print(c.get_opcodes(), c.ratio(), Counting.calls, isinstance(c, difflib.SequenceMatcher))


class Loud(difflib.SequenceMatcher):
    def set_seq2(self, b):
        print('set_seq2', b)
        super().set_seq2(b)


l = Loud(None, 'ab', 'cd')
l.set_seqs('x', 'y')
print(l.a, l.b, l.get_opcodes())

s = difflib.SequenceMatcher(None, 'abcabc', 'abc')
print(s.get_opcodes())
s.a = 'xyz'
print(s.get_opcodes())
s.matching_blocks = None
s.opcodes = None
print(s.get_opcodes(), s.ratio())
s.set_seq2('xyz')
print(s.get_opcodes(), s.ratio())

# a list mutated after set_seqs: set_seq1 of the same object does nothing
a = [1, 2, 3]
s = difflib.SequenceMatcher(None, a, [1, 2, 3])
print(s.ratio())
a.append(4)
s.set_seq1(a)
print(s.ratio(), s.real_quick_ratio())
s.set_seq1(list(a))
print(s.ratio())

mutated = []


class Grow:
    def __init__(self, v):
        self.v = v

    def __hash__(self):
        return hash(self.v)

    def __eq__(self, other):
        if len(mutated) < 5:
            mutated.append(self.v)
            target.append(Grow(99))
        return isinstance(other, Grow) and self.v == other.v


target = [Grow(i % 3) for i in range(6)]
s = difflib.SequenceMatcher(None, [Grow(1), Grow(2), Grow(1)], target)
print(s.get_matching_blocks(), len(mutated) > 0)
g = difflib.SequenceMatcher(None, 'abcd' * 5, 'abce' * 5).get_grouped_opcodes(1)
print(next(g), list(g))
print(type(difflib.SequenceMatcher.__class_getitem__(int)) is not None)
