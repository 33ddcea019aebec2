# collections.ChainMap as CPython: lookups through the maps, writes to the first, new_child, parents, views, | and |=.
from collections import ChainMap
defaults = {'color': 'red', 'user': 'guest', 'lang': 'en'}
env = {'user': 'admin'}
cli = {'color': 'blue'}
cm = ChainMap(cli, env, defaults)
print(cm['color'], cm['user'], cm['lang'], cm.get('x'), cm.get('x', 0), 'lang' in cm, 'x' in cm, len(cm))
print(list(cm), list(cm.keys()), list(cm.items()), list(cm.values()), dict(cm))
print(cm, repr(ChainMap()), bool(ChainMap()), bool(ChainMap({}, {'a': 1})))
cm['new'] = 1
print(cli, cm.maps[0] is cli, cm.maps is cm.maps)
del cm['color']
print(cli, cm['color'])
try:
    del cm['lang']
except KeyError as e:
    print('KeyError', e)
try:
    cm['missing']
except KeyError as e:
    print('KeyError', e)
child = cm.new_child({'lang': 'fr'})
print(child['lang'], child.parents['lang'], child.maps[1:] == cm.maps, type(child).__name__)
c2 = cm.new_child(lang='de', x=1)
print(c2.maps[0], c2['lang'])
print(cm.pop('new'), cli)
try:
    cm.pop('nope')
except KeyError as e:
    print('KeyError', e)
print(cm.pop('nope', 'dflt'))
cm.clear(); print(cli, cm['user'])
try:
    ChainMap({}).popitem()
except KeyError as e:
    print('KeyError', e)
c3 = cm.copy(); c3['z'] = 9; print(c3.maps[0], cm.maps[0])
print(ChainMap({'a': 1}) == {'a': 1}, ChainMap({'a': 1}, {'b': 2}) == ChainMap({'a': 1, 'b': 2}), ChainMap({'a': 1}) != {'a': 2})
print(ChainMap({'a': 1}) | {'b': 2}, isinstance(cm, ChainMap))
m = ChainMap({'a': 1})
m |= {'c': 3}
print(m)
for k, v in ChainMap({'x': 1}, {'y': 2, 'x': 0}).items():
    print(k, v)
import collections
print(collections.ChainMap.__name__)


class Config:                      # any mapping: keys() and []
    def keys(self):
        return ['debug', 'level']

    def __getitem__(self, k):
        return {'debug': True, 'level': 3}[k]


print(dict(Config()), ChainMap({'level': 1}, Config())['debug'], {**ChainMap({'a': 1}, {'b': 2})})
d = {}
d.update(Config())
print(d)
