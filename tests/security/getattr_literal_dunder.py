# expect: exit=2 stderr="__class__"
# getattr with a literal dunder name: refused statically like x.__class__
# (if the rules leave it to the evaluator, exit=1 with an AttributeError is
# also a safe outcome; the expectation here is the static refusal)
x = 1
print(getattr(x, '__class__'))
