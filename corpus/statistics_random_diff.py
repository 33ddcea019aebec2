# 1,500 seeded random data sets through every statistics function
import random
import statistics as st
rng = random.Random(11)
fns = [st.mean, st.fmean, st.geometric_mean, st.harmonic_mean, st.median, st.median_low, st.median_high,
       st.median_grouped, st.mode, st.multimode, st.pstdev, st.stdev, st.pvariance, st.variance,
       lambda d: st.quantiles(d, n=rng.randint(1, 12), method=rng.choice(["exclusive", "inclusive"])),
       lambda d: st.NormalDist.from_samples(d), lambda d: st.correlation(d, sorted(d)), lambda d: st.covariance(d, d[::-1]),
       lambda d: st.linear_regression(range(len(d)), d), lambda d: st.linear_regression(d, d[::-1], proportional=True),
       lambda d: st.fmean(d, [abs(x) + 1 for x in d]), lambda d: st.harmonic_mean([abs(x) for x in d], [1] * len(d))]
for i in range(1500):
    n = rng.randint(0, 9)
    kind = rng.randrange(5)
    if kind == 0:
        d = [rng.randint(-100, 100) for _ in range(n)]
    elif kind == 1:
        d = [rng.uniform(-1e3, 1e3) for _ in range(n)]
    elif kind == 2:
        d = [rng.choice([rng.randint(0, 10), rng.random() * 10, True]) for _ in range(n)]
    elif kind == 3:
        d = [rng.randint(1, 10**20) for _ in range(n)]
    else:
        d = [round(rng.uniform(0, 5), 1) for _ in range(n)]
    f = rng.choice(fns)
    try:
        r = f(d)
    except (st.StatisticsError, ValueError, TypeError, ZeroDivisionError) as e:
        r = (type(e).__name__, str(e))
    print(i, repr(r))
