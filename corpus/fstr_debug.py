n = 42
x = 2.5
name = 'Ann'
print(f'{n=}', f'{x = }', f'{name=}', f'{name=!s}', f'{n + 1=}', f'{x=:.3f}')
