# hasattr with '__notes__' (the documented way to test for notes): refused by SP302.
e = ValueError("v")
print(hasattr(e, "__notes__"))
e.add_note("n")
print(hasattr(e, "__notes__"), e.__notes__)
