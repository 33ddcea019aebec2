# An iterator that has run out stays exhausted even when its container
# grows afterwards (a paging helper that reuses iterators).
def drain(it):
    return [x for x in it]


queue = ["job1", "job2"]
pending = iter(queue)
print(drain(pending))
queue.append("job3")
print(next(pending, "no more"), queue)

stack = [1, 2, 3]
backwards = reversed(stack)
print(drain(backwards))
stack.append(4)
print(next(backwards, "no more"))

tags = {"red"}
tag_iter = iter(tags)
print(drain(tag_iter))
tags.add("blue")
print(next(tag_iter, "no more"), len(tags))

items = [10, 20, 30]
walker = iter(items)
print(next(walker))
items.clear()
print(next(walker, "ended early"))
items.extend([40, 50, 60])
print(next(walker, "still ended"), items)

shrink = [1, 2, 3, 4]
back = reversed(shrink)
print(next(back), next(back))
del shrink[1:]
print(next(back, "gone"))
shrink.extend([5, 6, 7, 8])
print(next(back, "still gone"))

# while it has not run out, a list iterator sees appends
growing = [1]
it = iter(growing)
print(next(it))
growing.append(2)
print(next(it), next(it, "end"))
