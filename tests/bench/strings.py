
# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 20
for _round in range(ROUNDS):
    def build(n):
        s = ''
        for i in range(n):
            s += str(i % 10)
        return s
    def main():
        s = build(200000)
        print(len(s), s[:20], s[-20:])
        parts = []
        for i in range(100000):
            parts.append('item' + str(i) + ',')
        joined = ''.join(parts)
        print(len(joined), joined[:30])
        words = joined.split(',')
        print(len(words), words[12345])
        count = 0
        for ch in s:
            if ch == '7':
                count += 1
        print(count)
        r = ''
        for w in words[:50000]:
            r = r + w.upper()[:2]
        print(len(r), r[:16])
        t = 'abc' * 10000
        u = t.replace('b', 'XY')
        print(len(u), u.find('cXY', 1000), u[-6:])
    main()
