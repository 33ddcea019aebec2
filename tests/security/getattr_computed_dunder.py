# expect: exit=1 stderr="__subclasses__"
# computed dunder name: cannot be seen statically, must be refused at run time
# by the evaluator (AttributeError naming the attribute). CHOSEN expectation:
# exit 1 + "__subclasses__" in stderr; a static refusal (exit 2) would also be safe.
print('before')
name = '__subcl' + 'asses__'
print(getattr(1, name))
