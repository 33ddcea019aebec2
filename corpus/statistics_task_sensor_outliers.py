from statistics import mean, median, stdev, pstdev, median_low, median_high, NormalDist, multimode

readings = {
    "t1": [20.1, 20.3, 20.2, 20.4, 35.0, 20.3, 20.1, 20.2, 20.5, 20.3],
    "t2": [18.0, 18.2, 17.9, 18.1, 18.0, 18.3, -5.0, 18.2, 18.1, 18.0],
    "t3": [22, 22, 23, 22, 21, 22, 23, 22, 22, 22],
    "t4": [19.5, 19.6],
}

def mad(xs):
    m = median(xs)
    return median([abs(x - m) for x in xs])

for name, xs in readings.items():
    m, s = mean(xs), stdev(xs)
    z_out = [x for x in xs if s and abs(x - m) / s > 2]
    md, dev = median(xs), mad(xs)
    robust = [x for x in xs if dev and abs(x - md) / (1.4826 * dev) > 3.5]
    print(name, "mean=%.3f stdev=%.3f median=%s mad=%s" % (m, s, md, round(dev, 4)))
    print("   z>2:", z_out, " robust:", robust, " lo/hi:", median_low(xs), median_high(xs), " modes:", multimode(xs))
    kept = [x for x in xs if x not in robust]
    if len(kept) > 1:
        nd = NormalDist.from_samples(kept)
        print("   cleaned", nd, "P(x>21)=%.4f" % (1 - nd.cdf(21)) if nd.stdev else "degenerate")
all_clean = [x for xs in readings.values() for x in xs if 15 < x < 30]
print(len(all_clean), round(mean(all_clean), 4), round(pstdev(all_clean), 4))
