print({x % 7 for x in range(100)}, {(i, -i) for i in range(3)} == {(0, 0), (1, -1), (2, -2)}, sorted({c for c in "hello"}))
