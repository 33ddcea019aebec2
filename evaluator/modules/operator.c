/*
 * operator.c - the operator module as CPython 3.11's Modules/_operator.c
 * gives it: the operators as functions (add, lt, getitem, iadd...), their
 * dunder aliases (operator.__add__ is operator.add), and the callables
 * itemgetter, attrgetter and methodcaller with their reprs.
 *
 * Every function goes through the same object protocol the interpreter's
 * own operators use (ev_binary, ev_getitem, ev_getattr...), so user dunders
 * run exactly as for `a + b`, and attrgetter's dotted names are read one
 * attribute at a time through ev_getattr, which applies the attribute
 * policy: attrgetter('__class__.__subclasses__') is refused exactly as the
 * expression x.__class__.__subclasses__ is at runtime.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/modules/modules.h"

/* ---- the operators ------------------------------------------------------------------------- */

#define BINOP(fname, op)                                                                          \
    static ev_value op_##fname(ev_interp *I, ev_value self, int argc, const ev_value *argv,     \
                               const ev_kw *kw)                                                  \
    {                                                                                             \
        (void)self; (void)argc; (void)kw;                                                         \
        return ev_binary(I, op, argv[0], argv[1]);                                                \
    }                                                                                             \
    static ev_value op_i##fname(ev_interp *I, ev_value self, int argc, const ev_value *argv,    \
                                const ev_kw *kw)                                                 \
    {                                                                                             \
        (void)self; (void)argc; (void)kw;                                                         \
        return ev_inplace(I, op, argv[0], argv[1]);                                               \
    }
BINOP(add, EV_OP_ADD)
BINOP(sub, EV_OP_SUB)
BINOP(mul, EV_OP_MUL)
BINOP(truediv, EV_OP_TRUEDIV)
BINOP(floordiv, EV_OP_FLOORDIV)
BINOP(mod, EV_OP_MOD)
BINOP(pow, EV_OP_POW)
BINOP(lshift, EV_OP_LSHIFT)
BINOP(rshift, EV_OP_RSHIFT)
BINOP(and, EV_OP_AND)
BINOP(or, EV_OP_OR)
BINOP(xor, EV_OP_XOR)
BINOP(matmul, EV_OP_MATMUL)

static bool same_object(ev_value a, ev_value b)
{
    if (a.tag != b.tag)
        return false;
    switch (a.tag) {
    case EV_T_NONE: return true;
    case EV_T_OBJ: return a.u.o == b.u.o;
    default: return a.u.i == b.u.i;
    }
}

/* a OP b as the comparison expression gives it: whatever a user's rich
 * comparison returned, else a bool (op as ev_compare: 0 <, 1 <=, 2 ==, 3 !=, 4 >, 5 >=) */
static ev_value rich_compare(ev_interp *I, ev_value a, ev_value b, int op)
{
    if (ev_is_user(a) || ev_is_user(b)) {
        ev_value res;
        int got = ev_recursion_enter(I, " in comparison");
        if (got == 0) {
            got = ev_user_richcmp(I, a, b, op, &res);
            if (got == 0) {
                got = ev_compare_builtin(I, a, b, op);
                res = ev_bool(got > 0);
                got = got < 0 ? -1 : 1;
            }
            ev_recursion_leave(I);
        }
        return got < 0 ? EV_ERR : res;
    }
    int r = ev_compare(I, a, b, op);
    return r < 0 ? EV_ERR : ev_bool(r);
}

#define CMPOP(fname, op)                                                                          \
    static ev_value op_##fname(ev_interp *I, ev_value self, int argc, const ev_value *argv,     \
                               const ev_kw *kw)                                                  \
    {                                                                                             \
        (void)self; (void)argc; (void)kw;                                                         \
        return rich_compare(I, argv[0], argv[1], op);                                             \
    }
CMPOP(lt, 0)
CMPOP(le, 1)
CMPOP(eq, 2)
CMPOP(ne, 3)
CMPOP(gt, 4)
CMPOP(ge, 5)

static ev_value op_neg(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_negate(I, argv[0]);
}

static ev_value op_pos(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_positive(I, argv[0]);
}

static ev_value op_invert(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_invert(I, argv[0]);
}

static ev_value op_abs(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_builtin_apply(I, "abs", 1, argv);
}

static ev_value op_not(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int t = ev_truth(I, argv[0]);
    return t < 0 ? EV_ERR : ev_bool(!t);
}

static ev_value op_truth(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int t = ev_truth(I, argv[0]);
    return t < 0 ? EV_ERR : ev_bool(t);
}

static ev_value op_is(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_bool(same_object(argv[0], argv[1]));
}

static ev_value op_is_not(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_bool(!same_object(argv[0], argv[1]));
}

/* PyNumber_Index: an int (a subclass's value as a plain int), or __index__ */
static ev_value op_index(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value v = argv[0];
    if (v.tag == EV_T_BOOL)
        return ev_int(v.u.i);
    if (ev_is_int(v))
        return ev_int_unbox(I, v);
    ev_value out;
    int got = ev_index_try(I, v, &out);
    if (got < 0)
        return EV_ERR;
    if (got == 0)
        return ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer", ev_type_name(v));
    return out;
}

/* PySequence_Check: a type with sq_item, which dicts are not */
static bool is_sequence(ev_interp *I, ev_value v)
{
    if (ev_is(v, EV_O_DICT))
        return false;
    if (ev_is(v, EV_O_LIST) || ev_is(v, EV_O_TUPLE) || ev_is(v, EV_O_STR) || ev_is(v, EV_O_RANGE) ||
        ev_is_byteslike(v) || ev_is(v, EV_O_DEQUE))
        return true;
    return ev_is_user(v) && ev_user_has_special(I, v, "__getitem__");
}

static ev_value concat(ev_interp *I, ev_value a, ev_value b, bool inplace)
{
    if (!is_sequence(I, a))
        return ev_raise(I, &ev_type_TypeError, "'%s' object can't be concatenated", ev_type_name(a));
    return inplace ? ev_inplace(I, EV_OP_ADD, a, b) : ev_binary(I, EV_OP_ADD, a, b);
}

static ev_value op_concat(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return concat(I, argv[0], argv[1], false);
}

static ev_value op_iconcat(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return concat(I, argv[0], argv[1], true);
}

static ev_value op_contains(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int r = ev_contains(I, argv[0], argv[1]);
    return r < 0 ? EV_ERR : ev_bool(r);
}

/* countOf and indexOf: the items of a that are b or equal to b (PySequence_Count/Index) */
static ev_value count_or_index(ev_interp *I, ev_value a, ev_value b, bool index)
{
    ev_value it = ev_iter(I, a);
    if (EV_IS_ERR(it)) {
        if (!I->limit && ev_is(I->exc, EV_O_EXC) &&
            ((ev_exc *)I->exc.u.o)->type == &ev_type_TypeError) {
            ev_decref(I, I->exc);
            I->exc = EV_NONE;
            return ev_raise(I, &ev_type_TypeError, "argument of type '%s' is not iterable", ev_type_name(a));
        }
        return it;
    }
    int64_t n = 0;
    for (;;) {
        ev_value x;
        int got = ev_next(I, it, &x);
        if (got <= 0) {
            ev_decref(I, it);
            if (got < 0)
                return EV_ERR;
            if (index)
                return ev_raise(I, &ev_type_ValueError, "sequence.index(x): x not in sequence");
            return ev_int(n);
        }
        int eq = same_object(x, b) ? 1 : ev_eq(I, x, b);
        ev_decref(I, x);
        if (eq < 0) {
            ev_decref(I, it);
            return EV_ERR;
        }
        if (eq && index) {
            ev_decref(I, it);
            return ev_int(n);
        }
        n += index ? 1 : eq;
    }
}

static ev_value op_countOf(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return count_or_index(I, argv[0], argv[1], false);
}

static ev_value op_indexOf(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return count_or_index(I, argv[0], argv[1], true);
}

static ev_value op_getitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_getitem(I, argv[0], argv[1]);
}

static ev_value op_setitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_setitem(I, argv[0], argv[1], argv[2]) ? EV_ERR : EV_NONE;
}

static ev_value op_delitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_delitem(I, argv[0], argv[1]) ? EV_ERR : EV_NONE;
}

/* length_hint(obj, default=0): PyObject_LengthHint */
static ev_value op_length_hint(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value obj = argv[0], dflt = argc > 1 && !EV_IS_ERR(argv[1]) ? argv[1] : ev_int(0);
    if (!(dflt.tag == EV_T_INT || (ev_is(dflt, EV_O_INT) && !ev_is_subint(dflt))))
        return ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
                        ev_type_name(dflt));
    int64_t d, n;
    if (ev_is(obj, EV_O_ITER)) {
        int h = ev_iter_length_hint(obj, &n);
        if (h < 0) /* a kind whose __length_hint__ is not modelled: loud, never a wrong answer */
            return ev_raise(I, &ev_type_NotImplementedError,
                            "operator.length_hint of a '%s' object is not supported by safepy",
                            ev_type_name(obj));
        if (h > 0)
            return ev_int(n);
        return ev_ssize_arg(I, dflt, &d) ? EV_ERR : ev_int(d);
    }
    if (ev_ssize_arg(I, dflt, &d) || ev_length_hint(I, obj, d, &n))
        return EV_ERR;
    return ev_int(n);
}

/* call(obj, /, *args, **kwargs) */
static ev_value op_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError, "call expected at least 1 argument, got 0");
    return ev_call(I, argv[0], argc - 1, argv + 1, EV_KW_N(kw), kw ? kw->names : NULL, kw ? kw->vals : NULL);
}

/* ---- itemgetter, attrgetter, methodcaller ------------------------------------------------- */

extern ev_type ev_type_itemgetter, ev_type_attrgetter, ev_type_methodcaller;

static ev_value args_tuple(ev_interp *I, int argc, const ev_value *argv)
{
    ev_value t = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(t))
        return t;
    for (int i = 0; i < argc; i++)
        ev_as_tuple(t)->items[i] = ev_dup(argv[i]);
    return t;
}

/* The single positional argument of a getter's call: 0, or -1 with CPython's TypeError */
static int one_arg(ev_interp *I, const char *name, int argc, const ev_kw *kw)
{
    if (EV_KW_N(kw)) {
        ev_raise(I, &ev_type_TypeError, "%s() takes no keyword arguments", name);
        return -1;
    }
    if (argc != 1) {
        ev_raise(I, &ev_type_TypeError, "%s expected 1 argument, got %d", name, argc);
        return -1;
    }
    return 0;
}

static int ctor_args(ev_interp *I, const char *name, int argc, const ev_kw *kw)
{
    if (EV_KW_N(kw)) {
        ev_raise(I, &ev_type_TypeError, "%s() takes no keyword arguments", name);
        return -1;
    }
    if (argc < 1) {
        ev_raise(I, &ev_type_TypeError, "%s expected 1 argument, got 0", name);
        return -1;
    }
    return 0;
}

static ev_value ig_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ctor_args(I, "itemgetter", argc, kw))
        return EV_ERR;
    ev_value items = args_tuple(I, argc, argv);
    if (EV_IS_ERR(items))
        return items;
    ev_value o = ev_cinstance_new(I, &ev_type_itemgetter, 1);
    if (EV_IS_ERR(o)) {
        ev_decref(I, items);
        return o;
    }
    ev_as_cinstance(o)->slots[0] = items;
    return o;
}

static ev_value ig_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (one_arg(I, "itemgetter", argc, kw))
        return EV_ERR;
    ev_value items = ev_dup(ev_as_cinstance(self)->slots[0]);
    ev_tuple *t = ev_as_tuple(items);
    ev_value r;
    if (t->len == 1) {
        r = ev_getitem(I, argv[0], t->items[0]);
    } else {
        r = ev_tuple_new(I, t->len);
        for (size_t i = 0; !EV_IS_ERR(r) && i < t->len; i++) {
            ev_value v = ev_getitem(I, argv[0], t->items[i]);
            if (EV_IS_ERR(v)) {
                ev_decref(I, r);
                r = v;
            } else {
                ev_as_tuple(r)->items[i] = v;
            }
        }
    }
    ev_decref(I, items);
    return r;
}

/* repr of name(a, b, ...) over a tuple of values; "..." when shown inside itself */
static ev_value tuple_call_repr(ev_interp *I, ev_value self, const char *name, ev_value items, bool strs)
{
    if (self.u.o->flags & EV_OBJ_REPR)
        return ev_str_from_cstr(I, "...");
    if (ev_recursion_enter(I, " while getting the repr of an object"))
        return EV_ERR;
    self.u.o->flags |= EV_OBJ_REPR;
    ev_buf b = {0};
    int e = ev_buf_printf(I, &b, "%s(", name);
    ev_tuple *t = ev_as_tuple(items);
    for (size_t i = 0; !e && i < t->len; i++)
        e = (i && ev_buf_puts(I, &b, ", ")) || ev_buf_repr(I, &b, t->items[i]);
    (void)strs;
    self.u.o->flags &= (uint16_t)~EV_OBJ_REPR;
    ev_recursion_leave(I);
    if (e || ev_buf_puts(I, &b, ")")) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static ev_value ig_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value items = ev_dup(ev_as_cinstance(self)->slots[0]);
    ev_value r = tuple_call_repr(I, self, "operator.itemgetter", items, false);
    ev_decref(I, items);
    return r;
}

/* attrgetter: slot 0 the names as given (the repr), slot 1 for each a
 * tuple of its dotted parts, interned */
static ev_value ag_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ctor_args(I, "attrgetter", argc, kw))
        return EV_ERR;
    for (int i = 0; i < argc; i++)
        if (!ev_is(argv[i], EV_O_STR))
            return ev_raise(I, &ev_type_TypeError, "attribute name must be a string");
    ev_value names = args_tuple(I, argc, argv), parts = EV_ERR, o = EV_ERR;
    if (EV_IS_ERR(names))
        return names;
    parts = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(parts))
        goto fail;
    for (int i = 0; i < argc; i++) {
        ev_str *s = ev_as_str(argv[i]);
        size_t n = 1;
        for (size_t k = 0; k < s->len; k++)
            n += s->data[k] == '.';
        ev_value p = ev_tuple_new(I, n);
        if (EV_IS_ERR(p))
            goto fail;
        ev_as_tuple(parts)->items[i] = p;
        size_t start = 0, j = 0;
        for (size_t k = 0; k <= s->len; k++) {
            if (k < s->len && s->data[k] != '.')
                continue;
            ev_str *in = ev_intern(I, s->data + start, k - start);
            if (!in)
                goto fail;
            ev_as_tuple(p)->items[j++] = ev_dup(ev_obj_val(&in->h));
            start = k + 1;
        }
    }
    o = ev_cinstance_new(I, &ev_type_attrgetter, 2);
    if (EV_IS_ERR(o))
        goto fail;
    ev_as_cinstance(o)->slots[0] = names;
    ev_as_cinstance(o)->slots[1] = parts;
    return o;
fail:
    ev_decref(I, names);
    if (!EV_IS_ERR(parts))
        ev_decref(I, parts);
    return EV_ERR;
}

/* obj.a.b.c, each step through ev_getattr and so through the attribute policy */
static ev_value dotted_get(ev_interp *I, ev_value obj, ev_value parts)
{
    ev_tuple *p = ev_as_tuple(parts);
    ev_value cur = ev_dup(obj);
    for (size_t i = 0; i < p->len; i++) {
        ev_value next = ev_getattr(I, cur, ev_as_str(p->items[i]));
        ev_decref(I, cur);
        if (EV_IS_ERR(next))
            return next;
        cur = next;
    }
    return cur;
}

static ev_value ag_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (one_arg(I, "attrgetter", argc, kw))
        return EV_ERR;
    ev_value parts = ev_dup(ev_as_cinstance(self)->slots[1]);
    ev_tuple *t = ev_as_tuple(parts);
    ev_value r;
    if (t->len == 1) {
        r = dotted_get(I, argv[0], t->items[0]);
    } else {
        r = ev_tuple_new(I, t->len);
        for (size_t i = 0; !EV_IS_ERR(r) && i < t->len; i++) {
            ev_value v = dotted_get(I, argv[0], t->items[i]);
            if (EV_IS_ERR(v)) {
                ev_decref(I, r);
                r = v;
            } else {
                ev_as_tuple(r)->items[i] = v;
            }
        }
    }
    ev_decref(I, parts);
    return r;
}

static ev_value ag_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value names = ev_dup(ev_as_cinstance(self)->slots[0]);
    ev_value r = tuple_call_repr(I, self, "operator.attrgetter", names, true);
    ev_decref(I, names);
    return r;
}

/* methodcaller(name, /, *args, **kwargs): slots name, args, kwargs (a dict) */
static ev_value mc_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError, "methodcaller needs at least one argument, the method name");
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "method name must be a string");
    ev_str *nm = ev_intern(I, ev_as_str(argv[0])->data, ev_as_str(argv[0])->len);
    if (!nm)
        return EV_ERR;
    ev_value args = args_tuple(I, argc - 1, argv + 1);
    if (EV_IS_ERR(args))
        return args;
    ev_value d = ev_dict_new(I);
    if (EV_IS_ERR(d)) {
        ev_decref(I, args);
        return d;
    }
    for (int k = 0; k < EV_KW_N(kw); k++)
        if (ev_dict_set_str(I, ev_as_dict(d), kw->names[k], kw->vals[k])) {
            ev_decref(I, args);
            ev_decref(I, d);
            return EV_ERR;
        }
    ev_value o = ev_cinstance_new(I, &ev_type_methodcaller, 3);
    if (EV_IS_ERR(o)) {
        ev_decref(I, args);
        ev_decref(I, d);
        return o;
    }
    ev_as_cinstance(o)->slots[0] = ev_dup(ev_obj_val(&nm->h));
    ev_as_cinstance(o)->slots[1] = args;
    ev_as_cinstance(o)->slots[2] = d;
    return o;
}

/* f(*args, **d) where d's keys are strs */
static ev_value call_with_dict(ev_interp *I, ev_value f, ev_value args, ev_value d)
{
    ev_dict *dd = ev_as_dict(d);
    size_t n = dd->used;
    ev_str **names = NULL;
    ev_value *vals = NULL;
    if (n) {
        names = ev_alloc(I, n * sizeof *names);
        vals = ev_alloc(I, n * sizeof *vals);
        if (!names || !vals) {
            ev_dealloc(I, names);
            ev_dealloc(I, vals);
            return ev_raise_nomem(I);
        }
    }
    size_t k = 0;
    for (size_t i = 0; i < dd->nentries && k < n; i++) {
        if (EV_IS_ERR(dd->entries[i].key))
            continue;
        names[k] = ev_as_str(dd->entries[i].key);
        vals[k] = dd->entries[i].value;
        k++;
    }
    ev_value r = ev_call(I, f, (int)ev_as_tuple(args)->len, ev_as_tuple(args)->items, (int)k, names, vals);
    ev_dealloc(I, names);
    ev_dealloc(I, vals);
    return r;
}

static ev_value mc_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (one_arg(I, "methodcaller", argc, kw))
        return EV_ERR;
    ev_cinstance *c = ev_as_cinstance(self);
    ev_value m = ev_getattr(I, argv[0], ev_as_str(c->slots[0]));
    if (EV_IS_ERR(m))
        return m;
    /* the method may change nothing here: the slots are fixed once made */
    ev_value args = ev_dup(c->slots[1]), d = ev_dup(c->slots[2]);
    ev_value r = call_with_dict(I, m, args, d);
    ev_decref(I, m);
    ev_decref(I, args);
    ev_decref(I, d);
    return r;
}

static ev_value mc_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (self.u.o->flags & EV_OBJ_REPR)
        return ev_str_from_cstr(I, "...");
    if (ev_recursion_enter(I, " while getting the repr of an object"))
        return EV_ERR;
    self.u.o->flags |= EV_OBJ_REPR;
    ev_cinstance *c = ev_as_cinstance(self);
    ev_value args = ev_dup(c->slots[1]), d = ev_dup(c->slots[2]);
    ev_buf b = {0};
    int e = ev_buf_puts(I, &b, "operator.methodcaller(") || ev_buf_repr(I, &b, c->slots[0]);
    for (size_t i = 0; !e && i < ev_as_tuple(args)->len; i++)
        e = ev_buf_puts(I, &b, ", ") || ev_buf_repr(I, &b, ev_as_tuple(args)->items[i]);
    ev_dict *dd = ev_as_dict(d);
    for (size_t i = 0; !e && i < dd->nentries; i++) {
        if (EV_IS_ERR(dd->entries[i].key))
            continue;
        e = ev_buf_printf(I, &b, ", %s=", ev_as_str(dd->entries[i].key)->data) ||
            ev_buf_repr(I, &b, dd->entries[i].value);
    }
    self.u.o->flags &= (uint16_t)~EV_OBJ_REPR;
    ev_recursion_leave(I);
    ev_decref(I, args);
    ev_decref(I, d);
    if (e || ev_buf_puts(I, &b, ")")) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static const ev_builtin_def itemgetter_methods[] = {
    {"__call__", ig_call, 0, -1, EV_BF_KWANY},
    {"__repr__", ig_repr, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};
static const ev_builtin_def attrgetter_methods[] = {
    {"__call__", ag_call, 0, -1, EV_BF_KWANY},
    {"__repr__", ag_repr, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};
static const ev_builtin_def methodcaller_methods[] = {
    {"__call__", mc_call, 0, -1, EV_BF_KWANY},
    {"__repr__", mc_repr, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};

#define OP_TYPE(var, nm, ctor, meths)                                                              \
    ev_type var = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC}, .name = nm,      \
                   .call = ctor, .methods = meths, .min_args = 0, .max_args = -1,                  \
                   .kwflags = EV_BF_KWANY, .module = "operator", .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL | EV_TYPE_NODICT}
OP_TYPE(ev_type_itemgetter, "operator.itemgetter", ig_new, itemgetter_methods);
OP_TYPE(ev_type_attrgetter, "operator.attrgetter", ag_new, attrgetter_methods);
OP_TYPE(ev_type_methodcaller, "operator.methodcaller", mc_new, methodcaller_methods);

/* METH_O functions: "_operator.not_() takes exactly one argument (0 given)" */
static int meth_o(ev_interp *I, const char *name, int argc, const ev_kw *kw)
{
    if (EV_KW_N(kw)) {
        ev_raise(I, &ev_type_TypeError, "_operator.%s() takes no keyword arguments", name);
        return -1;
    }
    if (argc != 1) {
        ev_raise(I, &ev_type_TypeError, "_operator.%s() takes exactly one argument (%d given)", name, argc);
        return -1;
    }
    return 0;
}
#define METH_O(fn, name)                                                                                  \
    static ev_value fn##_o(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                                     \
        return meth_o(I, name, argc, kw) ? EV_ERR : fn(I, self, argc, argv, kw);                          \
    }
METH_O(op_abs, "abs")
METH_O(op_index, "index")
METH_O(op_neg, "neg")
METH_O(op_pos, "pos")
METH_O(op_not, "not_")
METH_O(op_truth, "truth")
static ev_value op_inv_o(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return meth_o(I, "inv", argc, kw) ? EV_ERR : op_invert(I, self, argc, argv, kw);
}
METH_O(op_invert, "invert")

/* ---- the module ------------------------------------------------------------------------------ */

#define F2(name, fn) {name, fn, 2, 2, EV_BF_POSN, NULL}
#define F1(name, fn) {name, fn##_o, 0, -1, EV_BF_KWANY, NULL}
#define F3(name, fn) {name, fn, 3, 3, EV_BF_POSN, NULL}

static const ev_builtin_def functions[] = {
    F1("abs", op_abs), F2("add", op_add), F2("and_", op_and), F2("concat", op_concat),
    F2("contains", op_contains), F2("countOf", op_countOf), F2("delitem", op_delitem), F2("eq", op_eq),
    F2("floordiv", op_floordiv), F2("ge", op_ge), F2("getitem", op_getitem), F2("gt", op_gt),
    F2("iadd", op_iadd), F2("iand", op_iand), F2("iconcat", op_iconcat), F2("ifloordiv", op_ifloordiv),
    F2("ilshift", op_ilshift), F2("imatmul", op_imatmul), F2("imod", op_imod), F2("imul", op_imul),
    F1("index", op_index), F2("indexOf", op_indexOf), F1("inv", op_inv), F1("invert", op_invert),
    F2("ior", op_ior), F2("ipow", op_ipow), F2("irshift", op_irshift), F2("is_", op_is),
    F2("is_not", op_is_not), F2("isub", op_isub), F2("itruediv", op_itruediv), F2("ixor", op_ixor),
    F2("le", op_le), {"length_hint", op_length_hint, 1, 2, EV_BF_POSN, NULL}, F2("lshift", op_lshift),
    F2("lt", op_lt), F2("matmul", op_matmul), F2("mod", op_mod), F2("mul", op_mul), F2("ne", op_ne),
    F1("neg", op_neg), F1("not_", op_not), F2("or_", op_or), F1("pos", op_pos), F2("pow", op_pow),
    F2("rshift", op_rshift), F3("setitem", op_setitem), F2("sub", op_sub), F2("truediv", op_truediv),
    F1("truth", op_truth), F2("xor", op_xor), {"call", op_call, 0, -1, EV_BF_KWANY, NULL},
    {NULL, NULL, 0, 0, 0, NULL},
};

/* operator.__add__ is operator.add: the dunder names bound to the same objects */
static const char *const aliases[][2] = {
    {"__lt__", "lt"}, {"__le__", "le"}, {"__eq__", "eq"}, {"__ne__", "ne"}, {"__ge__", "ge"},
    {"__gt__", "gt"}, {"__not__", "not_"}, {"__abs__", "abs"}, {"__add__", "add"}, {"__and__", "and_"},
    {"__floordiv__", "floordiv"}, {"__index__", "index"}, {"__inv__", "inv"}, {"__invert__", "invert"},
    {"__lshift__", "lshift"}, {"__mod__", "mod"}, {"__mul__", "mul"}, {"__matmul__", "matmul"},
    {"__neg__", "neg"}, {"__or__", "or_"}, {"__pos__", "pos"}, {"__pow__", "pow"},
    {"__rshift__", "rshift"}, {"__sub__", "sub"}, {"__truediv__", "truediv"}, {"__xor__", "xor"},
    {"__concat__", "concat"}, {"__contains__", "contains"}, {"__delitem__", "delitem"},
    {"__getitem__", "getitem"}, {"__setitem__", "setitem"}, {"__iadd__", "iadd"}, {"__iand__", "iand"},
    {"__iconcat__", "iconcat"}, {"__ifloordiv__", "ifloordiv"}, {"__ilshift__", "ilshift"},
    {"__imod__", "imod"}, {"__imul__", "imul"}, {"__imatmul__", "imatmul"}, {"__ior__", "ior"},
    {"__ipow__", "ipow"}, {"__irshift__", "irshift"}, {"__isub__", "isub"},
    {"__itruediv__", "itruediv"}, {"__ixor__", "ixor"}, {"__call__", "call"},
};

static int init(ev_interp *I, ev_dict *ns)
{
    if (ev_module_set(I, ns, "itemgetter", ev_obj_val(&ev_type_itemgetter.h)) ||
        ev_module_set(I, ns, "attrgetter", ev_obj_val(&ev_type_attrgetter.h)) ||
        ev_module_set(I, ns, "methodcaller", ev_obj_val(&ev_type_methodcaller.h)))
        return -1;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++) {
        ev_str *k = ev_intern(I, aliases[i][1], strlen(aliases[i][1]));
        ev_value *v = k ? ev_dict_lookup_str(ns, k) : NULL;
        if (!v || ev_module_set(I, ns, aliases[i][0], *v))
            return -1;
    }
    return 0;
}

/* CPython 3.11's __all__ */
static const char *const all_names[] = {
    "abs", "add", "and_", "attrgetter", "call", "concat", "contains", "countOf", "delitem", "eq", "floordiv",
    "ge", "getitem", "gt", "iadd", "iand", "iconcat", "ifloordiv", "ilshift", "imatmul", "imod", "imul",
    "index", "indexOf", "inv", "invert", "ior", "ipow", "irshift", "is_", "is_not", "isub", "itemgetter",
    "itruediv", "ixor", "le", "length_hint", "lshift", "lt", "matmul", "methodcaller", "mod", "mul", "ne",
    "neg", "not_", "or_", "pos", "pow", "rshift", "setitem", "sub", "truediv", "truth", "xor", NULL};

const ev_module_def ev_module_operator = {"operator", functions, init, all_names};
