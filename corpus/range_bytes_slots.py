# range and bytes special methods called directly, as CPython has them.
r = range(2, 10, 3)
print(r.__len__(), r.__getitem__(1), r.__contains__(5), list(r.__iter__()), r.__eq__(range(2, 11, 3)), r.__ne__(range(0)), r.__hash__() == hash(r), r.__bool__(), range(0).__bool__())
print(r.__eq__(5), r.__lt__(r), r.__repr__(), range.__len__(range(5)))
b = b'abc'
