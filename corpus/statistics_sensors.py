import statistics as st

readings = {
    "temp": [21.3, 21.7, 22.1, 21.9, 35.0, 22.4, 22.0, 21.8, 22.3, 21.6],
    "humidity": [45, 47, 46, 44, 48, 90, 46, 45, 47, 46],
    "pressure": [1013.2, 1013.5, 1012.9, 1013.1, 1013.4, 1013.0, 1012.8, 1013.3, 1013.2, 1013.1],
}

for sensor, values in readings.items():
    m = st.mean(values)
    s = st.stdev(values)
    med = st.median(values)
    q1, q2, q3 = st.quantiles(values, n=4)
    iqr = q3 - q1
    outliers = [v for v in values if v < q1 - 1.5 * iqr or v > q3 + 1.5 * iqr]
    print(f"{sensor}: mean={m:.3f} median={med} stdev={s:.4f} iqr={iqr:.3f} outliers={outliers}")
    cleaned = [v for v in values if v not in outliers]
    print(f"  cleaned mean={st.mean(cleaned)!r} pvariance={st.pvariance(cleaned)!r}")
    z = [round((v - m) / s, 2) for v in values]
    print("  z:", z)

# moving average and correlation between two sensors
temp = readings["temp"]
hum = readings["humidity"]
window = 3
ma = [round(st.fmean(temp[i:i + window]), 3) for i in range(len(temp) - window + 1)]
print("moving avg:", ma)
print("corr temp/humidity:", st.correlation(temp, hum))
print("cov:", st.covariance(temp, hum))
slope, intercept = st.linear_regression(temp, hum)
print(f"humidity ~ {slope:.4f} * temp + {intercept:.4f}")
print("geo mean pressure:", st.geometric_mean(readings["pressure"]))
print("harmonic mean humidity:", st.harmonic_mean(hum))
