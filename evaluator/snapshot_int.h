/*
 * snapshot_int.h - what snapshot.c (saving) and snapshot_load.c (loading)
 * share: the format's constants.  The format itself is described at the
 * top of snapshot.c.  Internal to evaluator/.
 */
#ifndef SAFEPY_SNAPSHOT_INT_H
#define SAFEPY_SNAPSHOT_INT_H

#include "evaluator/node.h"

#define SNAP_MAGIC "SAFEPYSN"
#define SNAP_MAGIC_LEN 8
#define SNAP_VERSION 1u

/* value tags */
enum {
    SV_NONE = 0,
    SV_FALSE,
    SV_TRUE,
    SV_INT,     /* zigzag varint */
    SV_FLOAT,   /* 8 bytes, the IEEE-754 bits, little-endian */
    SV_REF,     /* varint object id */
    SV_UNBOUND, /* an unbound cell, slot or required keyword-only parameter */
    SV__COUNT
};

/* object records */
enum {
    SK_STR = 1,
    SK_BIGINT,
    SK_BYTES,
    SK_BYTEARRAY,
    SK_COMPLEX,
    SK_RANGE,
    SK_SLICE,
    SK_LIST,
    SK_TUPLE,
    SK_DICT,
    SK_SET,
    SK_FROZENSET,
    SK_CELL,
    SK_FUNC,
    SK_CLASS,
    SK_INSTANCE,
    SK_METHOD,
    SK_WRAPPER,
    SK_MEMBER,
    SK_NAMED,
    SK_MODULE,
    SK_HOST,
    SK_GEN,
    SK_BOUND,
    SK_ITER,
    SK_EXC,
    SK__COUNT
};

/* SK_WRAPPER's which */
enum { SW_PROPERTY, SW_STATICMETHOD, SW_CLASSMETHOD };

/* SK_ITER's kind: the iterators of a list, a tuple and a range */
enum { SI_LIST, SI_TUPLE, SI_RANGE };

/* SK_INSTANCE's attribute mode */
enum { SA_NONE, SA_DICT, SA_PAIRS };

/* the class flags a snapshot carries (the rest the class's creation
 * recomputes) */
#define SNAP_TFLAGS (EV_TYPE_ABSTRACT | EV_TYPE_MAPPING | EV_TYPE_SEQUENCE)

/* The class whose __hash__ or __eq__ (or its metaclass's) hashing or
 * comparing key v would run, or NULL when the evaluator alone does it;
 * *deep set when v nests past what the check walks (snapshot.c).  A
 * snapshot never holds such a key: restoring it would run user code. */
const ev_type *snap_key_user_class(ev_interp *I, ev_value v, bool *deep);

/* t is a dict flavour a snapshot keeps (ev_dict.type): collections'
 * Counter, defaultdict or OrderedDict. */
bool snap_dict_type_ok(const ev_type *t);

/* t's instances are exceptions a snapshot keeps: not groups, not the
 * Unicode errors (their C fields), a heap class laid out as an exception. */
bool snap_exc_type_ok(const ev_type *t);

/* ---- loading (snapshot_load.c reads, snapshot_objects.c makes the objects) ---- */

/* A cursor over the untrusted bytes. */
typedef struct sl_rd {
    const unsigned char *p, *end;
} sl_rd;

/* A value as read: its tag and payload (ids already checked in range). */
typedef struct sl_val {
    uint8_t tag;
    int64_t i;
    double f;
    uint32_t id;
} sl_val;

/* The state of one restore: the object table (host memory) and what was made. */
typedef struct sl_load {
    ev_interp *I;
    const unsigned char *data;
    size_t len;
    ev_program **progs;
    uint32_t nprogs;
    size_t nobjs;
    uint8_t *kind;
    const unsigned char **rec; /* each record's payload */
    size_t *rlen;
    ev_value *obj;             /* EV_ERR until made; one reference each */
    uint8_t *mark;             /* the ordering walks' states */
    sl_rd globals;             /* where the globals section starts */
    char *err;
} sl_load;


/* Every reader returns 0, or -1 with L->err set ("invalid snapshot: ..."). */
int sl_fail(sl_load *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int sl_fail_raised(sl_load *L, const char *what); /* the pending exception or limit as the error */
int sl_u8(sl_load *L, sl_rd *r, uint8_t *out);
int sl_var(sl_load *L, sl_rd *r, uint64_t *out);
/* a varint count of items taking at least `each` bytes each of what is left */
int sl_count(sl_load *L, sl_rd *r, size_t each, size_t *out);
int sl_u64(sl_load *L, sl_rd *r, uint64_t *out);
int sl_double(sl_load *L, sl_rd *r, double *out);
int sl_bytes(sl_load *L, sl_rd *r, const char **p, size_t *n);
int sl_text(sl_load *L, sl_rd *r, const char **p, size_t *n, const char *what); /* valid UTF-8 */
ev_str *sl_name(sl_load *L, sl_rd *r, const char *what); /* interned, no NUL; NULL on error */
int sl_value(sl_load *L, sl_rd *r, sl_val *v);
/* the value v stands for (borrowed), EV_ERR only for unbound where allowed */
int sl_val_get(sl_load *L, const sl_val *v, bool unbound_ok, ev_value *out);
int sl_get(sl_load *L, sl_rd *r, bool unbound_ok, ev_value *out);
int sl_dict_or_none(sl_load *L, sl_rd *r, const char *what, ev_dict **out); /* NULL for None */
sl_rd sl_rec(sl_load *L, size_t id);
int sl_rec_end(sl_load *L, const sl_rd *r, size_t id);
/* v may be a dict key or set member: no user __hash__/__eq__ in it */
int sl_key_ok(sl_load *L, ev_value v, int depth);
/* Makes every object of the table, in the phases snapshot_load.c's
 * comment describes (snapshot_objects.c). */
int sl_make_objects(sl_load *L);

#endif
