# expect: exit=2 stderr="memoryview"
m = memoryview(b"abc")
