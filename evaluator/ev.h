/*
 * ev.h - internal header of the evaluator: values, objects, the interpreter
 * state and the error protocol.  Never included outside evaluator/.
 *
 * Error protocol (as in QuickJS): a function that can fail returns an
 * ev_value whose tag is EV_T_ERR, or an int status (0 ok, -1 error).  The
 * pending exception lives in ev_interp.exc.  A limit (time, memory,
 * recursion of the C stack, output, cancellation) is an *uncatchable*
 * condition: ev_interp.limit is set, and every except/finally skips it.
 *
 * Reference counting: a function returning an ev_value returns a new
 * reference; arguments are borrowed unless the name says "steal".
 */
#ifndef SAFEPY_EV_H
#define SAFEPY_EV_H

#include <gmp.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "evaluator/evaluator.h"

#define EV_WU __attribute__((warn_unused_result))

/* ---- values -------------------------------------------------------------- */

typedef enum ev_tag {
    EV_T_ERR = 0, /* an exception is pending; never stored anywhere */
    EV_T_NONE,
    EV_T_BOOL,
    EV_T_INT,     /* fits in int64_t; bigger ints are EV_O_INT objects */
    EV_T_FLOAT,
    EV_T_OBJ,
} ev_tag;

typedef struct ev_obj ev_obj;
typedef struct ev_value {
    ev_tag tag;
    union {
        int64_t i;
        double f;
        ev_obj *o;
    } u;
} ev_value;

#define EV_ERR ((ev_value){.tag = EV_T_ERR})
#define EV_NONE ((ev_value){.tag = EV_T_NONE})
#define EV_TRUE ((ev_value){.tag = EV_T_BOOL, .u.i = 1})
#define EV_FALSE ((ev_value){.tag = EV_T_BOOL, .u.i = 0})
#define EV_IS_ERR(v) ((v).tag == EV_T_ERR)

static inline ev_value ev_int(int64_t i) { return (ev_value){.tag = EV_T_INT, .u.i = i}; }
/* Floats are inline, so they have no identity, and identity only shows for
 * NaN (containment and container equality test identity first).  Every NaN
 * made here gets its own payload, which copies keep: two NaNs are "the
 * same object" when their bits are equal (num.c, ev_eq). */
double ev_nan_fresh(double nan);
static inline ev_value ev_float(double f)
{
    return (ev_value){.tag = EV_T_FLOAT, .u.f = f == f ? f : ev_nan_fresh(f)};
}
static inline ev_value ev_bool(bool b) { return (ev_value){.tag = EV_T_BOOL, .u.i = b}; }
static inline ev_value ev_obj_val(ev_obj *o) { return (ev_value){.tag = EV_T_OBJ, .u.o = o}; }

#include "evaluator/ev_obj.h" /* the object layouts */

/* ---- member descriptors (objects/member.c) ------------------------------------------ */
/* CPython's member_descriptor, what a class's __slots__ puts in its
 * namespace for each name: an ev_wrapper whose a is the name (an
 * interned str), b the class that defined the slot and c the slot's index
 * in the values of EV_TYPE_SLOTVALS instances (-1 for classes laid out as
 * a builtin type, whose slots live in the instance's dict under the name). */
extern ev_type ev_type_member_descriptor;
ev_value ev_member_new(ev_interp *I, ev_str *name, ev_type *owner, int64_t index) EV_WU;
static inline bool ev_is_member(ev_value v)
{
    return v.tag == EV_T_OBJ && v.u.o->kind == EV_O_WRAPPER &&
           ((const ev_wrapper *)v.u.o)->type == &ev_type_member_descriptor;
}
/* CPython's getset_descriptor for the __dict__ and __weakref__ a class
 * adds to its instances (EV_TYPE_ADDDICT, EV_TYPE_ADDWEAK): the same
 * wrapper layout (a the name, b the class, c unused). */
extern ev_type ev_type_getset_descriptor;
static inline bool ev_is_getset(ev_value v)
{
    return v.tag == EV_T_OBJ && v.u.o->kind == EV_O_WRAPPER &&
           ((const ev_wrapper *)v.u.o)->type == &ev_type_getset_descriptor;
}
/* The index of the member descriptor md's slot in the values of an
 * instance of t, when t is EV_TYPE_SLOTVALS and md applies to it, else
 * UINT32_MAX (the attribute caches' test). */
uint32_t ev_member_index(ev_value md, const ev_type *t);
/* md.__get__(obj) for an obj that is not None, md a member or getset
 * descriptor: *out, or -1 with TypeError (obj of another class) or
 * AttributeError (the slot is unset). */
int ev_member_get(ev_interp *I, ev_value md, ev_value obj, ev_value *out) EV_WU;
/* md.__set__(obj, v), and md.__delete__(obj) when v is EV_ERR: 0 or -1. */
int ev_member_set(ev_interp *I, ev_value md, ev_value obj, ev_value v) EV_WU;
/* <member 'x' of 'A' objects>, <attribute '__dict__' of 'A' objects> */
ev_value ev_member_repr(ev_interp *I, ev_value md) EV_WU;

typedef struct ev_exc {
    ev_obj h;
    ev_type *type;   /* a reference when a user class */
    ev_value args;   /* a tuple */
    ev_dict *dict;   /* attributes set by user code, NULL until then */
    ev_dict *slots;  /* a subclass's __slots__ values, apart from dict (as ev_subhead's) */
    ev_value cause;   /* __cause__ (raise ... from ...), EV_NONE if none */
    ev_value context; /* __context__: the exception being handled when this one was raised */
    ev_value notes;   /* __notes__ (a list) or EV_NONE */
    bool suppress_context; /* __suppress_context__ */
    /* What "Did you mean" needs (suggest.c): the missing name of a NameError
     * or AttributeError (a str, else EV_NONE), the object an AttributeError
     * was raised on, and the function whose locals a NameError searches. */
    ev_value sname, sobj;
    const struct ev_funcdef *sdef; /* holds a reference to its program */
    const void *tb_skip;   /* the frame of a bare `raise`: adds no traceback entry, as CPython */
    /* an exception group's message (a str) and exceptions (a tuple); None
     * otherwise (objects/exception_group.c) */
    ev_value eg_msg, eg_excs;
    /* Traceback entries, innermost last (appended while unwinding). */
    struct ev_tb *tb;
    /* Objects with a __del__ that the frames this exception left freed: a
     * CPython traceback keeps those frames, so their finalizers wait until
     * the exception goes (interp_call.c, gc.c); NULL if none */
    struct ev_list *fin_held;
    size_t ntb, captb;
} ev_exc;

typedef struct ev_tb {
    const char *func;     /* static or an interned name (lives with the session) */
    struct ev_program *prog; /* a reference: file name and source text for the line */
    uint32_t line;
    /* the failing expression, for CPython 3.11's caret line (PEP 657):
     * byte columns; anchor 1 a binary operation (left_end..right_start is
     * the operator), 2 a subscript; 0 no expression (no carets) */
    uint32_t col, end_line, end_col, left_end, right_start;
    uint8_t anchor;
    bool located;
} ev_tb;

typedef enum ev_iter_kind {
    EV_IT_LIST, EV_IT_TUPLE, EV_IT_STR, EV_IT_RANGE, EV_IT_DICT_KEYS,
    EV_IT_DICT_VALUES, EV_IT_DICT_ITEMS, EV_IT_REVERSED_LIST, EV_IT_ENUMERATE, EV_IT_ZIP,
    EV_IT_MAP, EV_IT_FILTER, /* src: tuple (function, iterators...) */
    EV_IT_BIGRANGE,
    EV_IT_SET,
    /* reversed() of a tuple, str, bytes (type 'reversed') and of a dict or
     * its views: each steps backwards through a list copy, as
     * EV_IT_REVERSED_LIST, under CPython's type name */
    EV_IT_REVERSED_SEQ, EV_IT_DICT_REVKEYS, EV_IT_DICT_REVVALUES, EV_IT_DICT_REVITEMS,
    EV_IT_DEQUE_REVERSED, /* reversed(deque), over a list copy */
    EV_IT_NATIVE, /* a module's iterator: see ev_native_iter_type (keep last) */
} ev_iter_kind;

typedef struct ev_native_iter_type ev_native_iter_type;

typedef struct ev_iterobj {
    ev_obj h;
    ev_iter_kind ik;
    ev_value src;     /* the iterated object (or for zip: a tuple of iterators) */
    int64_t pos, end, step;
    uint64_t version; /* dict version at creation */
    size_t dict_used;
    const ev_native_iter_type *nt; /* EV_IT_NATIVE only */
    void *state;                   /* EV_IT_NATIVE: nt's state, zeroed at creation */
} ev_iterobj;

/* ev_visit_fn, the cycle collector's callback (called once for each
 * reference an object holds), is with the kind table in ev_obj.h. */

/* Iterators implemented by modules (itertools...): a name for type() and
 * repr, a next function (1 item in *out, 0 exhausted, -1 error raised), a
 * free function releasing the references held in state (the state block
 * itself is freed by the evaluator), an optional repr, and the traversal
 * that shows the cycle collector the references held in state.  An
 * iterator whose type has a traverse is tracked: a list holding
 * cycle(list), a dict holding chain(d.values()) are cycles through the
 * state.  traverse must visit each reference the state owns exactly once
 * (a borrowed one, or one visited twice, would let the collector free
 * what is in use); a garbage one is emptied through its free hook
 * (ev_native_iter_clear). */
struct ev_native_iter_type {
    const char *name;
    int (*next)(ev_interp *I, ev_iterobj *it, ev_value *out);
    void (*free)(ev_interp *I, ev_iterobj *it);
    ev_value (*repr)(ev_interp *I, ev_iterobj *it); /* NULL: <name object at 0x...> */
    ev_type *type; /* what type() answers; NULL: the generic 'iterator' type */
    void (*traverse)(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg); /* NULL: untracked */
};
/* The type of a native iterator (its __next__ and __iter__); mod names the
 * module of a dotted name ("itertools.count"), NULL for builtins. */
/* The header of a type in static storage: {STATIC_TYPE, .name = "deque", ...} */
#define STATIC_TYPE .h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC}
extern const ev_builtin_def ev_iterator_methods[];
#define EV_ITER_TYPE_INIT(nm, mod) {STATIC_TYPE, .name = nm, \
                                    .module = mod, .methods = ev_iterator_methods}
/* the types of the EV_IT_* kinds, indexed by kind (object.c) */
extern ev_type ev_iter_kind_types[];
extern ev_type ev_type_callable_iterator;

/* A new native iterator with state_size zeroed bytes of state. */
ev_value ev_native_iter_new(ev_interp *I, const ev_native_iter_type *nt, size_t state_size) EV_WU;
/* The cycle collector empties a garbage native iterator: its free hook
 * releases what the state holds and it becomes an exhausted iterator. */
void ev_native_iter_clear(ev_interp *I, ev_iterobj *it);

typedef struct ev_view {
    ev_obj h;
    ev_iter_kind ik; /* EV_IT_DICT_KEYS / VALUES / ITEMS */
    ev_value dict;
} ev_view;
/* keys and items views are set-like (&, |, -, ^, comparisons with sets) */
static inline bool ev_is_setview(ev_value v)
{
    return v.tag == EV_T_OBJ && v.u.o->kind == EV_O_VIEW && ((ev_view *)v.u.o)->ik != EV_IT_DICT_VALUES;
}

/* ---- the lowered program --------------------------------------------------- */

typedef struct ev_node ev_node;
typedef struct ev_program ev_program;
typedef struct ev_funcdef ev_funcdef;

typedef struct ev_func {
    ev_obj h;
    ev_funcdef *def;
    ev_value *defaults; /* ndefaults values: __defaults__ may be replaced by any tuple */
    uint32_t ndefaults;
    ev_value *kwdefaults; /* def->nkwonly values, EV_ERR where required; NULL once kwdict is */
    ev_dict *kwdict;      /* __kwdefaults__ once asked for or set: the dict calls read (CPython's) */
    ev_dict *meta;        /* __name__, __qualname__, __module__, __doc__ once assigned, NULL before */
    ev_value *closure;  /* def->nfree cells */
    ev_value annotations; /* __annotations__: a dict, EV_NONE until asked for or annotated */
    ev_dict *dict;        /* attributes set on the function (wrapper.calls = 0), NULL if none */
} ev_func;

typedef struct ev_cell {
    ev_obj h;
    ev_value v;         /* EV_ERR while unbound */
} ev_cell;

/* ---- the interpreter ---------------------------------------------------------- */

typedef struct ev_frame {
    struct ev_frame *back;
    const ev_funcdef *def; /* NULL at module level */
    ev_value *slots;
    const ev_node *cur;    /* statement being executed, for tracebacks */
    ev_value *closure;     /* the running function's cells for free variables */
    ev_program *prog;      /* held by the run or by the running function */
} ev_frame;

struct ev_interp {
    ev_session *session;
    /* memory accounting */
    size_t mem_used, mem_max, mem_peak;
    void *mem_head;          /* the live large blocks not tracked, for teardown (mem.c) */
    void *gc_head;           /* the live blocks of tracked containers (gc.c) */
#define EV_MEM_SMALL 512
    void *mem_free[(EV_MEM_SMALL + 32) / 16 + 1]; /* recycled small blocks by size class (mem.c) */
    void *mem_chunks;        /* the chunks small blocks are carved from (mem.c) */
    /* limits */
    const char *limit;       /* non-NULL: an uncatchable limit was hit */
    struct timespec deadline;
    int32_t tick;            /* countdown to the next clock check */
    uint32_t depth, max_depth;
    uintptr_t stack_limit;   /* lowest C stack address we may reach */
    size_t out_used, out_max;
    bool out_truncated;
    ev_write_fn out;
    void *out_ctx;
    atomic_bool interrupt;
    /* exception state */
    ev_value exc;            /* pending exception object, EV_NONE if none */
    /* the exception being handled (except/finally/__exit__), borrowed from
     * the handler that holds it; a new exception takes it as __context__ */
    ev_obj *handling;
    /* while a generator or coroutine runs: the exception its resumer was
     * handling (CPython's exc_info chain below the generator's own
     * exc_state), borrowed from that resumer's handler; NULL otherwise.
     * ev_handled() is the one a new exception takes as __context__. */
    ev_obj *handling_outer;
    /* sys.stdout and sys.stderr as contextlib.redirect_stdout/stderr set
     * them (references): an object with a write method, or EV_ERR-tagged
     * for the real stream, which no Python object stands for */
    ev_value stdout_target, stderr_target;
    /* current frame */
    ev_frame *frame;
    /* module globals and the intern table */
    ev_dict *globals;
    ev_dict *builtins;
    ev_dict *interned;
    struct ev_str *dn[EV_DN__COUNT]; /* interned special names (EV_DUNDERS) */
    /* args.c: what parsing a builtin's declared parameters gives, by def,
     * for calls without keywords (a cache of constant data) */
    struct ev_argshape {
        const void *def;
        int16_t n, kwonly;
        bool varargs;
    } argshape[64];
    /* str.c: the interned strings last made from these bytes (the C names
     * modules look up on every call); interned strings live as long as
     * the session */
    struct ev_interncache {
        const char *p;
        struct ev_str *s;
    } interncache[64];
    ev_dict *modules;        /* imported modules by name */
    uint64_t modules_allowed; /* bit i: ev_module_table[i] may be imported
                               * (the default eleven, plus what the operator
                               * allowed: ev_session_allow_module) */
    size_t live_programs;    /* lowered programs not yet freed (ev_session_usage) */
    /* the last expression value in interactive mode */
    ev_value last_value;
    bool interactive;
    const char *filename;
    /* generators */
    struct ev_gen *cur_gen;  /* the generator running now, if any */
    ev_type *classes;        /* every live class, for breaking class cycles at teardown */
    uint64_t class_version;  /* bumped when a class attribute changes: per-type caches */
    /* collections.abc's classes (a reference; NULL until imported): what
     * its mixin methods name as globals (KeysView(self), isinstance(other,
     * Set)), out of the program's reach; and CPython's
     * abc_invalidation_counter, bumped by every ABCMeta.register() */
    struct ev_tuple *abc_types;
    uint64_t abc_invalidation;
    /* numbers' Number, Complex, Real, Rational, Integral (a reference; NULL
     * until numbers or fractions is imported): what fractions registers with */
    struct ev_tuple *numbers_types;
    /* (class, name) -> where the MRO finds it (NULL: nowhere), valid while
     * version == class_version: CPython's type attribute cache (class.c) */
    struct ev_tcache { ev_type *t; struct ev_str *name; uint64_t version; ev_value *where; } tcache[512];
    int64_t gc_countdown;    /* tracked containers to allocate before the next collection */
    size_t gc_mem_mark;      /* past this much session memory, collect at the next safe point */
    uint64_t gc_allocs;      /* tracked containers ever allocated (monotonic) */
    size_t gc_live;          /* tracked containers alive after the last collection */
    bool gc_running;
    /* bumped before each walk over the tracked objects: a structure that
     * several objects share (tee's buffer) marks what one of them visited,
     * so the walk visits it once */
    uint64_t gc_pass;
    uint32_t live_gens;      /* generators holding a stack */
    /* past this many, collect at the next safe point: a generator in a
     * garbage cycle keeps its stack until a collection closes it */
    uint32_t gc_gen_mark;
    bool tearing_down;       /* session teardown: suspended generators are unwound */
    /* Objects whose __del__ is due (gc.c): freed to refcount 0, they are
     * held here instead, and their finalizers run at the next safe point
     * (ev_fin_drain), never inside the ev_decref that freed them.  A stack
     * whose first fin_sorted entries are in the order they pop in. */
    struct ev_obj **fin_q;
    uint32_t fin_n, fin_cap, fin_sorted;
    uint32_t fin_floor;      /* a running __del__ drains only the entries above this */
    bool fin_off;            /* free without finalizers (teardown, a limit hit) */
    /* "Exception ignored in: ..." reports of failed finalizers, for stderr
     * at the end of the run (malloc'd, bounded) */
    char *fin_err;
    size_t fin_err_len;
    struct ev_gen_pool *gen_pool; /* generator stacks kept for reuse (objects/generator.c) */
    /* position of a SyntaxError found while lowering */
    uint32_t syntax_line, syntax_col;
    /* allocation-failure injection (EV_DEBUG builds only, mem.c): requests
     * counted from the start of each run (which reads SAFEPY_FAIL_ALLOC);
     * the fail_at-th fails, and every later one too when fail_after */
    uint64_t alloc_count, fail_at;
    bool fail_after, alloc_report;
    /* the functions, namespaces and exception classes the embedder
     * registered (host.c): host memory, kept across ev_session_reset */
    struct ev_host *host;
    bool capture_value; /* ev_session_capture_value */
    /* a host callback is running: the session refuses to be entered (a
     * callback must not call back into its session) */
    bool in_host;
};

/* A session is its interpreter first (session.c asserts it). */
static inline ev_interp *ev_session_interp(ev_session *s) { return (ev_interp *)s; }

/* The keyword argument `name` in kw, or EV_ERR-tagged (absent).  Unknown
 * keywords are reported by ev_kwargs_check. */
ev_value ev_kwarg(const ev_kw *kw, const char *name);
int ev_kwargs_check(ev_interp *I, const ev_kw *kw, const char *fname,
                    const char *const *allowed) EV_WU;

/* A def of the standard library's Python that a C function stands for: its
 * argument errors are the def's, not a builtin's ("PrettyPrinter.pformat()
 * missing 1 required positional argument: 'object'").  Positional fields
 * first, so that a signature reads {qual, {names}, nreq, nposonly, ...}. */
#define EV_DEF_MAXP 12
typedef struct ev_defsig {
    const char *qual;              /* the def's __qualname__: Mapping.get, copy */
    const char *names[EV_DEF_MAXP]; /* the parameters after self, NULL-terminated when fewer */
    int8_t nreq;                   /* how many of the positional ones have no default */
    int8_t nposonly;               /* how many come before "/" */
    bool varargs;                  /* *args: extra positionals stay in argv[n..argc) */
    bool varkw;                    /* **kwds: keywords naming no parameter past "/" are the caller's */
    int8_t kwonly;                 /* the last kwonly names come after "*" (each with a default) */
    bool func;                     /* a function: no self in the counts the messages give */
} ev_defsig;
/* Binds a call as CPython's initialize_locals (ceval.c) binds a def's:
 * out[i] = the i-th name's argument (borrowed), EV_ERR-tagged when not
 * given.  0, or -1 with the def's TypeError. */
int ev_def_bind(ev_interp *I, const ev_defsig *s, int argc, const ev_value *argv, const ev_kw *kw,
                ev_value *out) EV_WU;

/* ---- memory (mem.c) -------------------------------------------------------- */
void *ev_alloc(ev_interp *I, size_t n) EV_WU;   /* NULL: limit "memory" set */
/* A block the cycle collector may track (ev_gc_track): every container. */
void *ev_alloc_gc(ev_interp *I, size_t n) EV_WU;
void *ev_realloc(ev_interp *I, void *p, size_t n) EV_WU;
void ev_dealloc(ev_interp *I, void *p);
size_t ev_alloc_size(const void *p); /* usable bytes of an ev_alloc block */
/* Refuse an allocation of `n` more bytes up front (e.g. 'a' * 10**10):
 * the memory limit stops the run, but a size no 64-bit process can map
 * (EV_MEM_UNMAPPABLE) is CPython's MemoryError on every machine, and
 * catchable, since nothing was allocated.  ev_mem_reserve_n: count * size
 * bytes, saturated. */
#define EV_MEM_UNMAPPABLE ((uint64_t)1 << 47)
int ev_mem_reserve(ev_interp *I, size_t n) EV_WU;
int ev_mem_reserve_n(ev_interp *I, uint64_t count, uint64_t size) EV_WU;
void ev_mem_install_gmp(void);
/* SAFEPY_FAIL_ALLOC (EV_DEBUG builds; ignored otherwise): "N" fails the Nth
 * allocation request of each run, "N+" that one and all after it, "count"
 * reports the number of requests of each run on stderr.  For tests that
 * every failure path ends in a clean limit, without a crash or a leak. */
void ev_mem_injection_setup(ev_interp *I);
void ev_mem_injection_report(ev_interp *I);
/* Frees every block still alive; returns how many there were. */
size_t ev_mem_release_all(ev_interp *I);
extern _Thread_local ev_interp *ev_current;

/* ---- the cycle collector (block tags in mem.c; ev_gc_foreach, ev_gc_collect in gc.c) ---- */
/* Track a new container (list, dict, instance...) for the cycle collector. */
void ev_gc_track(ev_interp *I, ev_obj *o);
void ev_gc_track_sub(ev_interp *I, ev_obj *o); /* o moved behind an ev_subhead (ev_sub_wrap) */
void ev_gc_untrack(ev_obj *o);
void ev_gc_forget(ev_interp *I, ev_obj *o); /* off the tracked list for good */
bool ev_gc_is_tracked(const ev_obj *o);
bool ev_gc_reached(const ev_obj *o);
void ev_gc_clear_marks(ev_obj *o);
void ev_gc_set_reached(ev_obj *o);
bool ev_gc_is_cand(const ev_obj *o);  /* garbage being checked for resurrection */
void ev_gc_set_cand(ev_obj *o);
int64_t ev_gc_refs(const ev_obj *o);
void ev_gc_refs_set(ev_obj *o, int64_t r);
void ev_gc_refs_add(ev_obj *o, int64_t d);
/* cb on every tracked object; cb NULL resets the collection marks. */
void ev_gc_foreach(ev_interp *I, void (*cb)(ev_interp *, ev_obj *, void *), void *arg);
/* Frees the unreachable cycles; returns how many objects it freed.  Only at
 * safe points: statement boundaries and the end of a run. */
size_t ev_gc_collect(ev_interp *I);
static inline void ev_gc_maybe(ev_interp *I)
{
    if (__builtin_expect(I->gc_countdown <= 0, 0))
        ev_gc_collect(I);
}
/* __del__ (gc.c).  ev_obj_free calls ev_fin_defer for an object whose
 * class defines __del__: true when it was queued (resurrected, held by the
 * queue) instead of freed. */
bool ev_fin_defer(ev_interp *I, ev_obj *o);
/* A safe point (after a statement, after a call released its arguments,
 * after a collection, at the end of a run): run the queued finalizers, and
 * those they queue, in CPython's order; an exception a finalizer raises is
 * reported on stderr and dropped, as CPython's "Exception ignored in".
 * Leaves I->exc as it was; -1 only when a limit was hit (it propagates). */
int ev_fin_drain_slow(ev_interp *I) EV_WU;
static inline int ev_fin_drain(ev_interp *I)
{
    return __builtin_expect(I->fin_n > I->fin_floor, 0) ? ev_fin_drain_slow(I) : 0;
}
/* Run o's __del__ now if it has one not yet run (o held by the caller):
 * the collector's finalizers and interpreter exit.  -1 on a limit. */
int ev_fin_run(ev_interp *I, ev_obj *o) EV_WU;
/* Free the queued objects without running their finalizers (teardown). */
void ev_fin_discard(ev_interp *I);
/* The traceback and last line CPython prints for exception exc (traceback.c),
 * malloc'd, or NULL. */
char *ev_render_exception(ev_interp *I, ev_value exc);
/* The same for a run's uncaught exception: the source lines of its
 * traceback come from src, its file is named filename, and res, when not
 * NULL, gets the text's length and the line it names (error_len, error_line). */
char *ev_render_traceback(ev_interp *I, ev_value exc, const char *src, size_t len, const char *filename,
                          ev_result *res);

/* ---- errors (objects/exception.c, exception_unicode.c; arithmetic ones in num.c) ---- */
ev_value ev_raise(ev_interp *I, ev_type *t, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
ev_value ev_raise_value(ev_interp *I, ev_value exc_steal);
/* the exception being handled: the running frames' own, else the one the
 * resumer of the running generator handles (sys.exc_info()) */
static inline ev_obj *ev_handled(const ev_interp *I) { return I->handling ? I->handling : I->handling_outer; }
ev_value ev_raise_limit(ev_interp *I, const char *which);
ev_value ev_raise_nomem(ev_interp *I);
ev_value ev_raise_key_error(ev_interp *I, ev_value key); /* KeyError(key) */
ev_value ev_raise_memory_error(ev_interp *I);             /* MemoryError() */
int ev_check_limits_slow(ev_interp *I) EV_WU;
/* CPython's Py_EnterRecursiveCall: C code that recurses through values
 * (repr, comparison, hashing, ChainMap lookups, deep data in native
 * helpers) counts against the same depth limit as Python calls and the C
 * stack guard, and raises RecursionError("maximum recursion depth
 * exceeded" + where) as CPython does.  Every successful enter is paired
 * with one leave, error paths included. */
int ev_recursion_enter(ev_interp *I, const char *where) EV_WU;
static inline void ev_recursion_leave(ev_interp *I) { I->depth--; }
/* Work the clock cannot interrupt (a GMP operation): refused beforehand,
 * with the time limit, when its estimated cost exceeds the time left
 * (num.c; the estimates are pessimistic measurements of GMP). */
int ev_time_afford(ev_interp *I, double seconds) EV_WU;
double ev_big_mul_seconds(double limbs);
double ev_big_prod_seconds(double a, double b);
double ev_big_div_seconds(double n, double m);
int ev_big_pow(ev_interp *I, mpz_t r, const mpz_t x, uint64_t e) EV_WU;
int ev_big_powm(ev_interp *I, mpz_t r, const mpz_t b, const mpz_t e, const mpz_t m) EV_WU;
static inline int ev_tick(ev_interp *I)
{
    if (__builtin_expect(--I->tick <= 0, 0))
        return ev_check_limits_slow(I);
    return 0;
}
/* Charge `cost` units of work done inside one operation. */
static inline int ev_charge(ev_interp *I, int64_t cost)
{
    if (cost > INT32_MAX / 2)
        cost = INT32_MAX / 2;
    I->tick -= (int32_t)cost;
    if (I->tick <= 0)
        return ev_check_limits_slow(I);
    return 0;
}

/* Builtin exception types. */
extern ev_type ev_type_BaseException, ev_type_Exception, ev_type_ArithmeticError,
    ev_type_ZeroDivisionError, ev_type_OverflowError, ev_type_LookupError, ev_type_IndexError,
    ev_type_KeyError, ev_type_ValueError, ev_type_TypeError, ev_type_NameError,
    ev_type_UnboundLocalError, ev_type_RuntimeError, ev_type_RecursionError,
    ev_type_NotImplementedError, ev_type_AttributeError, ev_type_StopIteration,
    ev_type_AssertionError, ev_type_ImportError, ev_type_ModuleNotFoundError,
    ev_type_MemoryError, ev_type_UnicodeError, ev_type_SyntaxError, ev_type_GeneratorExit,
    ev_type_FloatingPointError,
    ev_type_BufferError,
    ev_type_EOFError,
    ev_type_OSError,
    ev_type_BlockingIOError,
    ev_type_ChildProcessError,
    ev_type_ConnectionError,
    ev_type_BrokenPipeError,
    ev_type_ConnectionAbortedError,
    ev_type_ConnectionRefusedError,
    ev_type_ConnectionResetError,
    ev_type_FileExistsError,
    ev_type_FileNotFoundError,
    ev_type_InterruptedError,
    ev_type_IsADirectoryError,
    ev_type_NotADirectoryError,
    ev_type_PermissionError,
    ev_type_ProcessLookupError,
    ev_type_TimeoutError,
    ev_type_ReferenceError,
    ev_type_StopAsyncIteration,
    ev_type_IndentationError,
    ev_type_TabError,
    ev_type_SystemError,
    ev_type_UnicodeDecodeError,
    ev_type_UnicodeEncodeError,
    ev_type_UnicodeTranslateError,
    ev_type_Warning,
    ev_type_BytesWarning,
    ev_type_DeprecationWarning,
    ev_type_EncodingWarning,
    ev_type_FutureWarning,
    ev_type_ImportWarning,
    ev_type_PendingDeprecationWarning,
    ev_type_ResourceWarning,
    ev_type_RuntimeWarning,
    ev_type_SyntaxWarning,
    ev_type_UnicodeWarning,
    ev_type_UserWarning,
    ev_type_KeyboardInterrupt,
    ev_type_SystemExit;
/* Builtin value types. */
extern ev_type ev_type_int, ev_type_float, ev_type_bool, ev_type_str, ev_type_list,
    ev_type_tuple, ev_type_dict, ev_type_range, ev_type_NoneType, ev_type_function, ev_type_generator,
    ev_type_builtin_function, ev_type_type, ev_type_iterator, ev_type_view, ev_type_module,
    ev_type_method_descriptor, ev_type_wrapper_descriptor, ev_type_method_wrapper;
extern ev_type *const ev_exception_types[];

ev_type *ev_type_of_slow(ev_value v);
/* The type of v; an instance of a user class answers without a call (the
 * attribute and special-method paths ask this on every access). */
static inline ev_type *ev_type_of(ev_value v)
{
    if (v.tag == EV_T_OBJ && v.u.o->kind == EV_O_INSTANCE)
        return ((ev_instance *)v.u.o)->type;
    return ev_type_of_slow(v);
}
static inline bool ev_is_user(ev_value v)
{
    if (v.tag != EV_T_OBJ)
        return false;
    if (v.u.o->kind == EV_O_INSTANCE || (v.u.o->flags & EV_OBJ_SUB))
        return true;
    if (v.u.o->kind == EV_O_TYPE) /* a class whose metaclass is a user class */
        return ((const struct ev_type *)v.u.o)->meta != NULL;
    return v.u.o->kind == EV_O_EXC && (((ev_exc *)v.u.o)->type->tflags & EV_TYPE_HEAP);
}
bool ev_type_is_subclass(const ev_type *t, const ev_type *base);
ev_value ev_exc_new(ev_interp *I, ev_type *t, ev_value args_steal) EV_WU;
/* t(*argv) for an exception type: the args tuple (and OSError's filename). */
ev_value ev_exc_make(ev_interp *I, ev_type *t, int argc, const ev_value *argv) EV_WU;
/* str(exc), repr(exc) without the class's overrides */
ev_value ev_exc_str(ev_interp *I, ev_exc *e) EV_WU;
/* UnicodeEncodeError, UnicodeDecodeError, UnicodeTranslateError
 * (objects/exception_unicode.c): made from CPython's arguments, raised by a
 * codec, and their str from the attributes (*handled false: not one) */
bool ev_unicode_error_type(const ev_type *t);
ev_value ev_unicode_error_make(ev_interp *I, ev_type *t, int argc, const ev_value *argv) EV_WU;
ev_value ev_unicode_error_raise(ev_interp *I, ev_type *t, const char *codec, ev_value obj, size_t start, size_t end,
                                const char *reason);
ev_value ev_unicode_error_str(ev_interp *I, ev_exc *e, bool *handled) EV_WU;
ev_value ev_exc_repr(ev_interp *I, ev_exc *e) EV_WU;
/* object.__repr__: <module.Name object at 0x...> */
ev_value ev_object_repr(ev_interp *I, ev_value v) EV_WU;
/* id(v) (builtins.c): what copy's memo keys on */
int64_t ev_object_id(ev_value v);

/* ---- generic object protocol (object.c, items.c, attr.c) ---------------------------- */
ev_value ev_repr(ev_interp *I, ev_value v) EV_WU;  /* -> str */
ev_value ev_to_str(ev_interp *I, ev_value v) EV_WU; /* str(v) */
int ev_truth(ev_interp *I, ev_value v) EV_WU;       /* 0/1, -1 error */
/* isinstance(v, cls) with a metaclass's __instancecheck__ (builtins.c): 0/1, -1 error */
int ev_isinstance(ev_interp *I, ev_value v, ev_value cls) EV_WU;
/* issubclass(t, cls), the same way: 0/1, -1 error */
int ev_issubclass(ev_interp *I, ev_type *t, ev_value cls) EV_WU;
int ev_hash(ev_interp *I, ev_value v, int64_t *out) EV_WU;
int ev_eq(ev_interp *I, ev_value a, ev_value b) EV_WU; /* 0/1, -1 error */
/* op: 0 <, 1 <=, 2 ==, 3 !=, 4 >, 5 >= ; result 0/1 or -1 */
int ev_compare(ev_interp *I, ev_value a, ev_value b, int op) EV_WU;
int ev_compare_builtin(ev_interp *I, ev_value a, ev_value b, int op) EV_WU; /* no user dispatch */
const char *ev_type_name(ev_value v);
ev_value ev_getattr(ev_interp *I, ev_value obj, ev_str *name) EV_WU;
/* int.__new__, str.__new__, tuple.__new__... reached on the builtin type
 * (objects/class.c): 1 with *out bound to t, 0 when t's instances cannot
 * be made for a subclass this way, -1 raised */
int ev_builtin_type_new(ev_interp *I, ev_type *t, ev_value *out) EV_WU;
/* r from an alternate constructor called on cls: cls(r) when cls is a
 * subclass (consumes r) */
ev_value ev_alt_ctor_result(ev_interp *I, ev_value cls, ev_value r) EV_WU;
/* The policy entry of an escape-chain attribute name, or NULL; and the
 * check that raises its refusal (0 allowed, -1 raised). */
const ev_policy_attr *ev_policy_attr_find(const ev_str *name);
int ev_policy_check_attr(ev_interp *I, const ev_str *name) EV_WU;
int ev_setattr(ev_interp *I, ev_value obj, ev_str *name, ev_value v) EV_WU; /* v EV_ERR: del */
ev_value ev_call(ev_interp *I, ev_value callee, int argc, const ev_value *argv,
                 int nkw, ev_str *const *kwnames, const ev_value *kwvals) EV_WU;
ev_value ev_getitem(ev_interp *I, ev_value obj, ev_value key) EV_WU;
int ev_setitem(ev_interp *I, ev_value obj, ev_value key, ev_value val) EV_WU;
int ev_delitem(ev_interp *I, ev_value obj, ev_value key) EV_WU;
int ev_raise_no_delitem(ev_interp *I, ev_value obj, ev_value key); /* always -1 */
ev_value ev_iter(ev_interp *I, ev_value v) EV_WU;
/* iter(v), a TypeError of iter() itself reworded as msg (CPython's
 * PySequence_Fast: "can only join an iterable"). */
ev_value ev_iter_msg(ev_interp *I, ev_value v, const char *msg) EV_WU;
/* Next item: returns 1 and *out, 0 when exhausted, -1 on error. */
int ev_next(ev_interp *I, ev_value it, ev_value *out) EV_WU;
int ev_next_raw(ev_interp *I, ev_value it, ev_value *out) EV_WU; /* a StopIteration stays pending */
int ev_iter_builtin_next(ev_interp *I, ev_value it, ev_value *out) EV_WU; /* an EV_O_ITER's own step */
/* an EV_O_ITER's __length_hint__ (iter.c): 1 with *out, 0 it has none, -1 not modelled */
int ev_iter_length_hint(ev_value it, int64_t *out);
int ev_contains(ev_interp *I, ev_value container, ev_value item) EV_WU;
ev_value ev_len_value(ev_interp *I, ev_value v) EV_WU;
int ev_len(ev_interp *I, ev_value v, int64_t *out) EV_WU;
/* PyObject_LengthHint(obj, dflt) (items.c): len(obj) (its TypeError
 * ignored), else obj's __length_hint__() (TypeError or NotImplemented:
 * dflt), else dflt; 0 and *out >= 0, or -1.  May run Python code. */
int ev_length_hint(ev_interp *I, ev_value obj, int64_t dflt, int64_t *out) EV_WU;
/* How many items of itemsize bytes to pre-allocate for a hint: a hint no
 * process could map is CPython's MemoryError (-1), else at most cap. */
int ev_hint_presize(ev_interp *I, int64_t hint, size_t itemsize, size_t cap, size_t *out) EV_WU;
#define EV_HINT_CAP ((size_t)1 << 16)
/* Index protocol: int, bool or __index__ to int64.  The TypeError names
 * `what` ("list indices must be integers or slices"), or with what NULL says
 * "X object cannot be interpreted as an integer". */
int ev_index(ev_interp *I, ev_value v, int64_t *out, const char *what) EV_WU;
/* A Py_ssize_t argument (argument clinic's): ev_index, but past 64 bits an
 * OverflowError "Python int too large to convert to C ssize_t" */
int ev_ssize_arg(ev_interp *I, ev_value v, int64_t *out) EV_WU;
/* A slice bound or a start/stop argument (list.index, str.find) as CPython's
 * _PyEval_SliceIndex: an int past 64 bits is clamped (halfway, so adding a
 * length cannot overflow); the TypeError mentions None when none_ok (the
 * caller takes None itself). */
int ev_slice_index(ev_interp *I, ev_value v, bool none_ok, int64_t *out) EV_WU;
/* A user object's __index__: 1 and the int, 0 when it has none, -1 on error. */
int ev_index_try(ev_interp *I, ev_value v, ev_value *out) EV_WU;
/* splitlines' keepends (str and bytes): an int by __index__ in the C int
 * range, CPython's bool(accept={int}) converter; *keep is its truth. */
int ev_keepends_arg(ev_interp *I, ev_value v, bool *keep) EV_WU;

/* ---- numbers (num.c, objects/int.c, objects/float.c) --------------------------------- */
typedef enum ev_binop {
    EV_OP_ADD, EV_OP_SUB, EV_OP_MUL, EV_OP_TRUEDIV, EV_OP_FLOORDIV, EV_OP_MOD, EV_OP_POW,
    EV_OP_LSHIFT, EV_OP_RSHIFT, EV_OP_AND, EV_OP_OR, EV_OP_XOR, EV_OP_MATMUL, EV_OP__COUNT
} ev_binop;
extern const char *const ev_binop_symbol[];
ev_value ev_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b) EV_WU;
ev_value ev_inplace(ev_interp *I, ev_binop op, ev_value a, ev_value b) EV_WU;
/* The builtin operation alone, no user-class dispatch (int.__add__, super().__add__). */
ev_value ev_binary_builtin(ev_interp *I, ev_binop op, ev_value a, ev_value b) EV_WU;
ev_value ev_negate(ev_interp *I, ev_value a) EV_WU;
ev_value ev_positive(ev_interp *I, ev_value a) EV_WU;
ev_value ev_invert(ev_interp *I, ev_value a) EV_WU;
ev_value ev_int_from_mpz(ev_interp *I, const mpz_t z) EV_WU; /* normalises to small */
/* An instance of a user subclass of int: a boxed EV_O_INT behind a subclass
 * header, whatever its size. */
static inline bool ev_is_subint(ev_value v)
{
    return v.tag == EV_T_OBJ && v.u.o->kind == EV_O_INT && (v.u.o->flags & EV_OBJ_SUB);
}
ev_value ev_int_box(ev_interp *I, ev_value v) EV_WU;
ev_value ev_int_unbox(ev_interp *I, ev_value v) EV_WU; /* plain int of a subint; else a dup */
/* An instance of a user subclass of float: a boxed float (EV_O_FLOAT)
 * behind a subclass header.  Floats are otherwise inline values, so the
 * builtin operations take the plain value (ev_float_unbox, no allocation). */
typedef struct ev_floatobj {
    ev_obj h;
    double f;
} ev_floatobj;
static inline bool ev_is_subfloat(ev_value v) { return v.tag == EV_T_OBJ && v.u.o->kind == EV_O_FLOAT; }
/* the plain float of a subfloat, its bits kept (a NaN stays the same NaN) */
static inline ev_value ev_float_unbox(ev_value v)
{
    return (ev_value){.tag = EV_T_FLOAT, .u.f = ((const ev_floatobj *)v.u.o)->f};
}
/* float or a float subclass instance */
static inline bool ev_is_floatish(ev_value v) { return v.tag == EV_T_FLOAT || ev_is_subfloat(v); }
ev_value ev_float_box(ev_interp *I, ev_value v) EV_WU; /* v: EV_T_FLOAT */
/* objects/num_methods.c: int and float methods beyond arithmetic */
ev_value ev_int_m_self(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_int_m_zero(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_int_m_one(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_int_m_as_integer_ratio(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_int_m_to_bytes(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_int_m_from_bytes(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_float_m_real(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_float_m_imag(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_float_m_hex(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_float_m_fromhex(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
void ev_int_to_mpz(ev_value v, mpz_t out);                   /* out initialised by caller */
/* int or bool (inline: the operator dispatch asks it for every operand) */
static inline bool ev_is_int(ev_value v)
{
    return v.tag == EV_T_INT || v.tag == EV_T_BOOL || (v.tag == EV_T_OBJ && v.u.o->kind == EV_O_INT);
}
int ev_int_value_to_double(ev_interp *I, ev_value v, double *out) EV_WU;
int ev_num_to_double(ev_interp *I, ev_value v, double *out) EV_WU; /* int/float/bool */
int64_t ev_hash_int(ev_value v);
int64_t ev_hash_double(double d);
int ev_num_compare(ev_interp *I, ev_value a, ev_value b, int *cmp) EV_WU; /* 2: unordered */
ev_value ev_int_repr(ev_interp *I, ev_value v) EV_WU;
ev_value ev_float_repr_value(ev_interp *I, double d) EV_WU;
/* objects/int.c and objects/float.c: the arithmetic of two ints (plain,
 * bools already converted) and of two doubles, for num.c's dispatch; the
 * ZeroDivisionError of op */
ev_value ev_int_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b) EV_WU;
ev_value ev_float_binary(ev_interp *I, ev_binop op, double x, double y) EV_WU;
ev_value ev_num_zero_div(ev_interp *I, ev_binop op) EV_WU;
ev_value ev_float_pow(ev_interp *I, double x, double y) EV_WU;
ev_value ev_float_round(ev_interp *I, double x, bool has_nd, int64_t nd) EV_WU;

/* ---- strings (objects/str.c, str_format.c, str_hash.c) --------------------------------- */
ev_value ev_str_new(ev_interp *I, const char *s, size_t len) EV_WU; /* validates nothing */
/* s unchanged as a method's result: s itself, or a plain str copy of a str
 * subclass instance (CPython's unicode_result_unchanged) */
ev_value ev_str_unchanged(ev_interp *I, ev_value s) EV_WU;
ev_value ev_str_from_cstr(ev_interp *I, const char *s) EV_WU;
ev_value ev_str_concat(ev_interp *I, ev_str *a, ev_str *b) EV_WU;
/* s += b where *slot holds the only reference to s: appends in place
 * (amortised growth) like CPython.  1 done, 0 not applicable, -1 error. */
int ev_str_append_inplace(ev_interp *I, ev_value *slot, ev_value b) EV_WU;
ev_str *ev_intern(ev_interp *I, const char *s, size_t len); /* borrowed; NULL on failure */
/* CPython's _Py_HashBytes under PYTHONHASHSEED=0 (SipHash-1-3, zero key). */
int64_t ev_hash_bytes(const void *data, size_t len);
int64_t ev_str_hash(ev_str *s);
bool ev_str_eq(const ev_str *a, const ev_str *b);
int ev_str_cmp(const ev_str *a, const ev_str *b);
ev_value ev_str_repr(ev_interp *I, ev_str *s) EV_WU;
ev_value ev_str_getitem(ev_interp *I, ev_str *s, ev_value key) EV_WU;
ev_value ev_str_repeat(ev_interp *I, ev_str *s, int64_t n) EV_WU;
int ev_str_contains(ev_interp *I, ev_str *hay, ev_value needle) EV_WU;
ev_value ev_str_char_at(ev_interp *I, ev_str *s, size_t *bytepos) EV_WU; /* iteration */
ev_value ev_str_format_spec(ev_interp *I, ev_value v, ev_str *spec) EV_WU; /* format(v, spec) */
extern const ev_builtin_def ev_str_methods[];
ev_value ev_str_format_method(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
ev_value ev_str_format_map_method(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
ev_value ev_str_percent(ev_interp *I, ev_str *fmt, ev_value args) EV_WU; /* fmt % args */
ev_value ev_str_ascii_of(ev_interp *I, ev_value v) EV_WU; /* ascii(v) */
static inline ev_str *ev_as_str(ev_value v) { return (ev_str *)v.u.o; }

/* A growable byte buffer in session memory. */
typedef struct ev_buf {
    char *data;
    size_t len, cap;
} ev_buf;
int ev_buf_put(ev_interp *I, ev_buf *b, const char *s, size_t n) EV_WU;
int ev_buf_puts(ev_interp *I, ev_buf *b, const char *s) EV_WU;
int ev_buf_printf(ev_interp *I, ev_buf *b, const char *fmt, ...) EV_WU __attribute__((format(printf, 3, 4)));
int ev_buf_repr(ev_interp *I, ev_buf *b, ev_value v) EV_WU; /* append repr(v) */
int ev_buf_repr_builtin(ev_interp *I, ev_buf *b, ev_value v) EV_WU; /* its builtin type's repr */
/* for repr_buf hooks (ev_obj.h): appends the str s and releases it; -1
 * when s is EV_ERR (raised) */
int ev_buf_put_strval(ev_interp *I, ev_buf *b, ev_value s) EV_WU;
/* a sequence's items' reprs between open and close, ", " between them;
 * tuple1: the one-item tuple's trailing comma (object.c) */
int ev_buf_repr_seq(ev_interp *I, ev_buf *b, ev_value seq, const char *open, const char *close, bool tuple1) EV_WU;
/* hash hooks (ev_obj.h, object.c): by identity, the address rotated as
 * CPython's _Py_HashPointer; and the TypeError of an unhashable kind */
int ev_hash_identity(ev_interp *I, ev_value v, int64_t *out);
int ev_hash_unhashable(ev_interp *I, ev_value v, int64_t *out);
ev_value ev_buf_to_str(ev_interp *I, ev_buf *b) EV_WU;      /* frees the buffer */
void ev_buf_free(ev_interp *I, ev_buf *b);

/* ---- containers (objects/list.c, tuple.c, dict.c; slicing in items.c) ----------------------------------------------------- */
ev_value ev_list_new(ev_interp *I, size_t cap) EV_WU;
int ev_list_append(ev_interp *I, ev_list *l, ev_value v) EV_WU; /* increfs v */
/* d[k] = src[k] for k in src.keys() (objects/dict.c): 1 merged, 0 src has no
 * keys(), -1 error; with dup_stop, -2 at a key already in d (*dup, new ref) */
int ev_dict_merge_mapping(ev_interp *I, ev_dict *d, ev_value src, bool dup_stop, ev_value *dup) EV_WU;
int ev_list_extend(ev_interp *I, ev_list *l, ev_value src) EV_WU; /* l += src */
ev_value ev_list_from_iterable(ev_interp *I, ev_value it) EV_WU;
/* PySequence_List / PySequence_Tuple: as list(src) / tuple(src), src's
 * length hint asked (ev_list_from_iterable and ev_tuple_from_iterable do
 * not: CPython's internal iterations that never ask it) */
ev_value ev_sequence_list(ev_interp *I, ev_value src) EV_WU;
ev_value ev_sequence_tuple(ev_interp *I, ev_value src) EV_WU;
/* x.__init__ or T.__init__ where the builtin base is a mutable container
 * (list, set, dict and its kin, deque): its own __init__ as CPython's slot
 * wrapper, bound to x or unbound on T (objects/class.c).  1 found, 0 not
 * such a type, -1 error. */
int ev_container_init_attr(ev_interp *I, ev_value obj, ev_value *out) EV_WU;
/* list.__init__ again: emptied, then extended by src (EV_ERR: none) */
int ev_list_reinit(ev_interp *I, ev_list *l, ev_value src) EV_WU;
ev_value ev_tuple_new(ev_interp *I, size_t len) EV_WU; /* items EV_NONE */
/* the tuple kind's hooks, which the slice kind shares (objects/tuple.c) */
void ev_tuple_free(ev_interp *I, ev_obj *o);
void ev_tuple_traverse(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg);
void ev_tuple_clear(ev_interp *I, ev_obj *o);
ev_value ev_tuple_from_iterable(ev_interp *I, ev_value it) EV_WU;
ev_value ev_dict_new(ev_interp *I) EV_WU;
/* get: 1 found (*out new ref), 0 missing, -1 error */
int ev_dict_get(ev_interp *I, ev_dict *d, ev_value key, ev_value *out) EV_WU;
int ev_dict_get_hashed(ev_interp *I, ev_dict *d, ev_value key, int64_t hash, ev_value *out) EV_WU;
int ev_dict_items_contains(ev_interp *I, ev_dict *d, ev_value item) EV_WU; /* (k, v) in d.items() */
int ev_dict_merge(ev_interp *I, ev_dict *d, ev_dict *src) EV_WU; /* d.update(src), CPython's dict_merge */
ev_value ev_view_to_set(ev_interp *I, ev_value v) EV_WU;             /* dictviews_to_set */
ev_value ev_dict_items_xor(ev_interp *I, ev_value a, ev_value b) EV_WU; /* two items views */
int ev_dict_set(ev_interp *I, ev_dict *d, ev_value key, ev_value val) EV_WU;
int ev_dict_del(ev_interp *I, ev_dict *d, ev_value key) EV_WU; /* 0 ok, 1 missing, -1 error */
/* Fast path for interned-string keys (globals): borrowed result or NULL. */
ev_value *ev_dict_lookup_str(ev_dict *d, ev_str *key);
int ev_dict_presize(ev_interp *I, ev_dict *d, size_t n) EV_WU; /* empty dict: room for n keys */
int ev_dict_set_str(ev_interp *I, ev_dict *d, ev_str *key, ev_value val) EV_WU;
void ev_dict_clear(ev_interp *I, ev_dict *d);
ev_value ev_range_new(ev_interp *I, int64_t start, int64_t stop, int64_t step) EV_WU;
ev_value ev_iter_new(ev_interp *I, ev_iter_kind k, ev_value src) EV_WU;
ev_value ev_seq_getitem(ev_interp *I, ev_value seq, ev_value key) EV_WU; /* list/tuple/range */
int ev_list_setitem(ev_interp *I, ev_list *l, ev_value key, ev_value val) EV_WU;
int ev_list_delitem(ev_interp *I, ev_list *l, ev_value key) EV_WU;
ev_value ev_seq_concat(ev_interp *I, ev_value a, ev_value b) EV_WU;
ev_value ev_seq_repeat(ev_interp *I, ev_value seq, int64_t n) EV_WU;
int ev_seq_compare(ev_interp *I, ev_value a, ev_value b, int op) EV_WU;
int ev_sort_values(ev_interp *I, ev_value *items, size_t n, ev_value key, bool reverse) EV_WU;
/* list.sort()'s and sorted()'s reverse= (EV_ERR: not given) as CPython's C int
 * argument: 0 with *reverse set, or -1 with TypeError/OverflowError. */
int ev_sort_reverse_arg(ev_interp *I, ev_value rev, int *reverse) EV_WU;
/* list storage for at least need items (objects/list.c); the count of
 * items equal to v in a list or tuple, as a Python int (list.count,
 * tuple.count) */
int ev_list_reserve(ev_interp *I, ev_list *l, size_t need) EV_WU;
ev_value ev_seq_count(ev_interp *I, ev_value seq, ev_value v) EV_WU;
/* Slice bounds as CPython's PySlice_Unpack (calls __index__) and
 * PySlice_AdjustIndices (pure); ev_slice_indices is both, for a length that
 * __index__ cannot change. */
int ev_slice_unpack(ev_interp *I, ev_value lo, ev_value hi, ev_value step, int64_t *start, int64_t *stop,
                    int64_t *stepp) EV_WU;
int64_t ev_slice_adjust(int64_t len, int64_t *start, int64_t *stop, int64_t step);
int ev_slice_indices(ev_interp *I, ev_value lo, ev_value hi, ev_value step, int64_t len,
                     int64_t *start, int64_t *stop, int64_t *stepp, int64_t *count) EV_WU;
extern const ev_builtin_def ev_list_methods[], ev_dict_methods[], ev_tuple_methods[],
    ev_dict_type_methods[], ev_int_methods[], ev_float_methods[], ev_int_type_methods[], ev_str_type_methods[],
    ev_float_type_methods[];
static inline ev_list *ev_as_list(ev_value v) { return (ev_list *)v.u.o; }

/* The guard against a stale length (docs/reentrancy.md, "The guards"): under
 * AddressSanitizer a list's spare capacity items[len, cap) is poisoned as a
 * contiguous container, so a C loop that reads or writes past the length
 * after Python code shrank the list is reported at once, even where the
 * storage is still allocated.  The shadow follows len exactly: every change
 * of a list's length goes through ev_list_set_len (before the new slots are
 * written when it grows, after the old ones are read when it shrinks), and
 * every new or reallocated item array through ev_list_annotate_storage.
 * Elsewhere both are plain stores. */
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#define EV_ANNOTATE_CONTAINER(beg, end, old_mid, new_mid) \
    __sanitizer_annotate_contiguous_container((beg), (end), (old_mid), (new_mid))
#else
#define EV_ANNOTATE_CONTAINER(beg, end, old_mid, new_mid) ((void)0)
#endif
static inline void ev_list_set_len(ev_list *l, size_t n)
{
    if (l->items)
        EV_ANNOTATE_CONTAINER(l->items, l->items + l->cap, l->items + l->len, l->items + n);
    l->len = n;
}
/* from_len: what the shadow of l->items shows now (l->cap for an array just
 * allocated, all addressable; l->len to make it all addressable again, to
 * hand the array to code that does not know the annotation) */
static inline void ev_list_annotate_storage(ev_list *l, size_t from_len, size_t to_len)
{
    if (l->items)
        EV_ANNOTATE_CONTAINER(l->items, l->items + l->cap, l->items + from_len, l->items + to_len);
    (void)from_len; (void)to_len;
}
static inline ev_tuple *ev_as_tuple(ev_value v) { return (ev_tuple *)v.u.o; }
static inline ev_dict *ev_as_dict(ev_value v) { return (ev_dict *)v.u.o; }

/* ---- set and frozenset (objects/set.c) ------------------------------------------------------- */
/* CPython's setobject.c table: empty slot = key EV_ERR + hash 0, dummy =
 * key EV_ERR + hash -1. */
typedef struct ev_set_entry {
    int64_t hash;
    ev_value key;
} ev_set_entry;

typedef struct ev_set {
    ev_obj h;         /* kind EV_O_SET or EV_O_FROZENSET */
    size_t fill;      /* active + dummy slots */
    size_t used;      /* active slots */
    size_t mask;      /* table size - 1 (power of two, >= 7) */
    size_t finger;    /* where pop() resumes its scan */
    int64_t hash;     /* frozenset hash, -1 not computed */
    ev_set_entry *table;
} ev_set;

extern ev_type ev_type_set, ev_type_frozenset;
extern const ev_builtin_def ev_set_methods[], ev_frozenset_methods[];
ev_value ev_set_new(ev_interp *I, bool frozen) EV_WU;
int ev_set_add(ev_interp *I, ev_set *s, ev_value key) EV_WU;
int ev_set_reinit(ev_interp *I, ev_set *s, ev_value src) EV_WU; /* set.__init__ again */
int ev_set_contains(ev_interp *I, ev_set *s, ev_value key) EV_WU; /* a set key: as frozenset */
int ev_set_hash(ev_interp *I, ev_set *s, int64_t *out) EV_WU;     /* frozenset's algorithm */
int ev_set_compare(ev_interp *I, ev_value a, ev_value b, int op) EV_WU; /* both sets */
ev_value ev_set_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b) EV_WU; /* | & - ^ */
ev_value ev_set_inplace(ev_interp *I, ev_binop op, ev_value a, ev_value b) EV_WU; /* a a set */
int ev_set_repr(ev_interp *I, ev_buf *b, ev_value v) EV_WU;
int ev_set_iter_next(ev_interp *I, ev_iterobj *it, ev_value *out) EV_WU;
void ev_set_free(ev_interp *I, ev_set *s);
ev_value ev_set_display(ev_interp *I, const ev_node *n, const ev_value *items, size_t count) EV_WU;
static inline bool ev_is_anyset(ev_value v) { return ev_is(v, EV_O_SET) || ev_is(v, EV_O_FROZENSET); }

/* Slices are laid out as 3-tuples (ev_as_tuple reads them) but are their own
 * kind, so no tuple path takes one for a tuple (objects/slice.c). */
extern ev_type ev_type_slice;
static inline bool ev_is_slice(ev_value v) { return v.tag == EV_T_OBJ && v.u.o->kind == EV_O_SLICE; }
ev_value ev_slice_new(ev_interp *I, ev_value start, ev_value stop, ev_value step) EV_WU;
ev_value ev_slice_repr(ev_interp *I, ev_value v) EV_WU;

/* A class's __dict__ (objects/mappingproxy.c): a read-only view of its
 * namespace dict, which it references. */
/* exception groups (objects/exception_group.c) */
extern ev_type ev_type_BaseExceptionGroup, ev_type_ExceptionGroup;
bool ev_is_exception_group(ev_value v);
ev_value ev_exception_group_new(ev_interp *I, ev_type *cls, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
ev_value ev_exception_group_str(ev_interp *I, ev_exc *e) EV_WU;
int ev_exception_group_getattr(ev_interp *I, ev_value v, ev_str *name, ev_value *out) EV_WU;
/* traceback objects (objects/traceback.c) */
extern ev_type ev_type_traceback;
bool ev_is_traceback(ev_value v);
ev_value ev_traceback_new(ev_interp *I, ev_value exc) EV_WU;
ev_value ev_traceback_getattr(ev_interp *I, ev_value tb, ev_str *name) EV_WU;
int ev_exc_set_traceback(ev_interp *I, ev_exc *e, ev_value tb) EV_WU;
extern ev_type ev_type_mappingproxy;
ev_value ev_mappingproxy_new(ev_interp *I, ev_dict *d) EV_WU;
bool ev_is_mappingproxy(ev_value v);
ev_value ev_mappingproxy_target(ev_value v); /* the dict, borrowed; v itself when not a proxy */
ev_value ev_mappingproxy_repr(ev_interp *I, ev_value v) EV_WU;
ev_value ev_mappingproxy_getattr(ev_interp *I, ev_value v, ev_str *name) EV_WU;
int ev_slice_getattr(ev_interp *I, ev_value v, ev_str *name, ev_value *out) EV_WU;
typedef struct ev_slice {
    ev_value lo, hi, step;
} ev_slice;

/* ---- ranges beyond 64 bits (objects/bigrange.c) ---------------------------------------- */
ev_value ev_bigrange_new(ev_interp *I, ev_value start, ev_value stop, ev_value step) EV_WU;
void ev_bigrange_free(ev_interp *I, ev_obj *o);
int ev_bigrange_len(ev_interp *I, ev_value v, int64_t *out) EV_WU;
ev_value ev_bigrange_field(ev_interp *I, ev_value v, int which) EV_WU; /* start, stop, step, len */
bool ev_bigrange_truth(ev_value v);
extern const ev_builtin_def ev_range_methods[]; /* objects/range.c */
int ev_range_hash(ev_interp *I, ev_value v, int64_t *out) EV_WU;
ev_value ev_bigrange_item(ev_interp *I, ev_value v, int64_t i) EV_WU;
ev_value ev_bigrange_getitem(ev_interp *I, ev_value v, ev_value key) EV_WU;
int ev_bigrange_contains(ev_interp *I, ev_value v, ev_value x); /* -2: not an int */
ev_value ev_bigrange_repr(ev_interp *I, ev_value v) EV_WU;
int ev_bigrange_next(ev_interp *I, ev_value v, int64_t *pos, ev_value *out) EV_WU;
ev_value ev_bigrange_reversed(ev_interp *I, ev_value v) EV_WU;

/* ---- complex (objects/complex.c) ------------------------------------------------------ */
typedef struct ev_complex {
    ev_obj h;
    double re, im;
} ev_complex;
extern ev_type ev_type_complex;
ev_value ev_complex_new(ev_interp *I, double re, double im) EV_WU;
ev_value ev_complex_repr(ev_interp *I, ev_value v) EV_WU;
int64_t ev_complex_hash(ev_value v);
/* a op b when either is complex and the other an int, float or complex:
 * 1 with *out (EV_ERR on error), 0 when complex does not support it */
int ev_complex_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b, ev_value *out) EV_WU;
/* op '-', '+' or 'a' (abs) of a complex: 1 with *out, 0 when v is no complex */
int ev_complex_unary(ev_interp *I, ev_value v, char op, ev_value *out) EV_WU;
/* a == b, one a complex: 1/0, -1 error, -2 when the other is no number */
int ev_complex_eq(ev_interp *I, ev_value a, ev_value b) EV_WU;
ev_value ev_complex_format(ev_interp *I, ev_value v, ev_str *spec) EV_WU;
/* str.c: a formatting's text (status an ev_nf_status of numfmt.h) as a str,
 * or its ValueError/OverflowError/memory limit; frees sb either way */
struct ev_sbuf;
ev_value ev_nf_finish(ev_interp *I, int status, const char *err, struct ev_sbuf *sb) EV_WU;
/* x ** y for a negative float x and a fractional y: a complex, as CPython */
ev_value ev_complex_float_pow(ev_interp *I, double x, double y) EV_WU;

/* ---- bytes and bytearray (objects/bytes.c, objects/bytes_methods.c) ------------------ */
typedef struct ev_bytes {
    ev_obj h;       /* EV_O_BYTES or EV_O_BYTEARRAY */
    int64_t hash;   /* bytes: -1 until computed */
    size_t len, cap;
    unsigned char *data; /* ev_alloc'd, NULL while cap is 0 */
} ev_bytes;
static inline ev_bytes *ev_as_bytes(ev_value v) { return (ev_bytes *)v.u.o; }
static inline bool ev_is_byteslike(ev_value v) { return ev_is(v, EV_O_BYTES) || ev_is(v, EV_O_BYTEARRAY); }
extern ev_type ev_type_bytes, ev_type_bytearray;
/* CPython's buffer protocol where a bytes-like object is taken: bytes,
 * bytearray, or the storage of an array.array (modules/array.c) as its
 * machine bytes; NULL for anything else.  Borrowed. */
ev_bytes *ev_buffer_bytes(ev_value v);
bool ev_array_buffer(ev_value v, ev_value *bytearray);
extern const ev_builtin_def ev_bytes_methods[], ev_bytearray_methods[], ev_bytes_type_methods[];
ev_value ev_bytes_new(ev_interp *I, ev_kind kind, const void *data, size_t len) EV_WU;
void ev_bytes_free(ev_interp *I, ev_obj *o);
int ev_bytes_repr(ev_interp *I, ev_buf *b, ev_value v) EV_WU;
int ev_bytes_hash(ev_value v, int64_t *out);
int ev_bytes_compare(ev_interp *I, ev_value a, ev_value b, int op) EV_WU; /* both bytes-like */
ev_value ev_bytes_getitem(ev_interp *I, ev_value v, ev_value key) EV_WU;
int ev_bytes_setitem(ev_interp *I, ev_value v, ev_value key, ev_value val) EV_WU; /* val EV_ERR: del */
ev_value ev_bytes_iter(ev_interp *I, ev_value v) EV_WU;
int ev_bytes_contains(ev_interp *I, ev_value c, ev_value item) EV_WU;
/* + * % (and += *= on a bytearray): 1 handled (*out set, EV_ERR on error), 0 not */
int ev_bytes_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b, bool inplace, ev_value *out) EV_WU;
ev_value ev_str_encode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
/* for bytes_methods.c */
int ev_bytes_view(ev_interp *I, ev_value v, const unsigned char **p, size_t *n) EV_WU;
ev_value ev_bytes_decode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
int ev_bytes_reserve(ev_interp *I, ev_bytes *b, size_t need) EV_WU;
int ev_byte_value(ev_interp *I, ev_value v, int *out) EV_WU;
ev_value ev_bytes_percent(ev_interp *I, ev_value fmt, ev_value args) EV_WU;

/* ---- collections (modules/collections*.c): hooks from the object protocol ---------- */
extern ev_type ev_type_deque, ev_type_Counter, ev_type_OrderedDict;
void ev_deque_free(ev_interp *I, ev_obj *o);
void ev_deque_traverse(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg);
void ev_deque_clear(ev_interp *I, ev_obj *o);
int ev_deque_repr(ev_interp *I, ev_buf *b, ev_value v) EV_WU;
int64_t ev_deque_len(ev_value v);
ev_value ev_deque_iter(ev_interp *I, ev_value v) EV_WU;
ev_value ev_deque_reviter(ev_interp *I, ev_value v) EV_WU; /* reversed(d): stops at a mutation */
ev_value ev_deque_getitem(ev_interp *I, ev_value v, ev_value key) EV_WU;
int ev_deque_setitem(ev_interp *I, ev_value v, ev_value key, ev_value val) EV_WU; /* val EV_ERR: del */
int ev_deque_compare(ev_interp *I, ev_value a, ev_value b, int op) EV_WU;
ev_value ev_deque_items(ev_interp *I, ev_value v) EV_WU; /* a list of the items, in order */
/* deque.__init__ of a subclass instance: self takes src's items and maxlen, src is left empty */
int ev_deque_assign(ev_interp *I, ev_value self, ev_value src) EV_WU;
/* Dicts whose ->type is set (Counter, defaultdict, OrderedDict). */
int ev_coll_dict_repr(ev_interp *I, ev_buf *b, ev_value v) EV_WU;
int ev_buf_dict_repr(ev_interp *I, ev_buf *b, ev_dict *d) EV_WU; /* object.c: dict_repr of d itself */
/* d[key] for a missing key: 1 *out set, 0 not handled (KeyError), -1 error */
int ev_coll_missing(ev_interp *I, ev_value d, ev_value key, ev_value *out) EV_WU;
int ev_coll_dict_eq(ev_interp *I, ev_value a, ev_value b) EV_WU;
/* 1 handled (*out set, EV_ERR on error), 0 not ours */
int ev_coll_getattr(ev_interp *I, ev_value obj, ev_str *name, ev_value *out) EV_WU;
int ev_coll_setattr(ev_interp *I, ev_value obj, ev_str *name, ev_value v) EV_WU; /* 1 handled */
int ev_coll_compare(ev_interp *I, ev_value a, ev_value b, int op, int *out) EV_WU;
int ev_coll_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b, bool inplace, ev_value *out) EV_WU;
int ev_coll_unary(ev_interp *I, ev_value a, bool neg, ev_value *out) EV_WU;
/* An OrderedDict (or a subclass): its iterators and views have their own
 * types (odict_iterator, odict_keys...) and odict's mutation checks. */
bool ev_dict_is_ordered(const ev_dict *d);
/* iter() of an OrderedDict or of one of its views (k: EV_IT_DICT_KEYS,
 * VALUES or ITEMS), forwards or reversed */
ev_value ev_odict_iter(ev_interp *I, ev_value d, ev_iter_kind k, bool reversed) EV_WU;
extern ev_type ev_type_odict_keys, ev_type_odict_values, ev_type_odict_items;

/* ---- datetime (modules/datetime*.c): hooks from the object protocol ---------------- */
ev_type *ev_dt_type(ev_value v);
void ev_dt_free(ev_interp *I, ev_obj *o);
ev_value ev_dt_repr(ev_interp *I, ev_value v) EV_WU;
ev_value ev_dt_str(ev_interp *I, ev_value v) EV_WU;
bool ev_dt_truth(ev_value v);
int ev_dt_hash(ev_interp *I, ev_value v, int64_t *out) EV_WU;
/* 1 handled (*out 0/1, or -1 with an error), 0 not ours */
int ev_dt_compare(ev_interp *I, ev_value a, ev_value b, int op, int *out) EV_WU;
/* 1 handled (*out set, EV_ERR on error), 0 not ours: instances and the datetime types */
int ev_dt_getattr(ev_interp *I, ev_value obj, ev_str *name, ev_value *out) EV_WU;
int ev_dt_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b, ev_value *out) EV_WU;
/* which: '-' negation, '+' unary plus, 'a' abs() */
int ev_dt_unary(ev_interp *I, ev_value a, char which, ev_value *out) EV_WU;
/* format(v, spec) with a non-empty spec: strftime */
int ev_dt_format(ev_interp *I, ev_value v, ev_str *spec, ev_value *out) EV_WU;
/* IsoCalendarDate's (year, week, weekday) tuple (borrowed), else EV_ERR */
ev_value ev_dt_as_tuple(ev_value v);
/* ---- re (modules/re.c): hooks from the object protocol ------------------------------ */
extern ev_type ev_type_re_Pattern, ev_type_re_Match;
void ev_re_free(ev_interp *I, ev_obj *o);
void ev_re_traverse(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg); /* for the collector */
ev_value ev_re_repr(ev_interp *I, ev_value v) EV_WU;
/* 1 handled (*out set, EV_ERR on error), 0 not ours */
int ev_re_getattr(ev_interp *I, ev_value obj, ev_str *name, ev_value *out) EV_WU;
ev_value ev_re_getitem(ev_interp *I, ev_value obj, ev_value key) EV_WU;

/* ---- user classes (objects/class.c) ------------------------------------------------ */
extern ev_type ev_type_object, ev_type_property, ev_type_staticmethod, ev_type_classmethod,
    ev_type_super, ev_type_method;
/* class NAME(bases): body -> the class, from the namespace the body filled.
 * meta is the metaclass asked for (NULL: type); the class gets the most
 * derived of it and its bases' metaclasses. */
ev_value ev_class_new(ev_interp *I, ev_type *meta, ev_str *name, ev_value bases, ev_dict *ns, const ev_kw *kw) EV_WU;
/* ev_class_new without what runs user code (the descriptors' __set_name__
 * and the bases' __init_subclass__), for a snapshot's classes, which ran
 * them when first made (snapshot_load.c); and object.__new__(t) without
 * __init__ (a bare instance of the heap class t, no attributes). */
ev_value ev_class_new_bare(ev_interp *I, ev_type *meta, ev_str *name, ev_value bases, ev_dict *ns) EV_WU;
ev_value ev_instance_new_bare(ev_interp *I, ev_type *t) EV_WU;
/* Does the user class t (its MRO) define the special method id? */
bool ev_type_defines(ev_interp *I, ev_type *t, ev_dn id);
/* object.__getattribute__: lookup through the class and the instance,
 * without the class's own __getattribute__ or __getattr__ */
ev_value ev_getattr_generic(ev_interp *I, ev_value obj, ev_str *name) EV_WU;
/* ---- classes' machinery (objects/class.c, class_proto.c, class_attr.c, metaclass.c) ---- */
static inline ev_type *ev_meta_of(const ev_type *t) { return t->meta ? t->meta : &ev_type_type; }
/* The most derived of meta and the metaclasses of bases (CPython's
 * _PyType_CalculateMetaclass): 0, or -1 with "metaclass conflict". */
int ev_meta_winner(ev_interp *I, ev_type *meta, const ev_tuple *bases, ev_type **out) EV_WU;
/* type.__new__(mcs, name, bases, namespace, **kw): a class whose metaclass is mcs. */
ev_value ev_meta_new(ev_interp *I, ev_type *mcs, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
/* type(name, bases, ns): type.__new__, then the new class's metaclass's __init__ */
ev_value ev_meta_type_call(ev_interp *I, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
/* The class statement's last step: metaclass(name, bases, namespace, **kw). */
ev_value ev_meta_make_class(ev_interp *I, ev_value meta, ev_str *name, ev_value bases, ev_value ns,
                            const ev_kw *kw) EV_WU;
/* A user metaclass's __prepare__(name, bases, **kw), called before the
 * class body runs: 0 when absent or it returned an empty dict, else -1. */
int ev_meta_prepare(ev_interp *I, ev_type *meta, ev_str *name, ev_value bases, const ev_kw *kw) EV_WU;
/* Calling a class: its metaclass's __call__ when a user metaclass defines one. */
ev_value ev_meta_call(ev_interp *I, ev_type *t, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
extern const ev_builtin_def ev_type_type_methods[];
/* CPython's __qualname__ of a type: A.B for a class nested in A, a builtin's
 * bare name; what reprs and the last line of a traceback show. */
const char *ev_type_qualname(const ev_type *t);
/* __module__ of a type as reprs show it: a class's own __module__ if a str
 * (a class body may set it), else where the type was made; NULL: builtins. */
const char *ev_type_modname(ev_interp *I, const ev_type *t);
/* The attribute `name` found along t's MRO (class dicts only), borrowed, or NULL. */
ev_value *ev_type_lookup(ev_type *t, ev_str *name);
/* the same through the session's type attribute cache (hot paths) */
ev_value *ev_type_find(ev_interp *I, ev_type *t, struct ev_str *name);
static inline bool ev_is_heaptype(const ev_type *t) { return t->tflags & EV_TYPE_HEAP; }
/* Attribute access on user instances and classes: 1 found (*out), 0 not
 * there (fall back to the builtin attributes), -1 error. */
int ev_class_getattr(ev_interp *I, ev_value obj, ev_str *name, ev_value *out) EV_WU;
int ev_class_setattr(ev_interp *I, ev_value obj, ev_str *name, ev_value val) EV_WU; /* val EV_ERR: del */
/* type.__setattr__(t, name, val) (val EV_ERR: type.__delattr__): the class's
 * own namespace, never a metaclass's __setattr__ (what super() reaches) */
int ev_type_setattr(ev_interp *I, ev_type *t, ev_str *name, ev_value val) EV_WU;
ev_value ev_class_call(ev_interp *I, ev_type *t, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
/* A fresh builtin object (steals it) as an instance of the user class t
 * deriving from its type. */
ev_value ev_sub_wrap(ev_interp *I, ev_value obj_steal, ev_type *t) EV_WU;
/* Struct sequences (modules/namedtuple.c): a tuple subclass whose first
 * nvisible fields make the tuple (time.struct_time); module is static text. */
ev_value ev_structseq_type(ev_interp *I, const char *module, const char *name, const char *const *fields,
                           int nfields, int nvisible) EV_WU;
ev_value ev_structseq_new(ev_interp *I, ev_value type, const ev_value *values) EV_WU;
/* The builtin type a class's instances are laid out as (list for class L(list)). */
ev_type *ev_solid_base(ev_type *t);
/* list.__setitem__, dict.__repr__...: the builtin operation on the builtin
 * part of an object, never the subclass's override (objects/rawops.c). */
const ev_builtin_def *ev_raw_dunder(ev_type *root, ev_str *name);
bool ev_raw_dunder_known(ev_str *name);
const char *ev_raw_dunder_next(ev_type *root, size_t *pos);
/* Call the special method `name` of v's class: 1 called (*out), 0 absent, -1 error. */
int ev_dunder(ev_interp *I, ev_value v, ev_dn name, int argc, const ev_value *argv,
              ev_value *out) EV_WU;
/* The user class of o when o is an instance of one (a plain instance, an
 * exception, a subclass of a builtin type) whose MRO defines __del__, else
 * NULL: the check on the free path (cached per class, class_version). */
ev_type *ev_fin_type(ev_interp *I, const ev_obj *o);
int ev_object_setattr(ev_interp *I, ev_value obj, ev_str *name, ev_value val) EV_WU; /* instance dict */
/* obj.__dict__ of a user instance (a subclass instance, an exception): the
 * dict itself, made (from the values) when it has none yet */
ev_value ev_object_dict(ev_interp *I, ev_value obj) EV_WU;
ev_value ev_method_call(ev_interp *I, ev_method *m, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
ev_value ev_instance_call(ev_interp *I, ev_value obj, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
extern ev_type ev_type_NotImplementedType;
extern ev_instance ev_notimplemented;
extern ev_type ev_type_ellipsis;
extern ev_instance ev_ellipsis;
#define EV_ELLIPSIS ev_obj_val(&ev_ellipsis.h)
#define EV_NOTIMPL ev_obj_val(&ev_notimplemented.h)
static inline bool ev_is_notimpl(ev_value v) { return v.tag == EV_T_OBJ && v.u.o == &ev_notimplemented.h; }
int ev_class_install(ev_interp *I) EV_WU;
/* Empty the namespaces of the session's classes: methods that use super()
 * hold their class through a cell (a cycle, as in CPython); teardown breaks
 * it here until the cycle collector exists. */
void ev_class_break_cycles(ev_interp *I); /* object, property, super... into builtins */

/* The protocol for user instances (objects/class_proto.c): 1 handled, 0 not defined, -1 error. */
int ev_user_repr(ev_interp *I, ev_value v, ev_value *out) EV_WU;
int ev_user_str(ev_interp *I, ev_value v, ev_value *out) EV_WU;
int ev_user_truth(ev_interp *I, ev_value v, int *res) EV_WU;
int ev_user_len(ev_interp *I, ev_value v, int64_t *n) EV_WU;
int ev_user_hash(ev_interp *I, ev_value v, int64_t *h) EV_WU;
int ev_user_richcmp(ev_interp *I, ev_value a, ev_value b, int op, ev_value *res) EV_WU;
int ev_user_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b, bool inplace, ev_value *out) EV_WU;
int ev_user_unary(ev_interp *I, ev_dn name, ev_value a, ev_value *out) EV_WU;
int ev_user_next(ev_interp *I, ev_value it, ev_value *out) EV_WU;
/* iter() over __getitem__ (no __iter__): 1 (*out), 0 no __getitem__, -1 error */
int ev_user_seq_iter(ev_interp *I, ev_value v, ev_value *out) EV_WU;

/* ---- annotations' values (objects/typing.c) ---------------------------------------------- */
extern ev_type ev_type_GenericAlias, ev_type_UnionType;
ev_value ev_generic_alias(ev_interp *I, ev_value origin, ev_value key) EV_WU; /* origin[key] */
ev_value ev_typing_repr(ev_interp *I, ev_value v) EV_WU;
int ev_typing_or(ev_interp *I, ev_value a, ev_value b, ev_value *out) EV_WU; /* 1 made, 0 not types */
ev_value ev_union_members(ev_value v); /* the tuple of a UnionType (borrowed), else EV_ERR */
bool ev_is_generic_alias(ev_value v);
int ev_typing_eq(ev_interp *I, ev_value a, ev_value b) EV_WU; /* 0/1, -1 error, 2 not typing values */
ev_value ev_generic_alias_call(ev_interp *I, ev_value alias, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
int ev_typing_getattr(ev_interp *I, ev_value v, ev_str *name, ev_value *out) EV_WU;
int ev_user_binary_named(ev_interp *I, ev_dn lname, ev_dn rname, ev_value a, ev_value b,
                         ev_value *out) EV_WU;
bool ev_user_iterable(ev_interp *I, ev_value v);
bool ev_user_has_special(ev_interp *I, ev_value v, const char *name); /* along the MRO */
int ev_user_reversed(ev_interp *I, ev_value v, ev_value *out) EV_WU; /* 1 or -1 */
/* reversed() of a str, tuple or bytes(-array) subclass overriding __len__ or
 * __getitem__: 0 or -1 */
int ev_sub_reversed(ev_interp *I, ev_value v, ev_value *out) EV_WU;
/* kind 'i' int(v), 'f' float(v), 'a' abs(v): 1 (*out), 0 not defined, -1 error */
int ev_user_number(ev_interp *I, ev_value v, char kind, ev_value *out) EV_WU;

/* ---- builtins (builtins.c) ------------------------------------------------------- */
/* the classes map, filter, zip, enumerate, reversed (object.c; NULL-ended)
 * and their constructors (builtins.c) */
extern ev_type *const ev_iterator_classes[];
extern ev_type ev_type_reversed; /* reversed(seq): the class and its iterators' type */
ev_value ev_builtin_map(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_builtin_filter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_builtin_zip(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_builtin_enumerate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
/* builtins_enum.c: enumerate's bound body, and its keyword checks (0, or -1 with CPython's TypeError) */
ev_value ev_enumerate_impl(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
int ev_enumerate_kw_check(ev_interp *I, int argc, const ev_kw *kw) EV_WU;
ev_value ev_builtin_reversed(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_reversed_self(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
/* builtins_attr.c: the rows of the builtins table that reach attributes by name */
ev_value ev_builtin_getattr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
ev_value ev_builtin_hasattr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
ev_value ev_builtin_setattr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
ev_value ev_builtin_delattr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
ev_value ev_builtin_vars(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
ev_value ev_builtin_dir(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
/* object.__dir__(o): the default listing, without o's class's own __dir__ */
ev_value ev_object_dir(ev_interp *I, ev_value o) EV_WU;
int ev_builtins_install(ev_interp *I) EV_WU;
/* suggest.c: CPython 3.11's "Did you mean" for NameError and AttributeError */
void ev_exc_note_attribute(ev_interp *I, ev_value obj, ev_str *name);
void ev_exc_note_name(ev_interp *I, ev_str *name, const struct ev_funcdef *def);
/* Appends ". Did you mean: 'x'?" for e to b when there is a suggestion. */
int ev_exc_suggestion(ev_interp *I, ev_exc *e, ev_buf *b) EV_WU;
/* Call a builtin function by name with positional arguments (round, divmod...). */
ev_value ev_builtin_apply(ev_interp *I, const char *name, int argc, const ev_value *argv) EV_WU;
ev_value ev_builtin_new(ev_interp *I, const ev_builtin_def *def, ev_value self) EV_WU;
int ev_write_out(ev_interp *I, const char *s, size_t n) EV_WU;
/* start op x1 op x2 ... over an iterable (sum, math.prod) */
ev_value ev_fold(ev_interp *I, ev_value iterable, ev_binop op, ev_value start) EV_WU;

/* ---- lowering and interpretation (lower.c, interp_call.c) ------------------------- */
/* Lower `tree` into a program (holding one reference); on failure raises
 * SyntaxError and returns NULL.
 *
 * A program lives while anything refers to its nodes or text: the run that
 * lowered it, each function object made from one of its defs (generators
 * and frames through their function), each traceback entry in it and an
 * exception's NameError suggestion scope.  The last release frees it, so a
 * long notebook session keeps only the programs whose code is still
 * reachable. */
ev_program *ev_lower(ev_interp *I, const char *src, size_t len, const TSTree *tree,
                     const char *filename);
void ev_program_retain(ev_program *p);
void ev_program_release(ev_interp *I, ev_program *p);
int ev_exec_program(ev_interp *I, ev_program *p) EV_WU;
ev_value ev_call_function(ev_interp *I, ev_func *f, int argc, const ev_value *argv,
                          int nkw, ev_str *const *kwnames, const ev_value *kwvals) EV_WU;
void ev_func_free(ev_interp *I, ev_func *f);
const char *ev_func_name(const ev_func *f);
ev_value ev_func_doc(ev_interp *I, ev_func *f) EV_WU; /* __doc__ */
/* The attributes that only describe a function (__defaults__, __kwdefaults__,
 * __annotations__, __wrapped__, __name__, __qualname__, __module__, __doc__,
 * __dict__): readable and writable as in CPython.  __code__, __globals__,
 * __closure__ and __builtins__ are the policy's and stay refused. */
bool ev_func_describe_attr(const ev_str *name);
ev_value ev_func_getattr(ev_interp *I, ev_func *f, ev_str *name) EV_WU;
/* 1 set (or deleted: v EV_ERR), -1 raised, 0 an attribute for f's dict */
int ev_func_setattr(ev_interp *I, ev_func *f, ev_str *name, ev_value v) EV_WU;
const char *ev_funcdef_qualname(const ev_funcdef *d); /* __qualname__, as call errors name it */

/* ---- snapshots (snapshot.c, snapshot_load.c) ------------------------------------------
 * Host functions in a snapshot (snapshot_host.c): the registered name of v
 * when v is a host function, else NULL (session-owned text, valid while v
 * lives); and the restoring session's host function registered as
 * name[0..len), a new reference, or EV_ERR-tagged with nothing raised when
 * there is none. */
const char *ev_host_func_name(ev_value v);
ev_value ev_host_func_lookup(ev_interp *I, const char *name, size_t len);

/* ---- host functions (host.c) and plain data (plain.c) --------------------------- */
/* A call of a host function (an EV_BF_HOST def, from call_builtin): the
 * arguments bound to its signature, copied out as plain data, the
 * callback called, its result copied in; CPython's TypeErrors, the
 * callback's exception, or the time limit. */
ev_value ev_host_invoke(ev_interp *I, const ev_builtin_def *d, int argc, const ev_value *argv,
                        const ev_kw *kw) EV_WU;
const char *ev_host_name(const ev_builtin_def *d); /* its registered (dotted) name */
const char *ev_host_doc(const ev_builtin_def *d);  /* its __doc__, or NULL */
/* its declared parameters (*n of them); NULL with *n == (size_t)-1 when it
 * takes any arguments (varargs) */
const ev_host_param *ev_host_params(const ev_builtin_def *d, size_t *n);
/* help(obj) (help.c) */
ev_value ev_builtin_help(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
/* print(s, end='') as the print builtin writes it (builtins.c) */
ev_value ev_print_str(ev_interp *I, ev_value s) EV_WU;
/* import of a module the host's dotted names made (tools, tools.github):
 * 1 with *out (a new reference, cached in I->modules), 0 when the host
 * made no such module, -1 error */
int ev_host_import(ev_interp *I, ev_str *name, ev_value *out) EV_WU;
void ev_host_free(ev_interp *I); /* session teardown: the registry */
/* v as plain data in host memory (*out, cleared with ev_plain_clear): 0,
 * or -1 with TypeError (not plain data), ValueError (too deep, circular),
 * UnicodeEncodeError (a lone surrogate) or a limit (its copy would exceed
 * the memory limit).  Runs no Python code. */
int ev_plain_from_value(ev_interp *I, ev_value v, ev_plain *out, size_t *budget) EV_WU;
/* ... where *budget (NULL: the memory limit) is what the copy may take of
 * host memory, and what is left of it after. */
/* The session value of plain data p, validated: EV_ERR with ValueError
 * (invalid data), TypeError (an unhashable key) or the memory limit.
 * Runs no Python code. */
ev_value ev_plain_to_value(ev_interp *I, const ev_plain *p) EV_WU;
/* v as malloc'd plain data for ev_result.value, or NULL (not plain, too
 * big); raises nothing. */
ev_plain *ev_plain_capture(ev_interp *I, ev_value v);
/* Is `name` (dotted) a module the host's names made?  (The lowering: a
 * host module may have submodules, tools.github.) */
bool ev_host_is_module(const ev_interp *I, const char *name);
/* An ASCII identifier that is not a keyword (plain.c): a global's or a
 * host name's part. */
bool ev_plain_ident_ok(const char *s, size_t n);
/* The offset of the first byte of s[0..n) that is not strict UTF-8 (no
 * surrogates, nothing past U+10FFFF), or n (plain.c). */
size_t ev_utf8_invalid_at(const char *s, size_t n);

/* Allows module `name` in I's session (modules.c): 0, or -1 when no
 * module of that name is implemented. */
int ev_module_allow(ev_interp *I, const char *name);

#endif
