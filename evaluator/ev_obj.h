/*
 * ev_obj.h - the evaluator's object layouts: the header every object starts
 * with, the builtin types' structs and the type object.  Part of ev.h,
 * which includes it after the value representation; include ev.h, never
 * this file.
 */
#ifndef SAFEPY_EV_OBJ_H
#define SAFEPY_EV_OBJ_H
#ifndef SAFEPY_EV_H
#error "include evaluator/ev.h"
#endif

/* ---- objects -------------------------------------------------------------- */

typedef enum ev_kind {
    EV_O_INT = 1, /* big int (GMP) */
    EV_O_STR,
    EV_O_LIST,
    EV_O_TUPLE,
    EV_O_DICT,
    EV_O_RANGE,
    EV_O_FUNC,    /* user function */
    EV_O_BUILTIN, /* C function, possibly bound to self */
    EV_O_TYPE,
    EV_O_EXC,
    EV_O_ITER,
    EV_O_VIEW,    /* dict_keys / dict_values / dict_items */
    EV_O_MODULE,
    EV_O_CELL,    /* a captured variable */
    EV_O_GEN,     /* a generator (gen.h) */
    EV_O_BIGRANGE, /* range() with bounds beyond 64 bits (objects/bigrange.c) */
    EV_O_SET,
    EV_O_FROZENSET,
    EV_O_DEQUE,    /* collections.deque (modules/collections.c) */
    EV_O_INSTANCE, /* an instance of a user class (objects/class.c) */
    EV_O_METHOD,   /* a Python function bound to an object */
    EV_O_WRAPPER,  /* property, staticmethod, classmethod, super: up to three values */
    EV_O_DATETIME, /* a datetime module value (modules/datetime.c) */
    EV_O_REPATTERN, /* re.Pattern (modules/re.c) */
    EV_O_REMATCH,   /* re.Match (modules/re_match.c) */
    EV_O_BYTES,     /* bytes (objects/bytes.c) */
    EV_O_BYTEARRAY, /* bytearray (objects/bytes.c) */
    EV_O_SLICE,     /* slice: laid out as a 3-tuple (start, stop, step), objects/slice.c */
    EV_O_COMPLEX,   /* complex (objects/complex.c) */
    /* a float as an object of its own: only ever the value part of an
     * instance of a user subclass of float (objects/float.c) */
    EV_O_FLOAT,
} ev_kind;

#define EV_OBJ_STATIC 1u /* lives in static storage: never freed */
#define EV_OBJ_REPR 2u   /* repr in progress (cycle guard) */
#define EV_OBJ_SUB 8u    /* an instance of a user subclass of a builtin type: see ev_subhead */
/* its __del__ has run (or is queued to run): never again, even if the
 * object is resurrected (PEP 442; gc.c) */
#define EV_OBJ_FINALIZED 4u

struct ev_obj {
    uint32_t refcnt;
    uint16_t kind;
    uint16_t flags;
};

typedef struct ev_interp ev_interp;

/* The special names the protocol looks up, interned once per session
 * (ev_interp.dn) so a lookup never builds a string. */
#define EV_DUNDERS(X) \
    X(REPR, "__repr__") \
    X(STR, "__str__") \
    X(BOOL, "__bool__") \
    X(LEN, "__len__") \
    X(HASH, "__hash__") \
    X(EQ, "__eq__") \
    X(NE, "__ne__") \
    X(LT, "__lt__") \
    X(LE, "__le__") \
    X(GT, "__gt__") \
    X(GE, "__ge__") \
    X(ITER, "__iter__") \
    X(NEXT, "__next__") \
    X(GETITEM, "__getitem__") \
    X(SETITEM, "__setitem__") \
    X(DELITEM, "__delitem__") \
    X(CONTAINS, "__contains__") \
    X(CALL, "__call__") \
    X(INIT, "__init__") \
    X(NEW, "__new__") \
    X(GETATTR, "__getattr__") \
    X(SETATTR, "__setattr__") \
    X(DELATTR, "__delattr__") \
    X(ENTER, "__enter__") \
    X(EXIT, "__exit__") \
    X(FORMAT, "__format__") \
    X(ABS, "__abs__") \
    X(NEG, "__neg__") \
    X(POS, "__pos__") \
    X(INVERT, "__invert__") \
    X(INIT_SUBCLASS, "__init_subclass__") \
    X(QUALNAME, "__qualname__") \
    X(DOC, "__doc__") \
    X(MODULE, "__module__") \
    X(CLASSCELL, "__classcell__") \
    X(DICT, "__dict__") \
    X(NAME, "__name__") \
    X(ANNOTATIONS, "__annotations__") \
    X(MISSING, "__missing__") \
    X(DIVMOD, "__divmod__") \
    X(RDIVMOD, "__rdivmod__") \
    X(REVERSED, "__reversed__") \
    X(INDEX, "__index__") \
    X(INT, "__int__") \
    X(FLOAT, "__float__") \
    X(COMPLEX, "__complex__") \
    X(ROUND, "__round__") \
    X(FLOOR, "__floor__") \
    X(CEIL, "__ceil__") \
    X(TRUNC, "__trunc__") \
    X(GET, "__get__") \
    X(SET, "__set__") \
    X(DELETE, "__delete__") \
    X(SET_NAME, "__set_name__") \
    X(CLASS_GETITEM, "__class_getitem__") \
    X(ADD, "__add__") \
    X(RADD, "__radd__") \
    X(IADD, "__iadd__") \
    X(SUB, "__sub__") \
    X(RSUB, "__rsub__") \
    X(ISUB, "__isub__") \
    X(MUL, "__mul__") \
    X(RMUL, "__rmul__") \
    X(IMUL, "__imul__") \
    X(TRUEDIV, "__truediv__") \
    X(RTRUEDIV, "__rtruediv__") \
    X(ITRUEDIV, "__itruediv__") \
    X(FLOORDIV, "__floordiv__") \
    X(RFLOORDIV, "__rfloordiv__") \
    X(IFLOORDIV, "__ifloordiv__") \
    X(MOD, "__mod__") \
    X(RMOD, "__rmod__") \
    X(IMOD, "__imod__") \
    X(POW, "__pow__") \
    X(RPOW, "__rpow__") \
    X(IPOW, "__ipow__") \
    X(LSHIFT, "__lshift__") \
    X(RLSHIFT, "__rlshift__") \
    X(ILSHIFT, "__ilshift__") \
    X(RSHIFT, "__rshift__") \
    X(RRSHIFT, "__rrshift__") \
    X(IRSHIFT, "__irshift__") \
    X(AND, "__and__") \
    X(RAND, "__rand__") \
    X(IAND, "__iand__") \
    X(OR, "__or__") \
    X(ROR, "__ror__") \
    X(IOR, "__ior__") \
    X(XOR, "__xor__") \
    X(RXOR, "__rxor__") \
    X(IXOR, "__ixor__") \
    X(MATMUL, "__matmul__") \
    X(RMATMUL, "__rmatmul__") \
    X(IMATMUL, "__imatmul__") \
    X(GETATTRIBUTE, "__getattribute__") \
    X(INSTANCECHECK, "__instancecheck__") \
    X(SUBCLASSCHECK, "__subclasscheck__") \
    X(DEL, "__del__") \

typedef enum ev_dn {
#define EV_DN_ENUM(id, text) EV_DN_##id,
    EV_DUNDERS(EV_DN_ENUM)
#undef EV_DN_ENUM
    EV_DN__COUNT
} ev_dn;
_Static_assert(EV_DN__COUNT <= 128, "dn_mask holds 128 special names");

void ev_obj_free(ev_interp *I, ev_obj *o);
/* A new object of `size` bytes with its header set (refcount 1); a
 * container is tracked by the cycle collector.  NULL with MemoryError. */
void *ev_obj_new(ev_interp *I, size_t size, ev_kind kind, bool container);
static inline void ev_incref(ev_value v)
{
    if (v.tag == EV_T_OBJ)
        v.u.o->refcnt++;
}
/* ev_decref needs the interpreter to return memory to the session. */
static inline void ev_decref(ev_interp *I, ev_value v)
{
    if (v.tag == EV_T_OBJ && !(v.u.o->flags & EV_OBJ_STATIC) && --v.u.o->refcnt == 0)
        ev_obj_free(I, v.u.o);
}
static inline ev_value ev_dup(ev_value v)
{
    ev_incref(v);
    return v;
}
static inline bool ev_is(ev_value v, ev_kind k) { return v.tag == EV_T_OBJ && v.u.o->kind == k; }

/* ---- the kind table ---------------------------------------------------------------------- */

/* What each object kind does for the generic protocol, one row per kind
 * (CPython's type slots, QuickJS's class table): ev_obj_free, the cycle
 * collector, repr, truth and hash dispatch through ev_kinds[o->kind]
 * instead of switching on the kind.  The row is defined in the kind's own
 * file (ev_list_ops in objects/list.c...), the table indexed by kind is
 * assembled in object.c.  It is declared here, beside the kinds and the
 * layouts it serves, because every file that defines a row already reads
 * this header (through ev.h) for its object's struct; ev.h's sections are
 * the functions of the protocol, which call through it.  A NULL slot has
 * the default its comment gives.  What a subclass instance (EV_OBJ_SUB)
 * or a user class adds (its __repr__, __hash__, __bool__, its attribute
 * dict) stays with the dispatchers: a row only knows the builtin part. */
typedef void (*ev_visit_fn)(ev_interp *I, ev_value v, void *arg);
struct ev_buf;
typedef struct ev_kind_ops {
    const char *name; /* for debugging: the kind, not a type name */
    /* PEP 442's finalizer hook, before free: true when the object was
     * queued for its finalizer instead (it lives on).  NULL: never. */
    bool (*finalize)(ev_interp *I, ev_obj *o);
    /* releases what o owns, not o's block (ev_obj_free frees that).  NULL: nothing. */
    void (*free)(ev_interp *I, ev_obj *o);
    /* calls visit on every reference o holds that the collector can see (gc.c).  NULL: none */
    void (*traverse)(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg);
    /* drops the references of a garbage o (gc.c), leaving it valid to free.  NULL: nothing */
    void (*clear)(ev_interp *I, ev_obj *o);
    /* repr() of the builtin part, as a new str (EV_ERR raised).  NULL: the
     * kind shows through repr_buf, or is "<object>" */
    ev_value (*repr)(ev_interp *I, ev_value v);
    /* the same appended to b, 0 or -1 raised: the containers' (they show
     * their items into one buffer), and those whose list.__repr__-style
     * builtin repr differs from repr_impl's path (str, slice, datetime:
     * ev_buf_repr_builtin never asks a user __repr__).  NULL: repr's text */
    int (*repr_buf)(ev_interp *I, struct ev_buf *b, ev_value v);
    /* truth of the builtin part (a user __bool__/__len__ is asked first).  NULL: true */
    bool (*truth)(ev_value v);
    /* hash of the builtin part: 0 with *out, -1 raised (unhashable).
     * NULL: by identity, the address >> 4 */
    int (*hash)(ev_interp *I, ev_value v, int64_t *out);
} ev_kind_ops;

#define EV_O_NKINDS (EV_O_FLOAT + 1)
extern const ev_kind_ops *const ev_kinds[EV_O_NKINDS];

/* the rows, each in its kind's file */
extern const ev_kind_ops ev_int_ops, ev_str_ops, ev_list_ops, ev_tuple_ops, ev_dict_ops, ev_range_ops,
    ev_func_ops, ev_builtin_ops, ev_type_ops, ev_exc_ops, ev_iterator_ops, ev_view_ops, ev_module_ops,
    ev_cell_ops, ev_generator_ops, ev_bigrange_ops, ev_set_ops, ev_frozenset_ops, ev_deque_ops,
    ev_instance_ops, ev_method_ops, ev_wrapper_ops, ev_datetime_ops, ev_repattern_ops, ev_rematch_ops,
    ev_bytes_ops, ev_bytearray_ops, ev_slice_ops, ev_complex_ops, ev_float_ops;

/* For clear hooks: the field is emptied before the reference goes, so
 * code the release runs (a __del__ queued, a generator closed) never sees
 * a dangling value. */
#define EV_DROP(I, field)                                                                                        \
    do {                                                                                                         \
        ev_value old_ = (field);                                                                                 \
        (field) = EV_NONE;                                                                                       \
        ev_decref((I), old_);                                                                                    \
    } while (0)
/* the same for a pointer to an object (an attribute dict), left NULL */
#define EV_DROP_PTR(I, field)                                                                                    \
    do {                                                                                                         \
        if (field) {                                                                                             \
            ev_obj *old_ = &(field)->h;                                                                          \
            (field) = NULL;                                                                                      \
            ev_decref((I), ev_obj_val(old_));                                                                    \
        }                                                                                                        \
    } while (0)
/* traverse hooks: visits a pointer to an object, if any */
#define EV_VISIT_PTR(I, ptr, visit, arg)                                                                         \
    do {                                                                                                         \
        if (ptr)                                                                                                 \
            (visit)((I), ev_obj_val(&(ptr)->h), (arg));                                                          \
    } while (0)

/* An instance of `class L(list)` is a list with this block in front of it:
 * every list operation sees a list, while its type and attribute dict sit
 * before the header (flag EV_OBJ_SUB). */
typedef struct ev_subhead {
    struct ev_type *type; /* a reference */
    struct ev_dict *dict; /* attributes, NULL until the first */
    /* the values of the class's __slots__ (CPython keeps them in the object,
     * apart from __dict__), keyed by slot name; NULL until the first */
    struct ev_dict *slots;
} ev_subhead;
static inline ev_subhead *ev_sub_of(const ev_obj *o) { return (ev_subhead *)o - 1; }

typedef struct ev_bigint {
    ev_obj h;
    mpz_t z;
} ev_bigint;

typedef struct ev_str {
    ev_obj h;
    int64_t hash;   /* -1: not computed */
    size_t len;     /* bytes */
    size_t nchars;  /* code points */
    bool ascii;
    bool interned;
    /* NUL-terminated UTF-8, where a lone surrogate (U+D800..U+DFFF, from
     * '\udc80', chr() or the surrogateescape error handler) is its 3-byte
     * form ED A0..BF 80..BF, as CPython's str holds one: decoders go through
     * ev_str_decode_at, and anything leaving the process (print, a
     * traceback) checks ev_utf8_surrogate_find */
    char data[];
} ev_str;
/* Byte offset of the first lone surrogate in UTF-8 s[0..n), or n. */
size_t ev_utf8_surrogate_find(const char *s, size_t n);
/* 0 when s[0..n) can be written to stdout (no lone surrogate), else -1 with
 * the UnicodeEncodeError CPython's strict utf-8 stdout raises (objects/bytes.c) */
int ev_utf8_encodable(ev_interp *I, const char *s, size_t n) EV_WU;

/* The escape-chain attributes of rules/policy.json ("attributes"), sorted
 * by name: generated at build time (build/gen/ev_policy.c by
 * analyzer/gen_rules.c), the same list rule SP301 reads as its set
 * internal_attributes. */
typedef struct ev_policy_attr {
    const char *name, *why, *instead;
} ev_policy_attr;
extern const ev_policy_attr ev_policy_attrs[];
extern const size_t ev_policy_nattrs;

/* A special name: __x__ (at least one character between the underscores). */
static inline bool ev_str_is_dunder(const ev_str *s)
{
    return s->len > 4 && s->data[0] == '_' && s->data[1] == '_' && s->data[s->len - 1] == '_' &&
           s->data[s->len - 2] == '_';
}

typedef struct ev_list {
    ev_obj h;
    size_t len, cap;
    ev_value *items;
} ev_list;

typedef struct ev_tuple {
    ev_obj h;
    size_t len;
    int64_t hash;
    ev_value items[];
} ev_tuple;

typedef struct ev_dict_entry {
    int64_t hash;
    ev_value key; /* tag EV_T_ERR marks a deleted entry */
    ev_value value;
} ev_dict_entry;

typedef struct ev_dict {
    ev_obj h;
    uint32_t used;      /* live entries */
    uint32_t nentries;  /* entries used including deleted */
    uint32_t cap;       /* entries capacity */
    uint32_t mask;      /* index table size - 1 (power of two) */
    /* One block (dict.c): cap entries, then the index table of mask + 1
     * slots of 1, 2 or 4 bytes as CPython sizes them (-1 empty, -2 dummy,
     * else an entry number).  NULL while the dict has never held a key. */
    ev_dict_entry *entries;
    uint64_t version; /* bumped on every insertion/deletion: iteration guard */
    struct ev_type *type;   /* NULL: a dict; else a collections subclass (Counter...) */
    ev_value factory; /* defaultdict's default_factory; EV_ERR-tagged otherwise */
} ev_dict;

typedef struct ev_range {
    ev_obj h;
    int64_t start, stop, step, len;
} ev_range;

typedef struct ev_type ev_type;

/* The keyword arguments of one call, passed explicitly to every callable
 * (CPython's vectorcall): never through interpreter state, so a builtin
 * that calls back into Python cannot leak its keywords into a nested call.
 * A callee gets NULL when the call has no keywords. */
typedef struct ev_kw {
    int n;
    ev_str *const *names; /* interned */
    const ev_value *vals;
} ev_kw;
#define EV_KW_N(kw) ((kw) ? (kw)->n : 0)

typedef ev_value (*ev_cfunc)(ev_interp *I, ev_value self, int argc, const ev_value *argv,
                             const ev_kw *kw);

/* A C function: `self` is EV_NONE for plain builtins, or the bound object
 * for methods.
 *
 * How arguments reach fn is declared here and enforced in one place
 * (args.c), which produces CPython's TypeErrors:
 *  - params NULL, flags 0: positional only, min_args..max_args of them
 *    (max -1: any); keywords are refused.
 *  - params set: the declared parameters, a comma-separated list of names in
 *    which "/" ends the positional-only ones, "*" starts the keyword-only
 *    ones and "*name" collects extra positionals.  The binder matches
 *    positionals and keywords to them; fn receives argc = the number of
 *    declared positional parameters and argv = one value per parameter,
 *    EV_ERR-tagged where absent.  With "*name", fn receives the
 *    positionals as given (argc of them) followed by the keyword-only
 *    slots at argv[argc..].  The first min_args parameters are required.
 *  - flags EV_BF_KWANY: any keywords; fn gets them in kw and checks them.
 */
typedef struct ev_builtin_def {
    const char *name;
    ev_cfunc fn;
    int8_t min_args, max_args;
    uint16_t flags;
    const char *params;
} ev_builtin_def;

enum {
    EV_BF_KWANY = 1,   /* fn receives kw as given */
    EV_BF_POSN = 2,    /* fixed arity checked as clinic does: "f expected 2 arguments, got 1" */
    EV_BF_CTOR = 4,    /* a class in CPython (itertools.cycle): messages use its bare name */
    /* in a type's methods table: an attribute, not a method (a getset
     * descriptor): reading it returns fn(I, obj, 0, NULL, NULL) */
    EV_BF_PROP = 8,
    /* a special method of a builtin type (rawops.c): a slot wrapper in
     * reprs and in the unbound call's type check */
    EV_BF_SLOT = 16,
    /* an abstract method of a collections.abc class (@abstractmethod):
     * what ABCMeta.__new__ counts into __abstractmethods__ */
    EV_BF_ABSTRACT = 32,
    /* a method CPython writes in Python (a def in a class): read through
     * the class it is a plain function, which takes any first argument
     * (Mapping.get(obj, k)) where a builtin's descriptor checks its type */
    EV_BF_PYFUNC = 64,
    /* a C function standing for a def made at run time (dataclasses'
     * generated __init__): its self is its own data, and read through an
     * instance it binds as a function does, to a method whose first
     * argument is the instance; a tuple whose first item is a str makes
     * that str its __qualname__ */
    EV_BF_DEFDATA = 128,
    /* a function the embedder registered (ev_session_add_host): the def is
     * the head of its host.c record, and every call goes to ev_host_invoke,
     * which binds, converts and calls it (fn is never called) */
    EV_BF_HOST = 256,
};

/* Bind a call to def's declared parameters into out[] (borrowed values,
 * EV_ERR where absent): returns the argc fn receives, -1 with TypeError. */
int ev_args_bind(ev_interp *I, const ev_builtin_def *d, int argc, const ev_value *argv,
                 const ev_kw *kw, ev_value *out, int outcap) EV_WU;
/* Most parameters a declaration binds (the size of out[] for ev_args_bind). */
#define EV_ARGS_MAX 16

typedef struct ev_builtin {
    ev_obj h;
    const ev_builtin_def *def;
    ev_value self;      /* bound object; for an unbound method, its type */
    bool unbound;       /* str.upper: the first argument becomes self */
    const char *owner;  /* module name qualifying it in messages (math.sqrt), or NULL */
} ev_builtin;

struct ev_type {
    ev_obj h;
    const char *name;
    ev_type *base;          /* for exceptions: the parent class */
    ev_cfunc call;          /* constructor, or NULL */
    const ev_builtin_def *methods; /* NULL-name-terminated */
    int8_t min_args, max_args;
    const ev_builtin_def *type_methods; /* called on the type: dict.fromkeys */
    uint8_t kwflags;        /* EV_BF_KWANY: the constructor takes keywords */
    const char *params;     /* the constructor's declared parameters (ev_builtin_def) */
    /* <class 'module.name'>; NULL for builtins.  A name with a dot is already
     * qualified, as C types' tp_name ('collections.deque'); __name__ drops it. */
    const char *module;
    /* Classes made by a class statement (EV_TYPE_HEAP) live in the session:
     * refcounted, their name, bases, C3 MRO and namespace owned here.  A
     * builtin type has none of these; its MRO is its base chain. */
    uint32_t tflags;
    ev_value bases;   /* tuple of types */
    ev_value mro;     /* tuple of types, this one first */
    ev_dict *dict;    /* the class namespace (attributes and methods) */
    ev_value hname;   /* str: the name (name points into it) */
    ev_value hqualname; /* str: __qualname__, the dotted path of nested classes */
    ev_type *cprev, *cnext; /* the session's classes (ev_interp.classes) */
    /* the metaclass (a reference), when a user class of type made this
     * class; NULL means type itself */
    ev_type *meta;
    /* which special names the MRO defines and whether it holds a property,
     * valid while dn_version == ev_interp.class_version */
    uint64_t dn_mask[2];
    uint64_t dn_version;
    bool has_property;
    /* the most attributes an instance of this class has had: a new
     * instance's dict is sized for them (ev_dict_presize) */
    uint32_t inst_attrs;
    /* the attribute names instances share (ev_ivalues), append only, each a
     * reference to an interned str; heap classes only */
    ev_str **ikeys;
    uint32_t nikeys, ikcap;
    /* The nearest class of the MRO (t itself or an ancestor) whose
     * __slots__ added slots: its slots are the end of the layout every
     * subclass shares (CPython's solid base among heap classes), so two
     * bases with unrelated ones conflict; NULL when no class added any.
     * Borrowed: an MRO member lives as long as t. */
    ev_type *slotbase;
    /* CPython's tp_base for a heap class: the base whose layout t extends
     * (best_base; borrowed, an MRO member), and t's own slots as its
     * ht_slots (mangled, sorted, without __dict__/__weakref__; references):
     * what __class__ assignment compares */
    ev_type *lbase;
    ev_str **oslots;
    uint32_t noslots;
    /* An EV_TYPE_CSLOTS type user classes may derive from: cnew makes a
     * bare instance of the subclass t with its C slots valid (what the
     * type's __new__ does), and the methods table's "__init__" is the
     * default __init__ and what super().__init__() reaches.  sealed names
     * the methods a subclass may not override because the type's other C
     * methods would not call the override (NULL-terminated, or NULL). */
    ev_value (*cnew)(ev_interp *I, ev_type *t);
    const char *const *sealed;
    /* hash indexes of methods and type_methods, built on first use (type.c) */
    struct ev_mtable *_Atomic mtab;
    struct ev_mtable *_Atomic tmtab;
};

/* The builtin method `name` of t or its builtin bases (objects/type.c), or NULL. */
const ev_builtin_def *ev_builtin_method(ev_type *t, ev_str *name);
/* Call a builtin method bound to self without making a bound-method object. */
ev_value ev_call_method_def(ev_interp *I, const ev_builtin_def *d, ev_value self, int argc,
                            const ev_value *argv, const ev_kw *kw) EV_WU;
/* A method called on the type itself (dict.fromkeys), or NULL. */
const ev_builtin_def *ev_builtin_typemethod(ev_type *t, ev_str *name);

enum {
    EV_TYPE_HEAP = 1,   /* made by a class statement */
    EV_TYPE_EXC = 2,    /* instances are ev_exc (a BaseException subclass) */
    /* a builtin type user classes may derive from whose subclass instances
     * are plain instances, as object's are (datetime.tzinfo) */
    EV_TYPE_PLAIN_BASE = 4,
    EV_TYPE_NODICT = 8,  /* __slots__ without __dict__: only the slot names are settable */
    /* a builtin type whose instances are ev_cinstance objects (EV_O_INSTANCE
     * with C-owned value slots) and whose special methods (__repr__, __eq__,
     * __add__...) are C functions in its methods table: ev_dunder finds them
     * there, so the whole object protocol reaches them as it reaches a
     * class's Python methods (queue.Queue, statistics.NormalDist) */
    EV_TYPE_CSLOTS = 16,
    /* an immutable builtin value type user classes may derive from, as
     * from int or str: a subclass instance is the builtin object behind a
     * subclass header (ev_sub_wrap), made from the constructor's arguments
     * (datetime.date, datetime, time, timedelta) */
    EV_TYPE_VALUE = 32,
    /* a builtin type CPython refuses as a base (datetime.timezone) */
    EV_TYPE_FINAL = 64,
    /* a heap class laid out as object with __slots__ along its MRO: ikeys
     * are exactly the slot names (mangled), fixed when the class is made,
     * and an instance's values hold the slots (EV_ERR while unset) apart
     * from its dict, when it has one (no EV_TYPE_NODICT), which holds only
     * the other attributes: __dict__ and vars() do not show the slots, as
     * CPython keeps them in member descriptors */
    EV_TYPE_SLOTVALS = 128,
    /* the class statement bound __slots__ (read once, at creation, as
     * CPython does) */
    EV_TYPE_HASSLOTS = 256,
    /* the class gave its instances a __weakref__ or a __dict__ their base's
     * did not have (no __slots__, or one naming it): CPython's add_weak and
     * add_dict, which dir() and __class__ assignment follow */
    EV_TYPE_ADDWEAK = 512,
    EV_TYPE_ADDDICT = 1024,
    /* CPython's Py_TPFLAGS_IS_ABSTRACT: the class's __abstractmethods__ is
     * non-empty, so object.__new__ refuses to make an instance */
    EV_TYPE_ABSTRACT = 2048,
    /* CPython's Py_TPFLAGS_MAPPING and _SEQUENCE on a heap class: set by
     * ABCMeta for Mapping and Sequence, inherited from the layout base
     * and given by register(): what mapping and sequence patterns match */
    EV_TYPE_MAPPING = 4096,
    EV_TYPE_SEQUENCE = 8192,
    /* an EV_TYPE_CSLOTS type whose C "__init__" is CPython's __new__ (an
     * immutable value made from the arguments, decimal.Decimal): a heap
     * subclass's instance gets it from the call's arguments before the
     * class's own __init__ runs */
    EV_TYPE_CNEW_INIT = 16384,
};

/* An instance of a user class. */
/* The attributes of a plain instance held against its class's shared keys
 * (CPython's split dict): v[i] is the value of type->ikeys[i], and the
 * instance has set exactly keys 0..used-1 in that order, so the dict it
 * turns into (ev_instance_materialize) has the insertion order CPython
 * shows.  Any other shape lives in a real dict.  Owned by the instance. */
typedef struct ev_ivalues {
    uint32_t used, cap;
    ev_value v[];
} ev_ivalues;

typedef struct ev_instance {
    ev_obj h;
    ev_type *type;  /* a reference */
    /* instance attributes: in values while they fit the class's shared keys
     * (dict NULL), in dict otherwise; both NULL until the first one */
    ev_dict *dict;
    ev_ivalues *values;
} ev_instance;

/* The value of attribute name held in in's values, or NULL (not there, or
 * the attributes are in a dict); *hint (when not NULL) gets its key index. */
ev_value *ev_ivalues_find(const ev_instance *in, const ev_str *name, uint32_t *hint);
/* self.name = v on a fresh or values-holding instance whose class allows
 * the layout: 0 stored in the values; 1 when the attributes are now (or
 * must be) in in->dict, which exists then and the caller stores there; -1
 * on error.  *hint is the caller's cache of name's key index. */
int ev_ivalues_set(ev_interp *I, ev_instance *in, ev_str *name, ev_value v, uint32_t *hint) EV_WU;
/* Move in's values into a dict (made if it has none): in->dict exists after
 * 0; -1 on error (nothing changed). */
int ev_instance_materialize(ev_interp *I, ev_instance *in) EV_WU;
/* Release in's values (freeing, and the collector's clearing). */
void ev_ivalues_release(ev_interp *I, ev_instance *in);
/* in.name = v (v EV_ERR: del in.name) for the slot ix of an
 * EV_TYPE_SLOTVALS instance: 0, or -1 with AttributeError when deleting an
 * unset slot or on error. */
int ev_islot_set(ev_interp *I, ev_instance *in, uint32_t ix, ev_str *name, ev_value v) EV_WU;
/* Class creation: t's ikeys become the slots of its instances' values
 * when it is laid out as object (else nothing changes): base's (its
 * layout, which t extends; NULL if none) followed by the n names own, and
 * t is flagged EV_TYPE_SLOTVALS when there are any.  0, or -1 (MemoryError). */
int ev_type_slot_layout(ev_interp *I, ev_type *t, const ev_type *base, ev_str *const *own, size_t n) EV_WU;
/* Class creation (objects/member.c): t's __slots__, read once as CPython's
 * type_new does: CPython's checks and messages (identifiers, a name that
 * conflicts with a class variable, __dict__/__weakref__ twice, instance
 * lay-out conflicts between bases), EV_TYPE_NODICT/HASSLOTS/ADDWEAK/ADDDICT,
 * lbase, oslots,
 * slotbase, the layout (ev_type_slot_layout) and a member descriptor in
 * t's namespace for each slot.  Runs for every class (a class without
 * __slots__ inherits its bases' layout). */
int ev_type_init_slots(ev_interp *I, ev_type *t) EV_WU;

/* An instance of an EV_TYPE_CSLOTS type: the slots are released with it. */
typedef struct ev_cinstance {
    ev_instance inst;
    uint32_t nslots;
    ev_value slots[];
} ev_cinstance;
static inline ev_cinstance *ev_as_cinstance(ev_value v) { return (ev_cinstance *)v.u.o; }
/* A new instance of the EV_TYPE_CSLOTS type t with nslots slots (EV_NONE). */
ev_value ev_cinstance_new(ev_interp *I, ev_type *t, uint32_t nslots) EV_WU;
/* v is an instance of the EV_TYPE_CSLOTS type t (exactly). */
static inline bool ev_is_cinstance(ev_value v, const ev_type *t)
{
    return v.tag == EV_T_OBJ && v.u.o->kind == EV_O_INSTANCE && ((ev_instance *)v.u.o)->type == t;
}

/* A function bound to an object (obj.method); also a classmethod bound to its class. */
typedef struct ev_method {
    ev_obj h;
    ev_value func, self;
} ev_method;

/* property(fget, fset, fdel), staticmethod(f), classmethod(f), super(type, obj). */
typedef struct ev_wrapper {
    ev_obj h;
    ev_type *type;  /* which of the four (static) */
    ev_value a, b, c, doc;
} ev_wrapper;

#endif
