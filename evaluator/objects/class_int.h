/*
 * class_int.h - what class.c (creation, instances, descriptors) and
 * class_attr.c (attribute lookup and assignment) share.
 * Internal to evaluator/objects/.
 */
#ifndef SAFEPY_CLASS_INT_H
#define SAFEPY_CLASS_INT_H

#include "evaluator/ev.h"

/* t's MRO as a new reference (a builtin type's: its base chain) */
ev_value cls_mro_of(ev_interp *I, ev_type *t) EV_WU;
/* the builtin types a class derives from with the value behind a subclass header */
bool cls_container_root(const ev_type *t);
extern const ev_builtin_def cls_container_init_def, cls_container_new_def, cls_mro_def;
/* v's class defines the special method id in Python */
bool cls_user_defines(ev_interp *I, ev_value v, ev_dn id);
bool cls_is_data_descriptor(ev_interp *I, ev_value v);
/* some class of t's MRO holds a property (per-type cache) */
bool cls_type_has_property(ev_interp *I, ev_type *t);
/* where obj keeps its attribute dict (NULL: it has none): the subclass
 * header's, an instance's or an exception's */
ev_dict **cls_dict_slot(ev_value obj);
/* Where a builtin subclass's instance (or an exception) keeps its
 * __slots__ values apart from its __dict__, or NULL for other objects. */
ev_dict **cls_slots_slot(ev_value obj);
/* a bound method: func with self */
ev_value cls_method_new(ev_interp *I, ev_value func, ev_value self) EV_WU;

/* object_type.c: the methods of object and of BaseException */
extern const ev_builtin_def ev_object_methods[];
extern const ev_builtin_def ev_exc_methods[];
/* object.__new__(cls), in class.c with the instance making it shares */
ev_value cls_object_new_method(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;

#endif
