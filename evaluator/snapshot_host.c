/*
 * snapshot_host.c - host functions in snapshots (the hook of ev.h).  A
 * snapshot saves a host function by its registered name; a restore binds
 * the name to the restoring session's function of that name: a builtin
 * for a plain name ("fetch"), the attribute of the host module for a
 * dotted one ("tools.github.search" is attribute search of tools.github),
 * which importing builds from the session's registry.
 *
 * Until the host-function kind lands, no value is a host function
 * (ev_host_func_name answers NULL), so a snapshot never holds one and a
 * restore naming one fails with a message naming it.  Once it lands,
 * ev_host_func_name answers the registered name of an EV_BF_HOST builtin
 * (see the report of branch snapshot) and the rest stays as it is.
 */
#include <string.h>

#include "evaluator/modules/modules.h"

const char *ev_host_func_name(ev_value v)
{
    (void)v;
    return NULL;
}

ev_value ev_host_func_lookup(ev_interp *I, const char *name, size_t len)
{
    if (len == 0 || memchr(name, '\0', len))
        return EV_ERR;
    const char *dot = NULL;
    for (size_t i = len; i-- > 0;)
        if (name[i] == '.') {
            dot = name + i;
            break;
        }
    ev_value *found = NULL;
    ev_value mod = EV_ERR;
    if (!dot) {
        ev_str *k = ev_intern(I, name, len);
        found = k ? ev_dict_lookup_str(I->builtins, k) : NULL;
    } else {
        ev_str *m = ev_intern(I, name, (size_t)(dot - name));
        ev_str *k = ev_intern(I, dot + 1, len - (size_t)(dot - name) - 1);
        mod = m && k ? ev_import(I, m) : EV_ERR;
        if (EV_IS_ERR(mod)) {
            ev_decref(I, I->exc); /* no such module: the caller says which name is missing */
            I->exc = EV_NONE;
            return EV_ERR;
        }
        found = ev_is(mod, EV_O_MODULE) ? ev_dict_lookup_str(((ev_module *)mod.u.o)->ns, k) : NULL;
    }
    ev_value r = EV_ERR;
    if (found) {
        const char *hn = ev_host_func_name(*found);
        if (hn && strlen(hn) == len && memcmp(hn, name, len) == 0)
            r = ev_dup(*found);
    }
    if (!EV_IS_ERR(mod))
        ev_decref(I, mod);
    return r;
}
