/*
 * difflib_int.h - what the difflib module's files share (difflib.c:
 * SequenceMatcher, get_close_matches and the argument binding;
 * difflib_diff.c: Differ, ndiff, restore, unified_diff, context_diff,
 * diff_bytes and the junk predicates).  Internal to evaluator/modules/.
 */
#ifndef SAFEPY_DIFFLIB_INT_H
#define SAFEPY_DIFFLIB_INT_H

#include "evaluator/modules/modules.h"

/* A def's signature as difflib.py writes it: names[0..npos) positional or
 * keyword (the first nreq required), names[npos..n) keyword-only; self
 * counts in a method's messages. */
typedef struct dl_sig {
    const char *qual;
    const char *names[9];
    int npos, n, nreq;
    bool method;
} dl_sig;
/* out[i] = the i-th parameter (borrowed, EV_ERR when absent): 0, or -1 with CPython's TypeError */
int dl_bind(ev_interp *I, const dl_sig *s, int argc, const ev_value *argv, const ev_kw *kw, ev_value *out) EV_WU;
#define DL_BIND(sig, a)                            \
    ev_value a[9];                                 \
    if (dl_bind(I, &(sig), argc, argv, kw, a))     \
        return EV_ERR

/* a name of the difflib module's namespace (borrowed), as difflib.py reads
 * its globals; EV_ERR with NameError when it is gone */
ev_value dl_global(ev_interp *I, const char *name) EV_WU;
ev_value dl_get(ev_interp *I, ev_value o, const char *name) EV_WU;
int dl_set(ev_interp *I, ev_value o, const char *name, ev_value v) EV_WU;

/* difflib_lazy.c: a generator object that calls body(self, *argv, **kw) at
 * its first next() and yields the items of the iterator body returns
 * (CPython's generator functions run their body then, not at the call).
 * The caller has bound the arguments already; qualname is static. */
typedef ev_value (*dl_body)(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value dl_lazy_new(ev_interp *I, dl_body body, const char *qualname, ev_value self, int argc,
                     const ev_value *argv, const ev_kw *kw) EV_WU;

/* SequenceMatcher(isjunk, a, b) through the module's class (a new reference) */
ev_value dl_sm_new(ev_interp *I, ev_value isjunk, ev_value a, ev_value b) EV_WU;
/* sm.set_seq1(v), sm.set_seq2(v), sm.set_seqs(a, b): 0 or -1 */
int dl_sm_set_seq1(ev_interp *I, ev_value sm, ev_value v) EV_WU;
int dl_sm_set_seq2(ev_interp *I, ev_value sm, ev_value v) EV_WU;
/* sm.get_opcodes(): the cached list, a new reference */
ev_value dl_sm_opcodes(ev_interp *I, ev_value sm) EV_WU;
/* sm.get_grouped_opcodes(n) as a list of groups, a new reference */
ev_value dl_sm_grouped(ev_interp *I, ev_value sm, ev_value n) EV_WU;
/* ratio (0), quick_ratio (1), real_quick_ratio (2) */
int dl_sm_ratio(ev_interp *I, ev_value sm, int which, double *out) EV_WU;

/* iter(list) standing for the generators difflib.py returns: the items are
 * made before the first is taken */
ev_value dl_gen(ev_interp *I, ev_value list_steal) EV_WU;

int dl_diff_init(ev_interp *I, ev_dict *ns) EV_WU; /* difflib_diff.c: Differ */
extern const ev_builtin_def dl_diff_functions[];      /* difflib_diff.c */

#endif
