/*
 * listsort.c - list.sort and sorted(): CPython 3.11's timsort (natural
 * runs, binary insertion up to minrun, powersort's merge order, galloping
 * merges), written again from its description in Objects/listsort.txt.
 *
 * Why the same algorithm and not any stable sort: a program sees the
 * sequence of comparisons.  A key or __lt__ that prints or counts, and
 * above all the TypeError of a list mixing ints and strs ("'<' not
 * supported between instances of 'int' and 'str'", operands in the order
 * the sort asked), come out as CPython's only when the same pairs are
 * compared in the same order.  After a failed comparison the items are left
 * in the order the interrupted merge left them, as CPython leaves them.
 */
#include <string.h>

#include "evaluator/ev.h"

typedef struct sort_item {
    ev_value key;
    ev_value val;
} sort_item;

/* Keys all of one plain kind compare without the protocol's dispatch, as
 * CPython's sort pre-checks key types (unsafe_long_compare and friends):
 * the same answers, the same order of questions. */
enum { SK_ANY, SK_INT, SK_FLOAT, SK_STR, SK_TUPLE_INT, SK_TUPLE_STR };

#define MIN_GALLOP 7
#define MAX_PENDING 64

typedef struct run {
    size_t base, len;
    int power;
} run;

typedef struct sorter {
    ev_interp *I;
    int mode;
    size_t n;
    sort_item *a;       /* the items being sorted, in place */
    sort_item *tmp;     /* merge scratch, n items */
    size_t min_gallop;
    int npending;
    run pending[MAX_PENDING];
} sorter;

static int key_kind(ev_value k)
{
    if (k.tag == EV_T_INT)
        return SK_INT;
    if (k.tag == EV_T_FLOAT)
        return SK_FLOAT;
    if (k.tag != EV_T_OBJ || (k.u.o->flags & EV_OBJ_SUB))
        return SK_ANY;
    if (k.u.o->kind == EV_O_STR)
        return SK_STR;
    if (k.u.o->kind == EV_O_TUPLE && ev_as_tuple(k)->len > 0) {
        int f = key_kind(ev_as_tuple(k)->items[0]);
        return f == SK_INT ? SK_TUPLE_INT : f == SK_STR ? SK_TUPLE_STR : SK_ANY;
    }
    return SK_ANY;
}

/* x < y: 1, 0, or -1 with the exception raised (CPython's ISLT) */
static int islt(sorter *s, ev_value x, ev_value y)
{
    ev_interp *I = s->I;
    switch (s->mode) {
    case SK_INT: return ev_tick(I) ? -1 : x.u.i < y.u.i;
    case SK_FLOAT: return ev_tick(I) ? -1 : x.u.f < y.u.f;
    case SK_STR: return ev_tick(I) ? -1 : ev_str_cmp(ev_as_str(x), ev_as_str(y)) < 0;
    case SK_TUPLE_INT:
    case SK_TUPLE_STR: {
        /* the first items decide unless they are equal (unsafe_tuple_compare) */
        ev_value x0 = ev_as_tuple(x)->items[0], y0 = ev_as_tuple(y)->items[0];
        int c = s->mode == SK_TUPLE_INT ? (x0.u.i > y0.u.i) - (x0.u.i < y0.u.i)
                                        : ev_str_cmp(ev_as_str(x0), ev_as_str(y0));
        if (c != 0)
            return ev_tick(I) ? -1 : c < 0;
        /* the next items decide while they are ints (key=lambda r: (r[2], -r[0])) */
        const ev_tuple *tx = ev_as_tuple(x), *ty = ev_as_tuple(y);
        size_t n = tx->len < ty->len ? tx->len : ty->len;
        for (size_t i = 1; i < n; i++) {
            ev_value a = tx->items[i], b = ty->items[i];
            if (a.tag != EV_T_INT || b.tag != EV_T_INT)
                return ev_compare(I, x, y, 0);
            if (a.u.i != b.u.i)
                return ev_tick(I) ? -1 : a.u.i < b.u.i;
        }
        return ev_tick(I) ? -1 : tx->len < ty->len;
    }
    default: return ev_compare(I, x, y, 0);
    }
}

static void reverse_items(sort_item *a, size_t n)
{
    for (size_t i = 0, j = n; i + 1 < j; i++, j--) {
        sort_item t = a[i];
        a[i] = a[j - 1];
        a[j - 1] = t;
    }
}

/* Sorts a[lo:hi] by binary insertion; a[lo:start] is already sorted. */
static int binarysort(sorter *s, size_t lo, size_t hi, size_t start)
{
    sort_item *a = s->a;
    if (lo == start)
        start++;
    for (; start < hi; start++) {
        size_t l = lo, r = start;
        sort_item pivot = a[r];
        do {
            size_t p = l + ((r - l) >> 1);
            int k = islt(s, pivot.key, a[p].key);
            if (k < 0)
                return -1;
            if (k)
                r = p;
            else
                l = p + 1;
        } while (l < r);
        memmove(&a[l + 1], &a[l], (start - l) * sizeof *a);
        a[l] = pivot;
    }
    return 0;
}

/* The length of the run starting at lo (hi bounds it); *descending when it
 * is strictly descending (so that reversing it keeps the sort stable). */
static int64_t count_run(sorter *s, size_t lo, size_t hi, bool *descending)
{
    sort_item *a = s->a;
    *descending = false;
    if (lo + 1 == hi)
        return 1;
    int k = islt(s, a[lo + 1].key, a[lo].key);
    if (k < 0)
        return -1;
    size_t i = lo + 2;
    if (k) {
        *descending = true;
        for (; i < hi; i++) {
            if ((k = islt(s, a[i].key, a[i - 1].key)) < 0)
                return -1;
            if (!k)
                break;
        }
    } else {
        for (; i < hi; i++) {
            if ((k = islt(s, a[i].key, a[i - 1].key)) < 0)
                return -1;
            if (k)
                break;
        }
    }
    return (int64_t)(i - lo);
}

/* Where key goes in the sorted a[0:n], left of any equal items, searching
 * out from a[hint] in steps 1, 3, 7, 15... then bisecting. */
static int64_t gallop_left(sorter *s, ev_value key, const sort_item *a, size_t n, size_t hint)
{
    size_t lastofs = 0, ofs = 1;
    int k;
    a += hint;
    if ((k = islt(s, a[0].key, key)) < 0)
        return -1;
    if (k) {
        /* a[hint] < key: gallop right until a[hint+lastofs] < key <= a[hint+ofs] */
        size_t maxofs = n - hint;
        while (ofs < maxofs) {
            if ((k = islt(s, a[ofs].key, key)) < 0)
                return -1;
            if (!k)
                break;
            lastofs = ofs;
            ofs = (ofs << 1) + 1;
        }
        if (ofs > maxofs)
            ofs = maxofs;
        lastofs += hint;
        ofs += hint;
    } else {
        /* key <= a[hint]: gallop left until a[hint-ofs] < key <= a[hint-lastofs] */
        size_t maxofs = hint + 1;
        while (ofs < maxofs) {
            if ((k = islt(s, (a - ofs)[0].key, key)) < 0)
                return -1;
            if (k)
                break;
            lastofs = ofs;
            ofs = (ofs << 1) + 1;
        }
        if (ofs > maxofs)
            ofs = maxofs;
        size_t t = lastofs;
        lastofs = hint - ofs; /* may be "-1": the +1 below makes it 0 */
        ofs = hint - t;
    }
    a -= hint;
    lastofs++;
    while (lastofs < ofs) {
        size_t m = lastofs + ((ofs - lastofs) >> 1);
        if ((k = islt(s, a[m].key, key)) < 0)
            return -1;
        if (k)
            lastofs = m + 1;
        else
            ofs = m;
    }
    return (int64_t)ofs;
}

/* As gallop_left, but right of any equal items. */
static int64_t gallop_right(sorter *s, ev_value key, const sort_item *a, size_t n, size_t hint)
{
    size_t lastofs = 0, ofs = 1;
    int k;
    a += hint;
    if ((k = islt(s, key, a[0].key)) < 0)
        return -1;
    if (k) {
        /* key < a[hint]: gallop left until a[hint-ofs] <= key < a[hint-lastofs] */
        size_t maxofs = hint + 1;
        while (ofs < maxofs) {
            if ((k = islt(s, key, (a - ofs)[0].key)) < 0)
                return -1;
            if (!k)
                break;
            lastofs = ofs;
            ofs = (ofs << 1) + 1;
        }
        if (ofs > maxofs)
            ofs = maxofs;
        size_t t = lastofs;
        lastofs = hint - ofs;
        ofs = hint - t;
    } else {
        /* a[hint] <= key: gallop right until a[hint+lastofs] <= key < a[hint+ofs] */
        size_t maxofs = n - hint;
        while (ofs < maxofs) {
            if ((k = islt(s, key, a[ofs].key)) < 0)
                return -1;
            if (k)
                break;
            lastofs = ofs;
            ofs = (ofs << 1) + 1;
        }
        if (ofs > maxofs)
            ofs = maxofs;
        lastofs += hint;
        ofs += hint;
    }
    a -= hint;
    lastofs++;
    while (lastofs < ofs) {
        size_t m = lastofs + ((ofs - lastofs) >> 1);
        if ((k = islt(s, key, a[m].key)) < 0)
            return -1;
        if (k)
            ofs = m;
        else
            lastofs = m + 1;
    }
    return (int64_t)ofs;
}

/* Merges the adjacent sorted runs a[pa:pa+na] and a[pb:pb+nb] (pb = pa+na,
 * na <= nb, a[pb] < a[pa], the last of a greater than all of b): a is
 * copied out and merged from the left. */
static int merge_lo(sorter *s, size_t pa, size_t na, size_t pb, size_t nb)
{
    sort_item *a = s->a, *t = s->tmp;
    size_t dest = pa, ia = 0, ib = pb;
    int rc = -1;
    int64_t k;
    memcpy(t, &a[pa], na * sizeof *a);
    a[dest++] = a[ib++];
    if (--nb == 0)
        goto succeed;
    if (na == 1)
        goto copy_b;
    size_t min_gallop = s->min_gallop;
    for (;;) {
        size_t acount = 0, bcount = 0;
        /* one at a time, until one run wins min_gallop times in a row */
        for (;;) {
            if ((k = islt(s, a[ib].key, t[ia].key)) < 0)
                goto fail;
            if (k) {
                a[dest++] = a[ib++];
                bcount++;
                acount = 0;
                if (--nb == 0)
                    goto succeed;
                if (bcount >= min_gallop)
                    break;
            } else {
                a[dest++] = t[ia++];
                acount++;
                bcount = 0;
                if (--na == 1)
                    goto copy_b;
                if (acount >= min_gallop)
                    break;
            }
        }
        /* galloping, while it pays */
        min_gallop++;
        do {
            min_gallop -= min_gallop > 1;
            s->min_gallop = min_gallop;
            if ((k = gallop_right(s, a[ib].key, &t[ia], na, 0)) < 0)
                goto fail;
            acount = (size_t)k;
            if (k) {
                memcpy(&a[dest], &t[ia], (size_t)k * sizeof *a);
                dest += (size_t)k;
                ia += (size_t)k;
                na -= (size_t)k;
                if (na == 1)
                    goto copy_b;
                if (na == 0) /* only with an inconsistent comparison */
                    goto succeed;
            }
            a[dest++] = a[ib++];
            if (--nb == 0)
                goto succeed;
            if ((k = gallop_left(s, t[ia].key, &a[ib], nb, 0)) < 0)
                goto fail;
            bcount = (size_t)k;
            if (k) {
                memmove(&a[dest], &a[ib], (size_t)k * sizeof *a);
                dest += (size_t)k;
                ib += (size_t)k;
                nb -= (size_t)k;
                if (nb == 0)
                    goto succeed;
            }
            a[dest++] = t[ia++];
            if (--na == 1)
                goto copy_b;
        } while (acount >= MIN_GALLOP || bcount >= MIN_GALLOP);
        min_gallop++; /* leaving galloping mode costs */
        s->min_gallop = min_gallop;
    }
succeed:
    rc = 0;
fail:
    if (na)
        memcpy(&a[dest], &t[ia], na * sizeof *a);
    return rc;
copy_b:
    /* the last of a goes after the rest of b */
    memmove(&a[dest], &a[ib], nb * sizeof *a);
    a[dest + nb] = t[ia];
    return 0;
}

/* As merge_lo with na > nb: b is copied out and merged from the right. */
static int merge_hi(sorter *s, size_t pa, size_t na, size_t pb, size_t nb)
{
    sort_item *a = s->a, *t = s->tmp;
    /* indices of the last item of each part and of the destination, kept
     * as signed values: they step below their bases at the end */
    int64_t dest = (int64_t)(pb + nb - 1), ia = (int64_t)(pa + na - 1), ib = (int64_t)nb - 1;
    int rc = -1;
    int64_t k;
    memcpy(t, &a[pb], nb * sizeof *a);
    a[dest--] = a[ia--];
    if (--na == 0)
        goto succeed;
    if (nb == 1)
        goto copy_a;
    size_t min_gallop = s->min_gallop;
    for (;;) {
        size_t acount = 0, bcount = 0;
        for (;;) {
            if ((k = islt(s, t[ib].key, a[ia].key)) < 0)
                goto fail;
            if (k) {
                a[dest--] = a[ia--];
                acount++;
                bcount = 0;
                if (--na == 0)
                    goto succeed;
                if (acount >= min_gallop)
                    break;
            } else {
                a[dest--] = t[ib--];
                bcount++;
                acount = 0;
                if (--nb == 1)
                    goto copy_a;
                if (bcount >= min_gallop)
                    break;
            }
        }
        min_gallop++;
        do {
            min_gallop -= min_gallop > 1;
            s->min_gallop = min_gallop;
            if ((k = gallop_right(s, t[ib].key, &a[pa], na, na - 1)) < 0)
                goto fail;
            k = (int64_t)na - k;
            acount = (size_t)k;
            if (k) {
                dest -= k;
                ia -= k;
                memmove(&a[dest + 1], &a[ia + 1], (size_t)k * sizeof *a);
                na -= (size_t)k;
                if (na == 0)
                    goto succeed;
            }
            a[dest--] = t[ib--];
            if (--nb == 1)
                goto copy_a;
            if ((k = gallop_left(s, a[ia].key, t, nb, nb - 1)) < 0)
                goto fail;
            k = (int64_t)nb - k;
            bcount = (size_t)k;
            if (k) {
                dest -= k;
                ib -= k;
                memcpy(&a[dest + 1], &t[ib + 1], (size_t)k * sizeof *a);
                nb -= (size_t)k;
                if (nb == 1)
                    goto copy_a;
                if (nb == 0) /* only with an inconsistent comparison */
                    goto succeed;
            }
            a[dest--] = a[ia--];
            if (--na == 0)
                goto succeed;
        } while (acount >= MIN_GALLOP || bcount >= MIN_GALLOP);
        min_gallop++;
        s->min_gallop = min_gallop;
    }
succeed:
    rc = 0;
fail:
    if (nb)
        memcpy(&a[dest - (int64_t)nb + 1], t, nb * sizeof *a);
    return rc;
copy_a:
    /* the first of b goes before the rest of a */
    dest -= (int64_t)na;
    ia -= (int64_t)na;
    memmove(&a[dest + 1], &a[ia + 1], na * sizeof *a);
    a[dest] = t[ib];
    return 0;
}

/* Merges pending runs i and i+1. */
static int merge_at(sorter *s, int i)
{
    size_t pa = s->pending[i].base, na = s->pending[i].len;
    size_t pb = s->pending[i + 1].base, nb = s->pending[i + 1].len;
    s->pending[i].len = na + nb;
    if (i == s->npending - 3)
        s->pending[i + 1] = s->pending[i + 2];
    s->npending--;
    /* where b's first goes in a: what is before it stays */
    int64_t k = gallop_right(s, s->a[pb].key, &s->a[pa], na, 0);
    if (k < 0)
        return -1;
    pa += (size_t)k;
    na -= (size_t)k;
    if (na == 0)
        return 0;
    /* where a's last goes in b: what is after it stays */
    k = gallop_left(s, s->a[pa + na - 1].key, &s->a[pb], nb, nb - 1);
    if (k <= 0)
        return (int)k;
    nb = (size_t)k;
    if (ev_charge(s->I, (int64_t)((na + nb) / 16)))
        return -1;
    return na <= nb ? merge_lo(s, pa, na, pb, nb) : merge_hi(s, pa, na, pb, nb);
}

/* Powersort's node power of the boundary between the run at s1 of length
 * n1 and the next of length n2, in a list of n. */
static int powerloop(size_t s1, size_t n1, size_t n2, size_t n)
{
    int result = 0;
    size_t a = 2 * s1 + n1, b = a + n1 + n2; /* twice the midpoints */
    for (;;) {
        result++;
        if (a >= n) {
            a -= n;
            b -= n;
        } else if (b >= n) {
            break;
        }
        a <<= 1;
        b <<= 1;
    }
    return result;
}

static int found_new_run(sorter *s, size_t n2)
{
    if (s->npending) {
        run *p = s->pending;
        size_t s1 = p[s->npending - 1].base, n1 = p[s->npending - 1].len;
        int power = powerloop(s1, n1, n2, s->n);
        while (s->npending > 1 && p[s->npending - 2].power > power)
            if (merge_at(s, s->npending - 2) < 0)
                return -1;
        p[s->npending - 1].power = power;
    }
    return 0;
}

static int merge_force_collapse(sorter *s)
{
    run *p = s->pending;
    while (s->npending > 1) {
        int n = s->npending - 2;
        if (n > 0 && p[n - 1].len < p[n + 1].len)
            n--;
        if (merge_at(s, n) < 0)
            return -1;
    }
    return 0;
}

static size_t compute_minrun(size_t n)
{
    size_t r = 0;
    while (n >= 64) {
        r |= n & 1;
        n >>= 1;
    }
    return n + r;
}

static int timsort(sorter *s)
{
    size_t lo = 0, remaining = s->n, minrun = compute_minrun(s->n);
    s->min_gallop = MIN_GALLOP;
    s->npending = 0;
    do {
        bool descending;
        int64_t got = count_run(s, lo, lo + remaining, &descending);
        if (got < 0)
            return -1;
        size_t n = (size_t)got;
        if (descending)
            reverse_items(&s->a[lo], n);
        if (n < minrun) {
            size_t force = remaining <= minrun ? remaining : minrun;
            if (binarysort(s, lo, lo + force, lo + n) < 0)
                return -1;
            n = force;
        }
        if (found_new_run(s, n) < 0)
            return -1;
        if (s->npending >= MAX_PENDING) { /* powersort keeps it under log2(n) + 1 */
            ev_raise(s->I, &ev_type_SystemError, "sort: too many pending runs");
            return -1;
        }
        s->pending[s->npending].base = lo;
        s->pending[s->npending].len = n;
        s->npending++;
        lo += n;
        remaining -= n;
    } while (remaining);
    return merge_force_collapse(s);
}

int ev_sort_values(ev_interp *I, ev_value *items, size_t n, ev_value keyfn, bool reverse)
{
    if (n == 0)
        return 0;
    if (n > SIZE_MAX / 2 / sizeof(sort_item)) {
        ev_raise_nomem(I);
        return -1;
    }
    sorter s = {.I = I, .n = n};
    s.a = ev_alloc(I, n * sizeof *s.a);
    s.tmp = n > 1 ? ev_alloc(I, (n / 2 + 1) * sizeof *s.tmp) : NULL;
    int rc = -1;
    size_t nkeys = 0;
    if (!s.a || (n > 1 && !s.tmp)) {
        ev_raise_nomem(I);
        goto done;
    }
    /* every key first, the lone item's too (the key may have effects) */
    for (size_t i = 0; i < n; i++) {
        s.a[i].val = items[i];
        if (keyfn.tag == EV_T_NONE) {
            s.a[i].key = items[i];
        } else {
            s.a[i].key = ev_call(I, keyfn, 1, &items[i], 0, NULL, NULL);
            if (EV_IS_ERR(s.a[i].key))
                goto done;
            nkeys++;
        }
    }
    if (n < 2) {
        rc = 0;
        goto done;
    }
    /* one kind for every key: keys are immutable here (the key function's
     * results, or items of a list that is held while it is sorted) */
    s.mode = key_kind(s.a[0].key);
    for (size_t i = 1; i < n && s.mode != SK_ANY; i++)
        if (key_kind(s.a[i].key) != s.mode)
            s.mode = SK_ANY;
    /* a stable reverse sort: reverse, sort forward, reverse back, even
     * when a comparison fails (as CPython leaves the list) */
    if (reverse)
        reverse_items(s.a, n);
    rc = timsort(&s);
    if (reverse)
        reverse_items(s.a, n);
    for (size_t i = 0; i < n; i++)
        items[i] = s.a[i].val;
done:
    if (s.a && keyfn.tag != EV_T_NONE)
        for (size_t i = 0; i < nkeys; i++)
            ev_decref(I, s.a[i].key);
    ev_dealloc(I, s.a);
    ev_dealloc(I, s.tmp);
    return rc;
}
