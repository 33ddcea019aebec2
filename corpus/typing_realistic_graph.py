# Graph algorithms with full annotations.
from collections import deque
from typing import Deque, Dict, FrozenSet, Iterable, Iterator, List, Mapping, Optional, Sequence, Set, Tuple

Graph = Dict[str, List[str]]
Edge = Tuple[str, str]


def build(edges: Iterable[Edge], directed: bool = False) -> Graph:
    g: Graph = {}
    for a, b in edges:
        g.setdefault(a, []).append(b)
        g.setdefault(b, [])
        if not directed:
            g[b].append(a)
    return g


def bfs(g: Mapping[str, Sequence[str]], start: str) -> List[str]:
    seen: Set[str] = {start}
    order: List[str] = []
    q: Deque[str] = deque([start])
    while q:
        node = q.popleft()
        order.append(node)
        for nxt in sorted(g[node]):
            if nxt not in seen:
                seen.add(nxt)
                q.append(nxt)
    return order


def shortest(g: Graph, a: str, b: str) -> Optional[List[str]]:
    prev: Dict[str, Optional[str]] = {a: None}
    q: Deque[str] = deque([a])
    while q:
        n = q.popleft()
        if n == b:
            path: List[str] = []
            cur: Optional[str] = n
            while cur is not None:
                path.append(cur)
                cur = prev[cur]
            return path[::-1]
        for m in sorted(g[n]):
            if m not in prev:
                prev[m] = n
                q.append(m)
    return None


def components(g: Graph) -> List[FrozenSet[str]]:
    seen: Set[str] = set()
    out: List[FrozenSet[str]] = []
    for n in sorted(g):
        if n not in seen:
            comp = frozenset(bfs(g, n))
            seen |= comp
            out.append(comp)
    return out


def walk(g: Graph, start: str) -> Iterator[Tuple[int, str]]:
    for i, n in enumerate(bfs(g, start)):
        yield i, n


g = build([("a", "b"), ("b", "c"), ("c", "d"), ("x", "y")])
print(g)
print(bfs(g, "a"), shortest(g, "a", "d"), shortest(g, "a", "x"))
print([sorted(c) for c in components(g)], list(walk(g, "x")))
print(build.__annotations__, walk.__annotations__["return"])
