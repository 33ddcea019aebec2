/*
 * collections_abc.h - what collections_abc.c (ABCMeta, the classes) and
 * collections_abc_mixins.c (their methods) share.  Internal.
 */
#ifndef SAFEPY_COLLECTIONS_ABC_H
#define SAFEPY_COLLECTIONS_ABC_H

#include "evaluator/modules/collections_int.h"
#include "evaluator/modules/modules.h"

/* The classes in the order _collections_abc.py makes them: the index of
 * each in ev_interp.abc_types.  ABC_META is abc.ABCMeta. */
typedef enum {
    ABC_Hashable, ABC_Awaitable, ABC_Coroutine, ABC_AsyncIterable, ABC_AsyncIterator, ABC_AsyncGenerator,
    ABC_Iterable, ABC_Iterator, ABC_Reversible, ABC_Generator, ABC_Sized, ABC_Container, ABC_Collection,
    ABC_Callable, ABC_Set, ABC_MutableSet, ABC_Mapping, ABC_MappingView, ABC_KeysView, ABC_ItemsView,
    ABC_ValuesView, ABC_MutableMapping, ABC_Sequence, ABC_ByteString, ABC_MutableSequence,
    ABC_META, ABC__COUNT
} ev_abc_id;

/* The class id (borrowed; the session holds it), or EV_ERR raised when
 * collections.abc is not imported. */
ev_value ev_abc_get(ev_interp *I, ev_abc_id id) EV_WU;
/* abc.update_abstractmethods's recount of t.__abstractmethods__: 0/-1. */
int ev_abc_update_abstracts(ev_interp *I, ev_type *t) EV_WU;
/* isinstance(v, <that class>): 0/1, -1 raised */
int ev_abc_isinstance(ev_interp *I, ev_value v, ev_abc_id id) EV_WU;

/* Makes abc.ABCMeta and the classes in the session (ev_interp.abc_types)
 * when they do not exist yet, without importing collections.abc (numbers
 * needs ABCMeta whatever the policy allows): 0, or -1 raised. */
int ev_abc_types_init(ev_interp *I) EV_WU;
/* ABCMeta.register(cls, sub) without the call: 0, or -1 raised */
int ev_abc_register(ev_interp *I, ev_value cls, ev_value sub) EV_WU;

/* A method (a def in CPython: unbound, it takes any first argument), and
 * one flagged abstract, which ABCMeta counts in __abstractmethods__. */
#define EV_ABC_M(name, fn) {{name, fn, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC, NULL}, 'm'}
#define EV_ABC_A(name, fn) {{name, fn, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC | EV_BF_ABSTRACT, NULL}, 'm'}

/* Each class's own methods (collections_abc_mixins.c), by id; NULL-name
 * terminated.  __subclasshook__ and __class_getitem__ are added by
 * collections_abc.c. */
extern const ev_us_method *const ev_abc_methods[ABC_META];

#endif
