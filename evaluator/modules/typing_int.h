/*
 * typing_int.h - what the typing module's files share (typing.c: the
 * special forms and generic aliases; typing_generic.c: TypeVar, Generic,
 * Protocol, NamedTuple, TypedDict, get_type_hints).  Internal.
 */
#ifndef SAFEPY_TYPING_INT_H
#define SAFEPY_TYPING_INT_H

#include "evaluator/modules/collections_abc.h"
#include "evaluator/modules/modules.h"

/* A method of one of typing's classes: kind 'm' a method, 'c' a
 * classmethod, 's' a staticmethod. */
typedef ev_us_method tp_method;
#define TP_M(name, fn) {{name, fn, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC, NULL}, 'm'}
#define TP_C(name, fn) {{name, fn, 0, -1, EV_BF_KWANY, NULL}, 'c'}
#define TP_S(name, fn) {{name, fn, 0, -1, EV_BF_KWANY, NULL}, 's'}
#define TP_END {{NULL, NULL, 0, 0, 0, NULL}, 0}

/* The class `name` (module typing) with these bases (a tuple, borrowed;
 * NULL: object) and metaclass (NULL: type's rule), its methods and, when
 * slots, __slots__ = (); bound in ns as name.  *out borrowed (ns holds it). */
int tp_class(ev_interp *I, ev_dict *ns, const char *name, ev_value bases, ev_type *meta, const tp_method *methods,
             bool slots, ev_value *out) EV_WU;
/* typing's own object `name` (a class or form bound at init), borrowed;
 * EV_ERR raised when typing's namespace lost it. */
ev_value tp_get(ev_interp *I, const char *name) EV_WU;
/* isinstance(v, typing.<name>) for typing's own classes (exact class) */
bool tp_is(ev_interp *I, ev_value v, const char *clsname);
/* typing._type_repr(v): str */
int tp_put_type_repr(ev_interp *I, ev_buf *b, ev_value v) EV_WU;
/* _type_check(arg, msg) and _type_convert: a new reference */
ev_value tp_type_check(ev_interp *I, ev_value arg, const char *msg, bool allow_special) EV_WU;
/* (x,) unless x is a tuple: a new reference */
ev_value tp_tupleize(ev_interp *I, ev_value x) EV_WU;
/* a _GenericAlias-family object of class clsname (origin, args stolen), name NULL: None */
ev_value tp_alias_new(ev_interp *I, const char *clsname, ev_value origin, ev_value args_steal, const char *name,
                      bool inst) EV_WU;
/* the TypeVars in args, in order and once each (_collect_parameters): a tuple */
ev_value tp_collect_params(ev_interp *I, ev_value args) EV_WU;
/* Union[args...] as Union.__getitem__ makes it */
ev_value tp_union(ev_interp *I, ev_value params) EV_WU;
/* "Too many arguments for X; actual n, expected m" and "X is not a generic class" */
int tp_check_generic(ev_interp *I, ev_value cls, size_t alen, size_t elen) EV_WU;
bool tp_is_alias(ev_interp *I, ev_value v); /* any of the _GenericAlias family */
/* self's class clsname with new args (copy_with): origin, name, _inst kept */
ev_value tp_copy_with(ev_interp *I, ev_value self, const char *clsname, ev_value args_steal) EV_WU;

/* typing_hints.c: get_type_hints(obj, globalns=None, localns=None, include_extras=False) */
ev_value tp_get_type_hints(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;

/* typing_generic.c: shared helpers.  obj.name = v (stolen): 0/-1;
 * getattr(obj, name, dflt) (a new reference); the class's own namespace
 * entry (borrowed) or NULL; v is typing's object name */
int tp_set_attr(ev_interp *I, ev_value obj, const char *name, ev_value v_steal) EV_WU;
ev_value tp_getattr_or(ev_interp *I, ev_value obj, const char *name, ev_value dflt) EV_WU;
ev_value *tp_own(ev_interp *I, ev_value cls, const char *name);
bool tp_is_cls(ev_interp *I, ev_value v, const char *name);
/* typing_records.c: NamedTuple and TypedDict into ns */
int tp_records_init(ev_interp *I, ev_dict *ns) EV_WU;

/* typing_params.c: ParamSpec, ParamSpecArgs/Kwargs, TypeVarTuple and the
 * overload registry into ns; Concatenate[p] and Unpack[p] of the form; the
 * kinds Generic[...] takes; the module functions it implements */
int tp_params_init(ev_interp *I, ev_dict *ns) EV_WU;
ev_value tp_concatenate(ev_interp *I, ev_value form, ev_value p) EV_WU;
ev_value tp_unpack(ev_interp *I, ev_value form, ev_value p) EV_WU;
bool tp_is_typevar_like(ev_interp *I, ev_value v);
bool tp_is_ellipsis(ev_value v);
bool tp_is_param_expr(ev_interp *I, ev_value v);
/* a class's __parameters__ hold a ParamSpec or TypeVarTuple; cls[args] for such a class as
 * Generic.__class_getitem__ (the __typing_prepare_subst__ steps, the count, the TypeVarTuple's
 * arguments spread): the alias's args */
bool tp_has_special_params(ev_interp *I, ev_value params);
ev_value tp_class_subst_special(ev_interp *I, ev_value cls, ev_value cparams, ev_value args_steal) EV_WU;
ev_value tp_f_reveal_type(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value tp_f_overload(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value tp_f_get_overloads(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value tp_f_clear_overloads(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

/* typing_io.c: IO, TextIO, BinaryIO, Pattern, Match, ContextManager, AsyncContextManager into ns */
int tp_io_init(ev_interp *I, ev_dict *ns) EV_WU;

/* typing_generic.c: the classes and functions past the aliases */
int tp_generic_init(ev_interp *I, ev_dict *ns) EV_WU;
extern const ev_builtin_def tp_generic_functions[];

#endif
