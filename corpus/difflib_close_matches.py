# get_close_matches on random words: n, cutoff, ties, any iterable of possibilities
import difflib

import random

random.seed(5)
letters = 'abcdeilmnorst'
vocab = sorted({''.join(random.choice(letters) for _ in range(random.randrange(2, 9))) for _ in range(120)})
for case in range(40):
    word = random.choice(vocab)
    word = ''.join(c if random.random() < 0.8 else random.choice(letters) for c in word)
    n = random.randrange(1, 6)
    cutoff = random.choice([0.0, 0.3, 0.5, 0.6, 0.8, 1.0])
    print(case, word, n, cutoff, difflib.get_close_matches(word, vocab, n, cutoff))
print(difflib.get_close_matches('wheel', ['while']))
print(difflib.get_close_matches('appel', ['ape', 'apple', 'peach', 'puppy']))
print(difflib.get_close_matches('apple', iter(['apple', 'apple', 'appel', 'applf']), n=10))
print(difflib.get_close_matches('ab', ('ab', 'ba', 'abc', 'xab'), cutoff=0))
print(difflib.get_close_matches([1, 2, 3], [[1, 2], [1, 2, 3, 4], (1, 2, 3), [9]]))
print(difflib.get_close_matches('', ['', 'a']))
print(difflib.get_close_matches('x', []))
for n, cutoff in [(0, 0.5), (-1, 0.5), (3, -0.1), (3, 1.5), (2.5, 0.5)]:
    try:
        print(difflib.get_close_matches('x', ['x'], n, cutoff))
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
