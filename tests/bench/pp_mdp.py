# mdp: a small Markov decision process solved exactly: a two-player duel
# (hit points, a healing potion, attacks with critical hits), its state
# graph built from the start state, then value iteration with Fractions for
# the probabilities and the bounds, both sides choosing their best action,
# until the values stop changing.  Checksum: the win probability from the
# start and the number of states.
from collections import defaultdict, namedtuple
from fractions import Fraction

Side = namedtuple("Side", "hp potions")
HP = 26
ATTACKS = {"strike": (3, 6, Fraction(1, 8)), "lunge": (5, 9, Fraction(1, 4))}   # (lo, hi, miss chance)
CRIT = Fraction(1, 16)


def damage_dist(lo, hi, miss):
    d = defaultdict(Fraction)
    d[0] += miss
    each = (1 - miss) / (hi - lo + 1)
    for x in range(lo, hi + 1):
        d[x] += each * (1 - CRIT)
        d[2 * x] += each * CRIT
    return d


DISTS = {name: damage_dist(*spec) for name, spec in ATTACKS.items()}


def outcomes(state, action):
    """state = (me, them); the side to move is always `me`; returns {next state: p}."""
    me, them = state
    out = defaultdict(Fraction)
    if action == "potion":
        healed = Side(min(HP, me.hp + 8), me.potions - 1)
        out[(them, healed)] += 1
        return out
    for dmg, p in DISTS[action].items():
        hurt = Side(max(0, them.hp - dmg), them.potions)
        out[(hurt, me)] += p
    return out


def actions(state):
    me, _ = state
    acts = sorted(ATTACKS)
    if me.potions and me.hp < HP:
        acts.append("potion")
    return acts


def explore(start):
    graph = {}
    todo = [start]
    while todo:
        s = todo.pop()
        if s in graph:
            continue
        if s[0].hp == 0 or s[1].hp == 0:
            graph[s] = None
            continue
        graph[s] = {a: dict(outcomes(s, a)) for a in actions(s)}
        todo.extend(n for a in graph[s].values() for n in a)
    return graph


def value(graph, s, v):
    """The chance that the side to move in s wins."""
    me, them = s
    if me.hp == 0:
        return Fraction(0)
    if them.hp == 0:
        return Fraction(1)
    return v[s]


def solve(graph, sweeps):
    v = {s: Fraction(1, 2) for s, moves in graph.items() if moves is not None}
    for _ in range(sweeps):
        new = {}
        for s in v:
            best = Fraction(0)
            for a, nxt in graph[s].items():
                q = sum((p * (1 - value(graph, n, v)) for n, p in nxt.items()), Fraction(0))
                if q > best:
                    best = q
            new[s] = best
        delta = max(abs(new[s] - v[s]) for s in v)
        v = new
        if delta == 0:
            break
    return v, delta


start = (Side(HP, 1), Side(HP, 1))
graph = explore(start)
v, delta = solve(graph, 6)
w = v[start]
print(len(graph), float(w), float(delta), w.denominator.bit_length())
