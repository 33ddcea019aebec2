from queue import PriorityQueue

def kway_merge(lists):
    pq = PriorityQueue()
    for i, lst in enumerate(lists):
        if lst:
            pq.put((lst[0], i, 0))
    out = []
    while not pq.empty():
        val, i, j = pq.get()
        out.append(val)
        if j + 1 < len(lists[i]):
            pq.put((lists[i][j + 1], i, j + 1))
    return out

def top_k(stream, k):
    """k largest with a bounded min-heap."""
    pq = PriorityQueue(maxsize=k)
    for x in stream:
        if pq.full():
            smallest = pq.get()
            pq.put(max(smallest, x))
        else:
            pq.put(x)
    return sorted((pq.get() for _ in range(pq.qsize())), reverse=True)

lists = [[1, 4, 9, 16], [2, 3, 5, 7, 11, 13], [], [0, 10, 20], [6, 6, 6]]
print(kway_merge(lists))
print(kway_merge([["pear", "plum"], ["apple", "zucchini"], ["kiwi"]]))
print(kway_merge([[1.5, 2.5], [1, 2, 3], [True, 2.0]]))
data = [(x * 7919) % 101 for x in range(50)]
print(top_k(data, 5), sorted(data)[-5:][::-1])
print(top_k([3, 1], 5))
print(top_k([], 3))
