x = 7
y = 'yes' if x > 3 else 'no'
print(y, 'a' if 0 else 'b' if 0 else 'c')
for v in [0, 5, 10]:
    print(v, 'low' if v < 5 else 'mid' if v < 10 else 'high')
