# expect: exit=1 stderr="__class__"
# computed dunder name: cannot be seen statically, must be refused at run time
# by the evaluator (AttributeError naming the attribute). CHOSEN expectation:
# exit 1 + "__class__" in stderr; a static refusal (exit 2) would also be safe.
print('before')
name = '__cla' + 'ss__'
print(getattr(1, name))
