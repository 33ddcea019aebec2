/*
 * pprint_int.h - what the pprint module's files share (pprint.c: the module,
 * PrettyPrinter, _safe_repr and the writing; pprint_layout.c: _format and
 * the multi-line layouts).  Internal to evaluator/modules/.
 */
#ifndef SAFEPY_PPRINT_INT_H
#define SAFEPY_PPRINT_INT_H

#include "evaluator/modules/modules.h"

typedef struct pp_ctx {
    ev_value self;   /* the PrettyPrinter (borrowed) */
    bool own_format; /* type(self).format is PrettyPrinter.format: no call back */
    int64_t width, indent;
    ev_value depth; /* self._depth (borrowed from the instance, held) */
    bool compact, sort_dicts, underscore;
    /* where writes go: buf (pformat), else stream.write, else standard output */
    ev_buf *buf;
    ev_value stream;
} pp_ctx;

typedef struct pp_rep {
    ev_value s; /* str, a new reference */
    bool readable, recursive;
} pp_rep;

static inline size_t pp_nchars(ev_value s)
{
    return ev_as_str(s)->nchars;
}

ev_value pp_get(ev_interp *I, ev_value o, const char *name) EV_WU;
ev_value pp_callm(ev_interp *I, ev_value o, const char *name, int argc, const ev_value *argv) EV_WU;
/* a name of the pprint module's namespace (borrowed), as pprint.py reads its globals */
ev_value pp_global(ev_interp *I, const char *name) EV_WU;

/* one stream.write of pprint.py: to the buffer, the stream or standard output */
int pp_write_str(ev_interp *I, pp_ctx *c, ev_value s) EV_WU;
int pp_write(ev_interp *I, pp_ctx *c, const char *s, size_t n) EV_WU;
int pp_puts(ev_interp *I, pp_ctx *c, const char *s) EV_WU;
/* lead followed by n spaces, one write */
int pp_newline(ev_interp *I, pp_ctx *c, const char *lead, int64_t n) EV_WU;

/* the class whose __repr__ type(obj).__repr__ is */
ev_type *pp_repr_owner(ev_interp *I, ev_type *t);

/* the context {id(obj): 1}: has 0/1 (-1 error), add and del 0/-1 */
int pp_ctx_has(ev_interp *I, ev_value context, ev_value obj) EV_WU;
int pp_ctx_add(ev_interp *I, ev_value context, ev_value obj) EV_WU;
int pp_ctx_del(ev_interp *I, ev_value context, ev_value obj) EV_WU;
/* <Recursion on T with id=N> */
ev_value pp_recursion_str(ev_interp *I, ev_value obj) EV_WU;
/* self._readable / self._recursive = v */
int pp_flag_set(ev_interp *I, pp_ctx *c, const char *name, bool v) EV_WU;

/* PrettyPrinter._repr: the one-line form, a new str */
ev_value pp_repr(ev_interp *I, pp_ctx *c, ev_value obj, ev_value context, int64_t level) EV_WU;
/* sorted(iterable, key=<the module's global keyname>) as a new list */
ev_value pp_sorted_by(ev_interp *I, ev_value iterable, const char *keyname) EV_WU;
/* k, v = item (new references) */
int pp_unpack2(ev_interp *I, ev_value item, ev_value *k, ev_value *v) EV_WU;

/* PrettyPrinter._format (pprint_layout.c) */
int pp_format(ev_interp *I, pp_ctx *c, ev_value obj, int64_t indent, int64_t allowance, ev_value context,
              int64_t level) EV_WU;

#endif
