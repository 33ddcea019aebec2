d = {'a': 1, 'b': 2}
print(d.get('a'), d.get('z'), d.get('z', 0), d.get('b', 99))
print(d.keys(), d.values(), d.items())
for k, v in d.items():
    print(k, v)
for v in d.values():
    print(v)
for k in d.keys():
    print(k)
print(d.pop('a'), d, d.pop('zz', 'default'))
print(d.setdefault('b', 100), d.setdefault('c', 3), d)
groups = {}
for w in ['apple', 'avocado', 'banana', 'blueberry', 'cherry']:
    groups.setdefault(w[0], []).append(w)
print(groups)
counts = {}
for ch in 'hello world':
    counts[ch] = counts.get(ch, 0) + 1
print(counts)
print(sorted(counts.items()), len(counts.keys()), sum(counts.values()))
print('a' in d.keys(), 3 in d.values(), ('b', 2) in d.items())
