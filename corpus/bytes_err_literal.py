print("never")
x = b"caf\xc3\xa9"
y = b"café"
