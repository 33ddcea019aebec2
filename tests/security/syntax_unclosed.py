# expect: exit=2 stderr="syntax" stdout_max=0
print("before")
x = (1,
print(x)
