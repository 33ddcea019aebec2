# A mixed program as a model writes it (session 2026-12-03 spot check).
import itertools
class ValidationError(Exception):
    def __init__(self, field, msg):
        super().__init__(f"{field}: {msg}")
        self.field = field
class NotFound(LookupError):
    pass
def parse(rec):
    try:
        name, age = rec.split(',')
        return {'name': name.strip(), 'age': int(age)}
    except ValueError as e:
        raise ValidationError('age', str(e)) from e
results, errors = [], []
for rec in ['ann, 30', 'bob, x', 'cy', 'dee, 41']:
    try:
        results.append(parse(rec))
    except ValidationError as e:
        errors.append((e.field, str(e), type(e.__cause__).__name__))
print(results)
print(errors)
def gen():
    try:
        yield 1
        yield 2
    finally:
        print('cleanup')
g = gen()
print(next(g))
g.close()
def chunks(it, n):
    it = iter(it)
    while chunk := list(itertools.islice(it, n)):
        yield chunk
print(list(chunks(range(7), 3)))
class Resource:
    def __init__(self, name): self.name = name
    def __enter__(self):
        print('open', self.name); return self
    def __exit__(self, et, ev, tb):
        print('close', self.name, et.__name__ if et else None)
        return et is KeyError
with Resource('a') as a, Resource('b') as b:
    print('inside', a.name, b.name)
with Resource('c'):
    {}['missing']
print('after suppressed')
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise NotFound('no item')
except LookupError as e:
    print(repr(e), repr(e.__context__), e.__suppress_context__)
def f(n):
    if n == 0:
        raise RuntimeError('bottom')
    return f(n - 1)
try:
    f(3)
except RuntimeError as e:
    e.add_note('while testing')
    print(e.__notes__)
x = {'a': [1, 2, {'b': (3, 4)}]}
print(x['a'][2]['b'][1], x.get('z', {}).get('q'), x.setdefault('c', []), x)
def outer():
    count = 0
    def inc():
        nonlocal count
        count += 1
        return count
    return inc
inc = outer()
print(inc(), inc(), inc.__name__, inc.__qualname__)
match {'type': 'point', 'x': 1, 'y': 2}:
    case {'type': 'point', 'x': x, 'y': y} if x < y:
        print('point', x, y)
    case _:
        print('other')
raise ValidationError('email', 'missing @') from KeyError('k')
