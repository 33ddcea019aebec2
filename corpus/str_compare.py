words = ['banana', 'apple', 'Cherry', 'apple pie', 'app', '', 'Zebra', 'éclair', 'zoo']
for a in words:
    line = ''
    for b in words:
        if a < b:
            line += '<'
        elif a == b:
            line += '='
        else:
            line += '>'
    print(repr(a), line)
print(sorted(words))
print('abc' < 'abd' < 'abe', 'b' > 'a' > 'A')
