/*
 * runner.c - the thread a sandbox's runs execute on.
 *
 * The evaluator needs a thread with a big stack (EV_RUN_STACK_BYTES,
 * reserved, committed as used).  Started for each run, such a thread costs
 * more than a small run itself: measured 175-290 us per `x = 1` against
 * 25-28 us on a thread that has the stack already (the 512 MiB mapping is
 * too big for glibc's stack cache, so every run maps and unmaps it).  So a
 * sandbox starts one runner thread at its first run from a thread without
 * such a stack, keeps it while it lives, and hands it each run; callers
 * whose thread has the stack (the MCP worker's) run inline.
 *
 * The handoff is a mutex and a condition variable; the caller waits for the
 * run to end, so the sandbox is still used by one thread at a time.
 * sp_sandbox_cancel takes no lock (ev_session_interrupt is lock-free).
 */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "libsafepy/sp_int.h"

/* The calling thread's stack size; 0 for the main thread (whose size
 * pthread_getattr_np learns from /proc: never big enough anyway).  Cached
 * per thread: the lookup makes system calls. */
static size_t own_stack(void)
{
    static _Thread_local bool known;
    static _Thread_local size_t bytes;
    if (!known) {
        known = true;
        pthread_attr_t attr;
        void *addr;
        if (gettid() != getpid() && pthread_getattr_np(pthread_self(), &attr) == 0) {
            pthread_attr_getstack(&attr, &addr, &bytes);
            pthread_attr_destroy(&attr);
        }
    }
    return bytes;
}

/* How many runs this thread is inside (a host callback of one sandbox
 * may run code in another): the evaluator keeps its current session per
 * thread, so only the outermost run may use the calling thread. */
static _Thread_local unsigned nesting;

static void *runner_main(void *arg)
{
    sp_sandbox *sb = arg;
    sp_runner *r = &sb->runner;
    pthread_mutex_lock(&r->mu);
    for (;;) {
        while (r->state == SP_RUNNER_IDLE || r->state == SP_RUNNER_DONE)
            pthread_cond_wait(&r->cv, &r->mu);
        if (r->state == SP_RUNNER_QUIT)
            break;
        sp_task t = r->task;
        pthread_mutex_unlock(&r->mu);
        nesting++;
        ev_session_run(sb->sess, t.src, t.len, t.tree, t.filename, t.mode, t.out, t.out_ctx, t.res);
        nesting--;
        pthread_mutex_lock(&r->mu);
        r->state = SP_RUNNER_DONE;
        pthread_cond_broadcast(&r->cv);
    }
    pthread_mutex_unlock(&r->mu);
    return NULL;
}

static bool runner_start(sp_sandbox *sb)
{
    sp_runner *r = &sb->runner;
    pthread_attr_t attr;
    if (pthread_mutex_init(&r->mu, NULL) != 0)
        return false;
    if (pthread_cond_init(&r->cv, NULL) != 0) {
        pthread_mutex_destroy(&r->mu);
        return false;
    }
    r->state = SP_RUNNER_IDLE;
    bool ok = pthread_attr_init(&attr) == 0;
    if (ok) {
        ok = pthread_attr_setstacksize(&attr, EV_RUN_STACK_BYTES + ((size_t)1 << 20)) == 0 &&
             pthread_create(&r->thread, &attr, runner_main, sb) == 0;
        pthread_attr_destroy(&attr);
    }
    if (!ok) {
        pthread_cond_destroy(&r->cv);
        pthread_mutex_destroy(&r->mu);
        return false;
    }
    r->started = true;
    return true;
}

void sp_runner_run(sp_sandbox *sb, const sp_task *t)
{
    sp_runner *r = &sb->runner;
    /* inline when this thread has the stack and runs nothing else, or when
     * no runner can be made (the evaluator then starts a thread itself) */
    if ((nesting == 0 && own_stack() >= EV_RUN_STACK_BYTES) || (!r->started && !runner_start(sb))) {
        nesting++;
        ev_session_run(sb->sess, t->src, t->len, t->tree, t->filename, t->mode, t->out, t->out_ctx,
                       t->res);
        nesting--;
        return;
    }
    pthread_mutex_lock(&r->mu);
    r->task = *t;
    r->state = SP_RUNNER_RUN;
    pthread_cond_broadcast(&r->cv);
    while (r->state != SP_RUNNER_DONE)
        pthread_cond_wait(&r->cv, &r->mu);
    r->state = SP_RUNNER_IDLE;
    pthread_mutex_unlock(&r->mu);
}

void sp_runner_stop(sp_sandbox *sb)
{
    sp_runner *r = &sb->runner;
    if (!r->started)
        return;
    pthread_mutex_lock(&r->mu);
    r->state = SP_RUNNER_QUIT;
    pthread_cond_broadcast(&r->cv);
    pthread_mutex_unlock(&r->mu);
    pthread_join(r->thread, NULL);
    pthread_cond_destroy(&r->cv);
    pthread_mutex_destroy(&r->mu);
    r->started = false;
}
