# __pow__ / __rpow__ called with a modulus answer as CPython's slots do:
# float refuses any modulus first, complex wants a number then refuses,
# int wants three ints or says NotImplemented; pow() asks the base only.
cases = [("a", 2), (2, "a"), (2, 3), (2.0, 3), (None, None), (2, None), ([], 1),
         (2, 3.0), (-1, 5), (True, 7), (1j, 2), (3, 0)]
for args in cases:
    for base in (-0.0, 1.5, 3, True, 2j, -4):
        for how in ("__pow__", "pow", "__rpow__"):
            try:
                r = repr(getattr(base, how)(*args)) if how != "pow" else repr(pow(base, *args))  # safepy: ignore[SP305]
            except Exception as e:
                r = type(e).__name__ + " " + str(e)
            print(repr(base), how, args, r)
