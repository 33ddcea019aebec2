# %, //, &, |, ^ on machine-size and big ints, negative operands and the
# 64-bit edges, in expressions and augmented assignments
vals = [0, 1, -1, 2, -2, 3, -3, 7, -7, 10, -10, 2**31, -2**31,
        9223372036854775807, -9223372036854775808, 2**64 + 3, -(2**64) - 3]
res = []
for a in vals:
    for b in vals:
        for op in range(5):
            try:
                if op == 0:
                    res.append(a % b)
                elif op == 1:
                    res.append(a // b)
                elif op == 2:
                    res.append(a & b)
                elif op == 3:
                    res.append(a | b)
                else:
                    res.append(a ^ b)
            except ZeroDivisionError as e:
                res.append(str(e))
print(len(res))
for i in range(0, len(res), 17):
    print(res[i:i + 17])

acc = 12345
for k in range(1, 40):
    acc %= 1000003
    acc //= 1 if k % 3 else -1
    acc ^= k * 2654435761
    acc &= 0xFFFFFFFFFFFF
    acc |= k
    acc = acc * 31 + k
print(acc)
x = -9223372036854775808
x //= -1
print(x)
y = -9223372036854775808
y %= -1
print(y)
z = 7
try:
    z %= 0
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
print(divmod(-7, 2), -7 // 2, -7 % 2, 7 // -2, 7 % -2)
