from statistics import mean, stdev, NormalDist

control = [12.1, 11.8, 12.6, 13.0, 12.2, 11.9, 12.4, 12.8, 12.0, 12.3]
variant = [12.9, 13.4, 13.1, 12.7, 13.8, 13.2, 13.5, 12.9, 13.6, 13.0]

def summarize(name, xs):
    print(f"{name}: n={len(xs)} mean={mean(xs):.4f} sd={stdev(xs):.4f}")

summarize("control", control)
summarize("variant", variant)
diff = mean(variant) - mean(control)
se = (stdev(control) ** 2 / len(control) + stdev(variant) ** 2 / len(variant)) ** 0.5
z = diff / se
p = 2 * (1 - NormalDist().cdf(abs(z)))
print(f"diff={diff:.4f} se={se:.5f} z={z:.3f} p={p:.3g}")
ci = NormalDist().inv_cdf(0.975)
print(f"95% CI: [{diff - ci * se:.4f}, {diff + ci * se:.4f}]")
c = NormalDist.from_samples(control)
v = NormalDist.from_samples(variant)
print(c, v)
print("overlap:", round(c.overlap(v), 6))
print("P(variant > 13):", round(1 - v.cdf(13), 6))
print("difference dist:", v - c)
print("quartiles of control:", [round(q, 4) for q in c.quantiles()])
