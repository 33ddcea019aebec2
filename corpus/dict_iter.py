d = {}
d['zebra'] = 1
d['apple'] = 2
d['mango'] = 3
d[10] = 4
d[-5] = 5
for k in d:
    print(k, d[k])
d['apple'] = 6
for k in d:
    print(k, d[k])
count = {}
for ch in 'abracadabra':
    if ch in count:
        count[ch] += 1
    else:
        count[ch] = 1
print(count)
print(sorted(count), len(count))
print(max(count), min(count))
