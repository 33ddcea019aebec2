# fannkuch: for every permutation of 1..N, flip the prefix whose length is
# the first element until a 1 comes first; the maximum number of flips and
# a signed checksum over the permutations (in the order of the counting
# rotation below).
N = 9


def fannkuch(n):
    perm = list(range(n))
    count = [0] * n
    max_flips = 0
    checksum = 0
    sign = 1
    while True:
        first = perm[0]
        if first:
            p = perm[:]
            flips = 0
            while first:
                p[:first + 1] = p[first::-1]
                flips += 1
                first = p[0]
            if flips > max_flips:
                max_flips = flips
            checksum += sign * flips
        sign = -sign
        # next permutation: rotate the first i+1 elements until a counter
        # has not wrapped
        i = 1
        while True:
            if i == n:
                return max_flips, checksum
            perm[:i + 1] = perm[1:i + 1] + [perm[0]]
            count[i] += 1
            if count[i] <= i:
                break
            count[i] = 0
            i += 1


print([fannkuch(N) for _ in range(3)])
