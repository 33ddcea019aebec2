# go: Monte-Carlo tree search (UCT) for the game of Go on a 9x9 board.
# Each iteration walks the tree by the upper confidence bound, expands one
# move, finishes the game with random legal moves that do not fill the
# player's own eyes, scores by area and backs the result up.  Seeded;
# checksum: the chosen moves and their visit counts.
import math
import random

N = 9
EMPTY, BLACK, WHITE = 0, 1, 2
KOMI = 7.5
ITERATIONS = 60
MOVES = 3

NEIGHBOURS = []
for p in range(N * N):
    r, c = divmod(p, N)
    NEIGHBOURS.append([q for q, ok in ((p - N, r > 0), (p + N, r < N - 1), (p - 1, c > 0), (p + 1, c < N - 1)) if ok])


class Board:
    def __init__(self):
        self.cells = [EMPTY] * (N * N)
        self.to_move = BLACK
        self.ko = -1
        self.passes = 0

    def copy(self):
        b = Board.__new__(Board)
        b.cells = self.cells[:]
        b.to_move = self.to_move
        b.ko = self.ko
        b.passes = self.passes
        return b

    def group(self, p):
        """The stones of p's group and whether it has at least two liberties, as (stones, libs)."""
        cells = self.cells
        colour = cells[p]
        stones = [p]
        seen = {p}
        libs = set()
        i = 0
        while i < len(stones):
            for q in NEIGHBOURS[stones[i]]:
                if q in seen:
                    continue
                v = cells[q]
                if v == EMPTY:
                    libs.add(q)
                elif v == colour:
                    seen.add(q)
                    stones.append(q)
            i += 1
        return stones, len(libs)

    def legal(self, p):
        cells = self.cells
        if cells[p] != EMPTY or p == self.ko:
            return False
        me = self.to_move
        for q in NEIGHBOURS[p]:
            v = cells[q]
            if v == EMPTY:
                return True
            libs = self.group(q)[1]
            if v == me and libs > 1:
                return True
            if v != me and libs == 1:
                return True
        return False

    def own_eye(self, p):
        me = self.to_move
        return all(self.cells[q] == me for q in NEIGHBOURS[p])

    def play(self, p):
        if p < 0:
            self.passes += 1
            self.ko = -1
            self.to_move = 3 - self.to_move
            return
        me, them = self.to_move, 3 - self.to_move
        cells = self.cells
        cells[p] = me
        taken = []
        for q in NEIGHBOURS[p]:
            if cells[q] == them:
                stones, libs = self.group(q)
                if libs == 0:
                    for s in stones:
                        cells[s] = EMPTY
                    taken += stones
        self.ko = taken[0] if len(taken) == 1 and self.group(p) == ([p], 1) else -1
        self.passes = 0
        self.to_move = them

    def moves(self):
        return [p for p in range(N * N) if self.legal(p) and not self.own_eye(p)]

    def score(self):
        """Area score: black's points minus white's minus komi."""
        cells = self.cells
        total = 0.0
        for p in range(N * N):
            v = cells[p]
            if v == BLACK:
                total += 1
            elif v == WHITE:
                total -= 1
            else:
                around = {cells[q] for q in NEIGHBOURS[p]}
                if around == {BLACK}:
                    total += 1
                elif around == {WHITE}:
                    total -= 1
        return total - KOMI


def playout(board, rng):
    for _ in range(3 * N * N):
        if board.passes >= 2:
            break
        empties = [p for p in range(N * N) if board.cells[p] == EMPTY]
        rng.shuffle(empties)
        for p in empties:
            if board.legal(p) and not board.own_eye(p):
                board.play(p)
                break
        else:
            board.play(-1)
    return board.score()


class Node:
    def __init__(self, move, parent, board):
        self.move = move
        self.parent = parent
        self.children = []
        self.untried = board.moves()
        self.wins = 0.0
        self.visits = 0
        self.player = 3 - board.to_move   # who made self.move

    def pick(self):
        logn = math.log(self.visits)
        best, best_v = None, -1.0
        for c in self.children:
            v = c.wins / c.visits + math.sqrt(2.0 * logn / c.visits)
            if v > best_v:
                best, best_v = c, v
        return best


def search(root_board, rng, iterations):
    root = Node(-1, None, root_board)
    for _ in range(iterations):
        node, board = root, root_board.copy()
        while not node.untried and node.children:
            node = node.pick()
            board.play(node.move)
        if node.untried:
            m = node.untried.pop(rng.randrange(len(node.untried)))
            board.play(m)
            child = Node(m, node, board)
            node.children.append(child)
            node = child
        s = playout(board, rng)
        while node is not None:
            node.visits += 1
            if (s > 0) == (node.player == BLACK):
                node.wins += 1
            node = node.parent
    if not root.children:
        return -1, 0
    best = max(root.children, key=lambda c: (c.visits, -c.move))
    return best.move, best.visits


rng = random.Random(2024)
board = Board()
record = []
for _ in range(MOVES):
    move, visits = search(board, rng, ITERATIONS)
    board.play(move)
    record.append((move, visits))
print(record, board.score())
