# expect: exit=2 stderr="import"
from . import x
print(x)
