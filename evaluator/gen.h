/*
 * gen.h - generator objects (objects/generator.c).  Internal to the evaluator.
 */
#ifndef SAFEPY_GEN_H
#define SAFEPY_GEN_H

#include "evaluator/ev.h"

enum { GEN_CREATED, GEN_SUSPENDED, GEN_RUNNING, GEN_DONE };

typedef struct ev_gen {
    ev_obj h;
    ev_func *func;        /* the generator function (defs, closure) */
    ev_value *slots;      /* its frame's slots, bound at call time */
    uint8_t state;
    /* 0 a generator, else EV_CORO_CORO (a coroutine) or EV_CORO_ASYNCGEN
     * (an async generator): one machinery, three types (coroutine.c) */
    uint8_t flavor;
    /* an async generator's last switch out was a `yield` of its own (CPython's
     * _PyAsyncGenWrappedValue), not an await passing a value through */
    bool wrapped;
    /* async generators: an asend/athrow awaitable is running it (ag_running),
     * and aclose() or the end closed it (CPython's ag_running_async, ag_closed) */
    bool ag_running_async, ag_closed;
    bool throwing;        /* resumed to raise the pending exception */
    int result;           /* after a switch: 1 yielded, 0 returned, -1 raised */
    ev_value transfer;    /* value crossing the switch */
    ev_interp *interp;
    struct ev_gen_impl *impl; /* stack and contexts, while it may run */
    /* A generator expression runs without a stack of its own: its state is
     * one iterator per `for` clause and resuming steps the clauses again. */
    const ev_node *comp;  /* its N_COMPBODY, or NULL for a stack generator */
    ev_value *comp_its;   /* per clause: the open iterator, or EV_ERR */
    /* While suspended in `yield from`: the delegate (CPython's gi_yieldfrom),
     * which throw() and close() reach first; EV_NONE otherwise.  yf_done:
     * resumed because the delegate finished, the sent value is its result. */
    ev_value yf;
    bool yf_done;
    /* The frame its body runs in (on its own stack), while the body runs or
     * is suspended: what the frame holds is traversed by the collector. */
    struct frame *body;
} ev_gen;

/* A new generator for a call of f; takes the bound slots. */
ev_value ev_gen_new(ev_interp *I, ev_func *f, ev_value *slots_steal) EV_WU;
/* Resume: 1 yielded (*out), 0 returned (*out = value), -1 raised. */
int ev_gen_resume(ev_interp *I, ev_gen *g, ev_value send, bool throw_mode, ev_value *out) EV_WU;
/* next(): 1 yielded, 0 exhausted, -1 raised. */
int ev_gen_next(ev_interp *I, ev_gen *g, ev_value *out) EV_WU;
/* Called by the interpreter at `yield` (on the generator's stack); takes
 * value (it goes to the resumer). */
int ev_gen_yield(ev_interp *I, ev_value value, ev_value *sent, bool delegated) EV_WU;
 /* raise StopIteration(value) (StopIteration() for None); takes value */
ev_value ev_raise_stop(ev_interp *I, ev_value value);
 /* raise t() (an instance without arguments) */
ev_value ev_raise_empty(ev_interp *I, ev_type *t);
/* "generator", "coroutine" or "async generator", for messages */
const char *ev_gen_kind(const ev_gen *g);
/* g.throw(typ[, val[, tb]]) and g.close() as the methods do them */
ev_value ev_gen_throw(ev_interp *I, ev_gen *g, int argc, const ev_value *argv) EV_WU;
ev_value ev_gen_close(ev_interp *I, ev_gen *g) EV_WU;
/* A generator object that is a plain generator (iterable), not a coroutine */
static inline bool ev_is_plain_gen(ev_value v)
{
    return ev_is(v, EV_O_GEN) && ((const ev_gen *)v.u.o)->flavor == 0;
}
void ev_gen_free(ev_interp *I, ev_gen *g);
/* The cycle collector's view (gc.c).  Running: its frame is in use, so it
 * is alive and what it holds is not walked.  Traverse: every reference a
 * generator that is not running owns (function, frame slots, the
 * iterators of a generator expression, the values statements of a
 * suspended body keep across its yield).  Needs close: suspended in a body
 * that can run code when closed (try/finally, with): the collector closes
 * it before clearing anything (ev_gen_finalize), as CPython's PEP 442
 * finalizer.  Clear: drops the references of one that needs no close. */
bool ev_gen_running(const ev_gen *g);
void ev_gen_traverse(ev_interp *I, ev_gen *g, ev_visit_fn visit, void *arg);
bool ev_gen_needs_close(const ev_gen *g);
void ev_gen_finalize(ev_interp *I, ev_gen *g);
void ev_gen_clear(ev_interp *I, ev_gen *g);
/* The pending exception is a StopIteration: clear it, *value = its value. */
bool ev_take_stop_value(ev_interp *I, ev_value *value);
/* Unmaps every generator stack of the session (teardown, after every
 * generator has been freed). */
void ev_gen_pool_free(ev_interp *I);
/* Runs the body of g's function in a frame over g->slots (interp.c). */
int ev_gen_run_body(ev_interp *I, ev_gen *g, ev_value *retval) EV_WU;
extern const ev_builtin_def ev_gen_methods[];
extern ev_type ev_type_coroutine, ev_type_async_generator;

/* ---- coroutine.c ---- */
/* What an await awaits (the message when v is not awaitable). */
enum { EV_AWAIT_EXPR, EV_AWAIT_ANEXT, EV_AWAIT_AENTER, EV_AWAIT_AEXIT };
/* v's awaitable iterator (CPython's _PyCoro_GetAwaitableIter), new reference */
ev_value ev_await_iter(ev_interp *I, ev_value v, int ctx) EV_WU;
/* asend, athrow, coroutine_wrapper and anext_awaitable objects */
bool ev_is_awaiter(ev_value v);
/* send into one: 1 yielded (*out), 0 finished (*out its value), -1 raised */
int ev_awaiter_send(ev_interp *I, ev_value v, ev_value sent, ev_value *out) EV_WU;
/* next() of one: 1 yielded, -1 raised (StopIteration(value) when finished) */
int ev_awaiter_next(ev_interp *I, ev_value v, ev_value *out) EV_WU;
/* async for: the async iterator of v, and the awaitable iterator of a step */
ev_value ev_async_iter_for(ev_interp *I, ev_value v) EV_WU;
ev_value ev_async_anext_for(ev_interp *I, ev_value ait) EV_WU;
ev_value ev_builtin_aiter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_builtin_anext(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

#endif
