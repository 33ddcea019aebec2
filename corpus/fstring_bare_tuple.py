# A bare tuple inside an f-string replacement field: f"{a, b}" formats the tuple.
a, b = 1, 2
print(f'{a, b}', f'{a, b=}', f'{a,}', f'{a, b!r:>10}', f'{ a , b = }')
x = [1]
print(f'{*x, 3}')
