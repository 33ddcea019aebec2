# NameError suggests a close global or builtin
max_items = 3
print(max_itms)
