/*
 * difflib_diff.c - the difflib module's line differs, CPython 3.11
 * behaviour (Lib/difflib.py): Differ (compare with _fancy_replace's
 * similar-line search and the "? " hint lines of _qformat), ndiff,
 * restore, unified_diff, context_diff, diff_bytes, IS_LINE_JUNK and
 * IS_CHARACTER_JUNK.
 *
 * The matching itself is difflib.c's SequenceMatcher, reached through real
 * SequenceMatcher instances as difflib.py makes them.  Lines are read with
 * x[i] and x[i:j] on the caller's sequences and joined with + and %s as
 * difflib.py does, so a non-str line fails with CPython's TypeError.  The
 * generators difflib.py returns compute every line at their first next()
 * (dl_lazy_new): the body runs when CPython's would start, then its lines
 * are handed out.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/modules/collections_int.h"
#include "evaluator/modules/difflib_int.h"

static int push(ev_interp *I, ev_value out, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    int e = ev_list_append(I, ev_as_list(out), v_steal);
    ev_decref(I, v_steal);
    return e;
}

/* prefix + v (a str), as difflib.py's + does */
static ev_value concat(ev_interp *I, const char *prefix, ev_value v)
{
    ev_value p = ev_str_from_cstr(I, prefix);
    if (EV_IS_ERR(p))
        return p;
    ev_value r = ev_binary(I, EV_OP_ADD, p, v);
    ev_decref(I, p);
    return r;
}

/* '%s %s' % (tag, v) */
static ev_value tagged(ev_interp *I, char tag, ev_value v)
{
    ev_value s = ev_to_str(I, v);
    if (EV_IS_ERR(s))
        return s;
    char p[3] = {tag, ' ', 0};
    ev_value r = concat(I, p, s);
    ev_decref(I, s);
    return r;
}

static ev_value item(ev_interp *I, ev_value seq, int64_t i)
{
    return ev_getitem(I, seq, ev_int(i));
}

/* ---- Differ ------------------------------------------------------------------------------------------ */

static int dump(ev_interp *I, ev_value out, char tag, ev_value x, int64_t lo, int64_t hi)
{
    for (int64_t i = lo; i < hi; i++) {
        if (ev_tick(I))
            return -1;
        ev_value v = item(I, x, i);
        if (EV_IS_ERR(v))
            return -1;
        int e = push(I, out, tagged(I, tag, v));
        ev_decref(I, v);
        if (e)
            return -1;
    }
    return 0;
}

static int plain_replace(ev_interp *I, ev_value out, ev_value a, int64_t alo, int64_t ahi, ev_value b, int64_t blo,
                         int64_t bhi)
{
    if (bhi - blo < ahi - alo)
        return dump(I, out, '+', b, blo, bhi) || dump(I, out, '-', a, alo, ahi);
    return dump(I, out, '-', a, alo, ahi) || dump(I, out, '+', b, blo, bhi);
}

static int fancy_replace(ev_interp *I, ev_value charjunk, ev_value out, ev_value a, int64_t alo, int64_t ahi,
                         ev_value b, int64_t blo, int64_t bhi);

static int fancy_helper(ev_interp *I, ev_value charjunk, ev_value out, ev_value a, int64_t alo, int64_t ahi,
                        ev_value b, int64_t blo, int64_t bhi)
{
    if (alo < ahi) {
        if (blo < bhi)
            return fancy_replace(I, charjunk, out, a, alo, ahi, b, blo, bhi);
        return dump(I, out, '-', a, alo, ahi);
    }
    if (blo < bhi)
        return dump(I, out, '+', b, blo, bhi);
    return 0;
}

/* _keep_original_ws(s, tags).rstrip() */
static ev_value keep_ws(ev_interp *I, ev_value s, ev_buf *tags)
{
    ev_buf r = {0};
    ev_value it = ev_iter(I, s), c;
    if (EV_IS_ERR(it))
        return it;
    size_t k = 0;
    int st = 0;
    while (k < tags->len && (st = ev_next(I, it, &c)) == 1) {
        char t = tags->data[k++];
        int e = 0;
        if (t == ' ') {
            ev_value sp = ev_us_callm(I, c, "isspace", 0, NULL, NULL);
            int isw = EV_IS_ERR(sp) ? -1 : ev_truth(I, sp);
            if (!EV_IS_ERR(sp))
                ev_decref(I, sp);
            if (isw < 0)
                e = -1;
            else if (isw)
                e = ev_buf_put(I, &r, ev_as_str(c)->data, ev_as_str(c)->len);
            else
                e = ev_buf_put(I, &r, &t, 1);
        } else {
            e = ev_buf_put(I, &r, &t, 1);
        }
        ev_decref(I, c);
        if (e) {
            st = -1;
            break;
        }
    }
    ev_decref(I, it);
    if (st < 0) {
        ev_buf_free(I, &r);
        return EV_ERR;
    }
    /* rstrip: the tags are ASCII or whitespace copied from s */
    ev_value v = r.len ? ev_buf_to_str(I, &r) : ev_str_from_cstr(I, "");
    if (EV_IS_ERR(v))
        return v;
    ev_value rs = ev_us_callm(I, v, "rstrip", 0, NULL, NULL);
    ev_decref(I, v);
    return rs;
}

static int qformat(ev_interp *I, ev_value out, ev_value aline, ev_value bline, ev_buf *atags, ev_buf *btags)
{
    ev_value at = keep_ws(I, aline, atags);
    if (EV_IS_ERR(at))
        return -1;
    ev_value bt = keep_ws(I, bline, btags);
    if (EV_IS_ERR(bt)) {
        ev_decref(I, at);
        return -1;
    }
    int e = push(I, out, concat(I, "- ", aline));
    if (!e && ev_as_str(at)->len) {
        ev_buf q = {0};
        e = ev_buf_puts(I, &q, "? ") || ev_buf_put(I, &q, ev_as_str(at)->data, ev_as_str(at)->len) ||
            ev_buf_puts(I, &q, "\n") || push(I, out, ev_buf_to_str(I, &q));
        if (e)
            ev_buf_free(I, &q);
    }
    e = e || push(I, out, concat(I, "+ ", bline));
    if (!e && ev_as_str(bt)->len) {
        ev_buf q = {0};
        e = ev_buf_puts(I, &q, "? ") || ev_buf_put(I, &q, ev_as_str(bt)->data, ev_as_str(bt)->len) ||
            ev_buf_puts(I, &q, "\n") || push(I, out, ev_buf_to_str(I, &q));
        if (e)
            ev_buf_free(I, &q);
    }
    ev_decref(I, at);
    ev_decref(I, bt);
    return e ? -1 : 0;
}

static int fill(ev_interp *I, ev_buf *b, char c, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        if (ev_buf_put(I, b, &c, 1))
            return -1;
    return 0;
}

/* the intraline marks of the pair: cruncher.set_seqs(aelt, belt), then its opcodes */
static int pair_marks(ev_interp *I, ev_value cruncher, ev_value aelt, ev_value belt, ev_value out)
{
    ev_buf at = {0}, bt = {0};
    int st = -1;
    if (dl_sm_set_seq1(I, cruncher, aelt) || dl_sm_set_seq2(I, cruncher, belt))
        return -1;
    ev_value codes = dl_sm_opcodes(I, cruncher);
    if (EV_IS_ERR(codes))
        return -1;
    ev_value it = ev_iter(I, codes), code;
    ev_decref(I, codes);
    if (EV_IS_ERR(it))
        return -1;
    int r;
    while ((r = ev_next(I, it, &code)) == 1) {
        ev_value t = ev_tuple_from_iterable(I, code);
        ev_decref(I, code);
        if (EV_IS_ERR(t))
            goto done;
        int64_t q[4];
        int e = ev_as_tuple(t)->len != 5;
        if (e)
            ev_raise(I, &ev_type_ValueError, "opcodes must have 5 items");
        for (int i = 0; !e && i < 4; i++)
            e = ev_index(I, ev_as_tuple(t)->items[i + 1], &q[i], NULL);
        ev_value tag = e ? EV_ERR : ev_as_tuple(t)->items[0];
        const char *ts = !e && ev_is(tag, EV_O_STR) ? ev_as_str(tag)->data : "";
        int64_t la = q[1] - q[0], lb = q[3] - q[2];
        if (!e) {
            if (strcmp(ts, "replace") == 0)
                e = fill(I, &at, '^', la) || fill(I, &bt, '^', lb);
            else if (strcmp(ts, "delete") == 0)
                e = fill(I, &at, '-', la);
            else if (strcmp(ts, "insert") == 0)
                e = fill(I, &bt, '+', lb);
            else if (strcmp(ts, "equal") == 0)
                e = fill(I, &at, ' ', la) || fill(I, &bt, ' ', lb);
            else {
                ev_value rp = ev_repr(I, tag);
                if (!EV_IS_ERR(rp)) {
                    ev_raise(I, &ev_type_ValueError, "unknown tag %s", ev_as_str(rp)->data);
                    ev_decref(I, rp);
                }
                e = -1;
            }
        }
        ev_decref(I, t);
        if (e)
            goto done;
    }
    if (r < 0)
        goto done;
    st = qformat(I, out, aelt, belt, &at, &bt);
done:
    ev_decref(I, it);
    ev_buf_free(I, &at);
    ev_buf_free(I, &bt);
    return st;
}

static int fancy_replace(ev_interp *I, ev_value charjunk, ev_value out, ev_value a, int64_t alo, int64_t ahi,
                         ev_value b, int64_t blo, int64_t bhi)
{
    if (ev_recursion_enter(I, ""))
        return -1;
    double best_ratio = 0.74, cutoff = 0.75;
    int64_t best_i = -1, best_j = -1, eqi = -1, eqj = -1;
    int st = -1;
    ev_value cruncher = dl_sm_new(I, charjunk, EV_ERR, EV_ERR), aelt = EV_ERR, belt = EV_ERR;
    if (EV_IS_ERR(cruncher))
        goto done;
    for (int64_t j = blo; j < bhi; j++) {
        ev_value bj = item(I, b, j);
        if (EV_IS_ERR(bj) || dl_sm_set_seq2(I, cruncher, bj)) {
            ev_decref(I, bj);
            goto done;
        }
        for (int64_t i = alo; i < ahi; i++) {
            if (ev_tick(I)) {
                ev_decref(I, bj);
                goto done;
            }
            ev_value ai = item(I, a, i);
            int eq = EV_IS_ERR(ai) ? -1 : ev_eq(I, ai, bj);
            if (eq < 0) {
                ev_decref(I, ai);
                ev_decref(I, bj);
                goto done;
            }
            if (eq) {
                if (eqi < 0) {
                    eqi = i;
                    eqj = j;
                }
                ev_decref(I, ai);
                continue;
            }
            int e = dl_sm_set_seq1(I, cruncher, ai);
            ev_decref(I, ai);
            double q;
            if (!e && !(e = dl_sm_ratio(I, cruncher, 2, &q)) && q > best_ratio &&
                !(e = dl_sm_ratio(I, cruncher, 1, &q)) && q > best_ratio && !(e = dl_sm_ratio(I, cruncher, 0, &q)) &&
                q > best_ratio) {
                best_ratio = q;
                best_i = i;
                best_j = j;
            }
            if (e) {
                ev_decref(I, bj);
                goto done;
            }
        }
        ev_decref(I, bj);
    }
    if (best_ratio < cutoff) {
        if (eqi < 0) {
            st = plain_replace(I, out, a, alo, ahi, b, blo, bhi);
            goto done;
        }
        best_i = eqi;
        best_j = eqj;
        best_ratio = 1.0;
    } else {
        eqi = -1;
    }
    if (fancy_helper(I, charjunk, out, a, alo, best_i, b, blo, best_j))
        goto done;
    aelt = item(I, a, best_i);
    belt = EV_IS_ERR(aelt) ? EV_ERR : item(I, b, best_j);
    if (EV_IS_ERR(belt))
        goto done;
    if (eqi < 0) {
        if (pair_marks(I, cruncher, aelt, belt, out))
            goto done;
    } else if (push(I, out, concat(I, "  ", aelt))) {
        goto done;
    }
    st = fancy_helper(I, charjunk, out, a, best_i + 1, ahi, b, best_j + 1, bhi);
done:
    ev_decref(I, aelt);
    ev_decref(I, belt);
    ev_decref(I, cruncher);
    ev_recursion_leave(I);
    return st;
}

/* Differ(linejunk, charjunk).compare(a, b) as a list */
static ev_value compare(ev_interp *I, ev_value linejunk, ev_value charjunk, ev_value a, ev_value b)
{
    ev_value cr = dl_sm_new(I, linejunk, a, b);
    if (EV_IS_ERR(cr))
        return cr;
    ev_value codes = dl_sm_opcodes(I, cr), out = EV_ERR, it = EV_ERR, code;
    ev_decref(I, cr);
    if (EV_IS_ERR(codes))
        return codes;
    ev_value ha = ev_dup(a), hb = ev_dup(b);
    out = ev_list_new(I, 0);
    it = EV_IS_ERR(out) ? EV_ERR : ev_iter(I, codes);
    if (EV_IS_ERR(it))
        goto fail;
    int r;
    while ((r = ev_next(I, it, &code)) == 1) {
        ev_value t = ev_tuple_from_iterable(I, code);
        ev_decref(I, code);
        if (EV_IS_ERR(t))
            goto fail;
        int64_t q[4];
        int e = ev_as_tuple(t)->len != 5;
        if (e)
            ev_raise(I, &ev_type_ValueError, "opcodes must have 5 items");
        for (int i = 0; !e && i < 4; i++)
            e = ev_index(I, ev_as_tuple(t)->items[i + 1], &q[i], NULL);
        ev_value tag = e ? EV_ERR : ev_as_tuple(t)->items[0];
        const char *ts = !e && ev_is(tag, EV_O_STR) ? ev_as_str(tag)->data : "";
        if (!e) {
            if (strcmp(ts, "replace") == 0)
                e = fancy_replace(I, charjunk, out, a, q[0], q[1], b, q[2], q[3]);
            else if (strcmp(ts, "delete") == 0)
                e = dump(I, out, '-', a, q[0], q[1]);
            else if (strcmp(ts, "insert") == 0)
                e = dump(I, out, '+', b, q[2], q[3]);
            else if (strcmp(ts, "equal") == 0)
                e = dump(I, out, ' ', a, q[0], q[1]);
            else {
                ev_value rp = ev_repr(I, tag);
                if (!EV_IS_ERR(rp)) {
                    ev_raise(I, &ev_type_ValueError, "unknown tag %s", ev_as_str(rp)->data);
                    ev_decref(I, rp);
                }
                e = -1;
            }
        }
        ev_decref(I, t);
        if (e)
            goto fail;
    }
    if (r < 0)
        goto fail;
    ev_decref(I, it);
    ev_decref(I, codes);
    ev_decref(I, ha);
    ev_decref(I, hb);
    return out;
fail:
    ev_decref(I, it);
    ev_decref(I, out);
    ev_decref(I, codes);
    ev_decref(I, ha);
    ev_decref(I, hb);
    return EV_ERR;
}

static const dl_sig differ_init_sig = {"Differ.__init__", {"linejunk", "charjunk"}, 2, 2, 0, true};
static const dl_sig differ_compare_sig = {"Differ.compare", {"a", "b"}, 2, 2, 2, true};

static ev_value differ_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    DL_BIND(differ_init_sig, a);
    if (dl_set(I, self, "linejunk", EV_IS_ERR(a[0]) ? EV_NONE : a[0]) ||
        dl_set(I, self, "charjunk", EV_IS_ERR(a[1]) ? EV_NONE : a[1]))
        return EV_ERR;
    return EV_NONE;
}

static ev_value differ_compare_body(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    DL_BIND(differ_compare_sig, a);
    ev_value lj = dl_get(I, self, "linejunk");
    if (EV_IS_ERR(lj))
        return lj;
    ev_value cj = dl_get(I, self, "charjunk");
    ev_value r = EV_IS_ERR(cj) ? cj : dl_gen(I, compare(I, lj, cj, a[0], a[1]));
    ev_decref(I, lj);
    ev_decref(I, cj);
    return r;
}

/* a generator function: the arguments bound now, the body at the first next() */
static ev_value differ_compare(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    DL_BIND(differ_compare_sig, a);
    (void)a;
    return dl_lazy_new(I, differ_compare_body, "Differ.compare", self, argc, argv, kw);
}

static const ev_us_method differ_methods[] = {
    EV_US_M("__init__", differ_init),
    EV_US_M("compare", differ_compare),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

int dl_diff_init(ev_interp *I, ev_dict *ns)
{
    ev_value c;
    return ev_us_class(I, ns, "Differ", "difflib", "Differ", NULL, NULL, differ_methods, &c);
}

/* ---- ndiff, restore ------------------------------------------------------------------------------------ */

static const dl_sig ndiff_sig = {"ndiff", {"a", "b", "linejunk", "charjunk"}, 4, 4, 2, false};

static ev_value b_ndiff_body(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    DL_BIND(ndiff_sig, a);
    ev_value cj = a[3];
    if (EV_IS_ERR(cj)) {
        cj = dl_global(I, "IS_CHARACTER_JUNK");
        if (EV_IS_ERR(cj))
            return cj;
    }
    return dl_gen(I, compare(I, EV_IS_ERR(a[2]) ? EV_NONE : a[2], cj, a[0], a[1]));
}

/* a generator function: the arguments bound now, the body at the first next() */
static ev_value b_ndiff(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    DL_BIND(ndiff_sig, a);
    (void)a;
    return dl_lazy_new(I, b_ndiff_body, "Differ.compare", self, argc, argv, kw);
}

static const dl_sig restore_sig = {"restore", {"delta", "which"}, 2, 2, 2, false};

static ev_value b_restore_body(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    DL_BIND(restore_sig, a);
    ev_value w = ev_call(I, ev_obj_val(&ev_type_int.h), 1, &a[1], 0, NULL, NULL);
    if (EV_IS_ERR(w))
        return w;
    int64_t which = 0;
    bool ok = (w.tag == EV_T_INT || w.tag == EV_T_BOOL) && (w.u.i == 1 || w.u.i == 2);
    if (ok)
        which = w.u.i;
    ev_decref(I, w);
    if (!ok) {
        ev_value rp = ev_repr(I, a[1]);
        if (EV_IS_ERR(rp))
            return rp;
        ev_raise(I, &ev_type_ValueError, "unknown delta choice (must be 1 or 2): %s", ev_as_str(rp)->data);
        ev_decref(I, rp);
        return EV_ERR;
    }
    ev_value keep = ev_str_from_cstr(I, "  "), tag = ev_str_from_cstr(I, which == 1 ? "- " : "+ ");
    ev_value two = ev_slice_new(I, EV_NONE, ev_int(2), EV_NONE), rest = ev_slice_new(I, ev_int(2), EV_NONE, EV_NONE);
    ev_value out = ev_list_new(I, 0), it = EV_ERR, line;
    if (EV_IS_ERR(keep) || EV_IS_ERR(tag) || EV_IS_ERR(two) || EV_IS_ERR(rest) || EV_IS_ERR(out))
        goto fail;
    it = ev_iter(I, a[0]);
    if (EV_IS_ERR(it))
        goto fail;
    int r;
    while ((r = ev_next(I, it, &line)) == 1) {
        ev_value head = ev_getitem(I, line, two);
        int m = EV_IS_ERR(head) ? -1 : ev_eq(I, head, keep);
        if (m == 0)
            m = ev_eq(I, head, tag);
        if (!EV_IS_ERR(head))
            ev_decref(I, head);
        int e = m < 0 || (m == 1 && push(I, out, ev_getitem(I, line, rest)));
        ev_decref(I, line);
        if (e)
            goto fail;
    }
    if (r < 0)
        goto fail;
    ev_decref(I, it);
    ev_decref(I, keep);
    ev_decref(I, tag);
    ev_decref(I, two);
    ev_decref(I, rest);
    return dl_gen(I, out);
fail:
    ev_decref(I, it);
    ev_decref(I, out);
    ev_decref(I, keep);
    ev_decref(I, tag);
    ev_decref(I, two);
    ev_decref(I, rest);
    return EV_ERR;
}

/* a generator function: the arguments bound now, the body at the first next() */
static ev_value b_restore(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    DL_BIND(restore_sig, a);
    (void)a;
    return dl_lazy_new(I, b_restore_body, "restore", self, argc, argv, kw);
}

/* ---- unified_diff, context_diff ---------------------------------------------------------------------- */

/* _check_types(a, b, *args) */
static int check_types(ev_interp *I, ev_value a, ev_value b, const ev_value *args, int nargs)
{
    ev_value seqs[2] = {a, b};
    for (int s = 0; s < 2; s++) {
        int t = ev_truth(I, seqs[s]);
        if (t < 0)
            return -1;
        if (!t)
            continue;
        ev_value first = item(I, seqs[s], 0);
        if (EV_IS_ERR(first))
            return -1;
        if (!ev_type_is_subclass(ev_type_of(first), &ev_type_str)) {
            ev_value rp = ev_repr(I, first);
            if (!EV_IS_ERR(rp)) {
                ev_raise(I, &ev_type_TypeError, "lines to compare must be str, not %s (%s)",
                         ev_type_of(first)->name, ev_as_str(rp)->data);
                ev_decref(I, rp);
            }
            ev_decref(I, first);
            return -1;
        }
        ev_decref(I, first);
    }
    for (int i = 0; i < nargs; i++)
        if (!ev_type_is_subclass(ev_type_of(args[i]), &ev_type_str)) {
            ev_value rp = ev_repr(I, args[i]);
            if (!EV_IS_ERR(rp)) {
                ev_raise(I, &ev_type_TypeError, "all arguments must be str, not: %s", ev_as_str(rp)->data);
                ev_decref(I, rp);
            }
            return -1;
        }
    return 0;
}

/* '<lead><name><\tdate if date><term>' */
static ev_value header_line(ev_interp *I, const char *lead, ev_value name, ev_value date, ev_value term)
{
    ev_buf b = {0};
    ev_value ns = ev_to_str(I, name), ds = EV_IS_ERR(ns) ? EV_ERR : ev_to_str(I, date);
    int t = EV_IS_ERR(ds) ? -1 : ev_truth(I, date);
    int e = t < 0 || ev_buf_puts(I, &b, lead) || ev_buf_put(I, &b, ev_as_str(ns)->data, ev_as_str(ns)->len) ||
            (t && (ev_buf_puts(I, &b, "\t") || ev_buf_put(I, &b, ev_as_str(ds)->data, ev_as_str(ds)->len))) ||
            ev_buf_put(I, &b, ev_as_str(term)->data, ev_as_str(term)->len);
    if (!EV_IS_ERR(ns))
        ev_decref(I, ns);
    if (!EV_IS_ERR(ds))
        ev_decref(I, ds);
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static ev_value text_line(ev_interp *I, const char *text, ev_value term)
{
    ev_buf b = {0};
    if (ev_buf_puts(I, &b, text) || ev_buf_put(I, &b, ev_as_str(term)->data, ev_as_str(term)->len)) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static void range_unified(char *buf, size_t n, int64_t start, int64_t stop)
{
    int64_t beginning = start + 1, length = stop - start;
    if (length == 1) {
        snprintf(buf, n, "%lld", (long long)beginning);
        return;
    }
    if (!length)
        beginning--;
    snprintf(buf, n, "%lld,%lld", (long long)beginning, (long long)length);
}

static void range_context(char *buf, size_t n, int64_t start, int64_t stop)
{
    int64_t beginning = start + 1, length = stop - start;
    if (!length)
        beginning--;
    if (length <= 1)
        snprintf(buf, n, "%lld", (long long)beginning);
    else
        snprintf(buf, n, "%lld,%lld", (long long)beginning, (long long)(beginning + length - 1));
}

/* prefix + each line of x[lo:hi] */
static int slice_lines(ev_interp *I, ev_value out, const char *prefix, ev_value x, int64_t lo, int64_t hi)
{
    ev_value sl = ev_slice_new(I, ev_int(lo), ev_int(hi), EV_NONE);
    ev_value part = EV_IS_ERR(sl) ? sl : ev_getitem(I, x, sl);
    ev_decref(I, sl);
    ev_value it = EV_IS_ERR(part) ? part : ev_iter(I, part), line;
    ev_decref(I, part);
    if (EV_IS_ERR(it))
        return -1;
    int r;
    while ((r = ev_next(I, it, &line)) == 1) {
        int e = ev_tick(I) || push(I, out, concat(I, prefix, line));
        ev_decref(I, line);
        if (e) {
            r = -1;
            break;
        }
    }
    ev_decref(I, it);
    return r;
}

/* the opcodes of one group as C quadruples and tags (0 equal, 1 replace, 2 delete, 3 insert) */
typedef struct dl_code {
    int tag;
    int64_t q[4];
} dl_code;

static int group_codes(ev_interp *I, ev_value group, dl_code **codes, size_t *n)
{
    ev_value l = ev_list_from_iterable(I, group);
    if (EV_IS_ERR(l))
        return -1;
    ev_list *p = ev_as_list(l);
    *n = p->len;
    *codes = ev_alloc(I, (p->len ? p->len : 1) * sizeof **codes);
    if (!*codes) {
        ev_decref(I, l);
        ev_raise_nomem(I);
        return -1;
    }
    for (size_t i = 0; i < p->len; i++) {
        ev_tuple *t = ev_as_tuple(p->items[i]);
        const char *ts = ev_is(t->items[0], EV_O_STR) ? ev_as_str(t->items[0])->data : "";
        (*codes)[i].tag = strcmp(ts, "equal") == 0     ? 0
                          : strcmp(ts, "replace") == 0 ? 1
                          : strcmp(ts, "delete") == 0  ? 2
                          : strcmp(ts, "insert") == 0  ? 3
                                                       : 4; /* a tag of an overriding get_opcodes: no lines */
        for (int k = 0; k < 4; k++)
            (*codes)[i].q[k] = t->items[k + 1].u.i;
    }
    ev_decref(I, l);
    return 0;
}

static const dl_sig unified_sig = {"unified_diff",
                                   {"a", "b", "fromfile", "tofile", "fromfiledate", "tofiledate", "n", "lineterm"},
                                   8, 8, 2, false};
static const dl_sig context_sig = {"context_diff",
                                   {"a", "b", "fromfile", "tofile", "fromfiledate", "tofiledate", "n", "lineterm"},
                                   8, 8, 2, false};

static ev_value diff_lines(ev_interp *I, const ev_value *a, bool context)
{
    ev_value empty = ev_str_from_cstr(I, ""), nl = ev_str_from_cstr(I, "\n");
    if (EV_IS_ERR(empty) || EV_IS_ERR(nl)) {
        ev_decref(I, empty);
        ev_decref(I, nl);
        return EV_ERR;
    }
    ev_value args[5];
    for (int i = 0; i < 4; i++)
        args[i] = EV_IS_ERR(a[2 + i]) ? empty : a[2 + i];
    args[4] = EV_IS_ERR(a[7]) ? nl : a[7];
    ev_value term = args[4];
    ev_value out = EV_ERR, sm = EV_ERR, groups = EV_ERR;
    dl_code *codes = NULL;
    if (check_types(I, a[0], a[1], args, 5))
        goto fail;
    sm = dl_sm_new(I, EV_NONE, a[0], a[1]);
    groups = EV_IS_ERR(sm) ? sm : dl_sm_grouped(I, sm, EV_IS_ERR(a[6]) ? ev_int(3) : a[6]);
    out = EV_IS_ERR(groups) ? EV_ERR : ev_list_new(I, 0);
    if (EV_IS_ERR(out))
        goto fail;
    ev_list *gl = ev_as_list(groups);
    for (size_t g = 0; g < gl->len; g++) {
        size_t n;
        if (group_codes(I, gl->items[g], &codes, &n))
            goto fail;
        if (g == 0 && (push(I, out, header_line(I, context ? "*** " : "--- ", args[0], args[2], term)) ||
                       push(I, out, header_line(I, context ? "--- " : "+++ ", args[1], args[3], term))))
            goto fail;
        dl_code *first = &codes[0], *last = &codes[n - 1];
        char r1[48], r2[48], text[128];
        if (!context) {
            range_unified(r1, sizeof r1, first->q[0], last->q[1]);
            range_unified(r2, sizeof r2, first->q[2], last->q[3]);
            snprintf(text, sizeof text, "@@ -%s +%s @@", r1, r2);
            if (push(I, out, text_line(I, text, term)))
                goto fail;
            for (size_t k = 0; k < n; k++) {
                dl_code *c = &codes[k];
                if (c->tag == 0) {
                    if (slice_lines(I, out, " ", a[0], c->q[0], c->q[1]))
                        goto fail;
                    continue;
                }
                if ((c->tag == 1 || c->tag == 2) && slice_lines(I, out, "-", a[0], c->q[0], c->q[1]))
                    goto fail;
                if ((c->tag == 1 || c->tag == 3) && slice_lines(I, out, "+", a[1], c->q[2], c->q[3]))
                    goto fail;
            }
        } else {
            static const char *const prefix[] = {"  ", "! ", "- ", "+ "};
            if (push(I, out, text_line(I, "***************", term)))
                goto fail;
            range_context(r1, sizeof r1, first->q[0], last->q[1]);
            snprintf(text, sizeof text, "*** %s ****", r1);
            if (push(I, out, text_line(I, text, term)))
                goto fail;
            bool any = false;
            for (size_t k = 0; k < n; k++)
                any = any || codes[k].tag == 1 || codes[k].tag == 2;
            for (size_t k = 0; any && k < n; k++)
                if (codes[k].tag != 3 && codes[k].tag != 4 && slice_lines(I, out, prefix[codes[k].tag], a[0], codes[k].q[0], codes[k].q[1]))
                    goto fail;
            range_context(r2, sizeof r2, first->q[2], last->q[3]);
            snprintf(text, sizeof text, "--- %s ----", r2);
            if (push(I, out, text_line(I, text, term)))
                goto fail;
            any = false;
            for (size_t k = 0; k < n; k++)
                any = any || codes[k].tag == 1 || codes[k].tag == 3;
            for (size_t k = 0; any && k < n; k++)
                if (codes[k].tag != 2 && codes[k].tag != 4 && slice_lines(I, out, prefix[codes[k].tag], a[1], codes[k].q[2], codes[k].q[3]))
                    goto fail;
        }
        ev_dealloc(I, codes);
        codes = NULL;
    }
    ev_decref(I, groups);
    ev_decref(I, sm);
    ev_decref(I, empty);
    ev_decref(I, nl);
    return out;
fail:
    if (codes)
        ev_dealloc(I, codes);
    ev_decref(I, out);
    ev_decref(I, groups);
    ev_decref(I, sm);
    ev_decref(I, empty);
    ev_decref(I, nl);
    return EV_ERR;
}

static ev_value b_unified_diff_body(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    DL_BIND(unified_sig, a);
    return dl_gen(I, diff_lines(I, a, false));
}

/* a generator function: the arguments bound now, the body at the first next() */
static ev_value b_unified_diff(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    DL_BIND(unified_sig, a);
    (void)a;
    return dl_lazy_new(I, b_unified_diff_body, "unified_diff", self, argc, argv, kw);
}

static ev_value b_context_diff_body(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    DL_BIND(context_sig, a);
    return dl_gen(I, diff_lines(I, a, true));
}

/* a generator function: the arguments bound now, the body at the first next() */
static ev_value b_context_diff(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    DL_BIND(context_sig, a);
    (void)a;
    return dl_lazy_new(I, b_context_diff_body, "context_diff", self, argc, argv, kw);
}

/* ---- diff_bytes ---------------------------------------------------------------------------------------- */

static ev_value codec_call(ev_interp *I, ev_value v, const char *method)
{
    ev_value enc = ev_str_from_cstr(I, "ascii"), err = ev_str_from_cstr(I, "surrogateescape");
    ev_value r = EV_IS_ERR(enc) || EV_IS_ERR(err) ? EV_ERR : ev_us_callm(I, v, method, 2, (ev_value[]){enc, err}, NULL);
    ev_decref(I, enc);
    ev_decref(I, err);
    return r;
}

/* s.decode('ascii', 'surrogateescape'); an AttributeError becomes TypeError */
static ev_value decode(ev_interp *I, ev_value s)
{
    ev_value r = codec_call(I, s, "decode");
    if (EV_IS_ERR(r) && ev_us_catch(I, &ev_type_AttributeError)) {
        ev_value rp = ev_repr(I, s);
        if (!EV_IS_ERR(rp)) {
            ev_raise(I, &ev_type_TypeError, "all arguments must be bytes, not %s (%s)", ev_type_of(s)->name,
                     ev_as_str(rp)->data);
            ev_decref(I, rp);
        }
    }
    return r;
}

static ev_value decode_all(ev_interp *I, ev_value seq)
{
    ev_value out = ev_list_new(I, 0);
    ev_value it = EV_IS_ERR(out) ? EV_ERR : ev_iter(I, seq), x;
    if (EV_IS_ERR(it)) {
        ev_decref(I, out);
        return EV_ERR;
    }
    int r;
    while ((r = ev_next(I, it, &x)) == 1) {
        int e = push(I, out, decode(I, x));
        ev_decref(I, x);
        if (e) {
            r = -1;
            break;
        }
    }
    ev_decref(I, it);
    if (r < 0) {
        ev_decref(I, out);
        return EV_ERR;
    }
    return out;
}

static const dl_sig bytes_sig = {"diff_bytes",
                                 {"dfunc", "a", "b", "fromfile", "tofile", "fromfiledate", "tofiledate", "n",
                                  "lineterm"},
                                 9, 9, 3, false};

static ev_value b_diff_bytes_body(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    DL_BIND(bytes_sig, a);
    ev_value args[8];
    int have = 0;
    ev_value r = EV_ERR, out = EV_ERR, it = EV_ERR, line;
    args[have] = decode_all(I, a[1]);
    if (EV_IS_ERR(args[have]))
        goto done;
    have++;
    args[have] = decode_all(I, a[2]);
    if (EV_IS_ERR(args[have]))
        goto done;
    have++;
    for (int i = 3; i < 7; i++) {
        ev_value v = EV_IS_ERR(a[i]) ? ev_bytes_new(I, EV_O_BYTES, "", 0) : ev_dup(a[i]);
        args[have] = EV_IS_ERR(v) ? v : decode(I, v);
        ev_decref(I, v);
        if (EV_IS_ERR(args[have]))
            goto done;
        have++;
    }
    args[have++] = EV_IS_ERR(a[7]) ? ev_int(3) : ev_dup(a[7]);
    ev_value lt = EV_IS_ERR(a[8]) ? ev_bytes_new(I, EV_O_BYTES, "\n", 1) : ev_dup(a[8]);
    args[have] = EV_IS_ERR(lt) ? lt : decode(I, lt);
    ev_decref(I, lt);
    if (EV_IS_ERR(args[have]))
        goto done;
    have++;
    ev_value lines = ev_call(I, a[0], 8, args, 0, NULL, NULL);
    it = EV_IS_ERR(lines) ? lines : ev_iter(I, lines);
    ev_decref(I, lines);
    out = EV_IS_ERR(it) ? EV_ERR : ev_list_new(I, 0);
    if (EV_IS_ERR(out))
        goto done;
    int rr;
    while ((rr = ev_next(I, it, &line)) == 1) {
        int e = push(I, out, codec_call(I, line, "encode"));
        ev_decref(I, line);
        if (e) {
            rr = -1;
            break;
        }
    }
    if (rr == 0) {
        r = dl_gen(I, out);
        out = EV_ERR;
    }
done:
    ev_decref(I, out);
    ev_decref(I, it);
    for (int i = 0; i < have; i++)
        ev_decref(I, args[i]);
    return r;
}

/* a generator function: the arguments bound now, the body at the first next() */
static ev_value b_diff_bytes(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    DL_BIND(bytes_sig, a);
    (void)a;
    return dl_lazy_new(I, b_diff_bytes_body, "diff_bytes", self, argc, argv, kw);
}

/* ---- IS_LINE_JUNK, IS_CHARACTER_JUNK ------------------------------------------------------------- */

static const dl_sig line_junk_sig = {"IS_LINE_JUNK", {"line", "pat"}, 2, 2, 1, false};
static const dl_sig char_junk_sig = {"IS_CHARACTER_JUNK", {"ch", "ws"}, 2, 2, 1, false};

static ev_value b_is_line_junk(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    DL_BIND(line_junk_sig, a);
    ev_value pat = a[1], held = EV_ERR;
    if (EV_IS_ERR(pat)) {
        /* re.compile(r"\s*(?:#\s*)?$").match */
        ev_str *rn = ev_intern(I, "re", 2);
        ev_value re = rn ? ev_import(I, rn) : EV_ERR;
        ev_value p = EV_IS_ERR(re) ? EV_ERR : ev_str_from_cstr(I, "\\s*(?:#\\s*)?$");
        ev_value c = EV_IS_ERR(p) ? EV_ERR : ev_us_callm(I, re, "compile", 1, &p, NULL);
        ev_decref(I, p);
        ev_decref(I, re);
        held = EV_IS_ERR(c) ? EV_ERR : dl_get(I, c, "match");
        ev_decref(I, c);
        if (EV_IS_ERR(held))
            return held;
        pat = held;
    }
    ev_value m = ev_call(I, pat, 1, &a[0], 0, NULL, NULL);
    ev_decref(I, held);
    if (EV_IS_ERR(m))
        return m;
    bool r = m.tag != EV_T_NONE;
    ev_decref(I, m);
    return ev_bool(r);
}

static ev_value b_is_character_junk(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    DL_BIND(char_junk_sig, a);
    ev_value ws = a[1], held = EV_ERR;
    if (EV_IS_ERR(ws)) {
        held = ev_str_from_cstr(I, " \t");
        if (EV_IS_ERR(held))
            return held;
        ws = held;
    }
    int r = ev_contains(I, ws, a[0]);
    ev_decref(I, held);
    return r < 0 ? EV_ERR : ev_bool(r);
}

const ev_builtin_def dl_diff_functions[] = {
    {"ndiff", b_ndiff, 0, -1, EV_BF_KWANY, NULL},
    {"restore", b_restore, 0, -1, EV_BF_KWANY, NULL},
    {"unified_diff", b_unified_diff, 0, -1, EV_BF_KWANY, NULL},
    {"context_diff", b_context_diff, 0, -1, EV_BF_KWANY, NULL},
    {"diff_bytes", b_diff_bytes, 0, -1, EV_BF_KWANY, NULL},
    {"IS_LINE_JUNK", b_is_line_junk, 0, -1, EV_BF_KWANY, NULL},
    {"IS_CHARACTER_JUNK", b_is_character_junk, 0, -1, EV_BF_KWANY, NULL},
    {NULL, NULL, 0, 0, 0, NULL},
};
