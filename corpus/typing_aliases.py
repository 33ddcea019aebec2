# The aliases: reprs, origins, args, equality and hashing.
import typing
from typing import (AbstractSet, Any, AsyncIterator, Callable, ChainMap, Collection, Container, Counter,
                    DefaultDict, Deque, Dict, FrozenSet, Generator, Hashable, ItemsView, Iterable, Iterator,
                    KeysView, List, Mapping, MutableMapping, MutableSequence, MutableSet, Optional,
                    OrderedDict, Reversible, Sequence, Set, Sized, Text, Tuple, Type, Union, ValuesView)

aliases = [List, Dict, Set, FrozenSet, Tuple, Type, Callable, Iterable, Iterator, Sequence, Mapping,
           MutableMapping, MutableSequence, MutableSet, AbstractSet, Collection, Container, Hashable, Sized,
           Reversible, Generator, AsyncIterator, KeysView, ItemsView, ValuesView, Deque, DefaultDict,
           OrderedDict, Counter, ChainMap]
for a in aliases:
    print(repr(a), typing.get_origin(a), typing.get_args(a))
subs = [List[int], Dict[str, List[int]], Set[str], FrozenSet[int], Tuple[int, str], Tuple[int, ...],
        Tuple[()], Type[int], Iterable[str], Iterator[int], Sequence[float], Mapping[str, Any],
        MutableMapping[str, int], Generator[int, None, None], Deque[int], DefaultDict[str, int],
        Counter[str], OrderedDict[str, int], ChainMap[str, int], ItemsView[str, int]]
for s in subs:
    print(s, typing.get_origin(s), typing.get_args(s))
print(List[int] == List[int], List[int] == List[str], List[int] != Dict[int, int])
print(hash(List[int]) == hash(List[int]), Dict[str, int] == Dict[str, int])
print({List[int]: 1, List[int]: 2}, len({List[int], List[int], Set[int]}))
print(Text is str, typing.TYPE_CHECKING)
print(List[List[List[int]]], Dict[Tuple[int, int], Optional[str]])
print(Union[List[int], None], Optional[Dict[str, Any]])
print(List["Node"], Dict[str, "Node"], typing.get_args(List["Node"]))
print(Deque[int]([1, 2]), DefaultDict[str, int](int), Counter[str]("abca"))
print(isinstance([], List), isinstance({}, Dict), isinstance((), Tuple), issubclass(list, Sequence))
print(isinstance({}, Mapping), isinstance([], Iterable), isinstance(3, Hashable), isinstance(len, Callable))
print(List[int].__origin__, List[int].__args__, List.__origin__, Dict[str, int].__parameters__)
