name = 'World'
n = 42
x = 3.14159
lst = [1, 'a']
print(f'Hello, {name}!')
print(f'{n} + 1 = {n + 1}, {n * 2}, {n // 5}, {n % 5}, {-n}')
print(f'{x}', f'{1 / 3}', f'{2 ** 100}', f'{None}', f'{True}', f'{lst}')
print(f'{name!r}', f'{name!s}', f'{lst!r}', f'{"q"!r}', f"{'it' + 's'!r}")
print(f'{{literal}}', f'{{{n}}}', f'}}{{')
print(f'{name}{n}{x}', f'', f'{""}', f'{name[0]}{name[-1]}{name[1:3]}')
print(f"{'nested quotes'}", f'{"dq inside"}')
print(f'{len(name)} {max(1, 5)} {sum([1, 2])} {str(n) + "!"}')
d = {'k': 'v'}
print(f"{d['k']}", f'{d}')
print(f'multi {n} ' f'part {x}' ' plain')
print(F'upper {n}', rf'raw\n{n}', fr'{n}\t')
print(f'{3.0}', f'{-0.0}', f'{1e20}', f'{1e-7}', f'{0.1 + 0.2}')
