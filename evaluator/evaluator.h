/*
 * evaluator.h - the Python interpreter: lowering, object model, builtins,
 * modules and limits.  The only header of the evaluator component.
 *
 * Ownership:
 *   ev_session  owns every Python object it ever created, through one
 *               accounting allocator.  ev_session_free() releases all of it,
 *               whatever user code did.  Globals (variables, functions)
 *               persist across ev_session_run() calls until
 *               ev_session_reset().
 *   ev_result   filled by ev_session_run(); its strings are malloc'd (not
 *               session memory) and released by ev_result_clear().
 *   The TSTree passed to ev_session_run() stays owned by the caller; the
 *   evaluator lowers it into its own compact form and keeps no reference.
 *
 * Threading: a session is used by one thread at a time.  Only
 * ev_session_interrupt() may be called from another thread (it is
 * async-signal-safe and lock-free).
 */
#ifndef SAFEPY_EVALUATOR_H
#define SAFEPY_EVALUATOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <tree_sitter/api.h>

#define EV_WARN_UNUSED __attribute__((warn_unused_result))

/* Operator-set limits; 0 in a field means "use the default". */
typedef struct ev_limits {
    double timeout_s;      /* wall clock per run; default 5 s */
    size_t max_memory;     /* bytes of live session memory; default 256 MiB */
    uint32_t max_depth;    /* Python call depth; default 1000 */
    size_t max_output;     /* bytes of stdout per run; default 1 MiB */
} ev_limits;

#define EV_DEFAULT_TIMEOUT_S 5.0
#define EV_DEFAULT_MAX_MEMORY ((size_t)256 << 20)
#define EV_DEFAULT_MAX_DEPTH 1000u
#define EV_DEFAULT_MAX_OUTPUT ((size_t)1 << 20)

typedef enum ev_status {
    EV_OK = 0,        /* ran to the end */
    EV_EXCEPTION = 1, /* an uncaught Python exception; see error */
    EV_SYNTAX = 2,    /* refused before running: a construct the evaluator does
                         not support or a syntax error it found; see error */
    EV_LIMIT = 3,     /* stopped by a limit; see limit and error */
    EV_INTERNAL = 4,  /* out of host memory or an evaluator fault */
} ev_status;

typedef enum ev_mode {
    EV_MODE_FILE,        /* like `python3 FILE` */
    EV_MODE_INTERACTIVE, /* like a notebook cell: the value of a final
                            expression statement is returned in result */
} ev_mode;

typedef struct ev_result {
    ev_status status;
    char *result;      /* repr() of the last expression (interactive mode,
                          not None), else NULL */
    char *error;       /* traceback or message as CPython prints it (ends with
                          "Type: message\n"), else NULL */
    size_t error_len;  /* its length when an exception's text holds a NUL
                          byte (a message like '\x00'); 0: strlen(error) */
    char *error_type;  /* "ZeroDivisionError", "SyntaxError", ... else NULL */
    uint32_t error_line; /* 1-based line of the error, 0 if unknown */
    const char *limit; /* "time", "memory", "recursion", "output", "operations"
                          (static string) when status == EV_LIMIT */
    bool output_truncated; /* stdout stopped at max_output */
} ev_result;

/* Where print() writes.  Called with each chunk, in order, during the run.
 * The evaluator enforces max_output itself before calling. */
typedef void (*ev_write_fn)(void *ctx, const char *data, size_t len);

typedef struct ev_session ev_session;

/* NULL on host allocation failure. */
ev_session *ev_session_new(const ev_limits *limits);
void ev_session_free(ev_session *s);
/* Lets programs of session s import module `name` too (the operator's
 * --allow-module; a new session allows the eleven of ev_module_names()).
 * 0, or -1 when the evaluator implements no module of that name. */
int ev_session_allow_module(ev_session *s, const char *name);
/* Forget all globals (MCP `reset: true`). */
void ev_session_reset(ev_session *s);

/* Run one program.  `src`/`len` must be the text `tree` was parsed from;
 * `filename` appears in tracebacks.  Always fills *res (call
 * ev_result_clear() afterwards) and returns res->status. */
ev_status ev_session_run(ev_session *s, const char *src, size_t len, const TSTree *tree,
                         const char *filename, ev_mode mode, ev_write_fn out, void *out_ctx,
                         ev_result *res);
void ev_result_clear(ev_result *res);

/* What the session holds now: bytes of session memory in use and lowered
 * programs alive (a program lives while code or a traceback from it is
 * reachable).  For tests and monitoring; either pointer may be NULL. */
void ev_session_usage(const ev_session *s, size_t *bytes, size_t *programs);

/* Ask the running program to stop (e.g. MCP cancellation).  The run then
 * ends with EV_LIMIT and limit "cancelled".  Safe from any thread. */
void ev_session_interrupt(ev_session *s);

/* The OS lockdown (the second wall) of a process about to run Python, for
 * `safepy run` and the MCP worker.  Sets rlimits (no core dumps, no new file
 * descriptors, address space sized from `limits`, a CPU-time ceiling) and
 * installs a seccomp allow-list on every thread of the process: read on
 * fd 0, write on fds 1 and 2, memory management, clocks, futex, exit and
 * little else; any other system call (open, execve, socket, ptrace, fork...)
 * kills the process with SIGSYS.  Call once everything is loaded, with fds
 * 0-2 being the only ones open, and no threads to be created afterwards (run
 * on an EV_RUN_STACK_BYTES thread, see ev_session_run).  0 installed, 1
 * skipped (sanitizer builds: their runtimes need /proc and ptrace), -1
 * failed. */
int ev_sandbox_enter(const ev_limits *limits);
/* The seccomp filter alone, installed even in sanitizer builds (for tests
 * that prove what it refuses, in a forked child).  0 or -1. */
int ev_sandbox_install_filter(void);
/* Lets the process use `seconds` more CPU time from now (RLIMIT_CPU soft
 * limit; SIGXCPU past it).  Allowed inside the sandbox.  0 or -1. */
int ev_sandbox_cpu_budget(double seconds);

/* ev_session_run() runs on the calling thread when that thread was created
 * with a stack of at least this size (and is not the main thread); otherwise
 * it starts a thread with such a stack for the run.  Long-lived callers
 * create one such thread and avoid a thread per run. */
#define EV_RUN_STACK_BYTES ((size_t)512 << 20)

/* Names of the importable modules, NULL-terminated (the import allowlist's
 * implementation: a module not listed does not exist). */
/* Every named node type of the grammar with a sample program and what the
 * lowering does with it: NULL (lowered) or the refusal's message
 * (lower_grammar.c); the last entry's type is NULL. */
typedef struct ev_grammar_node {
    const char *type, *sample, *refusal;
} ev_grammar_node;
const ev_grammar_node *ev_grammar_nodes(void);

const char *const *ev_module_names(void);
/* True when module `name` is implemented (importing the others of the
 * allowlist fails with ImportError for now). */
bool ev_module_implemented(const char *name);

#endif
