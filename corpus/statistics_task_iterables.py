import statistics as st
from collections import Counter, deque

def gen(n):
    for i in range(1, n + 1):
        yield i * i

print(st.mean(gen(5)), st.median(gen(6)), st.fmean(gen(4)), st.pvariance(gen(4)))
print(st.mean(range(1, 8)), st.median(range(100)), st.variance(range(10)), st.stdev(range(0, 30, 3)))
print(st.mean((2, 4, 9)), st.mean(deque([1, 2, 2])), st.mode(Counter("hello").elements()))
print(st.mean(map(float, "1 2 3.5".split())), st.median(x for x in [9, 1, 5, 3]))
print(st.mean({4: None, 6: None}.keys()), st.mean({"a": 1, "b": 5}.values()), st.median_high(set([1, 2, 3, 4])))
print(st.multimode(iter("mississippi")), st.multimode(["b", "a", "b", "a", "c"]), st.mode(iter([None, None, 1])))
print(st.geometric_mean(iter([2, 8])), st.harmonic_mean(x for x in [1, 2, 4]), st.pstdev(iter([5])))
words = "the cat and the hat and the bat sat on the mat".split()
lens = [len(w) for w in words]
print(st.mean(lens), st.median(lens), st.mode(words), st.multimode(lens), round(st.pstdev(lens), 6))
c = Counter(words)
print(st.mean(c.values()), st.median(sorted(c.values())), st.quantiles(sorted(c.values()), n=3))
print(st.correlation(range(10), [x * x for x in range(10)]), st.covariance(range(5), range(5, 0, -1)))
print(st.correlation([1, 2, 3, 4], [2, 4, 6, 8]), st.covariance([1, 2, 3], [1.5, 3.5, 2.0]))
print(st.linear_regression(range(5), [1, 3, 5, 7, 9]), st.linear_regression([1.0, 2.0], [3.0, 5.0]))
