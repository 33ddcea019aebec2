/*
 * collections_abc_mixins.c - the methods of the collections.abc classes
 * as CPython 3.11's Lib/_collections_abc.py writes them: the abstract
 * methods' bodies (what super().__len__() reaches), the one-trick ponies'
 * concrete methods (Iterator.__iter__, Generator.__next__ and close), and
 * the mixins a subclass inherits: Set's comparisons and operators built
 * with self._from_iterable(...), MutableSet's in-place ones on add and
 * discard, Mapping's and MutableMapping's on __getitem__, __setitem__,
 * __delitem__ and iteration, the views, and Sequence's and
 * MutableSequence's on __getitem__, __len__ and insert.
 *
 * Every method reaches the object through the object protocol (self[k],
 * len(self), iter(self), self.discard(v), self._from_iterable(it)) where
 * CPython's Python code does, so a subclass's overrides take effect the
 * same way; each call back into Python may change anything, so nothing
 * read before it is trusted after it (docs/reentrancy.md).  The
 * generators CPython's methods make (Set.__and__'s genexpr,
 * KeysView.__iter__...) are native iterators of type generator with the
 * same repr and the same lazy order of calls.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/modules/collections_abc.h"

/* a method of no parameters but self */
#define SIG0(qual)                                                    \
    static const ev_us_sig sig = {qual, {NULL}, 0, 0, false, false}; \
    BIND(sig, a);                                                     \
    (void)a
/* a method of one parameter */
#define SIG1(qual, p)                                                   \
    static const ev_us_sig sig = {qual, {p, NULL}, 1, 0, false, false}; \
    BIND(sig, a)

/* v is value or v == value: 0/1, -1 raised */
static int same_or_eq(ev_interp *I, ev_value v, ev_value value)
{
    if (v.tag == value.tag && (v.tag == EV_T_NONE || (v.tag == EV_T_OBJ ? v.u.o == value.u.o : v.u.i == value.u.i)))
        return 1;
    return ev_eq(I, v, value);
}

/* raise E (the class, no arguments), optionally `from None` */
static ev_value raise_bare(ev_interp *I, ev_type *t, bool from_none)
{
    ev_value args = ev_tuple_new(I, 0);
    ev_value e = EV_IS_ERR(args) ? args : ev_exc_new(I, t, args);
    if (EV_IS_ERR(e))
        return e;
    if (from_none)
        ((ev_exc *)e.u.o)->suppress_context = true;
    return ev_raise_value(I, e);
}

static ev_value raise_with(ev_interp *I, ev_type *t, ev_value arg)
{
    ev_value args = ev_tuple_new(I, 1);
    if (EV_IS_ERR(args))
        return args;
    ev_as_tuple(args)->items[0] = ev_dup(arg);
    ev_value e = ev_exc_new(I, t, args);
    return EV_IS_ERR(e) ? e : ev_raise_value(I, e);
}

/* ---- the generators the methods make -------------------------------------------------------- */

typedef struct abcgen {
    char mode;        /* see abcgen_next */
    bool started, done;
    const char *qual; /* its __qualname__, for the repr */
    ev_value a, b;    /* what the mode works on (references or EV_ERR) */
    ev_value it;      /* the running iterator, EV_ERR until there is one */
} abcgen;

/* One step of:
 *  'i' / 'n': (v for v in <it> if v in a) / (... not in a), it made eagerly
 *  'c': (e for s in (a, b) for e in s)
 *  'k': yield from a._mapping (a the view)
 *  'p': for key in a._mapping: yield (key, a._mapping[key])
 *  'v': for key in a._mapping: yield a._mapping[key]
 *  'e': nothing (the abstract __iter__ and __reversed__) */
static int abcgen_step(ev_interp *I, abcgen *s, ev_value *out)
{
    if (s->mode == 'e')
        return 0;
    if (!s->started) {
        s->started = true;
        if (s->mode == 'c') {
            s->it = ev_iter(I, s->a);
        } else if (s->mode == 'k' || s->mode == 'p' || s->mode == 'v') {
            ev_value m = ev_us_getattr(I, s->a, "_mapping");
            if (EV_IS_ERR(m))
                return -1;
            ev_decref(I, s->b);
            s->b = m;
            s->it = ev_iter(I, m);
        }
        if (EV_IS_ERR(s->it))
            return -1;
    }
    for (;;) {
        ev_value x;
        int r = ev_next(I, s->it, &x);
        if (r < 0)
            return -1;
        if (r == 0) {
            if (s->mode == 'c' && !EV_IS_ERR(s->b)) {
                ev_value second = s->b;
                s->b = EV_ERR;
                ev_value it = ev_iter(I, second);
                ev_decref(I, second);
                if (EV_IS_ERR(it))
                    return -1;
                ev_decref(I, s->it);
                s->it = it;
                continue;
            }
            return 0;
        }
        if (s->mode == 'i' || s->mode == 'n') {
            int in = ev_contains(I, s->a, x);
            if (in < 0 || (in != 0) != (s->mode == 'i')) {
                ev_decref(I, x);
                if (in < 0)
                    return -1;
                continue;
            }
        } else if (s->mode == 'p' || s->mode == 'v') {
            ev_value m = ev_dup(s->b); /* held: the lookup may run code that drops it */
            ev_value v = ev_getitem(I, m, x);
            ev_decref(I, m);
            if (EV_IS_ERR(v)) {
                ev_decref(I, x);
                return -1;
            }
            if (s->mode == 'v') {
                ev_decref(I, x);
                x = v;
            } else {
                ev_value t = ev_tuple_new(I, 2);
                if (EV_IS_ERR(t)) {
                    ev_decref(I, x);
                    ev_decref(I, v);
                    return -1;
                }
                ev_as_tuple(t)->items[0] = x;
                ev_as_tuple(t)->items[1] = v;
                x = t;
            }
        }
        *out = x;
        return 1;
    }
}

static int abcgen_next(ev_interp *I, ev_iterobj *io, ev_value *out)
{
    abcgen *s = io->state;
    if (s->done)
        return 0;
    int r = abcgen_step(I, s, out);
    if (r <= 0) {
        s->done = true; /* a generator that returned or raised is finished */
        if (r < 0)
            return ev_us_gen_fail(I);
    }
    return r;
}

static void abcgen_free(ev_interp *I, ev_iterobj *io)
{
    abcgen *s = io->state;
    if (!s)
        return;
    ev_decref(I, s->a);
    ev_decref(I, s->b);
    ev_decref(I, s->it);
    s->a = s->b = s->it = EV_ERR;
}

static void abcgen_traverse(ev_interp *I, ev_iterobj *io, ev_visit_fn visit, void *arg)
{
    abcgen *s = io->state;
    visit(I, s->a, arg);
    visit(I, s->b, arg);
    visit(I, s->it, arg);
}

static ev_value abcgen_repr(ev_interp *I, ev_iterobj *io)
{
    abcgen *s = io->state;
    return ev_us_gen_repr(I, io, s ? s->qual : "<genexpr>");
}

static const ev_native_iter_type abcgen_type = {"generator", abcgen_next, abcgen_free, abcgen_repr,
                                                &ev_type_generator, abcgen_traverse};

/* a new generator; a, b and it are borrowed (duplicated here) */
static ev_value abcgen_new(ev_interp *I, char mode, const char *qual, ev_value a, ev_value b, ev_value it)
{
    ev_value g = ev_native_iter_new(I, &abcgen_type, sizeof(abcgen));
    if (EV_IS_ERR(g))
        return g;
    abcgen *s = ((ev_iterobj *)g.u.o)->state;
    s->mode = mode;
    s->qual = qual;
    s->a = EV_IS_ERR(a) ? a : ev_dup(a);
    s->b = EV_IS_ERR(b) ? b : ev_dup(b);
    s->it = EV_IS_ERR(it) ? it : ev_dup(it);
    return g;
}

/* (v for v in other if (v in cont) == keep): iter(other) now, as a
 * generator expression evaluates its first iterable */
static ev_value filter_gen(ev_interp *I, const char *qual, ev_value other, ev_value cont, bool keep)
{
    ev_value it = ev_iter(I, other);
    if (EV_IS_ERR(it))
        return it;
    ev_value g = abcgen_new(I, keep ? 'i' : 'n', qual, cont, EV_ERR, it);
    if (!EV_IS_ERR(g))
        ((abcgen *)((ev_iterobj *)g.u.o)->state)->started = true;
    ev_decref(I, it);
    return g;
}

/* self._from_iterable(it_steal) */
static ev_value from_iterable(ev_interp *I, ev_value self, ev_value it_steal)
{
    if (EV_IS_ERR(it_steal))
        return it_steal;
    ev_value r = ev_us_callm(I, self, "_from_iterable", 1, &it_steal, NULL);
    ev_decref(I, it_steal);
    return r;
}

/* ---- the one-trick ponies -------------------------------------------------------------------- */

static ev_value unsupported(ev_interp *I, const char *what)
{
    return ev_raise(I, &ev_type_NotImplementedError, "%s is not supported by safepy yet (no coroutines)", what);
}

US_FN(hashable_hash) { SIG0("Hashable.__hash__"); return ev_int(0); }
US_FN(sized_len) { SIG0("Sized.__len__"); return ev_int(0); }
US_FN(container_contains) { SIG1("Container.__contains__", "x"); return EV_FALSE; }
US_FN(callable_call)
{
    static const ev_us_sig sig = {"Callable.__call__", {NULL}, 0, 0, true, true};
    BIND(sig, a);
    (void)a;
    return EV_FALSE;
}
US_FN(iterable_iter) { SIG0("Iterable.__iter__"); return abcgen_new(I, 'e', "Iterable.__iter__", EV_ERR, EV_ERR, EV_ERR); }
US_FN(reversible_reversed)
{
    SIG0("Reversible.__reversed__");
    return abcgen_new(I, 'e', "Reversible.__reversed__", EV_ERR, EV_ERR, EV_ERR);
}
US_FN(iterator_next) { SIG0("Iterator.__next__"); return raise_bare(I, &ev_type_StopIteration, false); }
US_FN(iterator_iter) { SIG0("Iterator.__iter__"); return ev_dup(self); }
US_FN(aiterator_aiter) { SIG0("AsyncIterator.__aiter__"); return ev_dup(self); }

/* AsyncIterable.__aiter__: return AsyncIterator() (an abstract class: the TypeError) */
US_FN(aiterable_aiter)
{
    SIG0("AsyncIterable.__aiter__");
    ev_value c = ev_abc_get(I, ABC_AsyncIterator);
    return EV_IS_ERR(c) ? c : ev_call(I, c, 0, NULL, 0, NULL, NULL);
}

US_FN(awaitable_await) { SIG0("Awaitable.__await__"); return unsupported(I, "Awaitable.__await__"); }
US_FN(aiterator_anext) { SIG0("AsyncIterator.__anext__"); return unsupported(I, "AsyncIterator.__anext__"); }
US_FN(agen_anext) { SIG0("AsyncGenerator.__anext__"); return unsupported(I, "AsyncGenerator.__anext__"); }
US_FN(agen_asend) { SIG1("AsyncGenerator.asend", "value"); (void)a; return unsupported(I, "AsyncGenerator.asend"); }
US_FN(agen_athrow)
{
    static const ev_us_sig sig = {"AsyncGenerator.athrow", {"typ", "val", "tb", NULL}, 1, 0, false, false};
    BIND(sig, a);
    (void)a;
    return unsupported(I, "AsyncGenerator.athrow");
}
US_FN(agen_aclose) { SIG0("AsyncGenerator.aclose"); return unsupported(I, "AsyncGenerator.aclose"); }

/* the abstract send: raise StopIteration */
static ev_value send_body(ev_interp *I, const char *qual, int argc, const ev_value *argv, const ev_kw *kw)
{
    const ev_us_sig sig = {qual, {"value", NULL}, 1, 0, false, false};
    BIND(sig, a);
    (void)a;
    return raise_bare(I, &ev_type_StopIteration, false);
}
US_FN(gen_send) { return send_body(I, "Generator.send", argc, argv, kw); }
US_FN(coro_send) { return send_body(I, "Coroutine.send", argc, argv, kw); }

/* the abstract throw(typ, val=None, tb=None): raise typ, typ(), or val */
static ev_value throw_body(ev_interp *I, const char *qual, int argc, const ev_value *argv, const ev_kw *kw)
{
    const ev_us_sig sig = {qual, {"typ", "val", "tb", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value val = EV_IS_ERR(a[1]) ? EV_NONE : a[1], tb = EV_IS_ERR(a[2]) ? EV_NONE : a[2];
    if (tb.tag != EV_T_NONE)
        return ev_raise(I, &ev_type_NotImplementedError, "%s() with a traceback is not supported by safepy", qual);
    if (val.tag == EV_T_NONE) {
        ev_value e = ev_is(a[0], EV_O_TYPE) ? ev_call(I, a[0], 0, NULL, 0, NULL, NULL) : ev_dup(a[0]);
        if (EV_IS_ERR(e))
            return e;
        if (!ev_is(e, EV_O_EXC)) {
            ev_decref(I, e);
            return ev_raise(I, &ev_type_TypeError, "exceptions must derive from BaseException");
        }
        return ev_raise_value(I, e);
    }
    if (!ev_is(val, EV_O_EXC))
        return ev_raise(I, &ev_type_TypeError, "exceptions must derive from BaseException");
    return ev_raise_value(I, ev_dup(val));
}
US_FN(gen_throw) { return throw_body(I, "Generator.throw", argc, argv, kw); }
US_FN(coro_throw) { return throw_body(I, "Coroutine.throw", argc, argv, kw); }

/* close(): self.throw(GeneratorExit); GeneratorExit or StopIteration is fine */
static ev_value close_body(ev_interp *I, ev_value self, const char *qual, const char *what, int argc,
                           const ev_value *argv, const ev_kw *kw)
{
    const ev_us_sig sig = {qual, {NULL}, 0, 0, false, false};
    BIND(sig, a);
    (void)a;
    ev_value ge = ev_obj_val(&ev_type_GeneratorExit.h);
    ev_value r = ev_us_callm(I, self, "throw", 1, &ge, NULL);
    if (EV_IS_ERR(r))
        return ev_us_catch(I, &ev_type_GeneratorExit) || ev_us_catch(I, &ev_type_StopIteration) ? EV_NONE : r;
    ev_decref(I, r);
    return ev_raise(I, &ev_type_RuntimeError, "%s ignored GeneratorExit", what);
}
US_FN(gen_close) { return close_body(I, self, "Generator.close", "generator", argc, argv, kw); }
US_FN(coro_close) { return close_body(I, self, "Coroutine.close", "coroutine", argc, argv, kw); }

/* Generator.__next__: self.send(None) */
US_FN(gen_next)
{
    SIG0("Generator.__next__");
    ev_value none = EV_NONE;
    return ev_us_callm(I, self, "send", 1, &none, NULL);
}

/* ---- Set -------------------------------------------------------------------------------------- */

static int len_of(ev_interp *I, ev_value v, int64_t *n) { return ev_len(I, v, n); }

/* every elem of a is in b: 1/0, -1 */
static int all_in(ev_interp *I, ev_value a, ev_value b)
{
    ev_value it = ev_iter(I, a), x;
    if (EV_IS_ERR(it))
        return -1;
    int r;
    while ((r = ev_next(I, it, &x)) == 1) {
        int in = ev_contains(I, b, x);
        ev_decref(I, x);
        if (in <= 0) {
            r = in < 0 ? -1 : 2;
            break;
        }
    }
    ev_decref(I, it);
    return r < 0 ? -1 : r == 0;
}

/* __le__ (ge false) and __ge__ */
static ev_value set_le(ev_interp *I, ev_value self, ev_value other, bool ge)
{
    int s = ev_abc_isinstance(I, other, ABC_Set);
    if (s <= 0)
        return s < 0 ? EV_ERR : ev_dup(EV_NOTIMPL);
    int64_t ns, no;
    if (len_of(I, self, &ns) || len_of(I, other, &no))
        return EV_ERR;
    if (ge ? ns < no : ns > no)
        return EV_FALSE;
    int r = ge ? all_in(I, other, self) : all_in(I, self, other);
    return r < 0 ? EV_ERR : ev_bool(r);
}

/* __lt__, __gt__, __eq__: the lengths, then self.__le__ / __ge__(other) */
static ev_value set_cmp(ev_interp *I, ev_value self, ev_value other, char op)
{
    int s = ev_abc_isinstance(I, other, ABC_Set);
    if (s <= 0)
        return s < 0 ? EV_ERR : ev_dup(EV_NOTIMPL);
    int64_t ns, no;
    if (len_of(I, self, &ns) || len_of(I, other, &no))
        return EV_ERR;
    if (!(op == '<' ? ns < no : op == '>' ? ns > no : ns == no))
        return EV_FALSE;
    return ev_us_callm(I, self, op == '>' ? "__ge__" : "__le__", 1, &other, NULL);
}

US_FN(set_m_le) { SIG1("Set.__le__", "other"); return set_le(I, self, a[0], false); }
US_FN(set_m_ge) { SIG1("Set.__ge__", "other"); return set_le(I, self, a[0], true); }
US_FN(set_m_lt) { SIG1("Set.__lt__", "other"); return set_cmp(I, self, a[0], '<'); }
US_FN(set_m_gt) { SIG1("Set.__gt__", "other"); return set_cmp(I, self, a[0], '>'); }
US_FN(set_m_eq) { SIG1("Set.__eq__", "other"); return set_cmp(I, self, a[0], '='); }

/* classmethod _from_iterable(cls, it): cls(it) */
US_FN(set_from_iterable)
{
    static const ev_us_sig sig = {"Set._from_iterable", {"cls", "it", NULL}, 2, 0, false, false};
    BIND(sig, a);
    return ev_call(I, a[0], 1, &a[1], 0, NULL, NULL);
}

/* classmethod _from_iterable of KeysView and ItemsView: set(it) */
US_FN(view_from_iterable)
{
    static const ev_us_sig sig = {"KeysView._from_iterable", {"cls", "it", NULL}, 2, 0, false, false};
    BIND(sig, a);
    return ev_call(I, ev_obj_val(&ev_type_set.h), 1, &a[1], 0, NULL, NULL);
}

/* __and__ (and __rand__): self._from_iterable(v for v in other if v in self) */
US_FN(set_m_and)
{
    SIG1("Set.__and__", "other");
    int s = ev_abc_isinstance(I, a[0], ABC_Iterable);
    if (s <= 0)
        return s < 0 ? EV_ERR : ev_dup(EV_NOTIMPL);
    return from_iterable(I, self, filter_gen(I, "Set.__and__.<locals>.<genexpr>", a[0], self, true));
}

/* __or__ (and __ror__): self._from_iterable(e for s in (self, other) for e in s) */
US_FN(set_m_or)
{
    SIG1("Set.__or__", "other");
    int s = ev_abc_isinstance(I, a[0], ABC_Iterable);
    if (s <= 0)
        return s < 0 ? EV_ERR : ev_dup(EV_NOTIMPL);
    return from_iterable(I, self, abcgen_new(I, 'c', "Set.__or__.<locals>.<genexpr>", self, a[0], EV_ERR));
}

/* other, or self._from_iterable(other) when it is an iterable but no Set;
 * EV_NOTIMPL when neither */
static ev_value as_set(ev_interp *I, ev_value self, ev_value other)
{
    int s = ev_abc_isinstance(I, other, ABC_Set);
    if (s)
        return s < 0 ? EV_ERR : ev_dup(other);
    s = ev_abc_isinstance(I, other, ABC_Iterable);
    if (s <= 0)
        return s < 0 ? EV_ERR : ev_dup(EV_NOTIMPL);
    return from_iterable(I, self, ev_dup(other));
}

/* __sub__: (v for v in self if v not in other); __rsub__: (v for v in other if v not in self) */
static ev_value set_sub(ev_interp *I, ev_value self, ev_value other, bool reflected)
{
    ev_value o = as_set(I, self, other);
    if (EV_IS_ERR(o) || ev_is_notimpl(o))
        return o;
    ev_value g = reflected ? filter_gen(I, "Set.__rsub__.<locals>.<genexpr>", o, self, false)
                           : filter_gen(I, "Set.__sub__.<locals>.<genexpr>", self, o, false);
    ev_decref(I, o);
    return from_iterable(I, self, g);
}

US_FN(set_m_sub) { SIG1("Set.__sub__", "other"); return set_sub(I, self, a[0], false); }
US_FN(set_m_rsub) { SIG1("Set.__rsub__", "other"); return set_sub(I, self, a[0], true); }

/* __xor__ (and __rxor__): (self - other) | (other - self) */
US_FN(set_m_xor)
{
    SIG1("Set.__xor__", "other");
    ev_value o = as_set(I, self, a[0]);
    if (EV_IS_ERR(o) || ev_is_notimpl(o))
        return o;
    ev_value x = ev_binary(I, EV_OP_SUB, self, o);
    ev_value y = EV_IS_ERR(x) ? x : ev_binary(I, EV_OP_SUB, o, self);
    ev_value r = EV_IS_ERR(y) ? y : ev_binary(I, EV_OP_OR, x, y);
    ev_decref(I, x);
    ev_decref(I, y);
    ev_decref(I, o);
    return r;
}

US_FN(set_m_isdisjoint)
{
    SIG1("Set.isdisjoint", "other");
    ev_value it = ev_iter(I, a[0]), x;
    if (EV_IS_ERR(it))
        return it;
    int r;
    while ((r = ev_next(I, it, &x)) == 1) {
        int in = ev_contains(I, self, x);
        ev_decref(I, x);
        if (in) {
            r = in < 0 ? -1 : 2;
            break;
        }
    }
    ev_decref(I, it);
    return r < 0 ? EV_ERR : ev_bool(r == 0);
}

/* Set._hash: frozenset's algorithm over hash(x) of each element */
US_FN(set_m_hash)
{
    SIG0("Set._hash");
    int64_t n;
    if (len_of(I, self, &n))
        return EV_ERR;
    uint64_t h = 1927868237ULL * (uint64_t)(n + 1);
    ev_value it = ev_iter(I, self), x;
    if (EV_IS_ERR(it))
        return it;
    int r;
    while ((r = ev_next(I, it, &x)) == 1) {
        int64_t hx;
        int e = ev_hash(I, x, &hx);
        ev_decref(I, x);
        if (e) {
            r = -1;
            break;
        }
        uint64_t ux = (uint64_t)hx;
        h ^= (ux ^ (ux << 16) ^ 89869747ULL) * 3644798167ULL;
    }
    ev_decref(I, it);
    if (r < 0)
        return EV_ERR;
    h ^= (h >> 11) ^ (h >> 25);
    h = h * 69069U + 907133923ULL;
    int64_t s = (int64_t)h;
    if (s == -1)
        s = 590923713;
    return ev_int(s);
}

/* ---- MutableSet ------------------------------------------------------------------------------ */

US_FN(mset_add) { SIG1("MutableSet.add", "value"); (void)a; return raise_bare(I, &ev_type_NotImplementedError, false); }
US_FN(mset_discard)
{
    SIG1("MutableSet.discard", "value");
    (void)a;
    return raise_bare(I, &ev_type_NotImplementedError, false);
}

static int call_void(ev_interp *I, ev_value self, const char *name, ev_value arg)
{
    ev_value r = ev_us_callm(I, self, name, 1, &arg, NULL);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 0;
}

US_FN(mset_remove)
{
    SIG1("MutableSet.remove", "value");
    int in = ev_contains(I, self, a[0]);
    if (in <= 0)
        return in < 0 ? EV_ERR : raise_with(I, &ev_type_KeyError, a[0]);
    return call_void(I, self, "discard", a[0]) ? EV_ERR : EV_NONE;
}

US_FN(mset_pop)
{
    SIG0("MutableSet.pop");
    ev_value it = ev_iter(I, self), v;
    if (EV_IS_ERR(it))
        return it;
    int r = ev_next(I, it, &v);
    ev_decref(I, it);
    if (r <= 0)
        return r < 0 ? EV_ERR : raise_bare(I, &ev_type_KeyError, true);
    if (call_void(I, self, "discard", v)) {
        ev_decref(I, v);
        return EV_ERR;
    }
    return v;
}

/* clear (MutableSet: self.pop() until KeyError; MutableSequence: until IndexError) */
static ev_value pop_all(ev_interp *I, ev_value self, ev_type *stop)
{
    for (;;) {
        ev_value r = ev_us_callm(I, self, "pop", 0, NULL, NULL);
        if (EV_IS_ERR(r))
            return ev_us_catch(I, stop) ? EV_NONE : r;
        ev_decref(I, r);
        if (ev_tick(I))
            return EV_ERR;
    }
}

US_FN(mset_clear) { SIG0("MutableSet.clear"); return pop_all(I, self, &ev_type_KeyError); }

/* for value in it: self.<name>(value); returns self */
static ev_value each_call(ev_interp *I, ev_value self, ev_value iterable, const char *name)
{
    ev_value it = ev_iter(I, iterable), x;
    if (EV_IS_ERR(it))
        return it;
    int r;
    while ((r = ev_next(I, it, &x)) == 1) {
        r = call_void(I, self, name, x);
        ev_decref(I, x);
        if (r < 0)
            break;
    }
    ev_decref(I, it);
    return r < 0 ? EV_ERR : ev_dup(self);
}

US_FN(mset_ior) { SIG1("MutableSet.__ior__", "it"); return each_call(I, self, a[0], "add"); }

US_FN(mset_iand)
{
    SIG1("MutableSet.__iand__", "it");
    ev_value d = ev_binary(I, EV_OP_SUB, self, a[0]);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = each_call(I, self, d, "discard");
    ev_decref(I, d);
    return r;
}

US_FN(mset_ixor)
{
    SIG1("MutableSet.__ixor__", "it");
    if (a[0].tag == EV_T_OBJ && a[0].u.o == self.u.o) {
        ev_value r = ev_us_callm(I, self, "clear", 0, NULL, NULL);
        if (EV_IS_ERR(r))
            return r;
        ev_decref(I, r);
        return ev_dup(self);
    }
    ev_value other;
    int s = ev_abc_isinstance(I, a[0], ABC_Set);
    if (s < 0)
        return EV_ERR;
    other = s ? ev_dup(a[0]) : from_iterable(I, self, ev_dup(a[0]));
    if (EV_IS_ERR(other))
        return other;
    ev_value it = ev_iter(I, other), x;
    ev_decref(I, other);
    if (EV_IS_ERR(it))
        return it;
    int r;
    while ((r = ev_next(I, it, &x)) == 1) {
        int in = ev_contains(I, self, x);
        r = in < 0 ? -1 : call_void(I, self, in ? "discard" : "add", x);
        ev_decref(I, x);
        if (r < 0)
            break;
    }
    ev_decref(I, it);
    return r < 0 ? EV_ERR : ev_dup(self);
}

US_FN(mset_isub)
{
    SIG1("MutableSet.__isub__", "it");
    if (a[0].tag == EV_T_OBJ && a[0].u.o == self.u.o) {
        ev_value r = ev_us_callm(I, self, "clear", 0, NULL, NULL);
        if (EV_IS_ERR(r))
            return r;
        ev_decref(I, r);
        return ev_dup(self);
    }
    return each_call(I, self, a[0], "discard");
}

/* ---- Mapping and MutableMapping ----------------------------------------------------------- */

US_FN(map_getitem) { SIG1("Mapping.__getitem__", "key"); (void)a; return raise_bare(I, &ev_type_KeyError, false); }

US_FN(map_get)
{
    static const ev_us_sig sig = {"Mapping.get", {"key", "default", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value r = ev_getitem(I, self, a[0]);
    if (EV_IS_ERR(r) && ev_us_catch(I, &ev_type_KeyError))
        return EV_IS_ERR(a[1]) ? EV_NONE : ev_dup(a[1]);
    return r;
}

US_FN(map_contains)
{
    SIG1("Mapping.__contains__", "key");
    ev_value r = ev_getitem(I, self, a[0]);
    if (EV_IS_ERR(r))
        return ev_us_catch(I, &ev_type_KeyError) ? EV_FALSE : r;
    ev_decref(I, r);
    return EV_TRUE;
}

/* KeysView(self) and the others: the class as the module defines it */
static ev_value make_view(ev_interp *I, ev_value self, ev_abc_id id)
{
    ev_value c = ev_abc_get(I, id);
    return EV_IS_ERR(c) ? c : ev_call(I, c, 1, &self, 0, NULL, NULL);
}

US_FN(map_keys) { SIG0("Mapping.keys"); return make_view(I, self, ABC_KeysView); }
US_FN(map_items) { SIG0("Mapping.items"); return make_view(I, self, ABC_ItemsView); }
US_FN(map_values) { SIG0("Mapping.values"); return make_view(I, self, ABC_ValuesView); }

/* dict(m.items()) */
static ev_value items_dict(ev_interp *I, ev_value m)
{
    ev_value it = ev_us_callm(I, m, "items", 0, NULL, NULL);
    if (EV_IS_ERR(it))
        return it;
    ev_value d = ev_call(I, ev_obj_val(&ev_type_dict.h), 1, &it, 0, NULL, NULL);
    ev_decref(I, it);
    return d;
}

US_FN(map_eq)
{
    SIG1("Mapping.__eq__", "other");
    int s = ev_abc_isinstance(I, a[0], ABC_Mapping);
    if (s <= 0)
        return s < 0 ? EV_ERR : ev_dup(EV_NOTIMPL);
    ev_value x = items_dict(I, self);
    ev_value y = EV_IS_ERR(x) ? x : items_dict(I, a[0]);
    int r = EV_IS_ERR(y) ? -1 : ev_eq(I, x, y);
    ev_decref(I, x);
    ev_decref(I, y);
    return r < 0 ? EV_ERR : ev_bool(r);
}

US_FN(mmap_setitem)
{
    static const ev_us_sig sig = {"MutableMapping.__setitem__", {"key", "value", NULL}, 2, 0, false, false};
    BIND(sig, a);
    (void)a;
    return raise_bare(I, &ev_type_KeyError, false);
}

US_FN(mmap_delitem) { SIG1("MutableMapping.__delitem__", "key"); (void)a; return raise_bare(I, &ev_type_KeyError, false); }

US_FN(mmap_pop)
{
    static const ev_us_sig sig = {"MutableMapping.pop", {"key", "default", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value v = ev_getitem(I, self, a[0]);
    if (EV_IS_ERR(v))
        return !EV_IS_ERR(a[1]) && ev_us_catch(I, &ev_type_KeyError) ? ev_dup(a[1]) : v;
    if (ev_delitem(I, self, a[0])) {
        ev_decref(I, v);
        return EV_ERR;
    }
    return v;
}

US_FN(mmap_popitem)
{
    SIG0("MutableMapping.popitem");
    ev_value it = ev_iter(I, self), key, v = EV_ERR;
    if (EV_IS_ERR(it))
        return it;
    int got = ev_next(I, it, &key);
    ev_decref(I, it);
    if (got <= 0)
        return got < 0 ? EV_ERR : raise_bare(I, &ev_type_KeyError, true);
    v = ev_getitem(I, self, key);
    if (EV_IS_ERR(v) || ev_delitem(I, self, key))
        goto fail;
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t))
        goto fail;
    ev_as_tuple(t)->items[0] = key;
    ev_as_tuple(t)->items[1] = v;
    return t;
fail:
    ev_decref(I, key);
    ev_decref(I, v);
    return EV_ERR;
}

US_FN(mmap_clear)
{
    SIG0("MutableMapping.clear");
    for (;;) {
        ev_value r = ev_us_callm(I, self, "popitem", 0, NULL, NULL);
        if (EV_IS_ERR(r))
            return ev_us_catch(I, &ev_type_KeyError) ? EV_NONE : r;
        ev_decref(I, r);
        if (ev_tick(I))
            return EV_ERR;
    }
}

/* for key in keys: self[key] = src[key] */
static int copy_keys(ev_interp *I, ev_value self, ev_value keys, ev_value src)
{
    ev_value it = ev_iter(I, keys), k;
    if (EV_IS_ERR(it))
        return -1;
    int r;
    while ((r = ev_next(I, it, &k)) == 1) {
        ev_value v = ev_getitem(I, src, k);
        r = EV_IS_ERR(v) ? -1 : ev_setitem(I, self, k, v);
        ev_decref(I, v);
        ev_decref(I, k);
        if (r < 0)
            break;
    }
    ev_decref(I, it);
    return r < 0 ? -1 : 0;
}

/* key, value = item, with the unpacking's messages */
static int unpack2(ev_interp *I, ev_value item, ev_value *k, ev_value *v)
{
    ev_value iter = ev_iter(I, item);
    if (EV_IS_ERR(iter)) {
        if (ev_us_catch(I, &ev_type_TypeError))
            ev_raise(I, &ev_type_TypeError, "cannot unpack non-iterable %s object", ev_type_name(item));
        return -1;
    }
    ev_value got[3] = {EV_ERR, EV_ERR, EV_ERR};
    int n = 0, r = 0;
    while (n < 3 && (r = ev_next(I, iter, &got[n])) == 1)
        n++;
    ev_decref(I, iter);
    if (r >= 0 && n == 2) {
        *k = got[0];
        *v = got[1];
        return 0;
    }
    for (int i = 0; i < n; i++)
        ev_decref(I, got[i]);
    if (r >= 0 && n < 2)
        ev_raise(I, &ev_type_ValueError, "not enough values to unpack (expected 2, got %d)", n);
    else if (r >= 0)
        ev_raise(I, &ev_type_ValueError, "too many values to unpack (expected 2)");
    return -1;
}

/* update(other=(), /, **kwds): a Mapping by iteration and [], else
 * anything with keys() by keys() and [], else (key, value) pairs; then
 * the keywords */
static ev_value mm_update(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_us_sig sig = {"MutableMapping.update", {"other", NULL}, 0, 1, false, true};
    BIND(sig, a);
    ev_value other = a[0];
    int r = 0;
    if (!EV_IS_ERR(other)) {
        int m = ev_abc_isinstance(I, other, ABC_Mapping);
        if (m < 0)
            return EV_ERR;
        if (m) {
            r = copy_keys(I, self, other, other);
        } else {
            ev_value keys = ev_us_getattr(I, other, "keys");
            if (EV_IS_ERR(keys) && !ev_us_catch(I, &ev_type_AttributeError))
                return keys;
            if (!EV_IS_ERR(keys)) {
                ev_value ks = ev_call(I, keys, 0, NULL, 0, NULL, NULL);
                ev_decref(I, keys);
                if (EV_IS_ERR(ks))
                    return ks;
                r = copy_keys(I, self, ks, other);
                ev_decref(I, ks);
            } else {
                ev_value it = ev_iter(I, other), item;
                if (EV_IS_ERR(it))
                    return it;
                while ((r = ev_next(I, it, &item)) == 1) {
                    ev_value k, v;
                    r = unpack2(I, item, &k, &v);
                    ev_decref(I, item);
                    if (r == 0) {
                        r = ev_setitem(I, self, k, v);
                        ev_decref(I, k);
                        ev_decref(I, v);
                    }
                    if (r < 0)
                        break;
                }
                ev_decref(I, it);
            }
        }
    }
    if (r < 0)
        return EV_ERR;
    for (int k = 0; k < EV_KW_N(kw); k++)
        if (ev_setitem(I, self, ev_obj_val(&kw->names[k]->h), kw->vals[k]))
            return EV_ERR;
    return EV_NONE;
}

US_FN(mmap_update) { return mm_update(I, self, argc, argv, kw); }

static ev_value mm_setdefault(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_us_sig sig = {"MutableMapping.setdefault", {"key", "default", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value r = ev_getitem(I, self, a[0]);
    if (!EV_IS_ERR(r) || !ev_us_catch(I, &ev_type_KeyError))
        return r;
    ev_value dflt = EV_IS_ERR(a[1]) ? EV_NONE : a[1];
    if (ev_setitem(I, self, a[0], dflt))
        return EV_ERR;
    return ev_dup(dflt);
}

US_FN(mmap_setdefault) { return mm_setdefault(I, self, argc, argv, kw); }

/* ChainMap's update and setdefault (MutableMapping's, as in CPython) */
ev_value ev_coll_mm_update(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return mmap_update(I, self, argc, argv, kw);
}

ev_value ev_coll_mm_setdefault(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return mmap_setdefault(I, self, argc, argv, kw);
}

/* ---- MappingView, KeysView, ItemsView, ValuesView ----------------------------------------- */

static ev_value mapping_of(ev_interp *I, ev_value view) { return ev_us_getattr(I, view, "_mapping"); }

US_FN(mv_init)
{
    SIG1("MappingView.__init__", "mapping");
    return ev_us_setattr(I, self, "_mapping", a[0]) ? EV_ERR : EV_NONE;
}

US_FN(mv_len)
{
    SIG0("MappingView.__len__");
    ev_value m = mapping_of(I, self);
    if (EV_IS_ERR(m))
        return m;
    ev_value r = ev_len_value(I, m);
    ev_decref(I, m);
    return r;
}

/* '{0.__class__.__name__}({0._mapping!r})' */
US_FN(mv_repr)
{
    SIG0("MappingView.__repr__");
    ev_value cls = ev_us_getattr(I, self, "__class__");
    ev_value name = EV_IS_ERR(cls) ? cls : ev_us_getattr(I, cls, "__name__");
    ev_decref(I, cls);
    ev_value m = EV_IS_ERR(name) ? name : mapping_of(I, self);
    if (EV_IS_ERR(m)) {
        ev_decref(I, name);
        return m;
    }
    ev_buf b = {0};
    ev_value ns = ev_to_str(I, name);
    int e = EV_IS_ERR(ns) || ev_buf_put(I, &b, ev_as_str(ns)->data, ev_as_str(ns)->len) ||
            ev_buf_put(I, &b, "(", 1) || ev_buf_repr(I, &b, m) || ev_buf_put(I, &b, ")", 1);
    ev_decref(I, ns);
    ev_decref(I, name);
    ev_decref(I, m);
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

US_FN(kv_iter) { SIG0("KeysView.__iter__"); return abcgen_new(I, 'k', "KeysView.__iter__", self, EV_ERR, EV_ERR); }
US_FN(iv_iter) { SIG0("ItemsView.__iter__"); return abcgen_new(I, 'p', "ItemsView.__iter__", self, EV_ERR, EV_ERR); }
US_FN(vv_iter) { SIG0("ValuesView.__iter__"); return abcgen_new(I, 'v', "ValuesView.__iter__", self, EV_ERR, EV_ERR); }

US_FN(kv_contains)
{
    SIG1("KeysView.__contains__", "key");
    ev_value m = mapping_of(I, self);
    if (EV_IS_ERR(m))
        return m;
    int r = ev_contains(I, m, a[0]);
    ev_decref(I, m);
    return r < 0 ? EV_ERR : ev_bool(r);
}

US_FN(iv_contains)
{
    SIG1("ItemsView.__contains__", "item");
    ev_value key, value;
    if (unpack2(I, a[0], &key, &value))
        return EV_ERR;
    ev_value m = mapping_of(I, self);
    ev_value v = EV_IS_ERR(m) ? m : ev_getitem(I, m, key);
    ev_decref(I, m);
    ev_decref(I, key);
    if (EV_IS_ERR(v)) {
        ev_decref(I, value);
        return ev_us_catch(I, &ev_type_KeyError) ? EV_FALSE : EV_ERR;
    }
    int r = same_or_eq(I, v, value);
    ev_decref(I, v);
    ev_decref(I, value);
    return r < 0 ? EV_ERR : ev_bool(r);
}

/* for key in self._mapping: v = self._mapping[key]; v is value or v == value */
US_FN(vv_contains)
{
    SIG1("ValuesView.__contains__", "value");
    ev_value m = mapping_of(I, self);
    if (EV_IS_ERR(m))
        return m;
    ev_value it = ev_iter(I, m), k;
    if (EV_IS_ERR(it)) {
        ev_decref(I, m);
        return it;
    }
    int r, found = 0;
    while (!found && (r = ev_next(I, it, &k)) == 1) {
        ev_value v = ev_getitem(I, m, k);
        ev_decref(I, k);
        r = EV_IS_ERR(v) ? -1 : same_or_eq(I, v, a[0]);
        ev_decref(I, v);
        if (r < 0)
            break;
        found = r;
    }
    ev_decref(I, it);
    ev_decref(I, m);
    return r < 0 ? EV_ERR : ev_bool(found);
}

/* ---- Sequence and MutableSequence --------------------------------------------------------- */

US_FN(seq_getitem) { SIG1("Sequence.__getitem__", "index"); (void)a; return raise_bare(I, &ev_type_IndexError, false); }
US_FN(seq_iter) { SIG0("Sequence.__iter__"); return ev_us_seq_iter(I, self, false); }
US_FN(seq_reversed) { SIG0("Sequence.__reversed__"); return ev_us_seq_iter(I, self, true); }

/* for v in self: v is value or v == value -> count them (stop at the first when first) */
static int seq_scan(ev_interp *I, ev_value self, ev_value value, bool first, int64_t *count)
{
    ev_value it = ev_iter(I, self), v;
    if (EV_IS_ERR(it))
        return -1;
    int r;
    *count = 0;
    while ((r = ev_next(I, it, &v)) == 1) {
        int e = same_or_eq(I, v, value);
        ev_decref(I, v);
        if (e < 0) {
            r = -1;
            break;
        }
        *count += e;
        if (e && first)
            break;
    }
    ev_decref(I, it);
    return r < 0 ? -1 : 0;
}

US_FN(seq_contains)
{
    SIG1("Sequence.__contains__", "value");
    int64_t n;
    return seq_scan(I, self, a[0], true, &n) ? EV_ERR : ev_bool(n > 0);
}

US_FN(seq_count)
{
    SIG1("Sequence.count", "value");
    int64_t n;
    return seq_scan(I, self, a[0], false, &n) ? EV_ERR : ev_int(n);
}

/* index(value, start=0, stop=None), with CPython's generic arithmetic on
 * start and stop (a str start is '<' not supported..., None is passed on
 * to __getitem__) */
US_FN(seq_index)
{
    static const ev_us_sig sig = {"Sequence.index", {"value", "start", "stop", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value i = EV_IS_ERR(a[1]) ? ev_int(0) : ev_dup(a[1]), stop = EV_IS_ERR(a[2]) ? EV_NONE : ev_dup(a[2]);
    ev_value r = EV_ERR;
    int neg;
    if (i.tag != EV_T_NONE) {
        if ((neg = ev_compare(I, i, ev_int(0), 0)) < 0)
            goto done;
        if (neg) {
            ev_value n = ev_len_value(I, self);
            ev_value sum = EV_IS_ERR(n) ? n : ev_binary(I, EV_OP_ADD, n, i);
            ev_decref(I, n);
            if (EV_IS_ERR(sum))
                goto done;
            int lt = ev_compare(I, sum, ev_int(0), 0); /* max(sum, 0) */
            if (lt < 0) {
                ev_decref(I, sum);
                goto done;
            }
            ev_decref(I, i);
            i = lt ? ev_int(0) : sum;
            if (lt)
                ev_decref(I, sum);
        }
    }
    if (stop.tag != EV_T_NONE) {
        if ((neg = ev_compare(I, stop, ev_int(0), 0)) < 0)
            goto done;
        if (neg) {
            ev_value n = ev_len_value(I, self);
            ev_value sum = EV_IS_ERR(n) ? n : ev_binary(I, EV_OP_ADD, stop, n);
            ev_decref(I, n);
            if (EV_IS_ERR(sum))
                goto done;
            ev_decref(I, stop);
            stop = sum;
        }
    }
    for (;;) {
        if (stop.tag != EV_T_NONE) {
            int lt = ev_compare(I, i, stop, 0);
            if (lt < 0)
                goto done;
            if (!lt)
                break;
        }
        ev_value v = ev_getitem(I, self, i);
        if (EV_IS_ERR(v)) {
            if (ev_us_catch(I, &ev_type_IndexError))
                break;
            goto done;
        }
        int e = same_or_eq(I, v, a[0]);
        ev_decref(I, v);
        if (e) {
            if (e > 0)
                r = ev_dup(i);
            goto done;
        }
        ev_value next = ev_binary(I, EV_OP_ADD, i, ev_int(1));
        if (EV_IS_ERR(next) || ev_tick(I)) {
            ev_decref(I, next);
            goto done;
        }
        ev_decref(I, i);
        i = next;
    }
    r = raise_bare(I, &ev_type_ValueError, false);
done:
    ev_decref(I, i);
    ev_decref(I, stop);
    return r;
}

US_FN(mseq_setitem)
{
    static const ev_us_sig sig = {"MutableSequence.__setitem__", {"index", "value", NULL}, 2, 0, false, false};
    BIND(sig, a);
    (void)a;
    return raise_bare(I, &ev_type_IndexError, false);
}
US_FN(mseq_delitem) { SIG1("MutableSequence.__delitem__", "index"); (void)a; return raise_bare(I, &ev_type_IndexError, false); }
US_FN(mseq_insert)
{
    static const ev_us_sig sig = {"MutableSequence.insert", {"index", "value", NULL}, 2, 0, false, false};
    BIND(sig, a);
    (void)a;
    return raise_bare(I, &ev_type_IndexError, false);
}

/* self.insert(len(self), value) */
static int seq_append(ev_interp *I, ev_value self, ev_value value)
{
    ev_value n = ev_len_value(I, self);
    if (EV_IS_ERR(n))
        return -1;
    ev_value args[2] = {n, value};
    ev_value r = ev_us_callm(I, self, "insert", 2, args, NULL);
    ev_decref(I, n);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 0;
}

US_FN(mseq_append) { SIG1("MutableSequence.append", "value"); return seq_append(I, self, a[0]) ? EV_ERR : EV_NONE; }
US_FN(mseq_clear) { SIG0("MutableSequence.clear"); return pop_all(I, self, &ev_type_IndexError); }

/* for i in range(n//2): self[i], self[n-i-1] = self[n-i-1], self[i] */
US_FN(mseq_reverse)
{
    SIG0("MutableSequence.reverse");
    int64_t n;
    if (ev_len(I, self, &n))
        return EV_ERR;
    for (int64_t i = 0; i < n / 2; i++) {
        ev_value x = ev_getitem(I, self, ev_int(n - i - 1));
        ev_value y = EV_IS_ERR(x) ? x : ev_getitem(I, self, ev_int(i));
        int r = EV_IS_ERR(y) || ev_setitem(I, self, ev_int(i), x) || ev_setitem(I, self, ev_int(n - i - 1), y);
        ev_decref(I, x);
        ev_decref(I, y);
        if (r)
            return EV_ERR;
    }
    return EV_NONE;
}

/* extend(values): self.append(v) for each (a list of them first when values is self) */
static ev_value seq_extend(ev_interp *I, ev_value self, ev_value values)
{
    ev_value src = values.tag == EV_T_OBJ && values.u.o == self.u.o ? ev_list_from_iterable(I, values)
                                                                    : ev_dup(values);
    if (EV_IS_ERR(src))
        return src;
    ev_value it = ev_iter(I, src), v;
    ev_decref(I, src);
    if (EV_IS_ERR(it))
        return it;
    int r;
    while ((r = ev_next(I, it, &v)) == 1) {
        ev_value m = ev_us_callm(I, self, "append", 1, &v, NULL);
        ev_decref(I, v);
        if (EV_IS_ERR(m)) {
            r = -1;
            break;
        }
        ev_decref(I, m);
    }
    ev_decref(I, it);
    return r < 0 ? EV_ERR : EV_NONE;
}

US_FN(mseq_extend) { SIG1("MutableSequence.extend", "values"); return seq_extend(I, self, a[0]); }

US_FN(mseq_pop)
{
    static const ev_us_sig sig = {"MutableSequence.pop", {"index", NULL}, 0, 0, false, false};
    BIND(sig, a);
    ev_value index = EV_IS_ERR(a[0]) ? ev_int(-1) : a[0];
    ev_value v = ev_getitem(I, self, index);
    if (EV_IS_ERR(v))
        return v;
    if (ev_delitem(I, self, index)) {
        ev_decref(I, v);
        return EV_ERR;
    }
    return v;
}

/* del self[self.index(value)] */
US_FN(mseq_remove)
{
    SIG1("MutableSequence.remove", "value");
    ev_value i = ev_us_callm(I, self, "index", 1, &a[0], NULL);
    if (EV_IS_ERR(i))
        return i;
    int r = ev_delitem(I, self, i);
    ev_decref(I, i);
    return r ? EV_ERR : EV_NONE;
}

US_FN(mseq_iadd)
{
    SIG1("MutableSequence.__iadd__", "values");
    ev_value r = ev_us_callm(I, self, "extend", 1, &a[0], NULL);
    if (EV_IS_ERR(r))
        return r;
    ev_decref(I, r);
    return ev_dup(self);
}

/* ---- the tables ----------------------------------------------------------------------------- */

#define END {{NULL, NULL, 0, 0, 0, NULL}, 0}
static const ev_us_method m_hashable[] = {EV_ABC_A("__hash__", hashable_hash), END};
static const ev_us_method m_awaitable[] = {EV_ABC_A("__await__", awaitable_await), END};
static const ev_us_method m_coroutine[] = {EV_ABC_A("send", coro_send), EV_ABC_A("throw", coro_throw),
                                           EV_ABC_M("close", coro_close), END};
static const ev_us_method m_aiterable[] = {EV_ABC_A("__aiter__", aiterable_aiter), END};
static const ev_us_method m_aiterator[] = {EV_ABC_A("__anext__", aiterator_anext),
                                           EV_ABC_M("__aiter__", aiterator_aiter), END};
static const ev_us_method m_agen[] = {EV_ABC_M("__anext__", agen_anext), EV_ABC_A("asend", agen_asend),
                                      EV_ABC_A("athrow", agen_athrow), EV_ABC_M("aclose", agen_aclose), END};
static const ev_us_method m_iterable[] = {EV_ABC_A("__iter__", iterable_iter), END};
static const ev_us_method m_iterator[] = {EV_ABC_A("__next__", iterator_next), EV_ABC_M("__iter__", iterator_iter),
                                          END};
static const ev_us_method m_reversible[] = {EV_ABC_A("__reversed__", reversible_reversed), END};
static const ev_us_method m_generator[] = {EV_ABC_M("__next__", gen_next), EV_ABC_A("send", gen_send),
                                           EV_ABC_A("throw", gen_throw), EV_ABC_M("close", gen_close), END};
static const ev_us_method m_sized[] = {EV_ABC_A("__len__", sized_len), END};
static const ev_us_method m_container[] = {EV_ABC_A("__contains__", container_contains), END};
static const ev_us_method m_collection[] = {END};
static const ev_us_method m_callable[] = {EV_ABC_A("__call__", callable_call), END};
#define SET_METHODS                                                                                     \
    EV_ABC_M("__le__", set_m_le), EV_ABC_M("__lt__", set_m_lt), EV_ABC_M("__gt__", set_m_gt),             \
        EV_ABC_M("__ge__", set_m_ge), EV_ABC_M("__eq__", set_m_eq), EV_ABC_M("__and__", set_m_and),       \
        EV_ABC_M("__rand__", set_m_and), EV_ABC_M("isdisjoint", set_m_isdisjoint),                       \
        EV_ABC_M("__or__", set_m_or), EV_ABC_M("__ror__", set_m_or), EV_ABC_M("__sub__", set_m_sub),      \
        EV_ABC_M("__rsub__", set_m_rsub), EV_ABC_M("__xor__", set_m_xor), EV_ABC_M("__rxor__", set_m_xor), \
        EV_ABC_M("_hash", set_m_hash)
static const ev_us_method m_set[] = {SET_METHODS, EV_US_C("_from_iterable", set_from_iterable), END};
static const ev_us_method m_mutableset[] = {
    EV_ABC_A("add", mset_add), EV_ABC_A("discard", mset_discard), EV_ABC_M("remove", mset_remove),
    EV_ABC_M("pop", mset_pop), EV_ABC_M("clear", mset_clear), EV_ABC_M("__ior__", mset_ior),
    EV_ABC_M("__iand__", mset_iand), EV_ABC_M("__ixor__", mset_ixor), EV_ABC_M("__isub__", mset_isub), END};
static const ev_us_method m_mapping[] = {
    EV_ABC_A("__getitem__", map_getitem), EV_ABC_M("get", map_get), EV_ABC_M("__contains__", map_contains),
    EV_ABC_M("keys", map_keys), EV_ABC_M("items", map_items), EV_ABC_M("values", map_values),
    EV_ABC_M("__eq__", map_eq), EV_US_NONE("__reversed__"), END};
static const ev_us_method m_mappingview[] = {EV_ABC_M("__init__", mv_init), EV_ABC_M("__len__", mv_len),
                                             EV_ABC_M("__repr__", mv_repr), END};
static const ev_us_method m_keysview[] = {EV_US_C("_from_iterable", view_from_iterable),
                                          EV_ABC_M("__contains__", kv_contains), EV_ABC_M("__iter__", kv_iter), END};
static const ev_us_method m_itemsview[] = {EV_US_C("_from_iterable", view_from_iterable),
                                           EV_ABC_M("__contains__", iv_contains), EV_ABC_M("__iter__", iv_iter), END};
static const ev_us_method m_valuesview[] = {EV_ABC_M("__contains__", vv_contains), EV_ABC_M("__iter__", vv_iter),
                                            END};
static const ev_us_method m_mutablemapping[] = {
    EV_ABC_A("__setitem__", mmap_setitem), EV_ABC_A("__delitem__", mmap_delitem), EV_ABC_M("pop", mmap_pop),
    EV_ABC_M("popitem", mmap_popitem), EV_ABC_M("clear", mmap_clear), EV_ABC_M("update", mmap_update),
    EV_ABC_M("setdefault", mmap_setdefault), END};
static const ev_us_method m_sequence[] = {
    EV_ABC_A("__getitem__", seq_getitem), EV_ABC_M("__iter__", seq_iter), EV_ABC_M("__contains__", seq_contains),
    EV_ABC_M("__reversed__", seq_reversed), EV_ABC_M("index", seq_index), EV_ABC_M("count", seq_count), END};
static const ev_us_method m_bytestring[] = {END};
static const ev_us_method m_mutablesequence[] = {
    EV_ABC_A("__setitem__", mseq_setitem), EV_ABC_A("__delitem__", mseq_delitem), EV_ABC_A("insert", mseq_insert),
    EV_ABC_M("append", mseq_append), EV_ABC_M("clear", mseq_clear), EV_ABC_M("reverse", mseq_reverse),
    EV_ABC_M("extend", mseq_extend), EV_ABC_M("pop", mseq_pop), EV_ABC_M("remove", mseq_remove),
    EV_ABC_M("__iadd__", mseq_iadd), END};

const ev_us_method *const ev_abc_methods[ABC_META] = {
    [ABC_Hashable] = m_hashable, [ABC_Awaitable] = m_awaitable, [ABC_Coroutine] = m_coroutine,
    [ABC_AsyncIterable] = m_aiterable, [ABC_AsyncIterator] = m_aiterator, [ABC_AsyncGenerator] = m_agen,
    [ABC_Iterable] = m_iterable, [ABC_Iterator] = m_iterator, [ABC_Reversible] = m_reversible,
    [ABC_Generator] = m_generator, [ABC_Sized] = m_sized, [ABC_Container] = m_container,
    [ABC_Collection] = m_collection, [ABC_Callable] = m_callable, [ABC_Set] = m_set,
    [ABC_MutableSet] = m_mutableset, [ABC_Mapping] = m_mapping, [ABC_MappingView] = m_mappingview,
    [ABC_KeysView] = m_keysview, [ABC_ItemsView] = m_itemsview, [ABC_ValuesView] = m_valuesview,
    [ABC_MutableMapping] = m_mutablemapping, [ABC_Sequence] = m_sequence, [ABC_ByteString] = m_bytestring,
    [ABC_MutableSequence] = m_mutablesequence,
};
