/*
 * difflib.c - the difflib module's SequenceMatcher and get_close_matches,
 * CPython 3.11 behaviour (Lib/difflib.py).
 *
 * A SequenceMatcher keeps the attributes difflib.py gives it (a, b, isjunk,
 * autojunk, b2j, bjunk, bpopular, fullbcount, matching_blocks, opcodes) as
 * instance attributes, so a program sees and sets them as under CPython.
 * The matching is difflib.py's: __chain_b indexes b into b2j (a dict of
 * index lists) less the junk and, with autojunk, the popular elements;
 * find_longest_match runs the same dynamic programme, with its j2len rows
 * kept in C arrays stamped by row instead of one dict per row, and the same
 * junk extensions; get_matching_blocks the same queue of sub-ranges.  Each
 * call takes a snapshot of a and b (tuples) and of b2j, so the elements'
 * __hash__ and __eq__, which are user code, cannot free what the loops
 * read.  The generators difflib.py returns run their body at the first next() (dl_lazy_new, difflib_lazy.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evaluator/modules/collections_int.h"
#include "evaluator/modules/difflib_int.h"

/* ---- helpers shared with difflib_diff.c ----------------------------------------------------- */

int dl_bind(ev_interp *I, const dl_sig *s, int argc, const ev_value *argv, const ev_kw *kw, ev_value *out)
{
    int self = s->method ? 1 : 0;
    for (int i = 0; i < s->n; i++)
        out[i] = EV_ERR;
    if (argc > s->npos) {
        if (s->nreq == s->npos)
            ev_raise(I, &ev_type_TypeError, "%s() takes %d positional argument%s but %d %s given", s->qual,
                     s->npos + self, s->npos + self == 1 ? "" : "s", argc + self, argc + self == 1 ? "was" : "were");
        else
            ev_raise(I, &ev_type_TypeError, "%s() takes from %d to %d positional arguments but %d were given",
                     s->qual, s->nreq + self, s->npos + self, argc + self);
        return -1;
    }
    for (int i = 0; i < argc; i++)
        out[i] = argv[i];
    for (int i = 0; kw && i < kw->n; i++) {
        const char *k = kw->names[i]->data;
        int j = 0;
        while (j < s->n && strcmp(s->names[j], k) != 0)
            j++;
        if (j == s->n) {
            ev_raise(I, &ev_type_TypeError, "%s() got an unexpected keyword argument '%s'", s->qual, k);
            return -1;
        }
        if (!EV_IS_ERR(out[j])) {
            ev_raise(I, &ev_type_TypeError, "%s() got multiple values for argument '%s'", s->qual, k);
            return -1;
        }
        out[j] = kw->vals[i];
    }
    int missing = 0;
    for (int i = 0; i < s->nreq; i++)
        missing += EV_IS_ERR(out[i]);
    if (missing) {
        ev_buf b = {0};
        int seen = 0, e = 0;
        for (int i = 0; !e && i < s->nreq; i++) {
            if (!EV_IS_ERR(out[i]))
                continue;
            seen++;
            const char *sep = seen == 1 ? "" : seen == missing ? (missing > 2 ? ", and " : " and ") : ", ";
            e = ev_buf_printf(I, &b, "%s'%s'", sep, s->names[i]);
        }
        if (!e)
            ev_raise(I, &ev_type_TypeError, "%s() missing %d required positional argument%s: %s", s->qual, missing,
                     missing == 1 ? "" : "s", b.data);
        ev_buf_free(I, &b);
        return -1;
    }
    return 0;
}

ev_value dl_global(ev_interp *I, const char *name)
{
    ev_str *mn = ev_intern(I, "difflib", 7);
    ev_value *m = mn ? ev_dict_lookup_str(I->modules, mn) : NULL;
    ev_str *k = ev_intern(I, name, strlen(name));
    ev_value *c = m && k && ev_is(*m, EV_O_MODULE) ? ev_dict_lookup_str(((ev_module *)m->u.o)->ns, k) : NULL;
    if (!c)
        return ev_raise(I, &ev_type_NameError, "name '%s' is not defined", name);
    return *c;
}

ev_value dl_get(ev_interp *I, ev_value o, const char *name)
{
    return ev_us_getattr(I, o, name);
}

int dl_set(ev_interp *I, ev_value o, const char *name, ev_value v)
{
    return ev_us_setattr(I, o, name, v);
}

ev_value dl_gen(ev_interp *I, ev_value list_steal)
{
    if (EV_IS_ERR(list_steal))
        return list_steal;
    ev_value it = ev_iter(I, list_steal);
    ev_decref(I, list_steal);
    return it;
}

static bool same(ev_value a, ev_value b)
{
    if (a.tag != b.tag)
        return false;
    return a.tag == EV_T_NONE || (a.tag == EV_T_OBJ ? a.u.o == b.u.o : a.u.i == b.u.i);
}

/* ---- __chain_b ---------------------------------------------------------------------------------- */

/* self.b2j, self.bjunk, self.bpopular from self.b */
static int chain_b(ev_interp *I, ev_value self)
{
    ev_value b = dl_get(I, self, "b"), b2j = EV_ERR, it = EV_ERR, junk = EV_ERR, pop = EV_ERR, isjunk = EV_ERR,
             keys = EV_ERR, aj = EV_ERR, elt;
    int st = -1, r;
    if (EV_IS_ERR(b))
        return -1;
    b2j = ev_dict_new(I);
    if (EV_IS_ERR(b2j) || dl_set(I, self, "b2j", b2j))
        goto done;
    it = ev_iter(I, b);
    if (EV_IS_ERR(it))
        goto done;
    for (int64_t i = 0; (r = ev_next(I, it, &elt)) == 1; i++) {
        if (ev_tick(I)) {
            ev_decref(I, elt);
            goto done;
        }
        ev_value idx;
        int got = ev_dict_get(I, ev_as_dict(b2j), elt, &idx);
        if (got == 0) {
            idx = ev_list_new(I, 0);
            if (EV_IS_ERR(idx) || ev_dict_set(I, ev_as_dict(b2j), elt, idx)) {
                if (!EV_IS_ERR(idx))
                    ev_decref(I, idx);
                got = -1;
            }
        }
        ev_decref(I, elt);
        if (got < 0)
            goto done;
        int e = ev_is(idx, EV_O_LIST) ? ev_list_append(I, ev_as_list(idx), ev_int(i)) : -1;
        if (!ev_is(idx, EV_O_LIST))
            ev_raise(I, &ev_type_AttributeError, "'%s' object has no attribute 'append'", ev_type_name(idx));
        ev_decref(I, idx);
        if (e)
            goto done;
    }
    if (r < 0)
        goto done;
    junk = ev_set_new(I, false);
    if (EV_IS_ERR(junk) || dl_set(I, self, "bjunk", junk))
        goto done;
    isjunk = dl_get(I, self, "isjunk");
    int t = EV_IS_ERR(isjunk) ? -1 : ev_truth(I, isjunk);
    if (t < 0)
        goto done;
    if (t) {
        keys = ev_list_from_iterable(I, b2j);
        if (EV_IS_ERR(keys))
            goto done;
        for (size_t i = 0; i < ev_as_list(keys)->len; i++) {
            ev_value k = ev_dup(ev_as_list(keys)->items[i]);
            ev_value jr = ev_call(I, isjunk, 1, &k, 0, NULL, NULL);
            int tj = EV_IS_ERR(jr) ? -1 : ev_truth(I, jr);
            if (!EV_IS_ERR(jr))
                ev_decref(I, jr);
            int e = tj < 0 || (tj && ev_set_add(I, (ev_set *)junk.u.o, k));
            ev_decref(I, k);
            if (e)
                goto done;
        }
        aj = ev_list_from_iterable(I, junk);
        if (EV_IS_ERR(aj))
            goto done;
        for (size_t i = 0; i < ev_as_list(aj)->len; i++)
            if (ev_dict_del(I, ev_as_dict(b2j), ev_as_list(aj)->items[i]) < 0)
                goto done;
    }
    pop = ev_set_new(I, false);
    if (EV_IS_ERR(pop) || dl_set(I, self, "bpopular", pop))
        goto done;
    int64_t n;
    if (ev_len(I, b, &n))
        goto done;
    ev_value auto_ = dl_get(I, self, "autojunk");
    t = EV_IS_ERR(auto_) ? -1 : ev_truth(I, auto_);
    if (!EV_IS_ERR(auto_))
        ev_decref(I, auto_);
    if (t < 0)
        goto done;
    if (t && n >= 200) {
        int64_t ntest = n / 100 + 1;
        ev_coll_pairs p;
        if (ev_coll_pairs_take(I, ev_as_dict(b2j), &p))
            goto done;
        int e = 0;
        for (size_t i = 0; !e && i < p.n; i++) {
            int64_t len;
            e = ev_len(I, p.kv[2 * i + 1], &len) || (len > ntest && ev_set_add(I, (ev_set *)pop.u.o, p.kv[2 * i]));
        }
        for (size_t i = 0; !e && i < p.n; i++)
            if (ev_set_contains(I, (ev_set *)pop.u.o, p.kv[2 * i]) == 1)
                e = ev_dict_del(I, ev_as_dict(b2j), p.kv[2 * i]) < 0;
        ev_coll_pairs_free(I, &p);
        if (e)
            goto done;
    }
    st = 0;
done:
    ev_decref(I, aj);
    ev_decref(I, keys);
    ev_decref(I, isjunk);
    ev_decref(I, pop);
    ev_decref(I, junk);
    ev_decref(I, it);
    ev_decref(I, b2j);
    ev_decref(I, b);
    return st;
}

/* ---- find_longest_match ------------------------------------------------------------------------ */

/* What the matching reads, taken once per public call: tuples of a's and
 * b's elements, b2j and bjunk (all held), and the j2len rows. */
typedef struct sm_view {
    ev_value a, b, b2j, bjunk;
    ev_value a_seq, b_seq; /* the sequences themselves, for an index past the snapshot */
    int64_t la, lb;
    int64_t *len[2], *row[2]; /* j2len[j + 1] of the row stamped row[.][j + 1] */
    int64_t rowno;
} sm_view;

static void view_free(ev_interp *I, sm_view *v)
{
    ev_decref(I, v->a);
    ev_decref(I, v->b);
    ev_decref(I, v->b2j);
    ev_decref(I, v->bjunk);
    ev_decref(I, v->a_seq);
    ev_decref(I, v->b_seq);
    for (int i = 0; i < 2; i++) {
        if (v->len[i])
            ev_dealloc(I, v->len[i]);
        if (v->row[i])
            ev_dealloc(I, v->row[i]);
    }
    memset(v, 0, sizeof *v);
    v->a = v->b = v->b2j = v->bjunk = v->a_seq = v->b_seq = EV_ERR;
}

static int view_take(ev_interp *I, ev_value self, sm_view *v, bool rows)
{
    memset(v, 0, sizeof *v);
    v->a = v->b = v->b2j = v->bjunk = v->a_seq = v->b_seq = EV_ERR;
    v->a_seq = dl_get(I, self, "a");
    v->b_seq = EV_IS_ERR(v->a_seq) ? EV_ERR : dl_get(I, self, "b");
    if (EV_IS_ERR(v->b_seq))
        return -1;
    if (ev_len(I, v->a_seq, &v->la) || ev_len(I, v->b_seq, &v->lb))
        return -1;
    v->a = ev_tuple_from_iterable(I, v->a_seq);
    v->b = EV_IS_ERR(v->a) ? EV_ERR : ev_tuple_from_iterable(I, v->b_seq);
    v->b2j = EV_IS_ERR(v->b) ? EV_ERR : dl_get(I, self, "b2j");
    v->bjunk = EV_IS_ERR(v->b2j) ? EV_ERR : dl_get(I, self, "bjunk");
    if (EV_IS_ERR(v->bjunk))
        return -1;
    if (!ev_is(v->b2j, EV_O_DICT)) {
        ev_raise(I, &ev_type_TypeError, "SequenceMatcher.b2j must be a dict, not %s", ev_type_name(v->b2j));
        return -1;
    }
    if (!rows)
        return 0;
    size_t nb = (size_t)ev_as_tuple(v->b)->len + 2;
    for (int i = 0; i < 2; i++) {
        v->len[i] = ev_alloc(I, nb * sizeof(int64_t));
        v->row[i] = ev_alloc(I, nb * sizeof(int64_t));
        if (!v->len[i] || !v->row[i]) {
            ev_raise_nomem(I);
            return -1;
        }
        for (size_t j = 0; j < nb; j++)
            v->row[i][j] = INT64_MIN;
    }
    v->rowno = 0;
    return 0;
}

/* x[i] of the snapshot, or of the sequence itself past it (as x[i] would) */
static ev_value elem(ev_interp *I, ev_value snap, ev_value seq, int64_t i)
{
    ev_tuple *t = ev_as_tuple(snap);
    if (i >= 0 && (size_t)i < t->len)
        return ev_dup(t->items[i]);
    return ev_getitem(I, seq, ev_int(i));
}

/* a[i] == b[j] and (not) isbjunk(b[j]): 1/0, -1 error */
static int match_at(ev_interp *I, sm_view *v, int64_t i, int64_t j, bool want_junk)
{
    ev_value x = elem(I, v->b, v->b_seq, j);
    if (EV_IS_ERR(x))
        return -1;
    int jk = ev_set_contains(I, (ev_set *)v->bjunk.u.o, x);
    int r = -1;
    if (jk >= 0) {
        r = 0;
        if ((jk == 1) == want_junk) {
            ev_value y = elem(I, v->a, v->a_seq, i);
            r = EV_IS_ERR(y) ? -1 : ev_eq(I, y, x);
            if (!EV_IS_ERR(y))
                ev_decref(I, y);
        }
    }
    ev_decref(I, x);
    return r;
}

static int flm(ev_interp *I, sm_view *v, int64_t alo, int64_t ahi, int64_t blo, int64_t bhi, int64_t out[3])
{
    int64_t besti = alo, bestj = blo, bestsize = 0;
    if (!ev_is(v->bjunk, EV_O_SET) && !ev_is(v->bjunk, EV_O_FROZENSET)) {
        ev_raise(I, &ev_type_TypeError, "SequenceMatcher.bjunk must be a set, not %s", ev_type_name(v->bjunk));
        return -1;
    }
    v->rowno += 2; /* no row of an earlier call is the one before this call's first */
    int64_t nb = (int64_t)ev_as_tuple(v->b)->len;
    for (int64_t i = alo; i < ahi; i++) {
        if (ev_tick(I))
            return -1;
        int64_t cur = v->rowno, prev = cur - 1;
        int pc = (int)(cur & 1), pp = pc ^ 1;
        v->rowno++;
        ev_value ai = elem(I, v->a, v->a_seq, i), idx;
        if (EV_IS_ERR(ai))
            return -1;
        int got = ev_dict_get(I, ev_as_dict(v->b2j), ai, &idx);
        ev_decref(I, ai);
        if (got < 0)
            return -1;
        if (!got)
            continue;
        for (int64_t k = 0;; k++) {
            int64_t n;
            if (ev_len(I, idx, &n)) {
                ev_decref(I, idx);
                return -1;
            }
            if (k >= n)
                break;
            if (ev_tick(I)) {
                ev_decref(I, idx);
                return -1;
            }
            ev_value jv = ev_getitem(I, idx, ev_int(k));
            int64_t j;
            int e = EV_IS_ERR(jv) || ev_index(I, jv, &j, NULL);
            if (!EV_IS_ERR(jv))
                ev_decref(I, jv);
            if (e) {
                ev_decref(I, idx);
                return -1;
            }
            if (j < blo)
                continue;
            if (j >= bhi)
                break;
            if (j < 0 || j >= nb) { /* b2j was changed to name indices b has not */
                ev_decref(I, idx);
                ev_raise(I, &ev_type_IndexError, "b2j index %lld out of range", (long long)j);
                return -1;
            }
            /* j2len.get(j - 1, 0) + 1: slot j of the previous row */
            int64_t kk = (v->row[pp][j] == prev ? v->len[pp][j] : 0) + 1;
            v->row[pc][j + 1] = cur;
            v->len[pc][j + 1] = kk;
            if (kk > bestsize) {
                besti = i - kk + 1;
                bestj = j - kk + 1;
                bestsize = kk;
            }
        }
        ev_decref(I, idx);
    }
    for (int pass = 0; pass < 2; pass++) {
        bool want_junk = pass == 1;
        while (besti > alo && bestj > blo) {
            int m = match_at(I, v, besti - 1, bestj - 1, want_junk);
            if (m < 0)
                return -1;
            if (!m)
                break;
            besti--;
            bestj--;
            bestsize++;
        }
        while (besti + bestsize < ahi && bestj + bestsize < bhi) {
            int m = match_at(I, v, besti + bestsize, bestj + bestsize, want_junk);
            if (m < 0)
                return -1;
            if (!m)
                break;
            bestsize++;
        }
    }
    out[0] = besti;
    out[1] = bestj;
    out[2] = bestsize;
    return 0;
}

/* Match(a, b, size) through the module's global */
static ev_value make_match(ev_interp *I, const int64_t t[3])
{
    ev_value m = dl_global(I, "Match");
    if (EV_IS_ERR(m))
        return m;
    ev_dup(m);
    ev_value r = ev_call(I, m, 3, (ev_value[]){ev_int(t[0]), ev_int(t[1]), ev_int(t[2])}, 0, NULL, NULL);
    ev_decref(I, m);
    return r;
}

static int opt_index(ev_interp *I, ev_value v, int64_t dflt, int64_t *out)
{
    if (EV_IS_ERR(v) || v.tag == EV_T_NONE) {
        *out = dflt;
        return 0;
    }
    return ev_index(I, v, out, NULL);
}

static const dl_sig flm_sig = {"SequenceMatcher.find_longest_match", {"alo", "ahi", "blo", "bhi"}, 4, 4, 0, true};

static ev_value sm_find_longest_match(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    DL_BIND(flm_sig, a);
    sm_view v;
    int64_t alo, ahi, blo, bhi, t[3];
    if (view_take(I, self, &v, true) || opt_index(I, a[0], 0, &alo) || opt_index(I, a[1], v.la, &ahi) ||
        opt_index(I, a[2], 0, &blo) || opt_index(I, a[3], v.lb, &bhi) || flm(I, &v, alo, ahi, blo, bhi, t)) {
        view_free(I, &v);
        return EV_ERR;
    }
    view_free(I, &v);
    return make_match(I, t);
}

/* ---- get_matching_blocks, get_opcodes ------------------------------------------------------------- */

static int cmp_triple(const void *x, const void *y)
{
    const int64_t *p = x, *q = y;
    for (int i = 0; i < 3; i++)
        if (p[i] != q[i])
            return p[i] < q[i] ? -1 : 1;
    return 0;
}

/* self.matching_blocks, computed when None: a new reference */
static ev_value matching_blocks(ev_interp *I, ev_value self)
{
    ev_value cached = dl_get(I, self, "matching_blocks");
    if (EV_IS_ERR(cached) || cached.tag != EV_T_NONE)
        return cached;
    sm_view v;
    int64_t *queue = NULL, *blocks = NULL;
    size_t nq = 0, nbk = 0, capq = 0, capb = 0;
    ev_value res = EV_ERR;
    if (view_take(I, self, &v, true))
        goto done;
    int64_t la = v.la, lb = v.lb;
    capq = 16;
    queue = ev_alloc(I, capq * 4 * sizeof(int64_t));
    if (!queue) {
        ev_raise_nomem(I);
        goto done;
    }
    queue[0] = 0, queue[1] = la, queue[2] = 0, queue[3] = lb;
    nq = 1;
    while (nq) {
        if (ev_tick(I))
            goto done;
        nq--;
        int64_t alo = queue[4 * nq], ahi = queue[4 * nq + 1], blo = queue[4 * nq + 2], bhi = queue[4 * nq + 3];
        int64_t x[3];
        if (flm(I, &v, alo, ahi, blo, bhi, x))
            goto done;
        int64_t i = x[0], j = x[1], k = x[2];
        if (!k)
            continue;
        if (nbk == capb) {
            capb = capb ? capb * 2 : 16;
            int64_t *nb2 = ev_realloc(I, blocks, capb * 3 * sizeof(int64_t));
            if (!nb2) {
                ev_raise_nomem(I);
                goto done;
            }
            blocks = nb2;
        }
        memcpy(blocks + 3 * nbk++, x, sizeof x);
        if (nq + 2 > capq) {
            capq *= 2;
            int64_t *q2 = ev_realloc(I, queue, capq * 4 * sizeof(int64_t));
            if (!q2) {
                ev_raise_nomem(I);
                goto done;
            }
            queue = q2;
        }
        if (alo < i && blo < j) {
            int64_t *q = queue + 4 * nq++;
            q[0] = alo, q[1] = i, q[2] = blo, q[3] = j;
        }
        if (i + k < ahi && j + k < bhi) {
            int64_t *q = queue + 4 * nq++;
            q[0] = i + k, q[1] = ahi, q[2] = j + k, q[3] = bhi;
        }
    }
    if (nbk)
        qsort(blocks, nbk, 3 * sizeof(int64_t), cmp_triple);
    res = ev_list_new(I, 0);
    if (EV_IS_ERR(res))
        goto done;
    int64_t cur[3] = {0, 0, 0};
    for (size_t n = 0; n <= nbk; n++) {
        int64_t *t = n < nbk ? blocks + 3 * n : NULL;
        if (t && cur[0] + cur[2] == t[0] && cur[1] + cur[2] == t[1]) {
            cur[2] += t[2];
            continue;
        }
        if (cur[2]) {
            ev_value m = make_match(I, cur);
            int e = EV_IS_ERR(m) || ev_list_append(I, ev_as_list(res), m);
            if (!EV_IS_ERR(m))
                ev_decref(I, m);
            if (e)
                goto fail;
        }
        if (t)
            memcpy(cur, t, sizeof cur);
    }
    int64_t last[3] = {la, lb, 0};
    ev_value m = make_match(I, last);
    int e = EV_IS_ERR(m) || ev_list_append(I, ev_as_list(res), m);
    if (!EV_IS_ERR(m))
        ev_decref(I, m);
    if (e || dl_set(I, self, "matching_blocks", res))
        goto fail;
    goto done;
fail:
    ev_decref(I, res);
    res = EV_ERR;
done:
    if (queue)
        ev_dealloc(I, queue);
    if (blocks)
        ev_dealloc(I, blocks);
    view_free(I, &v);
    return res;
}

/* (i, j, size) of a matching block (a Match or any 3-sequence) */
static int triple_of(ev_interp *I, ev_value m, int64_t out[3])
{
    ev_value t = ev_tuple_from_iterable(I, m);
    if (EV_IS_ERR(t))
        return -1;
    int r = 0;
    if (ev_as_tuple(t)->len != 3) {
        ev_raise(I, &ev_type_ValueError, ev_as_tuple(t)->len < 3 ? "not enough values to unpack (expected 3, got %zu)"
                                                                  : "too many values to unpack (expected 3)",
                 ev_as_tuple(t)->len);
        r = -1;
    }
    for (int i = 0; r == 0 && i < 3; i++)
        r = ev_index(I, ev_as_tuple(t)->items[i], &out[i], NULL);
    ev_decref(I, t);
    return r;
}

static ev_value opcode(ev_interp *I, const char *tag, int64_t i1, int64_t i2, int64_t j1, int64_t j2)
{
    ev_value t = ev_tuple_new(I, 5);
    if (EV_IS_ERR(t))
        return t;
    ev_value s = ev_str_from_cstr(I, tag);
    if (EV_IS_ERR(s)) {
        ev_decref(I, t);
        return s;
    }
    ev_tuple *p = ev_as_tuple(t);
    p->items[0] = s;
    p->items[1] = ev_int(i1);
    p->items[2] = ev_int(i2);
    p->items[3] = ev_int(j1);
    p->items[4] = ev_int(j2);
    return t;
}

static int append_steal(ev_interp *I, ev_value l, ev_value v)
{
    if (EV_IS_ERR(v))
        return -1;
    int e = ev_list_append(I, ev_as_list(l), v);
    ev_decref(I, v);
    return e;
}

ev_value dl_sm_opcodes(ev_interp *I, ev_value self)
{
    ev_value cached = dl_get(I, self, "opcodes");
    if (EV_IS_ERR(cached) || cached.tag != EV_T_NONE)
        return cached;
    ev_value answer = ev_list_new(I, 0);
    if (EV_IS_ERR(answer) || dl_set(I, self, "opcodes", answer)) {
        ev_decref(I, answer);
        return EV_ERR;
    }
    ev_value mb = ev_us_callm(I, self, "get_matching_blocks", 0, NULL, NULL);
    ev_value it = EV_IS_ERR(mb) ? mb : ev_iter(I, mb), m;
    ev_decref(I, mb);
    if (EV_IS_ERR(it)) {
        ev_decref(I, answer);
        return EV_ERR;
    }
    int64_t i = 0, j = 0;
    int r;
    while ((r = ev_next(I, it, &m)) == 1) {
        int64_t t[3];
        int e = triple_of(I, m, t);
        ev_decref(I, m);
        if (e)
            break;
        int64_t ai = t[0], bj = t[1], size = t[2];
        const char *tag = i < ai && j < bj ? "replace" : i < ai ? "delete" : j < bj ? "insert" : NULL;
        if (tag && append_steal(I, answer, opcode(I, tag, i, ai, j, bj)))
            break;
        i = ai + size;
        j = bj + size;
        if (size && append_steal(I, answer, opcode(I, "equal", ai, i, bj, j)))
            break;
    }
    ev_decref(I, it);
    if (r != 0) {
        ev_decref(I, answer);
        return EV_ERR;
    }
    return answer;
}

/* (tag, i1, i2, j1, j2) of an opcode; *tag borrowed from the tuple t (a new reference in *held) */
static int unpack5(ev_interp *I, ev_value code, ev_value *held, int64_t out[4])
{
    ev_value t = ev_tuple_from_iterable(I, code);
    if (EV_IS_ERR(t))
        return -1;
    if (ev_as_tuple(t)->len != 5) {
        ev_raise(I, &ev_type_ValueError, ev_as_tuple(t)->len < 5 ? "not enough values to unpack (expected 5, got %zu)"
                                                                  : "too many values to unpack (expected 5)",
                 ev_as_tuple(t)->len);
        ev_decref(I, t);
        return -1;
    }
    for (int i = 0; i < 4; i++)
        if (ev_index(I, ev_as_tuple(t)->items[i + 1], &out[i], NULL)) {
            ev_decref(I, t);
            return -1;
        }
    *held = t;
    return 0;
}

static bool tag_is(ev_value t, const char *s)
{
    ev_value tag = ev_as_tuple(t)->items[0];
    return ev_is(tag, EV_O_STR) && strcmp(ev_as_str(tag)->data, s) == 0;
}

static int64_t imin(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

static int64_t imax(int64_t a, int64_t b)
{
    return a > b ? a : b;
}

static ev_value opcode_tag(ev_interp *I, ev_value tagv, int64_t i1, int64_t i2, int64_t j1, int64_t j2)
{
    ev_value t = ev_tuple_new(I, 5);
    if (EV_IS_ERR(t))
        return t;
    ev_tuple *p = ev_as_tuple(t);
    p->items[0] = ev_dup(tagv);
    p->items[1] = ev_int(i1);
    p->items[2] = ev_int(i2);
    p->items[3] = ev_int(j1);
    p->items[4] = ev_int(j2);
    return t;
}

ev_value dl_sm_grouped(ev_interp *I, ev_value self, ev_value nv)
{
    int64_t n = 3;
    /* an n that is no int: difflib.py's arithmetic on it (i2 - n, n + n,
     * i2 - i1 > nn) raises where it would; where it would go on with a
     * float safepy refuses loudly; a use it never reaches is no use */
    bool generic = !EV_IS_ERR(nv) && nv.tag != EV_T_NONE && nv.tag != EV_T_INT && nv.tag != EV_T_BOOL &&
                   !ev_is_subint(nv);
    ev_value nn_v = EV_ERR;
    if (generic)
        n = INT64_MAX / 4;
    else if (opt_index(I, nv, 3, &n))
        return EV_ERR;
    ev_value codes = ev_us_callm(I, self, "get_opcodes", 0, NULL, NULL);
    if (EV_IS_ERR(codes))
        return codes;
    ev_value groups = EV_ERR, group = EV_ERR, it = EV_ERR, code, held = EV_ERR;
    int64_t len;
    if (ev_len(I, codes, &len))
        goto fail;
    if (len == 0) {
        ev_decref(I, codes);
        codes = ev_list_new(I, 1);
        if (EV_IS_ERR(codes) || append_steal(I, codes, opcode(I, "equal", 0, 1, 0, 1)))
            goto fail;
        len = 1;
    }
    int64_t q[4];
    for (int end = 0; end < 2; end++) {
        ev_value c = ev_getitem(I, codes, ev_int(end ? -1 : 0));
        if (EV_IS_ERR(c))
            goto fail;
        int e = unpack5(I, c, &held, q);
        ev_decref(I, c);
        if (e)
            goto fail;
        if (tag_is(held, "equal") && generic) {
            ev_value d = ev_binary(I, EV_OP_SUB, ev_int(q[1]), nv);
            if (!EV_IS_ERR(d)) {
                ev_decref(I, d);
                ev_raise(I, &ev_type_NotImplementedError,
                         "SequenceMatcher.get_grouped_opcodes with a non-integer n is not supported by safepy");
            }
            goto fail;
        }
        if (tag_is(held, "equal")) {
            ev_value nc = end ? opcode_tag(I, ev_as_tuple(held)->items[0], q[0], imin(q[1], q[0] + n), q[2],
                                           imin(q[3], q[2] + n))
                              : opcode_tag(I, ev_as_tuple(held)->items[0], imax(q[0], q[1] - n), q[1],
                                           imax(q[2], q[3] - n), q[3]);
            e = EV_IS_ERR(nc) || ev_setitem(I, codes, ev_int(end ? -1 : 0), nc);
            if (!EV_IS_ERR(nc))
                ev_decref(I, nc);
            if (e)
                goto fail;
        }
        ev_decref(I, held);
        held = EV_ERR;
    }
    int64_t nn = n + n;
    if (generic) {
        nn_v = ev_binary(I, EV_OP_ADD, nv, nv);
        if (EV_IS_ERR(nn_v))
            goto fail;
    }
    groups = ev_list_new(I, 0);
    group = ev_list_new(I, 0);
    it = EV_IS_ERR(groups) || EV_IS_ERR(group) ? EV_ERR : ev_iter(I, codes);
    if (EV_IS_ERR(it))
        goto fail;
    int r;
    while ((r = ev_next(I, it, &code)) == 1) {
        int e = unpack5(I, code, &held, q);
        ev_decref(I, code);
        if (e)
            goto fail;
        ev_value tagv = ev_as_tuple(held)->items[0];
        if (generic && tag_is(held, "equal")) {
            int gt = ev_compare(I, ev_int(q[1] - q[0]), nn_v, 4);
            if (gt == 1)
                ev_raise(I, &ev_type_NotImplementedError,
                         "SequenceMatcher.get_grouped_opcodes with a non-integer n is not supported by safepy");
            if (gt)
                goto fail;
        }
        if (tag_is(held, "equal") && q[1] - q[0] > nn) {
            if (append_steal(I, group, opcode_tag(I, tagv, q[0], imin(q[1], q[0] + n), q[2], imin(q[3], q[2] + n))) ||
                ev_list_append(I, ev_as_list(groups), group))
                goto fail;
            ev_decref(I, group);
            group = ev_list_new(I, 0);
            if (EV_IS_ERR(group))
                goto fail;
            q[0] = imax(q[0], q[1] - n);
            q[2] = imax(q[2], q[3] - n);
        }
        if (append_steal(I, group, opcode_tag(I, tagv, q[0], q[1], q[2], q[3])))
            goto fail;
        ev_decref(I, held);
        held = EV_ERR;
    }
    if (r < 0)
        goto fail;
    ev_list *g = ev_as_list(group);
    if (g->len && !(g->len == 1 && tag_is(g->items[0], "equal")) && ev_list_append(I, ev_as_list(groups), group))
        goto fail;
    ev_decref(I, it);
    ev_decref(I, group);
    ev_decref(I, codes);
    ev_decref(I, nn_v);
    return groups;
fail:
    ev_decref(I, nn_v);
    ev_decref(I, held);
    ev_decref(I, it);
    ev_decref(I, group);
    ev_decref(I, groups);
    ev_decref(I, codes);
    return EV_ERR;
}

/* ---- the ratios ------------------------------------------------------------------------------------ */

static double calc_ratio(int64_t matches, int64_t length)
{
    return length ? 2.0 * (double)matches / (double)length : 1.0;
}

static int seq_lens(ev_interp *I, ev_value self, int64_t *la, int64_t *lb)
{
    ev_value a = dl_get(I, self, "a");
    if (EV_IS_ERR(a))
        return -1;
    ev_value b = dl_get(I, self, "b");
    int r = EV_IS_ERR(b) ? -1 : ev_len(I, a, la) || ev_len(I, b, lb);
    ev_decref(I, a);
    if (!EV_IS_ERR(b))
        ev_decref(I, b);
    return r;
}

static int quick_ratio(ev_interp *I, ev_value self, double *out)
{
    ev_value full = dl_get(I, self, "fullbcount"), avail = EV_ERR, it = EV_ERR, a = EV_ERR, elt;
    int st = -1, r;
    if (EV_IS_ERR(full))
        return -1;
    if (full.tag == EV_T_NONE) {
        full = ev_dict_new(I);
        ev_value b = EV_IS_ERR(full) ? EV_ERR : dl_get(I, self, "b");
        if (EV_IS_ERR(b) || dl_set(I, self, "fullbcount", full)) {
            ev_decref(I, b);
            goto done;
        }
        it = ev_iter(I, b);
        ev_decref(I, b);
        if (EV_IS_ERR(it))
            goto done;
        while ((r = ev_next(I, it, &elt)) == 1) {
            if (ev_tick(I)) {
                ev_decref(I, elt);
                goto done;
            }
            ev_value c;
            int got = ev_dict_get(I, ev_as_dict(full), elt, &c);
            ev_value nc = got < 0 ? EV_ERR : got ? ev_binary(I, EV_OP_ADD, c, ev_int(1)) : ev_int(1);
            if (got == 1)
                ev_decref(I, c);
            int e = EV_IS_ERR(nc) || ev_dict_set(I, ev_as_dict(full), elt, nc);
            if (!EV_IS_ERR(nc))
                ev_decref(I, nc);
            ev_decref(I, elt);
            if (e)
                goto done;
        }
        if (r < 0)
            goto done;
        ev_decref(I, it);
        it = EV_ERR;
    }
    if (!ev_is(full, EV_O_DICT)) {
        ev_raise(I, &ev_type_AttributeError, "'%s' object has no attribute 'get'", ev_type_name(full));
        goto done;
    }
    avail = ev_dict_new(I);
    a = EV_IS_ERR(avail) ? EV_ERR : dl_get(I, self, "a");
    it = EV_IS_ERR(a) ? EV_ERR : ev_iter(I, a);
    if (EV_IS_ERR(it))
        goto done;
    int64_t matches = 0;
    while ((r = ev_next(I, it, &elt)) == 1) {
        if (ev_tick(I)) {
            ev_decref(I, elt);
            goto done;
        }
        ev_value numb;
        int got = ev_dict_get(I, ev_as_dict(avail), elt, &numb);
        if (got == 0) {
            got = ev_dict_get(I, ev_as_dict(full), elt, &numb);
            if (got == 0) {
                numb = ev_int(0);
                got = 1;
            }
        }
        int e = got < 0;
        if (!e) {
            ev_value dec = ev_binary(I, EV_OP_SUB, numb, ev_int(1));
            e = EV_IS_ERR(dec) || ev_dict_set(I, ev_as_dict(avail), elt, dec);
            if (!EV_IS_ERR(dec))
                ev_decref(I, dec);
            int pos = e ? -1 : ev_compare(I, numb, ev_int(0), 4);
            e = e || pos < 0;
            if (pos == 1)
                matches++;
            ev_decref(I, numb);
        }
        ev_decref(I, elt);
        if (e)
            goto done;
    }
    if (r < 0)
        goto done;
    int64_t la, lb;
    if (seq_lens(I, self, &la, &lb))
        goto done;
    *out = calc_ratio(matches, la + lb);
    st = 0;
done:
    ev_decref(I, it);
    ev_decref(I, a);
    ev_decref(I, avail);
    ev_decref(I, full);
    return st;
}

int dl_sm_ratio(ev_interp *I, ev_value self, int which, double *out)
{
    if (which == 1)
        return quick_ratio(I, self, out);
    int64_t la, lb;
    if (which == 2) {
        if (seq_lens(I, self, &la, &lb))
            return -1;
        *out = calc_ratio(imin(la, lb), la + lb);
        return 0;
    }
    ev_value mb = ev_us_callm(I, self, "get_matching_blocks", 0, NULL, NULL);
    ev_value it = EV_IS_ERR(mb) ? mb : ev_iter(I, mb), m;
    ev_decref(I, mb);
    if (EV_IS_ERR(it))
        return -1;
    int64_t matches = 0;
    int r;
    while ((r = ev_next(I, it, &m)) == 1) {
        ev_value last = ev_getitem(I, m, ev_int(-1));
        ev_decref(I, m);
        int64_t k;
        int e = EV_IS_ERR(last) || ev_index(I, last, &k, NULL);
        if (!EV_IS_ERR(last))
            ev_decref(I, last);
        if (e) {
            r = -1;
            break;
        }
        matches += k;
    }
    ev_decref(I, it);
    if (r < 0 || seq_lens(I, self, &la, &lb))
        return -1;
    *out = calc_ratio(matches, la + lb);
    return 0;
}

/* ---- set_seq1, set_seq2, set_seqs, __init__ --------------------------------------------------- */

int dl_sm_set_seq1(ev_interp *I, ev_value self, ev_value v)
{
    ev_value cur = dl_get(I, self, "a");
    if (EV_IS_ERR(cur))
        return -1;
    bool s = same(cur, v);
    ev_decref(I, cur);
    if (s)
        return 0;
    return dl_set(I, self, "a", v) || dl_set(I, self, "matching_blocks", EV_NONE) ||
           dl_set(I, self, "opcodes", EV_NONE);
}

int dl_sm_set_seq2(ev_interp *I, ev_value self, ev_value v)
{
    ev_value cur = dl_get(I, self, "b");
    if (EV_IS_ERR(cur))
        return -1;
    bool s = same(cur, v);
    ev_decref(I, cur);
    if (s)
        return 0;
    return dl_set(I, self, "b", v) || dl_set(I, self, "matching_blocks", EV_NONE) ||
           dl_set(I, self, "opcodes", EV_NONE) || dl_set(I, self, "fullbcount", EV_NONE) || chain_b(I, self);
}

static ev_value void_result(int r)
{
    return r ? EV_ERR : EV_NONE;
}

static const dl_sig seq1_sig = {"SequenceMatcher.set_seq1", {"a"}, 1, 1, 1, true};
static const dl_sig seq2_sig = {"SequenceMatcher.set_seq2", {"b"}, 1, 1, 1, true};
static const dl_sig seqs_sig = {"SequenceMatcher.set_seqs", {"a", "b"}, 2, 2, 2, true};
static const dl_sig init_sig = {"SequenceMatcher.__init__", {"isjunk", "a", "b", "autojunk"}, 4, 4, 0, true};

static ev_value sm_set_seq1(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    DL_BIND(seq1_sig, a);
    return void_result(dl_sm_set_seq1(I, self, a[0]));
}

static ev_value sm_set_seq2(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    DL_BIND(seq2_sig, a);
    return void_result(dl_sm_set_seq2(I, self, a[0]));
}

/* self.set_seq1(a); self.set_seq2(b) through the instance, as difflib.py calls them */
static int set_seqs(ev_interp *I, ev_value self, ev_value a, ev_value b)
{
    ev_value r = ev_us_callm(I, self, "set_seq1", 1, &a, NULL);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    r = ev_us_callm(I, self, "set_seq2", 1, &b, NULL);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 0;
}

static ev_value sm_set_seqs(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    DL_BIND(seqs_sig, a);
    return void_result(set_seqs(I, self, a[0], a[1]));
}

static ev_value sm_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    DL_BIND(init_sig, a);
    ev_value empty = ev_str_from_cstr(I, "");
    if (EV_IS_ERR(empty))
        return empty;
    ev_value sa = EV_IS_ERR(a[1]) ? empty : a[1], sb = EV_IS_ERR(a[2]) ? empty : a[2];
    ev_value r = EV_ERR;
    if (!(dl_set(I, self, "isjunk", EV_IS_ERR(a[0]) ? EV_NONE : a[0]) || dl_set(I, self, "a", EV_NONE) ||
          dl_set(I, self, "b", EV_NONE) || dl_set(I, self, "autojunk", EV_IS_ERR(a[3]) ? EV_TRUE : a[3])))
        r = ev_us_callm(I, self, "set_seqs", 2, (ev_value[]){sa, sb}, NULL);
    ev_decref(I, empty);
    return r;
}

static const dl_sig mb_sig = {"SequenceMatcher.get_matching_blocks", {NULL}, 0, 0, 0, true};
static const dl_sig oc_sig = {"SequenceMatcher.get_opcodes", {NULL}, 0, 0, 0, true};
static const dl_sig go_sig = {"SequenceMatcher.get_grouped_opcodes", {"n"}, 1, 1, 0, true};
static const dl_sig r_sig = {"SequenceMatcher.ratio", {NULL}, 0, 0, 0, true};
static const dl_sig qr_sig = {"SequenceMatcher.quick_ratio", {NULL}, 0, 0, 0, true};
static const dl_sig rqr_sig = {"SequenceMatcher.real_quick_ratio", {NULL}, 0, 0, 0, true};

static ev_value sm_get_matching_blocks(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    DL_BIND(mb_sig, a);
    (void)a;
    return matching_blocks(I, self);
}

static ev_value sm_get_opcodes(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    DL_BIND(oc_sig, a);
    (void)a;
    return dl_sm_opcodes(I, self);
}

static ev_value sm_get_grouped_opcodes_body(ev_interp *I, ev_value self, int argc, const ev_value *argv,
                                       const ev_kw *kw)
{
    DL_BIND(go_sig, a);
    return dl_gen(I, dl_sm_grouped(I, self, a[0]));
}

/* a generator function: the arguments bound now, the body at the first next() */
static ev_value sm_get_grouped_opcodes(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    DL_BIND(go_sig, a);
    (void)a;
    return dl_lazy_new(I, sm_get_grouped_opcodes_body, "SequenceMatcher.get_grouped_opcodes", self, argc, argv, kw);
}

static ev_value ratio_m(ev_interp *I, ev_value self, int which)
{
    double d;
    return dl_sm_ratio(I, self, which, &d) ? EV_ERR : ev_float(d);
}

static ev_value sm_ratio(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    DL_BIND(r_sig, a);
    (void)a;
    return ratio_m(I, self, 0);
}

static ev_value sm_quick_ratio(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    DL_BIND(qr_sig, a);
    (void)a;
    return ratio_m(I, self, 1);
}

static ev_value sm_real_quick_ratio(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    DL_BIND(rqr_sig, a);
    (void)a;
    return ratio_m(I, self, 2);
}

static ev_value sm_chain_b(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    DL_BIND(mb_sig, a);
    (void)a;
    return void_result(chain_b(I, self));
}

static const ev_us_method sm_methods[] = {
    EV_US_M("__init__", sm_init),
    EV_US_M("set_seqs", sm_set_seqs),
    EV_US_M("set_seq1", sm_set_seq1),
    EV_US_M("set_seq2", sm_set_seq2),
    EV_US_M("_SequenceMatcher__chain_b", sm_chain_b),
    EV_US_M("find_longest_match", sm_find_longest_match),
    EV_US_M("get_matching_blocks", sm_get_matching_blocks),
    EV_US_M("get_opcodes", sm_get_opcodes),
    EV_US_M("get_grouped_opcodes", sm_get_grouped_opcodes),
    EV_US_M("ratio", sm_ratio),
    EV_US_M("quick_ratio", sm_quick_ratio),
    EV_US_M("real_quick_ratio", sm_real_quick_ratio),
    EV_US_C("__class_getitem__", ev_us_class_getitem),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

ev_value dl_sm_new(ev_interp *I, ev_value isjunk, ev_value a, ev_value b)
{
    ev_value cls = dl_global(I, "SequenceMatcher");
    if (EV_IS_ERR(cls))
        return cls;
    ev_dup(cls);
    ev_value r;
    if (EV_IS_ERR(a))
        r = ev_call(I, cls, 1, &isjunk, 0, NULL, NULL);
    else
        r = ev_call(I, cls, 3, (ev_value[]){isjunk, a, b}, 0, NULL, NULL);
    ev_decref(I, cls);
    return r;
}

/* ---- get_close_matches ------------------------------------------------------------------------------ */

static const dl_sig gcm_sig = {"get_close_matches", {"word", "possibilities", "n", "cutoff"}, 4, 4, 2, false};

static ev_value b_get_close_matches(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    DL_BIND(gcm_sig, a);
    ev_value nv = EV_IS_ERR(a[2]) ? ev_int(3) : a[2], cv = EV_IS_ERR(a[3]) ? ev_float(0.6) : a[3];
    int t = ev_compare(I, nv, ev_int(0), 4);
    if (t < 0)
        return EV_ERR;
    if (!t) {
        ev_value r = ev_repr(I, nv);
        if (EV_IS_ERR(r))
            return r;
        ev_raise(I, &ev_type_ValueError, "n must be > 0: %s", ev_as_str(r)->data);
        ev_decref(I, r);
        return EV_ERR;
    }
    int lo = ev_compare(I, ev_float(0.0), cv, 1);
    int hi = lo == 1 ? ev_compare(I, cv, ev_float(1.0), 1) : lo;
    if (lo < 0 || hi < 0)
        return EV_ERR;
    if (!lo || !hi) {
        ev_value r = ev_repr(I, cv);
        if (EV_IS_ERR(r))
            return r;
        ev_raise(I, &ev_type_ValueError, "cutoff must be in [0.0, 1.0]: %s", ev_as_str(r)->data);
        ev_decref(I, r);
        return EV_ERR;
    }
    double cutoff;
    if (ev_num_to_double(I, cv, &cutoff))
        return EV_ERR;
    ev_value s = dl_sm_new(I, EV_NONE, EV_ERR, EV_ERR), result = EV_ERR, it = EV_ERR, x, out = EV_ERR;
    if (EV_IS_ERR(s) || dl_sm_set_seq2(I, s, a[0]))
        goto done;
    result = ev_list_new(I, 0);
    it = EV_IS_ERR(result) ? EV_ERR : ev_iter(I, a[1]);
    if (EV_IS_ERR(it))
        goto done;
    int r;
    while ((r = ev_next(I, it, &x)) == 1) {
        if (ev_tick(I)) {
            ev_decref(I, x);
            goto done;
        }
        double q;
        int e = dl_sm_set_seq1(I, s, x);
        int ok = 0;
        if (!e && !(e = dl_sm_ratio(I, s, 2, &q)) && q >= cutoff && !(e = dl_sm_ratio(I, s, 1, &q)) &&
            q >= cutoff && !(e = dl_sm_ratio(I, s, 0, &q)) && q >= cutoff)
            ok = 1;
        if (!e && ok) {
            ev_value pair = ev_tuple_new(I, 2);
            if (EV_IS_ERR(pair)) {
                e = 1;
            } else {
                ev_as_tuple(pair)->items[0] = ev_float(q);
                ev_as_tuple(pair)->items[1] = ev_dup(x);
                e = append_steal(I, result, pair);
            }
        }
        ev_decref(I, x);
        if (e)
            goto done;
    }
    if (r < 0)
        goto done;
    /* heapq.nlargest(n, result): the n greatest, greatest first, ties in their order */
    ev_list *rl = ev_as_list(result);
    if (ev_sort_values(I, rl->items, rl->len, EV_NONE, true))
        goto done;
    int64_t n;
    if (nv.tag != EV_T_INT && nv.tag != EV_T_BOOL && !ev_is_subint(nv)) {
        /* nlargest: sorted(...)[:n] when n covers them all, else range(0, -n, -1) */
        int covers = ev_compare(I, nv, ev_int((int64_t)rl->len), 5);
        if (covers == 1)
            ev_raise(I, &ev_type_TypeError, "slice indices must be integers or None or have an __index__ method");
        else if (covers == 0)
            ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer", ev_type_name(nv));
        goto done;
    }
    if (ev_index(I, nv, &n, NULL))
        goto done;
    out = ev_list_new(I, 0);
    for (size_t i = 0; !EV_IS_ERR(out) && i < rl->len && (int64_t)i < n; i++)
        if (ev_list_append(I, ev_as_list(out), ev_as_tuple(rl->items[i])->items[1])) {
            ev_decref(I, out);
            out = EV_ERR;
        }
done:
    ev_decref(I, it);
    ev_decref(I, result);
    ev_decref(I, s);
    return out;
}

/* ---- HtmlDiff: not implemented ------------------------------------------------------------------- */

static ev_value html_unsupported(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self, (void)argc, (void)argv, (void)kw;
    return ev_raise(I, &ev_type_NotImplementedError, "difflib.HtmlDiff is not supported by safepy");
}

static const ev_us_method html_methods[] = {
    EV_US_M("__init__", html_unsupported),
    EV_US_M("make_file", html_unsupported),
    EV_US_M("make_table", html_unsupported),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

/* ---- the module ------------------------------------------------------------------------------------- */

ev_value ev_namedtuple(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

static int make_match_class(ev_interp *I, ev_dict *ns)
{
    ev_value tn = ev_str_from_cstr(I, "Match");
    ev_value fields = EV_IS_ERR(tn) ? EV_ERR : ev_str_from_cstr(I, "a b size");
    ev_value mod = EV_IS_ERR(fields) ? EV_ERR : ev_str_from_cstr(I, "difflib");
    ev_value cls = EV_ERR;
    if (!EV_IS_ERR(mod)) {
        ev_value a[5] = {tn, fields, EV_ERR, EV_ERR, mod};
        cls = ev_namedtuple(I, EV_NONE, 2, a, NULL);
    }
    ev_decref(I, tn);
    ev_decref(I, fields);
    ev_decref(I, mod);
    if (EV_IS_ERR(cls))
        return -1;
    int r = ev_module_set(I, ns, "Match", cls);
    ev_decref(I, cls);
    return r;
}

static int init(ev_interp *I, ev_dict *ns)
{
    ev_value c;
    return make_match_class(I, ns) ||
           ev_us_class(I, ns, "SequenceMatcher", "difflib", "SequenceMatcher", NULL, NULL, sm_methods, &c) ||
           ev_us_class(I, ns, "HtmlDiff", "difflib", "HtmlDiff", NULL, NULL, html_methods, &c) ||
           dl_diff_init(I, ns);
}

static const ev_builtin_def difflib_functions[] = {
    {"get_close_matches", b_get_close_matches, 0, -1, EV_BF_KWANY, NULL},
    {NULL, NULL, 0, 0, 0, NULL},
};

static int init_all(ev_interp *I, ev_dict *ns)
{
    if (init(I, ns))
        return -1;
    for (const ev_builtin_def *f = dl_diff_functions; f->name; f++) {
        ev_value b = ev_builtin_new(I, f, EV_NONE);
        if (EV_IS_ERR(b))
            return -1;
        ((ev_builtin *)b.u.o)->owner = "difflib";
        int r = ev_module_set(I, ns, f->name, b);
        ev_decref(I, b);
        if (r)
            return -1;
    }
    return 0;
}

static const char *const difflib_all[] = {"get_close_matches", "ndiff", "restore", "SequenceMatcher", "Differ",
                                          "IS_CHARACTER_JUNK", "IS_LINE_JUNK", "context_diff", "unified_diff",
                                          "diff_bytes", "HtmlDiff", "Match", NULL};

const ev_module_def ev_module_difflib = {"difflib", difflib_functions, init_all, difflib_all};
