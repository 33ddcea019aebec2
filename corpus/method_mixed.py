text = 'one two three two one two'
freq = {}
for w in text.split():
    freq[w] = freq.get(w, 0) + 1
keys = sorted(freq.keys())
for k in keys:
    print(k.upper(), freq[k])
stack = []
for ch in '(()(()))':
    if ch == '(':
        stack.append(len(stack))
    else:
        print('close', stack.pop())
print(stack)
lines = []
for i in range(3):
    lines.append('line ' + str(i))
print('\n'.join(lines))
