/*
 * mt19937.h - the generator core shared by random.c (see mt19937.c).
 * Internal to evaluator/modules/.
 */
#ifndef SAFEPY_MT19937_H
#define SAFEPY_MT19937_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MT_N 624

typedef struct rnd_state {
    uint32_t mt[MT_N];
    int index;         /* next word of mt; MT_N: regenerate first */
    bool has_gauss;    /* gauss_next is not None */
    double gauss_next;
} rnd_state;

uint32_t rnd_genrand(rnd_state *st);
void rnd_init_by_array(rnd_state *st, const uint32_t *key, size_t len);
/* random(): a double in [0, 1) with 53 random bits. */
double rnd_random(rnd_state *st);
/* getrandbits(k) for 0 < k <= 64. */
uint64_t rnd_bits64(rnd_state *st, int k);
/* _randbelow(n) for 0 < n < 2**64. */
uint64_t rnd_below64(rnd_state *st, uint64_t n);
/* seed(None): OS entropy (the clock and pid if getrandom fails). */
void rnd_seed_entropy(rnd_state *st);

#endif
