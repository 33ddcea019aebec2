# expect: exit=2 stderr="__class__"
print(().__class__.__bases__[0].__subclasses__())
