# A subscript holding a tuple with slices in it.
class Echo:
    def __getitem__(self, key):
        return key
e = Echo()
print(e[1:2, 3])
print(e[::2, ::-1, 0])
print(e[1:2, ...])
