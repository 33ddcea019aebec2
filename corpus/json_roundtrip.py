import json, random
random.seed(7)
def gen(depth):
    r = random.random()
    if depth > 3 or r < 0.3:
        c = random.randrange(6)
        if c == 0: return random.randint(-10**6, 10**6)
        if c == 1: return random.random() * 10 ** random.randint(-5, 5)
        if c == 2: return "".join(chr(random.choice([32, 65, 97, 233, 0x4e16, 0x1f600, 10, 34, 92])) for _ in range(random.randrange(6)))
        if c == 3: return random.choice([True, False, None])
        if c == 4: return []
        return {}
    if r < 0.65:
        return [gen(depth + 1) for _ in range(random.randrange(4))]
    return {str(random.randrange(100)): gen(depth + 1) for _ in range(random.randrange(4))}
for i in range(40):
    v = gen(0)
    s = json.dumps(v)
    assert json.loads(s) == v
    print(s)
    print(json.dumps(v, indent=1, sort_keys=True, ensure_ascii=False) == json.dumps(json.loads(s), indent=1, sort_keys=True, ensure_ascii=False))
