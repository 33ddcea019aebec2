/*
 * builtins.c - the builtin functions and the type constructors.
 *
 * Each builtin is a row {name, C function, min args, max args, keywords};
 * ev_call checks the arity centrally.  The names that give access to the
 * host or to interpreter internals (eval, exec, open, __import__, globals,
 * ...) are simply not defined here, so even code that slipped past the rules
 * gets a NameError.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evaluator/ev.h"
#include "evaluator/gen.h"

ev_value ev_builtin_new(ev_interp *I, const ev_builtin_def *def, ev_value self)
{
    ev_builtin *b = ev_alloc_gc(I, sizeof *b);
    if (!b)
        return ev_raise_nomem(I);
    b->h.refcnt = 1;
    b->h.kind = EV_O_BUILTIN;
    ev_gc_track(I, &b->h);
    b->h.flags = 0;
    b->def = def;
    b->self = ev_dup(self);
    b->unbound = false;
    b->owner = NULL;
    return ev_obj_val(&b->h);
}

/* ---- output ------------------------------------------------------------------------------------ */

int ev_write_out(ev_interp *I, const char *s, size_t n)
{
    if (I->out_used + n > I->out_max) {
        size_t room = I->out_max - I->out_used;
        if (room && I->out)
            I->out(I->out_ctx, s, room);
        I->out_used = I->out_max;
        I->out_truncated = true;
        ev_raise_limit(I, "output");
        return -1;
    }
    I->out_used += n;
    if (I->out && n)
        I->out(I->out_ctx, s, n);
    return 0;
}

/* PyFile_WriteObject(v, file, Py_PRINT_RAW): file.write(str(v)), with
 * write looked up again for each piece as CPython does (a write that
 * replaces itself is seen).  Re-entrant: write may run any code. */
static int print_write(ev_interp *I, ev_value file, ev_value v)
{
    ev_str *wn = ev_intern(I, "write", 5);
    if (!wn) {
        ev_raise_nomem(I);
        return -1;
    }
    ev_value w = ev_getattr(I, file, wn);
    if (EV_IS_ERR(w))
        return -1;
    ev_value sv = ev_to_str(I, v);
    ev_value r = EV_IS_ERR(sv) ? sv : ev_call(I, w, 1, &sv, 0, NULL, NULL);
    ev_decref(I, sv);
    ev_decref(I, w);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 0;
}

/* print(..., file=obj): CPython's calls on obj, in order: one write per
 * argument, per separator and for the end, then flush() when asked.  sep and
 * end were checked by the caller (None or str); argv is the caller's and
 * stays alive across the calls. */
static ev_value print_to_file(ev_interp *I, ev_value file, int argc, const ev_value *argv, ev_value sepv,
                              ev_value endv, ev_value flushv)
{
    ev_value sp = EV_ERR, nl = EV_ERR;
    bool have_sep = !EV_IS_ERR(sepv) && sepv.tag != EV_T_NONE;
    bool have_end = !EV_IS_ERR(endv) && endv.tag != EV_T_NONE;
    if ((!have_sep && EV_IS_ERR(sp = ev_str_new(I, " ", 1))) ||
        (!have_end && EV_IS_ERR(nl = ev_str_new(I, "\n", 1))))
        goto fail;
    for (int i = 0; i < argc; i++) {
        if (i && print_write(I, file, have_sep ? sepv : sp))
            goto fail;
        if (print_write(I, file, argv[i]))
            goto fail;
    }
    if (print_write(I, file, have_end ? endv : nl))
        goto fail;
    ev_decref(I, sp);
    ev_decref(I, nl);
    if (!EV_IS_ERR(flushv)) {
        int t = ev_truth(I, flushv);
        if (t < 0)
            return EV_ERR;
        if (t) {
            ev_str *fn = ev_intern(I, "flush", 5);
            if (!fn)
                return ev_raise_nomem(I);
            ev_value m = ev_getattr(I, file, fn);
            ev_value r = EV_IS_ERR(m) ? m : ev_call(I, m, 0, NULL, 0, NULL, NULL);
            ev_decref(I, m);
            if (EV_IS_ERR(r))
                return EV_ERR;
            ev_decref(I, r);
        }
    }
    return EV_NONE;
fail:
    ev_decref(I, sp);
    ev_decref(I, nl);
    return EV_ERR;
}

static ev_value b_print(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    /* declared "*args, sep, end, file, flush": the keyword slots follow argv[argc) */
    ev_value sepv = argv[argc], endv = argv[argc + 1], filev = argv[argc + 2];
    const char *sep = " ", *end = "\n";
    size_t seplen = 1, endlen = 1;
    if (!EV_IS_ERR(sepv) && sepv.tag != EV_T_NONE) {
        if (!ev_is(sepv, EV_O_STR))
            return ev_raise(I, &ev_type_TypeError, "sep must be None or a string, not %s", ev_type_name(sepv));
        sep = ev_as_str(sepv)->data;
        seplen = ev_as_str(sepv)->len;
    }
    if (!EV_IS_ERR(endv) && endv.tag != EV_T_NONE) {
        if (!ev_is(endv, EV_O_STR))
            return ev_raise(I, &ev_type_TypeError, "end must be None or a string, not %s", ev_type_name(endv));
        end = ev_as_str(endv)->data;
        endlen = ev_as_str(endv)->len;
    }
    if (!EV_IS_ERR(filev) && filev.tag != EV_T_NONE)
        return print_to_file(I, filev, argc, argv, sepv, endv, argv[argc + 3]);
    if (__builtin_expect(!EV_IS_ERR(I->stdout_target), 0)) {
        /* sys.stdout redirected (contextlib.redirect_stdout); held, as a
         * write may swap it */
        ev_value f = ev_dup(I->stdout_target);
        ev_value r = print_to_file(I, f, argc, argv, sepv, endv, argv[argc + 3]);
        ev_decref(I, f);
        return r;
    }
    ev_buf b = {0};
    for (int i = 0; i < argc; i++) {
        if (i && (ev_utf8_encodable(I, sep, seplen) || ev_buf_put(I, &b, sep, seplen)))
            goto unencodable;
        ev_value s = ev_to_str(I, argv[i]);
        if (EV_IS_ERR(s))
            goto fail;
        int r = ev_utf8_encodable(I, ev_as_str(s)->data, ev_as_str(s)->len);
        r = r ? r : ev_buf_put(I, &b, ev_as_str(s)->data, ev_as_str(s)->len);
        ev_decref(I, s);
        if (r)
            goto unencodable;
    }
    if (ev_utf8_encodable(I, end, endlen) || ev_buf_put(I, &b, end, endlen))
        goto unencodable;
    int r = ev_write_out(I, b.data, b.len);
    ev_buf_free(I, &b);
    return r ? EV_ERR : EV_NONE;
unencodable:
    /* CPython writes each piece as it goes: what came before a piece
     * holding a lone surrogate (or before a failed allocation) is out */
    if (b.len && ev_is(I->exc, EV_O_EXC) && ((ev_exc *)I->exc.u.o)->type == &ev_type_UnicodeEncodeError) {
        ev_value pending = I->exc;
        I->exc = EV_NONE;
        int w = ev_write_out(I, b.data, b.len);
        if (w == 0) {
            I->exc = pending;
        } else {
            ev_decref(I, pending); /* the output limit wins */
        }
    }
fail:
    ev_buf_free(I, &b);
    return EV_ERR;
}

ev_value ev_print_str(ev_interp *I, ev_value s)
{
    ev_value end = ev_str_new(I, "", 0);
    if (EV_IS_ERR(end))
        return EV_ERR;
    ev_value argv[5] = {s, EV_ERR, end, EV_ERR, EV_ERR};
    ev_value r = b_print(I, EV_NONE, 1, argv, NULL);
    ev_decref(I, end);
    return r;
}

/* ---- simple builtins ------------------------------------------------------------------------------ */

static ev_value b_len(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc;
    return ev_len_value(I, argv[0]);
}

static ev_value b_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc;
    return ev_repr(I, argv[0]);
}

static ev_value b_ascii(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc;
    return ev_str_ascii_of(I, argv[0]);
}

static ev_value b_abs(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc;
    ev_value v = argv[0];
    if (v.tag == EV_T_FLOAT)
        return ev_float(fabs(v.u.f));
    if (ev_is_user(v)) {
        ev_value r;
        int got = ev_dunder(I, v, EV_DN_ABS, 0, NULL, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
        if (ev_is_subfloat(v))
            return ev_float(fabs(ev_float_unbox(v).u.f));
    }
    if (ev_is_int(v)) {
        int cmp;
        if (ev_num_compare(I, v, ev_int(0), &cmp))
            return EV_ERR;
        return cmp < 0 ? ev_negate(I, v) : ev_positive(I, v);
    }
    ev_value r;
    if (ev_complex_unary(I, v, 'a', &r) || ev_dt_unary(I, v, 'a', &r))
        return r;
    return ev_raise(I, &ev_type_TypeError, "bad operand type for abs(): '%s'", ev_type_name(v));
}

static ev_value minmax(ev_interp *I, int argc, const ev_value *argv, bool max)
{
    const char *name = max ? "max" : "min";
    ev_value key = argv[argc], def = argv[argc + 1]; /* "*args, key, default" */
    if (!EV_IS_ERR(key) && key.tag == EV_T_NONE)
        key = EV_ERR;
    if (argc > 1 && !EV_IS_ERR(def))
        return ev_raise(I, &ev_type_TypeError,
                        "Cannot specify a default for %s() with multiple positional arguments", name);
    ev_value it;
    if (argc == 1) {
        it = ev_iter(I, argv[0]);
    } else {
        ev_value t = ev_tuple_new(I, (size_t)argc);
        if (EV_IS_ERR(t))
            return t;
        for (int i = 0; i < argc; i++)
            ev_as_tuple(t)->items[i] = ev_dup(argv[i]);
        it = ev_iter(I, t);
        ev_decref(I, t);
    }
    if (EV_IS_ERR(it))
        return it;
    ev_value best = EV_ERR, bestkey = EV_ERR;
    for (;;) {
        ev_value x;
        int r = ev_next(I, it, &x);
        if (r < 0)
            goto fail;
        if (r == 0)
            break;
        ev_value k = x;
        if (!EV_IS_ERR(key)) {
            k = ev_call(I, key, 1, &x, 0, NULL, NULL);
            if (EV_IS_ERR(k)) {
                ev_decref(I, x);
                goto fail;
            }
        } else {
            ev_incref(k);
        }
        if (ev_tick(I)) {
            ev_decref(I, x);
            ev_decref(I, k);
            goto fail;
        }
        if (EV_IS_ERR(best)) {
            best = x;
            bestkey = k;
            continue;
        }
        int c = ev_compare(I, k, bestkey, max ? 4 : 0);
        if (c < 0) {
            ev_decref(I, x);
            ev_decref(I, k);
            goto fail;
        }
        if (c) {
            ev_decref(I, best);
            ev_decref(I, bestkey);
            best = x;
            bestkey = k;
        } else {
            ev_decref(I, x);
            ev_decref(I, k);
        }
    }
    ev_decref(I, it);
    if (!EV_IS_ERR(bestkey))
        ev_decref(I, bestkey);
    if (EV_IS_ERR(best)) {
        if (!EV_IS_ERR(def))
            return ev_dup(def);
        return ev_raise(I, &ev_type_ValueError, "%s() arg is an empty sequence", name);
    }
    return best;
fail:
    ev_decref(I, it);
    if (!EV_IS_ERR(best)) {
        ev_decref(I, best);
        ev_decref(I, bestkey);
    }
    return EV_ERR;
}

static ev_value b_min(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)self; return minmax(I, argc, argv, false); }
static ev_value b_max(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)self; return minmax(I, argc, argv, true); }

/* acc op x, consuming both.  sum() of ints and floats skips the protocol's
 * dispatch (as CPython's own int and float loops); overflow, a NaN (a new
 * object each time) and everything else go the general way. */
static inline ev_value fold_step(ev_interp *I, ev_binop op, ev_value acc, ev_value x)
{
    ev_value n;
    double f = 0;
    bool fl = op == EV_OP_ADD && acc.tag == EV_T_FLOAT && (x.tag == EV_T_FLOAT || x.tag == EV_T_INT);
    if (fl)
        f = acc.u.f + (x.tag == EV_T_FLOAT ? x.u.f : (double)x.u.i);
    if (op == EV_OP_ADD && acc.tag == EV_T_INT && x.tag == EV_T_INT &&
        !__builtin_add_overflow(acc.u.i, x.u.i, &n.u.i))
        n.tag = EV_T_INT;
    else if (fl && f == f)
        n = ev_float(f);
    else
        n = ev_binary(I, op, acc, x);
    ev_decref(I, x);
    ev_decref(I, acc);
    return n;
}

ev_value ev_fold(ev_interp *I, ev_value iterable, ev_binop op, ev_value start)
{
    /* An exact list or tuple is read in place, as its iterator would: the
     * length and the item pointer are re-read at every step (an __add__ may
     * change the list), the item and the sequence are held across it. */
    if ((ev_is(iterable, EV_O_LIST) || ev_is(iterable, EV_O_TUPLE)) && !ev_is_user(iterable)) {
        bool is_list = ev_is(iterable, EV_O_LIST);
        ev_value seq = ev_dup(iterable), acc = ev_dup(start);
        for (size_t i = 0;; i++) {
            size_t len = is_list ? ev_as_list(seq)->len : ev_as_tuple(seq)->len;
            if (i >= len)
                break;
            ev_value x = is_list ? ev_as_list(seq)->items[i] : ev_as_tuple(seq)->items[i];
            int64_t n;
            if (op == EV_OP_ADD && acc.tag == EV_T_INT && x.tag == EV_T_INT &&
                !__builtin_add_overflow(acc.u.i, x.u.i, &n)) {
                acc.u.i = n; /* nothing to hold or release: both are immediate */
                if (ev_tick(I)) {
                    acc = EV_ERR;
                    break;
                }
                continue;
            }
            acc = fold_step(I, op, acc, ev_dup(x));
            if (EV_IS_ERR(acc) || ev_tick(I)) {
                if (!EV_IS_ERR(acc))
                    ev_decref(I, acc);
                acc = EV_ERR;
                break;
            }
        }
        ev_decref(I, seq);
        return acc;
    }
    ev_value it = ev_iter(I, iterable);
    if (EV_IS_ERR(it))
        return it;
    ev_value acc = ev_dup(start);
    for (;;) {
        ev_value x;
        int r = ev_next(I, it, &x);
        if (r < 0)
            goto fail;
        if (r == 0)
            break;
        acc = fold_step(I, op, acc, x);
        if (EV_IS_ERR(acc) || ev_tick(I))
            goto fail;
    }
    ev_decref(I, it);
    return acc;
fail:
    ev_decref(I, it);
    if (!EV_IS_ERR(acc))
        ev_decref(I, acc);
    return EV_ERR;
}

static ev_value b_sum(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    ev_value start = argv[1];
    if (EV_IS_ERR(start))
        start = ev_int(0);
    if (ev_is(start, EV_O_STR) || ev_is(start, EV_O_BYTES) || ev_is(start, EV_O_BYTEARRAY)) {
        /* CPython takes the iterator first: a non-iterable is that error */
        ev_value it = ev_iter(I, argv[0]);
        if (EV_IS_ERR(it))
            return it;
        ev_decref(I, it);
        if (ev_is(start, EV_O_STR))
            return ev_raise(I, &ev_type_TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
        return ev_raise(I, &ev_type_TypeError, "sum() can't sum %s [use b''.join(seq) instead]",
                        ev_is(start, EV_O_BYTES) ? "bytes" : "bytearray");
    }
    return ev_fold(I, argv[0], EV_OP_ADD, start);
}

/* isinstance(x, C) and issubclass(D, C): C a type, a union (int | str) or a
 * tuple of those, nested tuples included, as CPython's recursive check.
 * inst is x for isinstance (EV_ERR for issubclass): a class whose
 * metaclass defines __instancecheck__ or __subclasscheck__ decides itself,
 * except that an object of exactly the class is always its instance and a
 * class whose type is type itself is never asked (CPython's fast paths). */
static int subclass_check_rec(ev_interp *I, ev_type *t, ev_value inst, ev_value cls, const char *fn, int depth)
{
    if (ev_is(cls, EV_O_TYPE)) {
        ev_type *c = (ev_type *)cls.u.o;
        if (c->meta && (EV_IS_ERR(inst) || t != c)) {
            ev_value r, tv = ev_obj_val(&t->h);
            int got = EV_IS_ERR(inst) ? ev_dunder(I, cls, EV_DN_SUBCLASSCHECK, 1, &tv, &r)
                                      : ev_dunder(I, cls, EV_DN_INSTANCECHECK, 1, &inst, &r);
            if (got < 0)
                return -1;
            if (got) {
                int truth = ev_truth(I, r);
                ev_decref(I, r);
                return truth;
            }
        }
        return ev_type_is_subclass(t, c);
    }
    ev_value members = ev_union_members(cls);
    if (!EV_IS_ERR(members))
        cls = members;
    if (ev_is(cls, EV_O_TUPLE)) {
        /* nested tuples count against the depth limit, as CPython's
         * object_recursive_isinstance */
        if (ev_recursion_enter(I, EV_IS_ERR(inst) ? " in __subclasscheck__" : " in __instancecheck__"))
            return -1;
        ev_tuple *tu = ev_as_tuple(cls);
        int r = 0;
        for (size_t i = 0; i < tu->len && !r; i++)
            r = subclass_check_rec(I, t, inst, tu->items[i], fn, depth + 1);
        ev_recursion_leave(I);
        return r;
    }
    if (ev_is_user(cls) && ev_is_heaptype(ev_type_of(cls))) {
        /* an object whose class defines the check (typing.List, a
         * subscripted generic): CPython looks it up on any type(cls) */
        ev_value r, tv = ev_obj_val(&t->h);
        int got = EV_IS_ERR(inst) ? ev_dunder(I, cls, EV_DN_SUBCLASSCHECK, 1, &tv, &r)
                                  : ev_dunder(I, cls, EV_DN_INSTANCECHECK, 1, &inst, &r);
        if (got < 0)
            return -1;
        if (got) {
            int truth = ev_truth(I, r);
            ev_decref(I, r);
            return truth;
        }
    }
    if (ev_is_generic_alias(cls)) {
        ev_raise(I, &ev_type_TypeError, "%s() argument 2 cannot be a parameterized generic", fn);
        return -1;
    }
    ev_raise(I, &ev_type_TypeError, "%s() arg 2 must be %s", fn,
             strcmp(fn, "issubclass") == 0 ? "a class, a tuple of classes, or a union" : "a type, a tuple of types, or a union");
    return -1;
}

static ev_value subclass_check(ev_interp *I, ev_type *t, ev_value inst, ev_value cls, const char *fn)
{
    /* held: an __instancecheck__ may rebind inst's __class__, dropping the
     * last reference to t while the tuple's other classes are tried */
    ev_value tv = ev_is_heaptype(t) ? ev_dup(ev_obj_val(&t->h)) : EV_NONE;
    int r = subclass_check_rec(I, t, inst, cls, fn, 0);
    ev_decref(I, tv);
    return r < 0 ? EV_ERR : ev_bool(r);
}

int ev_isinstance(ev_interp *I, ev_value v, ev_value cls)
{
    return subclass_check_rec(I, ev_type_of(v), v, cls, "isinstance", 0);
}

int ev_issubclass(ev_interp *I, ev_type *t, ev_value cls)
{
    return subclass_check_rec(I, t, EV_ERR, cls, "issubclass", 0);
}

static ev_value b_isinstance(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return subclass_check(I, ev_type_of(argv[0]), argv[0], argv[1], "isinstance");
}

/* Does cls hold anything but (nested) empty tuples?  Depth-capped as
 * subclass_check_rec: deeper than that counts as something. */
static bool classinfo_has_item(ev_value cls, int depth)
{
    if (!ev_is(cls, EV_O_TUPLE) || depth > 100)
        return true;
    ev_tuple *tu = ev_as_tuple(cls);
    for (size_t i = 0; i < tu->len; i++)
        if (classinfo_has_item(tu->items[i], depth + 1))
            return true;
    return false;
}

static ev_value b_issubclass(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    /* CPython checks arg 1 against each item of a tuple: with no item at
     * all, issubclass(1, ()) is False */
    if (!ev_is(argv[0], EV_O_TYPE))
        return classinfo_has_item(argv[1], 0) ? ev_raise(I, &ev_type_TypeError, "issubclass() arg 1 must be a class")
                                              : EV_FALSE;
    return subclass_check(I, (ev_type *)argv[0].u.o, EV_ERR, argv[1], "issubclass");
}

ev_value ev_ctor_type(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_ctor_type(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (argc == 1 && EV_KW_N(kw) == 0)
        return ev_dup(ev_obj_val(&ev_type_of(argv[0])->h));
    if (argc != 3)
        return ev_raise(I, &ev_type_TypeError, "type() takes 1 or 3 arguments");
    /* type(name, bases, namespace): what a class statement makes (the class
     * copies the namespace into its own dict) */
    return ev_meta_type_call(I, argc, argv, kw);
}

/* sorted() passes its keywords on to list.sort(), whose parameters they bind to */
static ev_value sorted_list(ev_interp *I, ev_value src, const ev_kw *kw)
{
    static const ev_builtin_def sort_params = {"sort", NULL, 0, 0, 0, "*, key, reverse"};
    ev_value a[EV_ARGS_MAX];
    /* the list is made first, then list.sort() reads the keywords */
    ev_value l = ev_sequence_list(I, src);
    if (EV_IS_ERR(l))
        return l;
    if (ev_args_bind(I, &sort_params, 0, NULL, kw, a, EV_ARGS_MAX) < 0)
        goto fail;
    ev_value key = a[0], rev = a[1];
    int reverse;
    if (ev_sort_reverse_arg(I, rev, &reverse))
        goto fail;
    /* CPython's sorted() calls list.sort() as a method: one more C call
     * level against the depth limit */
    if (ev_recursion_enter(I, " while calling a Python object"))
        goto fail;
    int st = ev_sort_values(I, ev_as_list(l)->items, ev_as_list(l)->len, EV_IS_ERR(key) ? EV_NONE : key, reverse);
    ev_recursion_leave(I);
    if (st)
        goto fail;
    return l;
fail:
    ev_decref(I, l);
    return EV_ERR;
}

static ev_value b_sorted(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc;
    return sorted_list(I, argv[0], kw);
}

static ev_value b_reversed(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc;
    ev_value v = argv[0];
    if (ev_is_user(v) && !ev_is(v, EV_O_INSTANCE)) {
        /* a builtin subclass's instance: its class's own __reversed__ wins */
        ev_str *rn = ev_intern(I, "__reversed__", 12);
        ev_type *t = ev_type_of(v);
        ev_value r;
        if (rn && ev_type_lookup(t, rn))
            return ev_user_reversed(I, v, &r) < 0 ? EV_ERR : r;
        /* str, tuple and bytes have no __reversed__: the class's own
         * __len__ or __getitem__ gives the items */
        if ((ev_is(v, EV_O_TUPLE) || ev_is(v, EV_O_STR) || ev_is_byteslike(v)) &&
            (ev_type_lookup(t, I->dn[EV_DN_LEN]) || ev_type_lookup(t, I->dn[EV_DN_GETITEM])))
            return ev_sub_reversed(I, v, &r) < 0 ? EV_ERR : r;
        /* a set with a __getitem__ is a sequence to reversed() */
        if ((ev_is(v, EV_O_SET) || ev_is(v, EV_O_FROZENSET)) && ev_type_lookup(t, I->dn[EV_DN_GETITEM]))
            return ev_sub_reversed(I, v, &r) < 0 ? EV_ERR : r;
    }
    if (ev_is(v, EV_O_LIST))
        return ev_iter_new(I, EV_IT_REVERSED_LIST, v);
    if (ev_is(v, EV_O_RANGE)) {
        ev_range *r = (ev_range *)v.u.o;
        ev_value nr = ev_range_new(I, r->start + (r->len - 1) * r->step, r->start - r->step, -r->step);
        if (EV_IS_ERR(nr))
            return nr;
        if (r->len == 0)
            ((ev_range *)nr.u.o)->len = 0;
        ev_value it = ev_iter(I, nr);
        ev_decref(I, nr);
        return it;
    }
    if (ev_is(v, EV_O_BIGRANGE)) {
        ev_value nr = ev_bigrange_reversed(I, v);
        if (EV_IS_ERR(nr))
            return nr;
        ev_value it = ev_iter(I, nr);
        ev_decref(I, nr);
        return it;
    }
    if (ev_is(v, EV_O_DEQUE)) /* deque.__reversed__: its items, stopping at a mutation */
        return ev_deque_reviter(I, v);
    if (ev_is(v, EV_O_TUPLE) || ev_is(v, EV_O_STR) || ev_is(v, EV_O_DEQUE) || ev_is_byteslike(v)) {
        /* tuple and str have no __reversed__: CPython goes by their own
         * __len__ and __getitem__, never a subclass's __iter__ */
        ev_value plain;
        if (ev_is(v, EV_O_TUPLE) && (v.u.o->flags & EV_OBJ_SUB)) {
            size_t n = ev_as_tuple(v)->len;
            plain = ev_tuple_new(I, n);
            for (size_t i = 0; !EV_IS_ERR(plain) && i < n; i++)
                ev_as_tuple(plain)->items[i] = ev_dup(ev_as_tuple(v)->items[i]);
        } else if (ev_is(v, EV_O_DEQUE) && (v.u.o->flags & EV_OBJ_SUB)) {
            /* deque.__reversed__ walks the items, never a subclass's __iter__ */
            plain = ev_deque_items(I, v);
        } else {
            plain = ev_is(v, EV_O_STR) ? ev_str_unchanged(I, v) : ev_dup(v);
        }
        if (EV_IS_ERR(plain))
            return plain;
        ev_value l = ev_list_from_iterable(I, plain);
        ev_decref(I, plain);
        if (EV_IS_ERR(l))
            return l;
        ev_value it = ev_iter_new(I, ev_is(v, EV_O_DEQUE) ? EV_IT_DEQUE_REVERSED : EV_IT_REVERSED_SEQ, l);
        ev_decref(I, l);
        return it;
    }
    if (ev_is(v, EV_O_DICT) || ev_is(v, EV_O_VIEW)) {
        ev_value dv = ev_is(v, EV_O_VIEW) ? ((ev_view *)v.u.o)->dict : v;
        if (ev_dict_is_ordered(ev_as_dict(dv)))
            return ev_odict_iter(I, dv, ev_is(v, EV_O_VIEW) ? ((ev_view *)v.u.o)->ik : EV_IT_DICT_KEYS, true);
        ev_iter_kind k = EV_IT_DICT_REVKEYS;
        if (ev_is(v, EV_O_VIEW))
            k = ((ev_view *)v.u.o)->ik == EV_IT_DICT_VALUES ? EV_IT_DICT_REVVALUES
                : ((ev_view *)v.u.o)->ik == EV_IT_DICT_ITEMS ? EV_IT_DICT_REVITEMS : EV_IT_DICT_REVKEYS;
        return ev_iter_new(I, k, dv);
    }
    if (ev_is_user(v)) {
        ev_value r;
        return ev_user_reversed(I, v, &r) < 0 ? EV_ERR : r;
    }
    return ev_raise(I, &ev_type_TypeError, "'%s' object is not reversible", ev_type_name(v));
}

static ev_value b_zip(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const char *const allowed[] = {"strict", NULL};
    if (ev_kwargs_check(I, kw, "zip", allowed))
        return EV_ERR;
    int strict = 0;
    ev_value sv = ev_kwarg(kw, "strict");
    if (!EV_IS_ERR(sv) && (strict = ev_truth(I, sv)) < 0)
        return EV_ERR;
    ev_value its = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(its))
        return its;
    for (int i = 0; i < argc; i++) {
        ev_value it = ev_iter(I, argv[i]);
        if (EV_IS_ERR(it)) {
            ev_decref(I, its);
            return it;
        }
        ev_as_tuple(its)->items[i] = it;
    }
    ev_value z = ev_iter_new(I, EV_IT_ZIP, its);
    ev_decref(I, its);
    if (!EV_IS_ERR(z))
        ((ev_iterobj *)z.u.o)->step = strict; /* zip(strict=True): lengths must agree */
    return z;
}

/* map(f, *iterables) and filter(f, iterable): lazy, as in CPython. */
static ev_value lazy_iter(ev_interp *I, ev_iter_kind k, int argc, const ev_value *argv)
{
    if (k == EV_IT_MAP && argc < 2)
        return ev_raise(I, &ev_type_TypeError, "map() must have at least two arguments.");
    if (k == EV_IT_MAP && argc > 17)
        return ev_raise(I, &ev_type_TypeError, "map() with more than 16 iterables is not supported by safepy");
    ev_value st = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(st))
        return st;
    ev_as_tuple(st)->items[0] = ev_dup(argv[0]);
    for (int i = 1; i < argc; i++) {
        ev_value it = ev_iter(I, argv[i]);
        if (EV_IS_ERR(it)) {
            ev_decref(I, st);
            return it;
        }
        ev_as_tuple(st)->items[i] = it;
    }
    ev_value r = ev_iter_new(I, k, st);
    ev_decref(I, st);
    return r;
}

static ev_value b_map(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)self; return lazy_iter(I, EV_IT_MAP, argc, argv); }
static ev_value b_filter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)self; return lazy_iter(I, EV_IT_FILTER, argc, argv); }

static ev_value b_round(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    ev_value x = argv[0];
    bool has_nd = argc > 1 && !EV_IS_ERR(argv[1]) && argv[1].tag != EV_T_NONE;
    if (ev_is_user(x)) {
        /* round(x[, n]) is type(x).__round__(x[, n]) */
        ev_value r;
        int got = ev_dunder(I, x, EV_DN_ROUND, has_nd ? 1 : 0, has_nd ? &argv[1] : NULL, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
        if (ev_is_subint(x)) {
            ev_value a[2] = {ev_int_unbox(I, x), argc > 1 ? argv[1] : EV_NONE};
            if (EV_IS_ERR(a[0]))
                return EV_ERR;
            r = b_round(I, self, argc, a, kw);
            ev_decref(I, a[0]);
            return r;
        }
        if (ev_is_subfloat(x)) {
            ev_value a[2] = {ev_float_unbox(x), argc > 1 ? argv[1] : EV_NONE};
            return b_round(I, self, argc, a, kw);
        }
        return ev_raise(I, &ev_type_TypeError, "type %s doesn't define __round__ method", ev_type_name(x));
    }
    /* the method is looked up before ndigits is read */
    if (x.tag != EV_T_FLOAT && !ev_is_int(x))
        return ev_raise(I, &ev_type_TypeError, "type %s doesn't define __round__ method", ev_type_name(x));
    int64_t nd = 0;
    if (has_nd && ev_is(argv[1], EV_O_INT) && !ev_is_subint(argv[1])) {
        /* CPython clamps ndigits to the index range (PyNumber_AsSsize_t
         * without an error type); every clamped value rounds as the
         * infinite one would */
        nd = mpz_sgn(((ev_bigint *)argv[1].u.o)->z) < 0 ? INT64_MIN : INT64_MAX;
    } else if (has_nd && ev_index(I, argv[1], &nd, NULL)) {
        return EV_ERR;
    }
    if (x.tag == EV_T_FLOAT)
        return ev_float_round(I, x.u.f, has_nd, nd);
    if (ev_is_int(x)) {
        if (!has_nd || nd >= 0)
            return x.tag == EV_T_BOOL ? ev_int(x.u.i) : ev_dup(x);
        /* round half even to 10**-nd */
        mpz_t z, p, q, r;
        mpz_inits(z, p, q, r, NULL);
        ev_int_to_mpz(x, z);
        if (nd < -100000) {
            mpz_clears(z, p, q, r, NULL);
            return ev_int(0);
        }
        mpz_ui_pow_ui(p, 10, (unsigned long)-nd);
        if (ev_time_afford(I, 2 * ev_big_div_seconds((double)mpz_size(z), (double)mpz_size(p)))) {
            mpz_clears(z, p, q, r, NULL);
            return EV_ERR;
        }
        mpz_fdiv_qr(q, r, z, p);
        mpz_mul_ui(r, r, 2);
        int c = mpz_cmp(r, p);
        if (c > 0 || (c == 0 && mpz_odd_p(q)))
            mpz_add_ui(q, q, 1);
        mpz_mul(q, q, p);
        ev_value v = ev_int_from_mpz(I, q);
        mpz_clears(z, p, q, r, NULL);
        return v;
    }
    return ev_raise(I, &ev_type_TypeError, "type %s doesn't define __round__ method", ev_type_name(x));
}

static ev_value b_divmod(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc;
    if (ev_is_user(argv[0]) || ev_is_user(argv[1])) {
        ev_value out;
        int got = ev_user_binary_named(I, EV_DN_DIVMOD, EV_DN_RDIVMOD, argv[0], argv[1], &out);
        if (got < 0)
            return EV_ERR;
        if (got)
            return out;
        if ((ev_is_subint(argv[0]) || ev_is_subfloat(argv[0]) || !ev_is_user(argv[0])) &&
            (ev_is_subint(argv[1]) || ev_is_subfloat(argv[1]) || !ev_is_user(argv[1]))) {
            ev_value a[2] = {ev_is_subfloat(argv[0]) ? ev_float_unbox(argv[0]) : ev_int_unbox(I, argv[0]),
                             ev_is_subfloat(argv[1]) ? ev_float_unbox(argv[1]) : ev_int_unbox(I, argv[1])};
            ev_value r = EV_IS_ERR(a[0]) || EV_IS_ERR(a[1]) ? EV_ERR : b_divmod(I, self, 2, a, kw);
            for (int i = 0; i < 2; i++)
                if (!EV_IS_ERR(a[i]))
                    ev_decref(I, a[i]);
            return r;
        }
        return ev_raise(I, &ev_type_TypeError, "unsupported operand type(s) for divmod(): '%s' and '%s'",
                        ev_type_name(argv[0]), ev_type_name(argv[1]));
    }
    ev_value q = ev_binary(I, EV_OP_FLOORDIV, argv[0], argv[1]);
    if (EV_IS_ERR(q)) {
        if (I->exc.tag == EV_T_OBJ && ((ev_exc *)I->exc.u.o)->type == &ev_type_TypeError)
            return ev_raise(I, &ev_type_TypeError, "unsupported operand type(s) for divmod(): '%s' and '%s'",
                            ev_type_name(argv[0]), ev_type_name(argv[1]));
        if (I->exc.tag == EV_T_OBJ && ((ev_exc *)I->exc.u.o)->type == &ev_type_ZeroDivisionError &&
            (argv[0].tag == EV_T_FLOAT || argv[1].tag == EV_T_FLOAT))
            return ev_raise(I, &ev_type_ZeroDivisionError, "float divmod()");
        return q;
    }
    ev_value r = ev_binary(I, EV_OP_MOD, argv[0], argv[1]);
    if (EV_IS_ERR(r)) {
        ev_decref(I, q);
        /* a type with // but no % (timedelta by an int) */
        if (I->exc.tag == EV_T_OBJ && ((ev_exc *)I->exc.u.o)->type == &ev_type_TypeError)
            return ev_raise(I, &ev_type_TypeError, "unsupported operand type(s) for divmod(): '%s' and '%s'",
                            ev_type_name(argv[0]), ev_type_name(argv[1]));
        return r;
    }
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t)) {
        ev_decref(I, q);
        ev_decref(I, r);
        return t;
    }
    ev_as_tuple(t)->items[0] = q;
    ev_as_tuple(t)->items[1] = r;
    return t;
}

static bool pow_complex_operand(ev_value v)
{
    return ev_is_int(v) || v.tag == EV_T_FLOAT || ev_is_subfloat(v) || ev_is(v, EV_O_COMPLEX);
}

static ev_value b_pow(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (argc == 3 && !EV_IS_ERR(argv[2]) && argv[2].tag != EV_T_NONE) {
        if (ev_is_user(argv[0]) && !ev_is_subint(argv[0]) && !ev_is_subfloat(argv[0])) {
            /* three-argument power asks only the base's __pow__ (never __rpow__) */
            ev_value r;
            int got = ev_dunder(I, argv[0], EV_DN_POW, 2, &argv[1], &r);
            if (got < 0)
                return EV_ERR;
            if (got && !ev_is_notimpl(r))
                return r;
            if (got)
                ev_decref(I, r);
        }
        /* CPython's ternary_op asks each operand's type in turn: int's
         * declines anything but ints, float's and complex's refuse a modulus */
        bool all_int = true;
        for (int i = 0; i < 3; i++) {
            if (argv[i].tag == EV_T_FLOAT || ev_is_subfloat(argv[i]))
                return ev_raise(I, &ev_type_TypeError,
                                "pow() 3rd argument not allowed unless all arguments are integers");
            /* complex_pow converts both operands first (NotImplemented
             * when one is not a number), then refuses the modulus */
            if (ev_is(argv[i], EV_O_COMPLEX) && pow_complex_operand(argv[0]) && pow_complex_operand(argv[1]))
                return ev_raise(I, &ev_type_ValueError, "complex modulo");
            all_int = all_int && ev_is_int(argv[i]);
        }
        if (!all_int)
            return ev_raise(I, &ev_type_TypeError, "unsupported operand type(s) for ** or pow(): '%s', '%s', '%s'",
                            ev_type_name(argv[0]), ev_type_name(argv[1]), ev_type_name(argv[2]));
        mpz_t b, e, m, r;
        mpz_inits(b, e, m, r, NULL);
        ev_int_to_mpz(argv[0], b);
        ev_int_to_mpz(argv[1], e);
        ev_int_to_mpz(argv[2], m);
        ev_value res;
        if (mpz_sgn(m) == 0) {
            res = ev_raise(I, &ev_type_ValueError, "pow() 3rd argument cannot be 0");
        } else if (mpz_sgn(e) < 0) {
            /* the inverse is an extended gcd: refused beyond the time left */
            double n = (double)(mpz_size(b) > mpz_size(m) ? mpz_size(b) : mpz_size(m));
            if (ev_time_afford(I, 2 * ev_big_mul_seconds(n) * log2(n + 2))) {
                res = EV_ERR;
                goto out;
            }
            if (!mpz_invert(r, b, m)) {
                res = ev_raise(I, &ev_type_ValueError, "base is not invertible for the given modulus");
                goto out;
            }
            mpz_neg(e, e);
            mpz_set(b, r);
            goto powm;
        } else {
        powm:
            if (ev_big_powm(I, r, b, e, m)) {
                res = EV_ERR;
                goto out;
            }
            /* result takes the sign of the modulus, as Python's % */
            if (mpz_sgn(r) != 0 && mpz_sgn(m) < 0)
                mpz_add(r, r, m);
            res = ev_int_from_mpz(I, r);
        }
    out:
        mpz_clears(b, e, m, r, NULL);
        return res;
    }
    return ev_binary(I, EV_OP_POW, argv[0], argv[1]);
}

static ev_value b_chr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc;
    ev_value ix;
    int got = ev_index_try(I, argv[0], &ix);
    if (got) {
        ev_value r = got < 0 ? EV_ERR : b_chr(I, self, 1, &ix, kw);
        if (got > 0)
            ev_decref(I, ix);
        return r;
    }
    if (!ev_is_int(argv[0]))
        return ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer", ev_type_name(argv[0]));
    int64_t c = argv[0].tag == EV_T_OBJ ? INT64_MAX : argv[0].u.i;
    /* the argument is a C int first */
    if (c > INT32_MAX || c < INT32_MIN)
        return ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C int");
    if (c < 0 || c > 0x10FFFF)
        return ev_raise(I, &ev_type_ValueError, "chr() arg not in range(0x110000)");
    char buf[4];
    int n;
    uint32_t cp = (uint32_t)c;
    if (cp < 0x80) { buf[0] = (char)cp; n = 1; }
    else if (cp < 0x800) { buf[0] = (char)(0xC0 | (cp >> 6)); buf[1] = (char)(0x80 | (cp & 0x3F)); n = 2; }
    else if (cp < 0x10000) { buf[0] = (char)(0xE0 | (cp >> 12)); buf[1] = (char)(0x80 | ((cp >> 6) & 0x3F)); buf[2] = (char)(0x80 | (cp & 0x3F)); n = 3; }
    else { buf[0] = (char)(0xF0 | (cp >> 18)); buf[1] = (char)(0x80 | ((cp >> 12) & 0x3F)); buf[2] = (char)(0x80 | ((cp >> 6) & 0x3F)); buf[3] = (char)(0x80 | (cp & 0x3F)); n = 4; }
    return ev_str_new(I, buf, (size_t)n);
}

static ev_value b_ord(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc;
    if (ev_is_byteslike(argv[0]))
        return ev_as_bytes(argv[0])->len == 1 ? ev_int(ev_as_bytes(argv[0])->data[0])
            : ev_raise(I, &ev_type_TypeError, "ord() expected a character, but string of length %zu found",
                       ev_as_bytes(argv[0])->len);
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "ord() expected string of length 1, but %s found", ev_type_name(argv[0]));
    ev_str *s = ev_as_str(argv[0]);
    if (s->nchars != 1)
        return ev_raise(I, &ev_type_TypeError, "ord() expected a character, but string of length %zu found", s->nchars);
    const unsigned char *p = (const unsigned char *)s->data;
    uint32_t cp;
    if (p[0] < 0x80) cp = p[0];
    else if (p[0] < 0xE0) cp = ((p[0] & 0x1Fu) << 6) | (p[1] & 0x3Fu);
    else if (p[0] < 0xF0) cp = ((p[0] & 0x0Fu) << 12) | ((p[1] & 0x3Fu) << 6) | (p[2] & 0x3Fu);
    else cp = ((p[0] & 0x07u) << 18) | ((p[1] & 0x3Fu) << 12) | ((p[2] & 0x3Fu) << 6) | (p[3] & 0x3Fu);
    return ev_int(cp);
}

static ev_value anyall(ev_interp *I, ev_value src, bool any)
{
    ev_value it = ev_iter(I, src);
    if (EV_IS_ERR(it))
        return it;
    for (;;) {
        ev_value x;
        int r = ev_next(I, it, &x);
        if (r <= 0) {
            ev_decref(I, it);
            return r < 0 ? EV_ERR : ev_bool(!any);
        }
        int t = ev_truth(I, x);
        ev_decref(I, x);
        if (t < 0 || ev_tick(I)) {
            ev_decref(I, it);
            return EV_ERR;
        }
        if (t == any) {
            ev_decref(I, it);
            return ev_bool(any);
        }
    }
}

static ev_value b_any(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)self; (void)argc; return anyall(I, argv[0], true); }
static ev_value b_all(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)self; (void)argc; return anyall(I, argv[0], false); }

static ev_value b_hash(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc;
    int64_t h;
    if (ev_hash(I, argv[0], &h))
        return EV_ERR;
    return ev_int(h);
}

static ev_value b_callable(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

/* iter(callable, sentinel): calls until a result equals the sentinel (or
 * the callable raises StopIteration); then it drops both, as CPython's
 * calliter_iternext. */
typedef struct {
    ev_value fn, sentinel; /* EV_NONE once exhausted */
} calliter_state;

static int calliter_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    calliter_state *st = it->state;
    if (st->fn.tag == EV_T_NONE)
        return 0;
    /* held: a call of this iterator inside it may exhaust it and drop fn */
    ev_value fn0 = ev_dup(st->fn);
    ev_value r = ev_call(I, fn0, 0, NULL, 0, NULL, NULL);
    ev_decref(I, fn0);
    if (EV_IS_ERR(r)) {
        if (I->limit || !ev_is(I->exc, EV_O_EXC) ||
            !ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_StopIteration))
            return -1;
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
    } else if (st->fn.tag == EV_T_NONE) {
        /* a call of this iterator inside the callable exhausted it */
        ev_decref(I, r);
        return 0;
    } else {
        /* sentinel == result, in that order (CPython's calliter_iternext);
         * the sentinel held: its __eq__ may exhaust this iterator, which
         * drops it */
        ev_value sentinel = ev_dup(st->sentinel);
        int eq = ev_eq(I, sentinel, r);
        ev_decref(I, sentinel);
        if (eq == 0) {
            *out = r;
            return 1;
        }
        ev_decref(I, r);
        if (eq < 0)
            return -1;
    }
    ev_value fn = st->fn, sentinel = st->sentinel;
    st->fn = st->sentinel = EV_NONE;
    ev_decref(I, fn);
    ev_decref(I, sentinel);
    return 0;
}

static void calliter_free(ev_interp *I, ev_iterobj *it)
{
    calliter_state *st = it->state;
    ev_decref(I, st->fn);
    ev_decref(I, st->sentinel);
}

/* iter(lst.pop, None) stored in lst is a cycle */
static void calliter_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    calliter_state *st = it->state;
    visit(I, st->fn, arg);
    visit(I, st->sentinel, arg);
}

static const ev_native_iter_type calliter_type = {"callable_iterator", calliter_next, calliter_free, NULL,
                                                  &ev_type_callable_iterator, calliter_traverse};

static ev_value b_iter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (argc == 1)
        return ev_iter(I, argv[0]);
    ev_value c = b_callable(I, EV_NONE, 1, argv, NULL);
    if (!c.u.i)
        return ev_raise(I, &ev_type_TypeError, "iter(v, w): v must be callable");
    ev_value it = ev_native_iter_new(I, &calliter_type, sizeof(calliter_state));
    if (EV_IS_ERR(it))
        return it;
    calliter_state *st = ((ev_iterobj *)it.u.o)->state;
    st->fn = ev_dup(argv[0]);
    st->sentinel = ev_dup(argv[1]);
    return it;
}

static ev_value b_next(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    ev_value x, retval = EV_NONE;
    int r;
    if (ev_is_user(argv[0]) && !(argv[0].u.o->flags & EV_OBJ_SUB)) {
        /* a user iterator's own StopIteration (with its value) propagates */
        int got = ev_dunder(I, argv[0], EV_DN_NEXT, 0, NULL, &x);
        if (got > 0)
            return x;
        if (got == 0)
            return ev_raise(I, &ev_type_TypeError, "'%s' object is not an iterator", ev_type_name(argv[0]));
        if (argc > 1 && !I->limit && ev_is(I->exc, EV_O_EXC) &&
            ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_StopIteration)) {
            ev_decref(I, I->exc);
            I->exc = EV_NONE;
            return ev_dup(argv[1]);
        }
        return EV_ERR;
    }
    if (ev_is_plain_gen(argv[0])) {
        /* a generator's return value travels in StopIteration */
        r = ev_gen_resume(I, (ev_gen *)argv[0].u.o, EV_NONE, false, &x);
        if (r == 0)
            retval = x;
    } else if (ev_is_awaiter(argv[0])) {
        r = ev_awaiter_send(I, argv[0], EV_NONE, &x);
        if (r == 0)
            retval = x;
    } else {
        r = ev_next(I, argv[0], &x);
    }
    if (r < 0)
        return EV_ERR;
    if (r == 0) {
        if (argc > 1) {
            ev_decref(I, retval);
            return ev_dup(argv[1]);
        }
        ev_value args = ev_tuple_new(I, retval.tag == EV_T_NONE ? 0 : 1);
        if (EV_IS_ERR(args)) {
            ev_decref(I, retval);
            return args;
        }
        if (retval.tag != EV_T_NONE)
            ev_as_tuple(args)->items[0] = retval;
        ev_value e = ev_exc_new(I, &ev_type_StopIteration, args);
        return EV_IS_ERR(e) ? e : ev_raise_value(I, e);
    }
    return x;
}

static ev_value radix(ev_interp *I, ev_value v, const char *spec)
{
    if (ev_is_user(v) && !ev_is_int(v) && ev_type_lookup(ev_type_of(v), I->dn[EV_DN_INDEX])) {
        int64_t i;
        if (ev_index(I, v, &i, "index"))
            return EV_ERR;
        v = ev_int(i);
    }
    if (!ev_is_int(v))
        return ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer", ev_type_name(v));
    ev_value s = ev_str_from_cstr(I, spec);
    if (EV_IS_ERR(s))
        return s;
    ev_value r = ev_str_format_spec(I, v.tag == EV_T_BOOL ? ev_int(v.u.i) : v, ev_as_str(s));
    ev_decref(I, s);
    return r;
}

static ev_value b_hex(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)self; (void)argc; return radix(I, argv[0], "#x"); }
static ev_value b_oct(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)self; (void)argc; return radix(I, argv[0], "#o"); }
static ev_value b_bin(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)self; (void)argc; return radix(I, argv[0], "#b"); }

static ev_value b_format(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (argc > 1 && !ev_is(argv[1], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "format() argument 2 must be str, not %s",
                        argv[1].tag == EV_T_NONE ? "None" : ev_type_name(argv[1]));
    if (argc == 1) {
        ev_value empty = ev_str_new(I, "", 0);
        if (EV_IS_ERR(empty))
            return empty;
        ev_value r = ev_str_format_spec(I, argv[0], ev_as_str(empty));
        ev_decref(I, empty);
        return r;
    }
    return ev_str_format_spec(I, argv[0], ev_as_str(argv[1]));
}

/* id(x): an object's address; inline ints, floats, bools and None get a
 * stable number derived from their value (equal values, one identity, as
 * CPython's cached small ints). */
int64_t ev_object_id(ev_value v)
{
    uint64_t id;
    switch (v.tag) {
    case EV_T_OBJ: id = (uint64_t)(uintptr_t)v.u.o; break;
    case EV_T_NONE: id = 0x7f0000000010ull; break;
    case EV_T_BOOL: id = 0x7f0000000020ull + (uint64_t)v.u.i * 32; break;
    default: id = 0x7e0000000000ull + (((uint64_t)v.u.i * 0x9e3779b97f4a7c15ull) >> 24 << 4); break;
    }
    return (int64_t)(id & 0x7fffffffffffffffull);
}

static ev_value b_id(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)self; (void)argc; (void)kw;
    return ev_int(ev_object_id(argv[0]));
}

static ev_value b_callable(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)I;
    ev_value v = argv[0];
    if (ev_is_user(v) && !ev_is(v, EV_O_TYPE)) {
        ev_str *n = I->dn[EV_DN_CALL];
        ev_type *t = ev_type_of(v);
        if (n && !ev_is_heaptype(t) && (t->tflags & EV_TYPE_CSLOTS)) /* its C methods (operator.itemgetter) */
            return ev_bool(ev_builtin_method(t, n) != NULL);
        return ev_bool(n && ev_type_lookup(t, n));
    }
    return ev_bool(ev_is(v, EV_O_FUNC) || ev_is(v, EV_O_BUILTIN) || ev_is(v, EV_O_METHOD) ||
                   (ev_is(v, EV_O_TYPE) && (((ev_type *)v.u.o)->call || ev_is_heaptype((ev_type *)v.u.o))) ||
                   (ev_is(v, EV_O_WRAPPER) && ((ev_wrapper *)v.u.o)->type == &ev_type_staticmethod));
}

/* ---- constructors ---------------------------------------------------------------------------------- */








/* ---- the table ------------------------------------------------------------------------------------- */

static const ev_builtin_def builtins[] = {
    {"print", b_print, 0, -1, 0, "*args, sep, end, file, flush"},
    {"help", ev_builtin_help, 0, 1, 0},
    {"len", b_len, 1, 1, 0},
    {"repr", b_repr, 1, 1, 0},
    {"ascii", b_ascii, 1, 1, 0},
    {"abs", b_abs, 1, 1, 0},
    {"min", b_min, 1, -1, 0, "*args, key, default"},
    {"max", b_max, 1, -1, 0, "*args, key, default"},
    {"sum", b_sum, 1, 2, 0, "iterable, /, start"},
    {"isinstance", b_isinstance, 2, 2, EV_BF_POSN},
    {"issubclass", b_issubclass, 2, 2, EV_BF_POSN},
    {"id", b_id, 1, 1},
    {"sorted", b_sorted, 1, 1, EV_BF_KWANY | EV_BF_POSN},
    {"round", b_round, 1, 2, 0, "number, ndigits"},
    {"divmod", b_divmod, 2, 2, EV_BF_POSN},
    {"pow", b_pow, 2, 3, 0, "base, exp, mod"},
    {"chr", b_chr, 1, 1, 0},
    {"ord", b_ord, 1, 1, 0},
    {"any", b_any, 1, 1, 0},
    {"all", b_all, 1, 1, 0},
    {"hash", b_hash, 1, 1, 0},
    {"iter", b_iter, 1, 2, EV_BF_POSN},
    {"next", b_next, 1, 2, 0},
    {"aiter", ev_builtin_aiter, 1, 1, 0},
    {"anext", ev_builtin_anext, 1, 2, 0},
    {"hex", b_hex, 1, 1, 0},
    {"oct", b_oct, 1, 1, 0},
    {"bin", b_bin, 1, 1, 0},
    {"format", b_format, 1, 2, 0},
    {"callable", b_callable, 1, 1, 0},
    {"getattr", ev_builtin_getattr, 2, 3, 0},
    {"hasattr", ev_builtin_hasattr, 2, 2, EV_BF_POSN},
    {"setattr", ev_builtin_setattr, 3, 3, EV_BF_POSN},
    {"delattr", ev_builtin_delattr, 2, 2, EV_BF_POSN},
    {"vars", ev_builtin_vars, 0, 1},
    {"dir", ev_builtin_dir, 0, 1},
    {NULL, NULL, 0, 0, 0},
};

/* map, filter, zip, enumerate and reversed are classes (object.c): their
 * calls bind the arguments as these builtins always did, with CPython's
 * messages ("map() must have at least two arguments.") */
static const ev_builtin_def iterator_class_defs[] = {
    {"map", b_map, 0, -1, 0},
    {"filter", b_filter, 2, 2, EV_BF_POSN},
    {"zip", b_zip, 0, -1, EV_BF_KWANY},
    {"enumerate", ev_enumerate_impl, 0, 2, 0, "iterable, start"},
    {"reversed", b_reversed, 1, 1, EV_BF_POSN},
};

ev_value ev_builtin_map(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; /* the type: messages name the function alone, map() */
    return ev_call_method_def(I, &iterator_class_defs[0], EV_NONE, argc, argv, kw);
}

ev_value ev_builtin_filter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; /* the type: messages name the function alone, map() */
    return ev_call_method_def(I, &iterator_class_defs[1], EV_NONE, argc, argv, kw);
}

ev_value ev_builtin_zip(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; /* the type: messages name the function alone, map() */
    return ev_call_method_def(I, &iterator_class_defs[2], EV_NONE, argc, argv, kw);
}

ev_value ev_builtin_enumerate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; /* the type: messages name the function alone, map() */
    if (ev_enumerate_kw_check(I, argc, kw))
        return EV_ERR;
    return ev_call_method_def(I, &iterator_class_defs[3], EV_NONE, argc, argv, kw);
}

/* dict.__reversed__ and the views' (and OrderedDict's, through dict):
 * what reversed(self) gives */
ev_value ev_reversed_self(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return b_reversed(I, EV_NONE, 1, &self, NULL);
}

ev_value ev_builtin_reversed(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    return ev_call_method_def(I, &iterator_class_defs[4], EV_NONE, argc, argv, kw);
}

static ev_type *const value_types[] = {
    &ev_type_type, &ev_type_int, &ev_type_float, &ev_type_bool, &ev_type_str, &ev_type_list,
    &ev_type_tuple, &ev_type_dict, &ev_type_range, &ev_type_set, &ev_type_frozenset, &ev_type_slice, &ev_type_bytes, &ev_type_bytearray, &ev_type_complex, NULL,
};

int ev_builtins_install(ev_interp *I)
{
    for (const ev_builtin_def *d = builtins; d->name; d++) {
        ev_str *name = ev_intern(I, d->name, strlen(d->name));
        if (!name)
            return -1;
        ev_value f = ev_builtin_new(I, d, EV_NONE);
        if (EV_IS_ERR(f))
            return -1;
        int r = ev_dict_set_str(I, I->builtins, name, f);
        ev_decref(I, f);
        if (r)
            return -1;
    }
    /* map, filter, zip, enumerate and reversed are classes, as in CPython:
     * the types of the iterators they make */
    for (ev_type *const *t = ev_iterator_classes; *t; t++) {
        ev_str *name = ev_intern(I, (*t)->name, strlen((*t)->name));
        if (!name || ev_dict_set_str(I, I->builtins, name, ev_obj_val(&(*t)->h)))
            return -1;
    }
    for (ev_type *const *t = value_types; *t; t++) {
        ev_str *name = ev_intern(I, (*t)->name, strlen((*t)->name));
        if (!name || ev_dict_set_str(I, I->builtins, name, ev_obj_val(&(*t)->h)))
            return -1;
    }
    for (ev_type *const *t = ev_exception_types; *t; t++) {
        ev_str *name = ev_intern(I, (*t)->name, strlen((*t)->name));
        if (!name || ev_dict_set_str(I, I->builtins, name, ev_obj_val(&(*t)->h)))
            return -1;
    }
    return 0;
}

/* Call the builtin function NAME (a C string naming one of the table above)
 * with positional arguments: the special methods of builtin values reuse
 * round(), divmod(), abs() rather than repeat them. */
ev_value ev_builtin_apply(ev_interp *I, const char *name, int argc, const ev_value *argv)
{
    ev_str *key = ev_intern(I, name, strlen(name));
    if (!key)
        return EV_ERR;
    ev_value *f = ev_dict_lookup_str(I->builtins, key);
    if (!f)
        return ev_raise(I, &ev_type_SystemError, "builtin %s is missing", name);
    return ev_call(I, *f, argc, argv, 0, NULL, NULL);
}

/* ---- the kind table's row (ev_obj.h): builtin functions and methods ------------------------- */

static void builtin_free(ev_interp *I, ev_obj *o) { ev_decref(I, ((ev_builtin *)o)->self); }

static void builtin_traverse(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg)
{
    visit(I, ((ev_builtin *)o)->self, arg);
}

static void builtin_clear(ev_interp *I, ev_obj *o) { EV_DROP(I, ((ev_builtin *)o)->self); }

static ev_value builtin_repr(ev_interp *I, ev_value v)
{
    char tmp[128];
    ev_builtin *b = (ev_builtin *)v.u.o;
    if (b->unbound)
        snprintf(tmp, sizeof tmp, "<%s '%s' of '%s' objects>", b->def->flags & EV_BF_SLOT ? "slot wrapper" : "method",
                 b->def->name, ((ev_type *)b->self.u.o)->name);
    else if (b->def->flags & EV_BF_SLOT)
        snprintf(tmp, sizeof tmp, "<method-wrapper '%s' of %s object at 0x%08llx>", b->def->name,
                 ev_type_name(b->self), (unsigned long long)(uintptr_t)b->self.u.o);
    else if (b->self.tag == EV_T_NONE)
        snprintf(tmp, sizeof tmp, "<built-in function %s>", b->def->name);
    else
        snprintf(tmp, sizeof tmp, "<built-in method %s of %s object at 0x%08llx>", b->def->name,
                 ev_type_name(b->self), (unsigned long long)(uintptr_t)b->self.u.o);
    return ev_str_from_cstr(I, tmp);
}

/* consistent with ev_eq: the function and the bound object's identity */
static int builtin_hash(ev_interp *I, ev_value v, int64_t *out)
{
    (void)I;
    ev_builtin *b = (ev_builtin *)v.u.o;
    int64_t h = (int64_t)((uintptr_t)b->def >> 4) ^ (int64_t)((uint64_t)b->self.u.i >> 4) ^ b->self.tag;
    *out = h == -1 ? -2 : h;
    return 0;
}

const ev_kind_ops ev_builtin_ops = {
    .name = "builtin",
    .free = builtin_free,
    .traverse = builtin_traverse,
    .clear = builtin_clear,
    .repr = builtin_repr,
    .hash = builtin_hash,
};
