# args: --allow-module csv --max-memory 64M --timeout 20
# expect: exit=3 stderr="memory" stdout="limit ok" seconds=30
# A CSV field that never ends stops at field_size_limit (csv.Error, as
# CPython), and with the limit lifted it stops at the memory limit: the
# parser's buffer grows under the session's accounting.
import csv

def endless(open_quote):
    yield '"' + 'x' * 1000 if open_quote else 'x' * 1000
    while True:
        yield 'y' * 100000

try:
    next(csv.reader(endless(True)))
except csv.Error as e:
    assert str(e) == 'field larger than field limit (131072)', e
print('limit ok')
csv.field_size_limit(2 ** 62)
next(csv.reader(endless(True)))
print('not reached')
