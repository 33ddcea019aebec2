# math and random: seeded draws, shuffles, float math
import math
import random

# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 10
for _round in range(ROUNDS):
    random.seed(12345)
    xs = [random.random() for _ in range(200000)]
    print(round(sum(xs), 6), round(max(xs), 9))
    ys = [random.randint(1, 100) for _ in range(100000)]
    print(sum(ys), ys[:5])
    deck = list(range(52))
    for _ in range(2000):
        random.shuffle(deck)
    print(deck[:8])
    print(random.choice(deck), round(random.uniform(1, 2), 12), random.sample(range(100), 5))
    acc = 0.0
    for i in range(1, 200000):
        acc += math.sin(i) * math.sqrt(i) + math.log(i) - math.atan2(i, 3)
    print(round(acc, 6), math.gcd(2**61 - 1, 2**31 - 1), math.isqrt(10**30), math.comb(60, 30))
