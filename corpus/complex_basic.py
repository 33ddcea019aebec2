print(1j, 2.5J, 1+2j, 1-2j, -1j, -(1+2j), +(1j), 0j, -0j)
print(complex(1, 2), complex(), complex(2.5), complex('1+2j'), complex(' (3-4j) '), complex('j'), complex('-j'), complex('1-j'), complex('1_0+2_0j'))
print(complex(1j, 1j), complex(True), complex(2.5, True), complex(real=1, imag=2), complex(imag=3))
print(repr(complex(-0.0, 1)), complex(0, -0.0), complex(1e16, 1e-5), complex(float('inf'), float('nan')), complex(-float('inf'), -2))
a, b = 3+4j, 1-2j
print(a + b, a - b, a * b, a / b, a ** 2, a ** 0.5, a ** -1, a ** b, 2 ** a, a ** 0, a ** 1.5)
print(abs(a), abs(-3j), a.real, a.imag, a.conjugate(), (1.5).conjugate(), type(a), type(a).__name__)
print(a == 3+4j, a != b, 1+0j == 1, 1+0j == 1.0, 1j == 1, 2**53+0j == 2**53+1, hash(1+2j), hash(complex(1, 0)) == hash(1), hash(-1+0j), hash(2.5+0j) == hash(2.5))
print(bool(0j), bool(1j), bool(complex(0, -0.0)), isinstance(a, complex), [1j, 2j], {1j: 'x'}, {1+0j, 1, 1.0})
print((-8) ** (1/3), (-2.0) ** 0.5, pow(-4, 0.5))
print(sum([1j, 2, 3.5]), 1j * 1j, 2 * (1 + 1j), (1 + 1j) / 2, 1 / (1 + 1j), 10 - 1j)
print(format(1+2j, ''), format(1+2j, '10'), format(1.5-2j, '<12.3f'), format(2j, '+'), format(1234.5+1j, ','), format(1+1j, '#'), format(3j, '.2'), f'{1+2j:^20.2e}', f'{-1-1j:*>15g}', '{:.1f}'.format(0.25+0.75j))
print(str(1+2j), '%s %r' % (1j, 2j), (1+2j).__complex__(), (1+2j).__getnewargs__())
class C:
    def __complex__(self): return 5+6j
class F:
    def __float__(self): return 2.5
class X:
    def __index__(self): return 7
print(complex(C()), complex(F()), complex(X()), complex(F(), F()))
z = 1j
z += 1
z *= 2
print(z, z ** 100, (1+1e-10j) ** 1000)
match 1+2j:
    case 1+2j: print('matched 1+2j')
match -1-2j:
    case -1-2j: print('matched -1-2j')
match 3j:
    case 1j: print('no')
    case 3j: print('matched 3j')
print(complex('1e3+1E-2j'), complex('inf'), complex('-nanj'), complex('+1.5'), complex('.5j'))
