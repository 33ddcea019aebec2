print("a=b=c".partition("="), "a=b=c".rpartition("="), "abc".partition("x"), "abc".rpartition("x"))
print("prefix_name".removeprefix("prefix_"), "name.py".removesuffix(".py"), "x".removeprefix(""), "ab".removesuffix("abc"))
print("Straße ΣΑΣ Ǆ ﬁ".casefold(), "ABC".casefold() == "abc")
try:
    "a".partition("")
except ValueError as e:
    print(e)
d = {"a": 1, "b": 2}
e = {"b": 3, "c": 4}
print(d | e, e | d, d)
d |= e
print(d)
try:
    {} | [1]
except TypeError as x:
    print(x)
