import csv
import io

def attempt(label, f):
    try:
        print(label, '->', f())
    except Exception as e:
        print(label, '->', type(e).__name__ + ':', e)

attempt('delim2', lambda: csv.reader([], delimiter='ab'))
attempt('delim0', lambda: csv.reader([], delimiter=''))
attempt('delimNone', lambda: csv.reader([], delimiter=None))
attempt('delimInt', lambda: csv.reader([], delimiter=44))
attempt('quoteInt', lambda: csv.writer(io.StringIO(), quotechar=34))
attempt('quote2', lambda: csv.writer(io.StringIO(), quotechar='""'))
attempt('quoteNoneAll', lambda: csv.reader([], quotechar=None, quoting=csv.QUOTE_ALL))
attempt('quoteNone', lambda: csv.reader([], quotechar=None).dialect.quoting)
attempt('esc2', lambda: csv.reader([], escapechar='\\\\'))
attempt('escInt', lambda: csv.reader([], escapechar=1))
attempt('lt', lambda: csv.reader([], lineterminator=None))
attempt('ltInt', lambda: csv.reader([], lineterminator=10))
attempt('quoting9', lambda: csv.reader([], quoting=9))
attempt('quotingNeg', lambda: csv.reader([], quoting=-1))
attempt('quotingStr', lambda: csv.reader([], quoting='1'))
attempt('quotingFloat', lambda: csv.reader([], quoting=1.0))
attempt('quotingBool', lambda: csv.reader([], quoting=True))
attempt('quotingBig', lambda: csv.reader([], quoting=2 ** 40))
attempt('kw', lambda: csv.reader([], delimeter=';'))
attempt('dialect', lambda: csv.reader([], 'nosuch'))
attempt('dialectkw', lambda: csv.reader([], dialect='unix').dialect.quoting)
attempt('noiter', lambda: csv.reader(42))
attempt('args0', lambda: csv.reader())
attempt('args3', lambda: csv.reader([], 'excel', 3))
attempt('wargs0', lambda: csv.writer())
attempt('bytes', lambda: list(csv.reader([b'a,b'])))
attempt('none', lambda: list(csv.reader([None])))
attempt('strict', lambda: list(csv.reader(['"a"b'], strict=True)))
attempt('strict-semi', lambda: list(csv.reader(['"a"b'], strict=True, delimiter=';')))
attempt('eod', lambda: list(csv.reader(['"open', 'still'], strict=True)))
attempt('nl', lambda: list(csv.reader(['a\rb,c'])))
attempt('nl2', lambda: list(csv.reader(['a,b\nc'])))
attempt('nonnum', lambda: list(csv.reader(['abc'], quoting=csv.QUOTE_NONNUMERIC)))
attempt('truthy', lambda: csv.reader([], doublequote=[], skipinitialspace='yes', strict=0).dialect.skipinitialspace)

class BadBool:
    def __bool__(self):
        raise ValueError('no truth')
attempt('badbool', lambda: csv.reader([], strict=BadBool()))

def failing():
    yield 'a,b'
    raise KeyError('boom')
r = csv.reader(failing())
attempt('gen1', lambda: next(r))
attempt('gen2', lambda: next(r))
attempt('gen3', lambda: next(r))
print(r.line_num)

w = csv.writer(io.StringIO())
class BadStr:
    def __str__(self):
        raise RuntimeError('no str')
attempt('badstr', lambda: w.writerow(['ok', BadStr()]))
attempt('single', lambda: csv.writer(io.StringIO(), quoting=csv.QUOTE_NONE).writerow([None]))
attempt('esc-need', lambda: csv.writer(io.StringIO(), quoting=csv.QUOTE_NONE).writerow(['a\nb']))
attempt('limit', lambda: csv.field_size_limit(1.5))
attempt('limit2', lambda: csv.field_size_limit(2 ** 70))

list(csv.reader(['"never closed'], strict=True))
