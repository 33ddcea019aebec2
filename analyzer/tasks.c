/* tasks.c - running independent pieces of an analysis on several threads.
 *
 * Lint of a big file parses its batches of top-level statements, and
 * matches the rules over their trees, on worker threads.  Each task writes
 * only its own slot of the caller's result arrays and the caller merges the
 * slots in task order, so what comes out does not depend on how many
 * threads ran or which thread ran what.  Tasks are handed out in index
 * order from one atomic counter, so the callers put their longest task
 * first.
 *
 * Only lint asks for threads (an_parse_new_for_analysis): `run` and the MCP
 * worker analyze inside a seccomp filter that kills the process on clone(),
 * and their programs are small. */
#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

#include "analyzer/an_int.h"

typedef struct pool {
    an_task_fn fn;
    void *ctx;
    size_t n;
    atomic_size_t next;
} pool;

typedef struct worker_arg {
    pool *pl;
    unsigned id;
} worker_arg;

static void drain(pool *pl, unsigned id)
{
    for (;;) {
        size_t i = atomic_fetch_add_explicit(&pl->next, 1, memory_order_relaxed);
        if (i >= pl->n)
            return;
        pl->fn(pl->ctx, i, id);
    }
}

static void *worker(void *arg)
{
    worker_arg *w = arg;
    drain(w->pl, w->id);
    return NULL;
}

unsigned an_threads_resolve(unsigned threads)
{
    if (threads == 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        threads = n > 0 ? (unsigned)n : 1;
    }
    return threads > AN_MAX_THREADS ? AN_MAX_THREADS : threads;
}

void an_tasks_run(unsigned threads, size_t n, an_task_fn fn, void *ctx)
{
    pool pl = {.fn = fn, .ctx = ctx, .n = n};
    atomic_init(&pl.next, 0);
    pthread_t th[AN_MAX_THREADS];
    worker_arg args[AN_MAX_THREADS];
    unsigned started = 0;
    if (threads > AN_MAX_THREADS)
        threads = AN_MAX_THREADS;
    /* the caller is worker 0; a thread that cannot be created leaves its
     * share to the others */
    for (unsigned k = 1; k < threads && k < n; k++) {
        args[started] = (worker_arg){&pl, started + 1};
        if (pthread_create(&th[started], NULL, worker, &args[started]) != 0)
            break;
        started++;
    }
    drain(&pl, 0);
    for (unsigned k = 0; k < started; k++)
        pthread_join(th[k], NULL);
}
