/* jsondoc.h: what the JSON readers and writers of each format share (json.c). */
#ifndef LSMGEN_JSONDOC_H
#define LSMGEN_JSONDOC_H

#include <jansson.h>

#include "model.h"
#include "strlist.h"

/* A JSON text being read: messages name source and the line and column of the member. */
struct jdoc {
	const char *source, *text, *end;
};

/* What a member may hold. */
enum jtype { J_STRING, J_STRING_OR_NULL, J_BOOL, J_ARRAY, J_OBJECT, J_INTEGER, J_ANY };

struct jkey {
	const char *name;
	enum jtype type;
};

/* Load a JSON document; duplicate keys are an error (which one was meant?). */
json_t *jload(const struct jdoc *d);
/* Report at the member key (or item index when key is NULL) of container in. */
void jreport(bool error, const struct jdoc *d, json_t *root, json_t *in, const char *key,
	     size_t index, const char *fmt, ...) __attribute__((format(printf, 7, 8)));
/* The line of the member key (or item index) of container in, or 0 if not found. */
unsigned jdoc_line(const struct jdoc *d, json_t *root, json_t *in, const char *key, size_t index);
/*
 * Every member of obj is one of keys[] and of its type; keys starting with '_' are
 * comments. A typo or a wrong type is an error, never a member silently ignored.
 */
bool check_members(const struct jdoc *d, json_t *root, json_t *obj, const struct jkey *keys,
		   const char *where);
/* The string member key of obj, or NULL after an error naming where. */
const char *get_string(json_t *obj, const char *key, const char *source, const char *where);
/* The string member key of o, or NULL if it has none. */
const char *opt_string(json_t *o, const char *key);
/* "a string", "an object", ... for messages about the wrong shape */
const char *json_kind(const json_t *v);
/* A value as JSON text, for messages: "primitivs", 3, null (free it). */
char *jvalue_text(const json_t *v);
/* root as indented text ending in a newline; root is released. */
char *dump(json_t *root);
/* A list of strings as a JSON array. */
json_t *names_json(const struct strlist *l);
/* What a layout costs, as a JSON object. */
json_t *stats_json(const struct stats *st);

#endif
