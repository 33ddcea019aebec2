# getattr with a dunder name: refused by SP302 at check time.
class Box:
    pass
def name_of(item):
    return getattr(item, '__name__', item)
print(name_of(int), name_of(Box), name_of("T"))
