/*
 * math.c - the math module (placeholder being written; see modules.h).
 */
#include <math.h>

#include "evaluator/modules/modules.h"

static ev_value m_sqrt(ev_interp *I, ev_value self, int argc, const ev_value *argv)
{
    (void)self;
    (void)argc;
    double x;
    if (ev_num_to_double(I, argv[0], &x))
        return EV_ERR;
    if (x < 0)
        return ev_raise(I, &ev_type_ValueError, "math domain error");
    return ev_float(sqrt(x));
}

static const ev_builtin_def functions[] = {
    {"sqrt", m_sqrt, 1, 1, 0},
    {NULL, NULL, 0, 0, 0},
};

static int init(ev_interp *I, ev_dict *ns)
{
    return ev_module_set(I, ns, "pi", ev_float(M_PI)) || ev_module_set(I, ns, "e", ev_float(M_E));
}

const ev_module_def ev_module_math = {"math", functions, init};
