# cmath's errors: domain and range errors, argument types, argument counts
import cmath

def attempt(label, fn):
    try:
        r = fn()
        print(label, repr(r))
    except Exception as e:
        print(label, type(e).__name__ + ':', e)

attempt('log0', lambda: cmath.log(0))
attempt('log-0j', lambda: cmath.log(-0.0 - 0j))
attempt('log10 0', lambda: cmath.log10(0j))
attempt('log base 1', lambda: cmath.log(5, 1))
attempt('log base 0', lambda: cmath.log(5, 0))
attempt('log 0 base 2', lambda: cmath.log(0, 2))
attempt('log base e', lambda: cmath.log(cmath.e ** 3, cmath.e))
attempt('log 8 base 2', lambda: cmath.log(8, 2))
attempt('log base j', lambda: cmath.log(-1, 1j))
attempt('log base inf', lambda: cmath.log(2, float('inf')))
attempt('log base nan', lambda: cmath.log(2, complex(float('nan'), 1)))
attempt('atanh 1', lambda: cmath.atanh(1))
attempt('atanh -1', lambda: cmath.atanh(-1))
attempt('atanh 1+tiny', lambda: cmath.atanh(complex(1, 1e-200)))
attempt('exp 710', lambda: cmath.exp(710))
attempt('exp 709+1j', lambda: cmath.exp(complex(709, 1)))
attempt('exp inf j', lambda: cmath.exp(complex(1, float('inf'))))
attempt('cosh 711', lambda: cmath.cosh(711))
attempt('sinh -711+1j', lambda: cmath.sinh(complex(-711, 1)))
attempt('cos 711j', lambda: cmath.cos(711j))
attempt('sin infj', lambda: cmath.sin(complex(float('inf'), 0)))
attempt('tanh inf j', lambda: cmath.tanh(complex(0, float('inf'))))
attempt('tan inf', lambda: cmath.tan(complex(float('inf'), 0)))
attempt('rect inf', lambda: cmath.rect(1, float('inf')))
attempt('rect 0 inf', lambda: cmath.rect(0, float('inf')))
attempt('rect nan inf', lambda: cmath.rect(float('nan'), float('inf')))
attempt('polar huge', lambda: cmath.polar(complex(1.5e308, 1.5e308)))
attempt('phase tiny', lambda: cmath.phase(complex(1e300, 1e-310)))
attempt('phase big int', lambda: cmath.phase(10 ** 400))
attempt('sqrt str', lambda: cmath.sqrt('4'))
attempt('sqrt None', lambda: cmath.sqrt(None))
attempt('sqrt list', lambda: cmath.sqrt([4]))
attempt('sqrt()', lambda: cmath.sqrt())
attempt('sqrt(1,2)', lambda: cmath.sqrt(1, 2))
attempt('sqrt kw', lambda: cmath.sqrt(z=4))
attempt('log()', lambda: cmath.log())
attempt('log(1,2,3)', lambda: cmath.log(1, 2, 3))
attempt('log(1,"x")', lambda: cmath.log(1, 'x'))
attempt('rect()', lambda: cmath.rect())
attempt('rect(1)', lambda: cmath.rect(1))
attempt('rect(1j,1)', lambda: cmath.rect(1j, 1))
attempt('rect("1",1)', lambda: cmath.rect('1', 1))
attempt('phase()', lambda: cmath.phase())
attempt('polar()', lambda: cmath.polar())
attempt('isnan()', lambda: cmath.isnan())
attempt('isclose(1)', lambda: cmath.isclose(1))
attempt('isclose(1,2,3)', lambda: cmath.isclose(1, 2, 3))
attempt('isclose neg tol', lambda: cmath.isclose(1, 2, rel_tol=-1))
attempt('isclose neg abs', lambda: cmath.isclose(1, 2, abs_tol=-0.5))
attempt('isclose kw', lambda: cmath.isclose(1, 2, tol=1))
attempt('isclose dup', lambda: cmath.isclose(1, 2, a=1))
attempt('isclose str tol', lambda: cmath.isclose(1, 2, rel_tol='x'))
attempt('isclose names', lambda: cmath.isclose(a=1j, b=1j))

class HasComplex:
    def __complex__(self):
        return 3 + 4j
class HasFloat:
    def __float__(self):
        return 2.25
class HasIndex:
    def __index__(self):
        return 16
class BadComplex:
    def __complex__(self):
        return 5
class CSub(complex):
    def __complex__(self):
        return 99j
class FSub(float):
    pass
class ISub(int):
    pass
for v in [HasComplex(), HasFloat(), HasIndex(), CSub(1, 1), FSub(0.25), ISub(9)]:
    attempt(type(v).__name__, lambda: (cmath.sqrt(v), cmath.phase(v), cmath.polar(v), cmath.isfinite(v)))
attempt('BadComplex', lambda: cmath.sqrt(BadComplex()))
attempt('rect HasFloat', lambda: cmath.rect(HasFloat(), HasIndex()))
attempt('rect HasComplex', lambda: cmath.rect(HasComplex(), 1))
attempt('log base HasComplex', lambda: cmath.log(HasComplex(), HasComplex()))
