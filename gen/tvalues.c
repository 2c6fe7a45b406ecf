/* tvalues.c: template values built and freed. */
#include "tvalues.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"

static struct tv *tv_new(enum tv_kind kind)
{
	struct tv *v = xcalloc(1, sizeof(*v));

	v->kind = kind;
	return v;
}

struct tv *tv_str(const char *s)
{
	struct tv *v = tv_new(TV_STR);

	v->str = xstrdup(s);
	return v;
}

struct tv *tv_uint(unsigned long n)
{
	struct tv *v = tv_new(TV_STR);

	v->str = xasprintf("%lu", n);
	return v;
}

struct tv *tv_bool(bool b)
{
	return tv_str(b ? "1" : "");
}

struct tv *tv_list(struct tv *proto)
{
	struct tv *v = tv_new(TV_LIST);

	v->proto = proto;
	return v;
}

struct tv *tv_obj(void)
{
	return tv_new(TV_OBJ);
}

static void append(struct tv *v, struct tv *item, const char *key)
{
	if (v->n == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 8;
		v->items = xrealloc(v->items, v->cap * sizeof(*v->items));
		if (key)
			v->keys = xrealloc(v->keys, v->cap * sizeof(*v->keys));
	}
	if (key)
		v->keys[v->n] = xstrdup(key);
	v->items[v->n++] = item;
}

struct tv *tv_set(struct tv *obj, const char *key, struct tv *v)
{
	append(obj, v, key);
	return v;
}

struct tv *tv_push(struct tv *list, struct tv *item)
{
	append(list, item, NULL);
	return item;
}

void tv_free(struct tv *v)
{
	if (!v)
		return;
	for (unsigned i = 0; i < v->n; i++) {
		tv_free(v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->str);
	tv_free(v->proto);
	free(v);
}

const struct tv *tv_get(const struct tv *obj, const char *key, size_t n)
{
	if (!obj || obj->kind != TV_OBJ)
		return NULL;
	for (unsigned i = 0; i < obj->n; i++)	/* the first byte settles most */
		if ((!n || obj->keys[i][0] == key[0]) && strncmp(obj->keys[i], key, n) == 0 &&
		    obj->keys[i][n] == '\0')
			return obj->items[i];
	return NULL;
}
