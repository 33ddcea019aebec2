def add(a, b):
    return a + b
def greet(name, greeting='Hello', punct='!'):
    return greeting + ', ' + name + punct
def nothing():
    x = 1
def early(n):
    if n > 0:
        return 'positive'
    print('falls through')
print(add(1, 2), add('a', 'b'), add([1], [2]), add(1.5, 2))
print(greet('Ann'), greet('Bob', 'Hi'), greet('Cy', 'Yo', '?'))
print(nothing(), early(1), early(-1))
def multi():
    return 1, 'two', [3]
r = multi()
print(r, type(r))
a, b, c = multi()
print(a, b, c)
def default_list(x, acc=[]):
    acc += [x]
    return acc
print(default_list(1), default_list(2), default_list(3, []))
