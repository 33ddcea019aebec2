/*
 * mt19937.c - the generator core of the random module: MT19937 exactly as
 * CPython's Modules/_randommodule.c (seeding by init_by_array, 53-bit
 * floats from two words, getrandbits word order) and OS-entropy seeding.
 * No interpreter objects here: random.c does the Python side.
 */
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "evaluator/modules/mt19937.h"

#define MT_M 397

uint32_t rnd_genrand(rnd_state *st)
{
    static const uint32_t mag01[2] = {0x0u, 0x9908b0dfu};
    uint32_t y;
    if (st->index >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (st->mt[kk] & 0x80000000u) | (st->mt[kk + 1] & 0x7fffffffu);
            st->mt[kk] = st->mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 1u];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (st->mt[kk] & 0x80000000u) | (st->mt[kk + 1] & 0x7fffffffu);
            st->mt[kk] = st->mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1u];
        }
        y = (st->mt[MT_N - 1] & 0x80000000u) | (st->mt[0] & 0x7fffffffu);
        st->mt[MT_N - 1] = st->mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1u];
        st->index = 0;
    }
    y = st->mt[st->index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

static void init_genrand(rnd_state *st, uint32_t s)
{
    st->mt[0] = s;
    for (int i = 1; i < MT_N; i++)
        st->mt[i] = 1812433253u * (st->mt[i - 1] ^ (st->mt[i - 1] >> 30)) + (uint32_t)i;
    st->index = MT_N;
}

void rnd_init_by_array(rnd_state *st, const uint32_t *key, size_t len)
{
    init_genrand(st, 19650218u);
    size_t i = 1, j = 0;
    for (size_t k = MT_N > len ? MT_N : len; k; k--) {
        st->mt[i] = (st->mt[i] ^ ((st->mt[i - 1] ^ (st->mt[i - 1] >> 30)) * 1664525u)) + key[j] +
                    (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            st->mt[0] = st->mt[MT_N - 1];
            i = 1;
        }
        if (j >= len)
            j = 0;
    }
    for (size_t k = MT_N - 1; k; k--) {
        st->mt[i] = (st->mt[i] ^ ((st->mt[i - 1] ^ (st->mt[i - 1] >> 30)) * 1566083941u)) -
                    (uint32_t)i;
        i++;
        if (i >= MT_N) {
            st->mt[0] = st->mt[MT_N - 1];
            i = 1;
        }
    }
    st->mt[0] = 0x80000000u; /* MSB is 1, assuring a non-zero initial array */
}

/* random(): 53 bits from two words, as genrand_res53. */
double rnd_random(rnd_state *st)
{
    uint32_t a = rnd_genrand(st) >> 5, b = rnd_genrand(st) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* getrandbits(k) for 0 < k <= 64: words are filled least significant first
 * and the last one keeps its top bits, as CPython does. */
uint64_t rnd_bits64(rnd_state *st, int k)
{
    if (k <= 32)
        return rnd_genrand(st) >> (32 - k);
    uint64_t lo = rnd_genrand(st);
    uint64_t hi = rnd_genrand(st) >> (64 - k);
    return lo | hi << 32;
}

static int bit_length64(uint64_t n) { return n ? 64 - __builtin_clzll(n) : 0; }

/* _randbelow_with_getrandbits for 0 < n < 2**64. */
uint64_t rnd_below64(rnd_state *st, uint64_t n)
{
    int k = bit_length64(n);
    uint64_t r = rnd_bits64(st, k);
    while (r >= n)
        r = rnd_bits64(st, k);
    return r;
}

/* seed(None): from the OS entropy like CPython (624 words); falls back to
 * the clock and pid when getrandom is not available. */
void rnd_seed_entropy(rnd_state *st)
{
    uint32_t key[MT_N];
    size_t got = 0;
    while (got < sizeof key) {
        ssize_t r = getrandom((char *)key + got, sizeof key - got, 0);
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    if (got < sizeof key) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint32_t k[4] = {(uint32_t)ts.tv_sec, (uint32_t)ts.tv_nsec, (uint32_t)getpid(),
                         (uint32_t)((uint64_t)ts.tv_sec >> 32)};
        rnd_init_by_array(st, k, 4);
    } else {
        rnd_init_by_array(st, key, MT_N);
    }
    st->has_gauss = false;
}
