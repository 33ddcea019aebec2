def square(x):
    return x * x
def cube(x):
    return x * x * x
def apply(f, v):
    return f(v)
def compose(f, g, v):
    return f(g(v))
ops = [square, cube, abs, str, len]
for f in ops[:3]:
    print(f(-3))
print(apply(square, 12), apply(len, 'hello'), apply(str, 42) + '!')
print(compose(square, cube, 2), compose(cube, square, 2))
table = {'sq': square, 'cu': cube}
for name in table:
    print(name, table[name](4))
alias = square
print(alias(9), alias is square, alias == square)
