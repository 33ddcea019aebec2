/*
 * sp_int.h - libsafepy's internals, shared by its files only.
 */
#ifndef LIBSAFEPY_SP_INT_H
#define LIBSAFEPY_SP_INT_H

#include <pthread.h>
#include <stddef.h>

#include "analyzer/analyzer.h"
#include "evaluator/evaluator.h"
#include "libsafepy/safepy.h"

/* sp_value is ev_plain under the library's name, and the host-function
 * types likewise: the same members in the same order, checked here, so a
 * value crosses the boundary by a pointer conversion, not a copy.  (Every
 * conversion is at a call into another translation unit.) */
_Static_assert(sizeof(sp_value) == sizeof(ev_plain), "sp_value is ev_plain");
_Static_assert(offsetof(sp_value, u.text.data) == offsetof(ev_plain, u.text.data), "text");
_Static_assert(offsetof(sp_value, u.text.len) == offsetof(ev_plain, u.text.len), "text");
_Static_assert(offsetof(sp_value, u.seq.items) == offsetof(ev_plain, u.seq.items), "seq");
_Static_assert(offsetof(sp_value, u.seq.len) == offsetof(ev_plain, u.seq.len), "seq");
_Static_assert(offsetof(sp_value, u.i) == offsetof(ev_plain, u.i), "int");
_Static_assert((int)SP_FROZENSET == (int)EV_PLAIN_FROZENSET && (int)SP_BIGINT == (int)EV_PLAIN_BIGINT &&
                   (int)SP_DICT == (int)EV_PLAIN_DICT && (int)SP_STR == (int)EV_PLAIN_STR,
               "kinds");
_Static_assert(sizeof(sp_host_error) == sizeof(ev_host_error) &&
                   offsetof(sp_host_error, message) == offsetof(ev_host_error, message),
               "host error");
_Static_assert((int)SP_HOST_LIMIT == (int)EV_HOST_LIMIT && (int)SP_HOST_ERROR == (int)EV_HOST_ERROR,
               "host status");
_Static_assert(SP_RUN_STACK_BYTES == EV_RUN_STACK_BYTES, "stack");
_Static_assert(SP_VALUE_MAX_DEPTH == EV_PLAIN_MAX_DEPTH, "depth");

static inline ev_plain *sp_to_ev(sp_value *v) { return (ev_plain *)(void *)v; }
static inline const ev_plain *sp_to_ev_c(const sp_value *v) { return (const ev_plain *)(const void *)v; }
static inline sp_value *sp_from_ev(ev_plain *v) { return (sp_value *)(void *)v; }

/* A registered host function: the embedder's callback behind the
 * evaluator's (the evaluator's ud points here). */
typedef struct sp_hostrec {
    struct sp_hostrec *next;
    sp_host_fn fn;
    void *ud;
} sp_hostrec;

/* A declared exception, remembered for the snapshot. */
typedef struct sp_excrec {
    struct sp_excrec *next;
    char *name, *doc;
} sp_excrec;

typedef struct sp_buf {
    char *data;
    size_t len, cap;
    bool failed, dropped;
} sp_buf;

/* One run, as the runner thread receives it (runner.c). */
typedef struct sp_task {
    const char *src;
    size_t len;
    const TSTree *tree;
    const char *filename;
    ev_mode mode;
    ev_write_fn out;
    void *out_ctx;
    ev_result *res;
} sp_task;

typedef enum { SP_RUNNER_IDLE, SP_RUNNER_RUN, SP_RUNNER_DONE, SP_RUNNER_QUIT } sp_runner_state;

typedef struct sp_runner {
    bool started;
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    sp_runner_state state; /* under mu */
    sp_task task;          /* under mu */
} sp_runner;

struct sp_sandbox {
    ev_session *sess;
    an_rules *rules;
    sp_config cfg;       /* a copy: the strings are the sandbox's */
    sp_hostrec *hosts;
    sp_excrec *excs;     /* in declaration order */
    sp_buf out;          /* what the current run printed */
    size_t out_max;      /* bound of out: the output limit and some slack */
    sp_runner runner;    /* the thread of its runs, once one is needed */
    bool torn_down;      /* a file-mode run ended the module: reset first */
    bool running;        /* inside sp_runner_run (a callback re-entering) */
    char err[512];       /* sp_sandbox_error() */
};

/* Runs t on a thread with the evaluator's stack and waits for the end. */
void sp_runner_run(sp_sandbox *sb, const sp_task *t);
/* Ends the runner thread, if any (before the session is freed). */
void sp_runner_stop(sp_sandbox *sb);

/* Resets the session if a file-mode run tore its module down. */
void sp_fresh(sp_sandbox *sb);

void sp_seterr(sp_sandbox *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
