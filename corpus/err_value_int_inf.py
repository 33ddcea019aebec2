print(int(1e300) > 0)
print(int(float('inf')))
