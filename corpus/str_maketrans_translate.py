# str.maketrans in its three forms and str.translate with dicts, lists and
# objects with __getitem__; CPython's errors.
t = str.maketrans("abc", "xyz", "!?")
print(sorted(t.items()), "a!b?c d".translate(t))
print("hello".translate({ord("l"): "L", ord("o"): None, 104: 72}))
print(str.maketrans({"a": "1", 98: None, "c": 99}))
print("caesar".translate(str.maketrans("abcdefghijklmnopqrstuvwxyz", "defghijklmnopqrstuvwxyzabc")))
print("tab\there".translate({9: " -> "}), "ünï".translate({ord("ü"): "u", ord("ï"): "i"}))
class Upper:
    def __getitem__(self, cp):
        if cp == ord(" "):
            raise LookupError
        return chr(cp).upper() * 2
print("ab c".translate(Upper()))
print("abc".translate([ord("X")] * 98))
for bad in [lambda: str.maketrans("ab", "c"), lambda: str.maketrans([1]), lambda: str.maketrans({"ab": 1}),
            lambda: str.maketrans(1, "a"), lambda: str.maketrans("a", 1), lambda: "a".translate({97: 1.5}),
            lambda: "a".translate({97: 0x110000}), lambda: str.maketrans({1.5: "x"})]:
    try:
        print(bad())
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
