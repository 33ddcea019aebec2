# AttributeError on a module and on a builtin method suggest the right name
import math
items = [3, 1]
try:
    items.apend(2)
except AttributeError as e:
    print(e, e.name, e.obj)
try:
    undefined_thing
except NameError as e:
    print(e, e.name)
try:
    raise AttributeError("custom")
except AttributeError as e:
    print(e.name, e.obj)
print(math.flor(2.5))
