# printf-style % formats its single argument as given: an int or float
# subclass's own __str__/__repr__ count (it is not unboxed to a plain int).
class I(int):
    def __str__(self):
        return 'I-str'
i = I(3)
print('%s' % i, '%s' % (i,), '%s|%s' % (i, i), '%(k)s' % {'k': i}, 'x%sy' % i)
class F(float):
    def __str__(self):
        return 'F-str'
print('%s' % F(1.5), '%s' % (F(2.5),))
class J(int):
    def __repr__(self):
        return 'J-repr'
print('%r %s %d %x %5.1f' % (J(10), J(10), J(10), J(10), J(10)), '%r' % J(4), '%d' % J(4), '%x' % J(255))
class G(float):
    def __repr__(self):
        return 'G-repr'
print('%r %s %.2f %d' % (G(1.25), G(1.25), G(1.25), G(1.25)), '%r' % G(2.0), '%e' % G(2.0))
