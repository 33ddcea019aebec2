/*
 * modules.h - the importable modules.  Internal to the evaluator.
 *
 * One file per module under evaluator/modules/, each exporting one
 * ev_module_def: a table of C functions ({name, fn, min args, max args,
 * keyword flags}; arity is checked centrally by ev_call) and an optional
 * init hook that adds constants to the module's namespace.
 *
 * ev_module_table (modules.c) is the master list: a module that is not in it
 * does not exist for Python code, whatever the rules allow.
 */
#ifndef SAFEPY_MODULES_H
#define SAFEPY_MODULES_H

#include "evaluator/ev.h"

typedef struct ev_module_def {
    const char *name;
    const ev_builtin_def *functions; /* NULL-name terminated; may be NULL */
    /* Adds constants and types to `ns`; 0 ok, -1 error raised.  May be NULL. */
    int (*init)(ev_interp *I, ev_dict *ns);
    /* CPython's __all__ (less what is not implemented), NULL-terminated;
     * NULL when CPython's module has none: `from m import *` then takes
     * every public name */
    const char *const *all;
} ev_module_def;

typedef struct ev_module {
    ev_obj h;
    const ev_module_def *def;
    ev_dict *ns;
} ev_module;

/* The implemented modules, NULL-terminated. */
extern const ev_module_def *const ev_module_table[];

/* The module object for `name` (created and cached in the session on first
 * import), a new reference; raises ImportError/ModuleNotFoundError. */
ev_value ev_import(ev_interp *I, ev_str *name) EV_WU;
/* The submodule a.b without importing a first: for a's own init. */
ev_value ev_import_submodule(ev_interp *I, const char *name) EV_WU;

/* A time.struct_time of the nine visible fields (borrowed); tm_zone and
 * tm_gmtoff None, as for struct_time(nine-tuple) (datetime's timetuple). */
ev_value ev_time_struct_new(ev_interp *I, const ev_value fields[9]) EV_WU;

/* Helper for init hooks: ns[name] = v (v borrowed). */
int ev_module_set(ev_interp *I, ev_dict *ns, const char *name, ev_value v) EV_WU;

#endif
