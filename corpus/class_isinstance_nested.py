# isinstance / issubclass with user classes, builtin types and tuples
# (nested tuples too), and their TypeErrors.
class Animal: pass
class Dog(Animal): pass
class Cat(Animal): pass
class Robot: pass

d = Dog()
print(isinstance(d, Dog), isinstance(d, Animal), isinstance(d, Cat))
print(isinstance(d, (Cat, Robot)), isinstance(d, (Cat, (Robot, Animal))))
print(issubclass(Dog, Animal), issubclass(Dog, (Cat, Robot)), issubclass(Animal, Dog))
print(issubclass(Dog, object), isinstance(d, object), issubclass(Dog, Dog))
print(isinstance(3, (str, int)), isinstance(True, int), issubclass(bool, (int,)))
print(isinstance(d, ()), issubclass(Cat, ()))
print(type(d) is Dog, type(d) == Animal, d.__class__ is Dog)
print(type(d).__name__, d.__class__.__name__, Dog.__name__)
kinds = [Dog(), Cat(), Robot(), Dog()]
print([type(k).__name__ for k in kinds if isinstance(k, Animal)])
try:
    isinstance(d, "Dog")
except TypeError as e:
    print("TypeError:", e)
try:
    issubclass(d, Animal)
except TypeError as e:
    print("TypeError:", e)
try:
    isinstance(d, (Dog, 1))
except TypeError as e:
    print("TypeError:", e)
