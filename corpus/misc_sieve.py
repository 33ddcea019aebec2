N = 200
is_prime = [True] * (N + 1)
is_prime[0] = False
is_prime[1] = False
i = 2
while i * i <= N:
    if is_prime[i]:
        j = i * i
        while j <= N:
            is_prime[j] = False
            j += i
    i += 1
out = ''
count = 0
for k in range(N + 1):
    if is_prime[k]:
        out += str(k) + ' '
        count += 1
print(out)
print(count)
