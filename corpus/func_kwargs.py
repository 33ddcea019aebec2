def f(a, b=2, c=3):
    return str(a) + ',' + str(b) + ',' + str(c)
print(f(1, c=30))
print(f(c=0, b=0, a=0))
print(f(1, b='B'))
def greet(name, greeting='Hello', punct='!'):
    return greeting + ', ' + name + punct
print(greet('Di', punct='.'), greet(greeting='Hey', name='Ed'))
