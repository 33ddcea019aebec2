# expect: exit=0 stdout="        10"
# f"{x:=10}" is a format spec "=10" (width 10), not a walrus
x = 10
print(f"{x:=10}")
