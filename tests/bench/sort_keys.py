# sorting with keys: lambdas, tuples, reverse, stability, str keys

# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 6
for _round in range(ROUNDS):
    rows = [((i * 7919) % 10007, 'name' + str((i * 31) % 977), i % 13) for i in range(60000)]
    by_first = sorted(rows)
    print(by_first[0], by_first[-1])
    by_key = sorted(rows, key=lambda r: (r[2], -r[0]))
    print(by_key[0], by_key[-1])
    by_name = sorted(rows, key=lambda r: r[1], reverse=True)
    print(by_name[0][1], by_name[-1][1])
    words = ['w' + str((i * 7) % 1000) for i in range(50000)]
    words.sort(key=len)
    print(words[:3], words[-1])
    nums = [((i * 2654435761) % 2**32) / 2**32 for i in range(100000)]
    nums.sort()
    print(round(nums[0], 9), round(nums[50000], 6))
    print(sorted(range(30000), key=lambda x: (x % 10, x))[:5])
    print(max(rows, key=lambda r: r[0] * r[2]), min(words, key=lambda w: (len(w), w)))
