/*
 * exception.c - the builtin exception hierarchy of CPython 3.11 as types,
 * exception objects (args, str, repr) and their construction.  Raising and
 * the traceback entries are the interpreter's (interp_exc.c, interp_call.c);
 * this file sits at the bottom: it calls no container code upward.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "evaluator/node.h" /* ev_funcdef: a traceback entry releases its program */

static ev_value type_call_exc(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

#define EXC(var, nm, base_)                                                                    \
    ev_type var = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC}, .name = nm,    \
                   .base = base_, .call = type_call_exc, .min_args = 0, .max_args = -1}
EXC(ev_type_BaseException, "BaseException", NULL);
EXC(ev_type_Exception, "Exception", &ev_type_BaseException);
EXC(ev_type_ArithmeticError, "ArithmeticError", &ev_type_Exception);
EXC(ev_type_ZeroDivisionError, "ZeroDivisionError", &ev_type_ArithmeticError);
EXC(ev_type_OverflowError, "OverflowError", &ev_type_ArithmeticError);
EXC(ev_type_LookupError, "LookupError", &ev_type_Exception);
EXC(ev_type_IndexError, "IndexError", &ev_type_LookupError);
EXC(ev_type_KeyError, "KeyError", &ev_type_LookupError);
EXC(ev_type_ValueError, "ValueError", &ev_type_Exception);
EXC(ev_type_TypeError, "TypeError", &ev_type_Exception);
EXC(ev_type_NameError, "NameError", &ev_type_Exception);
EXC(ev_type_UnboundLocalError, "UnboundLocalError", &ev_type_NameError);
EXC(ev_type_RuntimeError, "RuntimeError", &ev_type_Exception);
EXC(ev_type_RecursionError, "RecursionError", &ev_type_RuntimeError);
EXC(ev_type_NotImplementedError, "NotImplementedError", &ev_type_RuntimeError);
EXC(ev_type_AttributeError, "AttributeError", &ev_type_Exception);
EXC(ev_type_StopIteration, "StopIteration", &ev_type_Exception);
EXC(ev_type_AssertionError, "AssertionError", &ev_type_Exception);
EXC(ev_type_ImportError, "ImportError", &ev_type_Exception);
EXC(ev_type_ModuleNotFoundError, "ModuleNotFoundError", &ev_type_ImportError);
EXC(ev_type_MemoryError, "MemoryError", &ev_type_Exception);
EXC(ev_type_UnicodeError, "UnicodeError", &ev_type_ValueError);
EXC(ev_type_SyntaxError, "SyntaxError", &ev_type_Exception);
EXC(ev_type_GeneratorExit, "GeneratorExit", &ev_type_BaseException);
EXC(ev_type_FloatingPointError, "FloatingPointError", &ev_type_ArithmeticError);
EXC(ev_type_BufferError, "BufferError", &ev_type_Exception);
EXC(ev_type_EOFError, "EOFError", &ev_type_Exception);
EXC(ev_type_OSError, "OSError", &ev_type_Exception);
EXC(ev_type_BlockingIOError, "BlockingIOError", &ev_type_OSError);
EXC(ev_type_ChildProcessError, "ChildProcessError", &ev_type_OSError);
EXC(ev_type_ConnectionError, "ConnectionError", &ev_type_OSError);
EXC(ev_type_BrokenPipeError, "BrokenPipeError", &ev_type_ConnectionError);
EXC(ev_type_ConnectionAbortedError, "ConnectionAbortedError", &ev_type_ConnectionError);
EXC(ev_type_ConnectionRefusedError, "ConnectionRefusedError", &ev_type_ConnectionError);
EXC(ev_type_ConnectionResetError, "ConnectionResetError", &ev_type_ConnectionError);
EXC(ev_type_FileExistsError, "FileExistsError", &ev_type_OSError);
EXC(ev_type_FileNotFoundError, "FileNotFoundError", &ev_type_OSError);
EXC(ev_type_InterruptedError, "InterruptedError", &ev_type_OSError);
EXC(ev_type_IsADirectoryError, "IsADirectoryError", &ev_type_OSError);
EXC(ev_type_NotADirectoryError, "NotADirectoryError", &ev_type_OSError);
EXC(ev_type_PermissionError, "PermissionError", &ev_type_OSError);
EXC(ev_type_ProcessLookupError, "ProcessLookupError", &ev_type_OSError);
EXC(ev_type_TimeoutError, "TimeoutError", &ev_type_OSError);
EXC(ev_type_ReferenceError, "ReferenceError", &ev_type_Exception);
EXC(ev_type_StopAsyncIteration, "StopAsyncIteration", &ev_type_Exception);
EXC(ev_type_IndentationError, "IndentationError", &ev_type_SyntaxError);
EXC(ev_type_TabError, "TabError", &ev_type_IndentationError);
EXC(ev_type_SystemError, "SystemError", &ev_type_Exception);
EXC(ev_type_UnicodeDecodeError, "UnicodeDecodeError", &ev_type_UnicodeError);
EXC(ev_type_UnicodeEncodeError, "UnicodeEncodeError", &ev_type_UnicodeError);
EXC(ev_type_UnicodeTranslateError, "UnicodeTranslateError", &ev_type_UnicodeError);
EXC(ev_type_Warning, "Warning", &ev_type_Exception);
EXC(ev_type_BytesWarning, "BytesWarning", &ev_type_Warning);
EXC(ev_type_DeprecationWarning, "DeprecationWarning", &ev_type_Warning);
EXC(ev_type_EncodingWarning, "EncodingWarning", &ev_type_Warning);
EXC(ev_type_FutureWarning, "FutureWarning", &ev_type_Warning);
EXC(ev_type_ImportWarning, "ImportWarning", &ev_type_Warning);
EXC(ev_type_PendingDeprecationWarning, "PendingDeprecationWarning", &ev_type_Warning);
EXC(ev_type_ResourceWarning, "ResourceWarning", &ev_type_Warning);
EXC(ev_type_RuntimeWarning, "RuntimeWarning", &ev_type_Warning);
EXC(ev_type_SyntaxWarning, "SyntaxWarning", &ev_type_Warning);
EXC(ev_type_UnicodeWarning, "UnicodeWarning", &ev_type_Warning);
EXC(ev_type_UserWarning, "UserWarning", &ev_type_Warning);
EXC(ev_type_KeyboardInterrupt, "KeyboardInterrupt", &ev_type_BaseException);
EXC(ev_type_SystemExit, "SystemExit", &ev_type_BaseException);

ev_type *const ev_exception_types[] = {
    &ev_type_BaseException, &ev_type_Exception, &ev_type_ArithmeticError,
    &ev_type_ZeroDivisionError, &ev_type_OverflowError, &ev_type_LookupError,
    &ev_type_IndexError, &ev_type_KeyError, &ev_type_ValueError, &ev_type_TypeError,
    &ev_type_NameError, &ev_type_UnboundLocalError, &ev_type_RuntimeError,
    &ev_type_RecursionError, &ev_type_NotImplementedError, &ev_type_AttributeError,
    &ev_type_StopIteration, &ev_type_AssertionError, &ev_type_ImportError,
    &ev_type_ModuleNotFoundError, &ev_type_MemoryError, &ev_type_UnicodeError,
    &ev_type_SyntaxError, &ev_type_GeneratorExit,
    &ev_type_FloatingPointError,
    &ev_type_BufferError,
    &ev_type_EOFError,
    &ev_type_OSError,
    &ev_type_BlockingIOError,
    &ev_type_ChildProcessError,
    &ev_type_ConnectionError,
    &ev_type_BrokenPipeError,
    &ev_type_ConnectionAbortedError,
    &ev_type_ConnectionRefusedError,
    &ev_type_ConnectionResetError,
    &ev_type_FileExistsError,
    &ev_type_FileNotFoundError,
    &ev_type_InterruptedError,
    &ev_type_IsADirectoryError,
    &ev_type_NotADirectoryError,
    &ev_type_PermissionError,
    &ev_type_ProcessLookupError,
    &ev_type_TimeoutError,
    &ev_type_ReferenceError,
    &ev_type_StopAsyncIteration,
    &ev_type_IndentationError,
    &ev_type_TabError,
    &ev_type_SystemError,
    &ev_type_UnicodeDecodeError,
    &ev_type_UnicodeEncodeError,
    &ev_type_UnicodeTranslateError,
    &ev_type_Warning,
    &ev_type_BytesWarning,
    &ev_type_DeprecationWarning,
    &ev_type_EncodingWarning,
    &ev_type_FutureWarning,
    &ev_type_ImportWarning,
    &ev_type_PendingDeprecationWarning,
    &ev_type_ResourceWarning,
    &ev_type_RuntimeWarning,
    &ev_type_SyntaxWarning,
    &ev_type_UnicodeWarning,
    &ev_type_UserWarning,
    &ev_type_KeyboardInterrupt,
    &ev_type_SystemExit,
    &ev_type_BaseExceptionGroup,
    &ev_type_ExceptionGroup,
    NULL,
};

/* ---- exceptions ---------------------------------------------------------------------- */

ev_value ev_exc_new(ev_interp *I, ev_type *t, ev_value args_steal)
{
    ev_exc *e = ev_alloc_gc(I, sizeof *e);
    if (!e) {
        ev_decref(I, args_steal);
        return ev_raise_nomem(I);
    }
    memset(e, 0, sizeof *e);
    e->h.refcnt = 1;
    e->h.kind = EV_O_EXC;
    ev_gc_track(I, &e->h);
    e->type = t;
    e->cause = EV_NONE;
    e->context = EV_NONE;
    e->notes = EV_NONE;
    e->sname = e->sobj = EV_NONE;
    e->eg_msg = e->eg_excs = EV_NONE;
    if (ev_is_heaptype(t))
        ev_incref(ev_obj_val(&t->h));
    e->args = args_steal;
    return ev_obj_val(&e->h);
}

static ev_value type_call_exc(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_exc_make(I, (ev_type *)self.u.o, argc, argv);
}

/* OSError(errno, ...) makes the subclass for that errno, as CPython's
 * OSError.__new__ (PEP 3151): OSError(2, 'x') is a FileNotFoundError. */
static ev_type *oserror_subclass(int64_t code)
{
    switch (code) {
    case EAGAIN: case EALREADY: case EINPROGRESS: return &ev_type_BlockingIOError;
    case ECHILD: return &ev_type_ChildProcessError;
    case EPIPE: case ESHUTDOWN: return &ev_type_BrokenPipeError;
    case ECONNABORTED: return &ev_type_ConnectionAbortedError;
    case ECONNREFUSED: return &ev_type_ConnectionRefusedError;
    case ECONNRESET: return &ev_type_ConnectionResetError;
    case EEXIST: return &ev_type_FileExistsError;
    case ENOENT: return &ev_type_FileNotFoundError;
    case EISDIR: return &ev_type_IsADirectoryError;
    case ENOTDIR: return &ev_type_NotADirectoryError;
    case EINTR: return &ev_type_InterruptedError;
    case EACCES: case EPERM: return &ev_type_PermissionError;
    case ESRCH: return &ev_type_ProcessLookupError;
    case ETIMEDOUT: return &ev_type_TimeoutError;
    default: return &ev_type_OSError;
    }
}

ev_value ev_exc_make(ev_interp *I, ev_type *t, int argc, const ev_value *argv)
{
    if (ev_unicode_error_type(t))
        return ev_unicode_error_make(I, t, argc, argv);
    if (t == &ev_type_OSError && argc >= 2 && argv[0].tag == EV_T_INT)
        t = oserror_subclass(argv[0].u.i);
    /* OSError(errno, strerror, filename): args keeps the first two, as CPython */
    bool oserr = ev_type_is_subclass(t, &ev_type_OSError) && argc >= 3 && argc <= 5;
    int nargs = oserr ? 2 : argc;
    ev_value args = ev_tuple_new(I, (size_t)nargs);
    if (EV_IS_ERR(args))
        return args;
    for (int i = 0; i < nargs; i++)
        ev_as_tuple(args)->items[i] = ev_dup(argv[i]);
    ev_value e = ev_exc_new(I, t, args);
    if (EV_IS_ERR(e) || !oserr)
        return e;
    ev_value d = ev_dict_new(I);
    ev_str *fn = ev_intern(I, "filename", 8);
    if (EV_IS_ERR(d) || !fn || ev_dict_set_str(I, ev_as_dict(d), fn, argv[2])) {
        if (!EV_IS_ERR(d))
            ev_decref(I, d);
        ev_decref(I, e);
        return EV_ERR;
    }
    ((ev_exc *)e.u.o)->dict = ev_as_dict(d);
    return e;
}

/* exc.__context__ = the exception being handled, as CPython's
 * _PyErr_SetObject: a chain that already leads back to exc is cut there. */
static void set_context(ev_interp *I, ev_value exc)
{
    ev_obj *h = ev_handled(I);
    if (!h || !ev_is(exc, EV_O_EXC) || h == exc.u.o)
        return;
    ev_exc *o = (ev_exc *)h;
    for (int depth = 0; depth < 10000; depth++) {
        if (!ev_is(o->context, EV_O_EXC))
            break;
        if (o->context.u.o == exc.u.o) {
            ev_value c = o->context;
            o->context = EV_NONE;
            ev_decref(I, c);
            break;
        }
        o = (ev_exc *)o->context.u.o;
    }
    ev_exc *e = (ev_exc *)exc.u.o;
    ev_value old = e->context;
    e->context = ev_dup(ev_obj_val(h));
    ev_decref(I, old);
}

ev_value ev_raise_value(ev_interp *I, ev_value exc)
{
    set_context(I, exc);
    ev_decref(I, I->exc);
    I->exc = exc;
    return EV_ERR;
}

ev_value ev_raise(ev_interp *I, ev_type *t, const char *fmt, ...)
{
    char buf[512], *big = NULL;
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0)
        n = 0;
    if ((size_t)n >= sizeof buf) {
        /* a message with a long repr in it ('<2,600 digits> is not in
         * list'): CPython's PyErr_Format does not cut it, so neither do we */
        big = ev_alloc(I, (size_t)n + 1);
        if (!big) {
            va_end(ap2);
            return ev_raise_nomem(I);
        }
        vsnprintf(big, (size_t)n + 1, fmt, ap2);
    }
    va_end(ap2);
    ev_value msg = ev_str_new(I, big ? big : buf, (size_t)n);
    if (big)
        ev_dealloc(I, big);
    if (EV_IS_ERR(msg))
        return EV_ERR;
    ev_value args = ev_tuple_new(I, 1);
    if (EV_IS_ERR(args)) {
        ev_decref(I, msg);
        return EV_ERR;
    }
    ev_as_tuple(args)->items[0] = msg;
    ev_value e = ev_exc_new(I, t, args);
    if (EV_IS_ERR(e))
        return EV_ERR;
    return ev_raise_value(I, e);
}

ev_value ev_raise_limit(ev_interp *I, const char *which)
{
    if (!I->limit)
        I->limit = which;
    return EV_ERR;
}

int ev_recursion_enter(ev_interp *I, const char *where)
{
    char probe;
    if (I->depth >= I->max_depth || (uintptr_t)&probe < I->stack_limit) {
        ev_raise(I, &ev_type_RecursionError, "maximum recursion depth exceeded%s", where ? where : "");
        return -1;
    }
    I->depth++;
    return 0;
}

/* MemoryError() with no arguments, as PyErr_NoMemory: a size no memory
 * could hold, refused before allocating (catchable, unlike our limit) */
ev_value ev_raise_memory_error(ev_interp *I)
{
    ev_value args = ev_tuple_new(I, 0);
    if (EV_IS_ERR(args))
        return args;
    ev_value e = ev_exc_new(I, &ev_type_MemoryError, args);
    return EV_IS_ERR(e) ? e : ev_raise_value(I, e);
}

/* KeyError(key): the key itself is the one argument (its repr is the message) */
ev_value ev_raise_key_error(ev_interp *I, ev_value key)
{
    ev_value args = ev_tuple_new(I, 1);
    if (EV_IS_ERR(args))
        return args;
    ev_as_tuple(args)->items[0] = ev_dup(key);
    ev_value e = ev_exc_new(I, &ev_type_KeyError, args);
    return EV_IS_ERR(e) ? e : ev_raise_value(I, e);
}

ev_value ev_raise_nomem(ev_interp *I)
{
    return ev_raise_limit(I, "memory");
}

ev_value ev_exc_str(ev_interp *I, ev_exc *e)
{
    if (ev_is(e->eg_excs, EV_O_TUPLE))
        return ev_exception_group_str(I, e);
    if (e->dict && ev_unicode_error_type(e->type)) {
        bool handled;
        ev_value s = ev_unicode_error_str(I, e, &handled);
        if (handled)
            return s;
    }
    ev_tuple *args = ev_as_tuple(e->args);
    ev_str *fnk = ev_intern(I, "filename", 8);
    ev_value *filename = e->dict && fnk ? ev_dict_lookup_str(e->dict, fnk) : NULL;
    if (ev_type_is_subclass(e->type, &ev_type_OSError) && args->len == 2) {
        /* OSError(errno, strerror[, filename]): "[Errno 2] No such file: 'x'" */
        ev_buf b = {0};
        int r = ev_buf_puts(I, &b, "[Errno ");
        ev_value en = ev_to_str(I, args->items[0]);
        ev_value se = EV_IS_ERR(en) ? EV_ERR : ev_to_str(I, args->items[1]);
        if (EV_IS_ERR(en) || EV_IS_ERR(se)) {
            if (!EV_IS_ERR(en))
                ev_decref(I, en);
            ev_buf_free(I, &b);
            return EV_ERR;
        }
        r = r || ev_buf_puts(I, &b, ev_as_str(en)->data) || ev_buf_puts(I, &b, "] ") ||
            ev_buf_puts(I, &b, ev_as_str(se)->data);
        ev_decref(I, en);
        ev_decref(I, se);
        if (r == 0 && filename && filename->tag != EV_T_NONE)
            r = ev_buf_puts(I, &b, ": ") || ev_buf_repr(I, &b, *filename);
        if (r) {
            ev_buf_free(I, &b);
            return EV_ERR;
        }
        return ev_buf_to_str(I, &b);
    }
    if (args->len == 0)
        return ev_str_new(I, "", 0);
    if (args->len == 1) {
        if (ev_type_is_subclass(e->type, &ev_type_KeyError))
            return ev_repr(I, args->items[0]);
        return ev_to_str(I, args->items[0]);
    }
    return ev_repr(I, e->args);
}


/* ---- the kind table's row (ev_obj.h) ---------------------------------------------------- */

static void exc_free(ev_interp *I, ev_obj *o)
{
    ev_exc *e = (ev_exc *)o;
    ev_decref(I, e->args);
    ev_decref(I, e->cause);
    ev_decref(I, e->context);
    ev_decref(I, e->notes);
    ev_decref(I, e->sname);
    ev_decref(I, e->sobj);
    ev_decref(I, e->eg_msg);
    ev_decref(I, e->eg_excs);
    if (e->dict)
        ev_decref(I, ev_obj_val(&e->dict->h));
    if (e->slots)
        ev_decref(I, ev_obj_val(&e->slots->h));
    if (ev_is_heaptype(e->type))
        ev_decref(I, ev_obj_val(&e->type->h));
    for (size_t i = 0; i < e->ntb; i++)
        ev_program_release(I, e->tb[i].prog);
    ev_dealloc(I, e->tb);
    if (e->fin_held) {
        /* the held frames' locals go in the order they were released */
        ev_list *h = e->fin_held;
        for (size_t i = 0; i < h->len; i++) {
            ev_value v = h->items[i];
            h->items[i] = EV_NONE;
            ev_decref(I, v);
        }
        ev_decref(I, ev_obj_val(&h->h));
    }
    if (e->sdef)
        ev_program_release(I, e->sdef->prog);
}

static void exc_traverse(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg)
{
    ev_exc *e = (ev_exc *)o;
    EV_VISIT_PTR(I, e->fin_held, visit, arg);
    visit(I, e->args, arg);
    EV_VISIT_PTR(I, e->dict, visit, arg);
    EV_VISIT_PTR(I, e->slots, visit, arg);
    visit(I, e->cause, arg);
    visit(I, e->context, arg);
    visit(I, e->notes, arg);
    visit(I, e->sobj, arg);
    visit(I, e->eg_excs, arg);
    visit(I, ev_obj_val(&e->type->h), arg);
}

static void exc_clear(ev_interp *I, ev_obj *o)
{
    ev_exc *e = (ev_exc *)o;
    EV_DROP_PTR(I, e->fin_held);
    EV_DROP(I, e->cause);
    EV_DROP(I, e->context);
    EV_DROP(I, e->notes);
    EV_DROP(I, e->sobj);
    EV_DROP(I, e->eg_excs);
    EV_DROP_PTR(I, e->dict);
    EV_DROP_PTR(I, e->slots);
    /* args stays a tuple (str(e) expects one): its items are emptied when it is cleared */
}

static ev_value exc_repr(ev_interp *I, ev_value v) { return ev_exc_repr(I, (ev_exc *)v.u.o); }

/* a user class's __hash__, else by identity */
static int exc_hash(ev_interp *I, ev_value v, int64_t *out)
{
    int got = ev_user_hash(I, v, out);
    if (got)
        return got < 0 ? -1 : 0;
    return ev_hash_identity(I, v, out);
}

const ev_kind_ops ev_exc_ops = {
    .name = "exception",
    .free = exc_free,
    .traverse = exc_traverse,
    .clear = exc_clear,
    .repr = exc_repr,
    .hash = exc_hash,
};
