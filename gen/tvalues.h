/* tvalues.h: template values, the tree emit.c builds from the model and templates read. */
#ifndef LSMGEN_TVALUES_H
#define LSMGEN_TVALUES_H

#include <stdbool.h>
#include <stddef.h>

/* A value: a string, a list of values, or an object of named values. */
enum tv_kind { TV_STR, TV_LIST, TV_OBJ };

struct tv {
	enum tv_kind kind;
	char *str;
	struct tv **items;	/* list items, or object values */
	char **keys;		/* object keys */
	unsigned n, cap;
	struct tv *proto;	/* the shape of a list's items */
};

/* A new string value. */
struct tv *tv_str(const char *s);
/* A new string value holding an unsigned number. */
struct tv *tv_uint(unsigned long n);
/* A new boolean value: "1" or "". */
struct tv *tv_bool(bool b);
/* A new empty list whose items look like proto (which the list owns). */
struct tv *tv_list(struct tv *proto);
/* A new empty object. */
struct tv *tv_obj(void);
/* Set key of obj to v (owned by obj); returns v. */
struct tv *tv_set(struct tv *obj, const char *key, struct tv *v);
/* Append item (owned by the list) to list; returns item. */
struct tv *tv_push(struct tv *list, struct tv *item);
/* Free a value and everything it owns. */
void tv_free(struct tv *v);

/* The member of obj named by the n bytes of key, or NULL. */
const struct tv *tv_get(const struct tv *obj, const char *key, size_t n);

#endif
