import random
from random import choice, choices, shuffle, sample

for s in [0, 42, -5, 2**100, 3.7, 'hello']:
    random.seed(s)
    print('seed', repr(s))
    print(' choice', choice([1, 2, 3, 4, 5]), choice('abcdef'), choice((7, 8)), choice(range(10**15)))
    print(' choices', choices('abcde', k=8))
    print(' choices w', choices(['r', 'g', 'b'], [10, 5, 1], k=10))
    print(' choices cw', choices(['r', 'g', 'b'], cum_weights=[1, 1.5, 4], k=10))
    print(' choices fw', choices(range(6), weights=[0.1, 0.2, 0, 3, 1e-3, 2], k=6))
    print(' choices1', choices([10, 20, 30]), choices([1, 2], k=0), choices([1, 2], k=-3))
    lst = list(range(20))
    shuffle(lst)
    print(' shuffle', lst)
    lst = ['a', 'b', 'c']
    shuffle(lst)
    print(' shuffle3', lst)
    one = [1]
    shuffle(one)
    print(' shuffle1', one)
    print(' sample', sample(range(100), 10))
    print(' sample small', sample([1, 2, 3, 4, 5], 5), sample('xyz', 2), sample((1, 2), 0))
    print(' sample big', sample(range(10**6), 7))
    print(' sample setsize', sample(range(40), 6), sample(range(30), 6), sample(range(50), 30))
    print(' sample 200', sample(range(100000), 200)[:10])
    print(' sample huge', sample(range(2**62), 3))
    print(' sample counts', sample(['red', 'blue'], counts=[4, 2], k=5))
    print(' sample counts2', sample('abc', 4, counts=[1, 0, 5]))
    print(' after', random.random())

# shuffle of a long list and a string pool
random.seed(2024)
deck = []
for suit in 'SHDC':
    for rank in range(1, 14):
        deck.append(f'{rank}{suit}')
shuffle(deck)
print(deck)
hands = sample(deck, 13)
print(hands)
print(choices(deck, k=20))
words = ['alpha', 'beta', 'gamma', 'delta']
counts = {}
for i in range(1000):
    w = choice(words)
    counts[w] = counts.get(w, 0) + 1
print(counts)
print(choices(words, weights=[1, 2, 3, 4], k=12))
