a = 7
b = 3
print(a + b, a - b, a * b, a / b, a // b, a % b, a ** b)
print(-a + b, -a - b, -a * b, -a / b, -a // b, -a % b, (-a) ** b)
print(0, -0, +5, -(-5), --5)
print(1_000_000, 0x1F, 0o17, 0b1011, 0XFF, 0B11, 0O7)
print(10 - 20, 3 * -4, 100 // 7, 100 % 7)
x = 2 ** 62 - 1
print(x, x + 1, x * 2, -x - 1, -x - 2)
print(type(1), type(-1), type(2 ** 100))
