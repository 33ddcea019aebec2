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

#endif
