print("never")
x = b"a" "b"
