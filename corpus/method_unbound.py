print(list(map(str.upper, ["a", "b"])), str.join("-", ["x", "y"]), dict.fromkeys("ab", 0), dict.fromkeys([1, 2]))
print((255).bit_length(), (-8).bit_length(), (10**30).bit_length(), (7).bit_count(), True.bit_length())
print((2.0).is_integer(), (2.5).is_integer(), (0.75).as_integer_ratio(), (-2.5).as_integer_ratio(), (1e300).as_integer_ratio()[1])
print(str.upper, sorted(["b", "A", "c"], key=str.lower), list.append)
try:
    str.upper(5)
except TypeError as e:
    print(e)
