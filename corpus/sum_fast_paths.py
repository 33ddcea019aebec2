# sum() over ints, floats, mixed, bools, overflow to big ints, inf/NaN and non-numbers
import math
print(sum(range(10**5)), sum([2**62, 2**62, 2**62]), sum([1.5, 2, 3]), sum([1, 2.5]), sum([0.1] * 10))
print(sum([2**63 - 1, 1]), sum([-2**63, -1]), sum([1e308, 1e308]), sum([float('inf'), 1]))
x = sum([float('inf'), float('-inf')]); y = sum([float('inf'), float('-inf')])
print(x, [x] == [y], x in [x], math.isnan(x))
print(sum([True, True, 3]), sum([1, True]), sum((i * 0.5 for i in range(100)), 10), sum([], 5.0))
print(sum([[1], [2]], []), sum([1, 2], 0.0), type(sum([1, 2], 0.0)))
