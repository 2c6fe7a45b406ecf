/*
 * json.c: the JSON documents lsmgen reads, loaded with every message located at its
 * member (file:line:col), and the helpers the readers and writers of each format share
 * (json_lists.c, json_model.c, json_impls.c). Only the json*.c files use jansson.
 */
#include "json.h"
#include "alloc.h"
#include "diag.h"
#include "jsondoc.h"
#include "strlist.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *json_version(void)
{
	return JANSSON_VERSION;
}

/*
 * Where a member is in the JSON text, for located messages. jansson keeps no positions,
 * so the text is walked again beside the parsed tree (duplicate keys are refused, so a
 * key names one member); true/false/null are shared values in jansson, which is why a
 * member is found by its container and key or index, never by its value.
 */
static const char *skip_ws(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
		p++;
	return p;
}

/* p at '"': past the closing quote */
static const char *skip_string(const char *p, const char *end)
{
	for (p++; p < end && *p != '"'; p++)
		if (*p == '\\')
			p++;
	return p < end ? p + 1 : end;
}

static const char *locate(const char *p, const char *end, json_t *v, json_t *in,
			  const char *key, size_t index, bool *found);

/* p at the first member or item of container v: past its closing bracket */
static const char *locate_members(const char *p, const char *end, json_t *v, json_t *in,
				  const char *key, size_t index, bool *found)
{
	for (size_t i = 0; p < end && !*found; i++) {
		json_t *child = NULL;
		const char *at = p = skip_ws(p, end);

		if (p < end && (*p == '}' || *p == ']'))
			return p + 1;
		if (json_is_object(v)) {
			const char *k = p + 1;

			p = skip_string(p, end);
			size_t n = (size_t)(p - k - 1);
			char *name = xstrndup(k, p > k ? n : 0);

			child = json_object_get(v, name);
			*found = v == in && key && !strcmp(name, key);
			free(name);
			p = skip_ws(p, end);
			p += p < end && *p == ':';
		} else {
			child = json_array_get(v, i);
			*found = v == in && !key && i == index;
		}
		if (*found)
			return at;
		p = locate(skip_ws(p, end), end, child, in, key, index, found);
		if (*found)
			return p;
		p = skip_ws(p, end);
		p += p < end && *p == ',';
	}
	return p;
}

/* p at the value v: past it, or at the member looked for once found */
static const char *locate(const char *p, const char *end, json_t *v, json_t *in,
			  const char *key, size_t index, bool *found)
{
	if (p < end && *p == '"')
		return skip_string(p, end);
	if (p < end && (*p == '{' || *p == '['))
		return locate_members(p + 1, end, v, in, key, index, found);
	while (p < end && !strchr(",]} \t\r\n", *p))
		p++;
	return p;
}

void jreport(bool error, const struct jdoc *d, json_t *root, json_t *in, const char *key,
		    size_t index, const char *fmt, ...)
{
	bool found = false;
	const char *at = locate(skip_ws(d->text, d->end), d->end, root, in, key, index, &found);
	unsigned line = 1, col = 1;
	char msg[1024];
	va_list ap;

	for (const char *p = d->text; found && p < at; p++) {
		col = *p == '\n' ? 1 : col + 1;
		line += *p == '\n';
	}
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (error)
		error_at(d->source, found ? line : 0, found ? col : 0, "%s", msg);
	else
		warn_at(d->source, found ? line : 0, found ? col : 0, "%s", msg);
}

unsigned jdoc_line(const struct jdoc *d, json_t *root, json_t *in, const char *key, size_t index)
{
	bool found = false;
	const char *at = locate(skip_ws(d->text, d->end), d->end, root, in, key, index, &found);
	unsigned line = 1;

	for (const char *p = d->text; found && p < at; p++)
		line += *p == '\n';
	return found ? line : 0;
}

json_t *jload(const struct jdoc *d)
{
	json_error_t err;
	json_t *root = json_loadb(d->text, (size_t)(d->end - d->text), JSON_REJECT_DUPLICATES,
				  &err);

	if (!root)
		error_at(d->source, (unsigned)err.line, (unsigned)err.column, "%s", err.text);
	return root;
}

static bool jtype_ok(json_t *v, enum jtype t)
{
	switch (t) {
	case J_STRING:
		return json_is_string(v);
	case J_STRING_OR_NULL:
		return json_is_string(v) || json_is_null(v);
	case J_BOOL:
		return json_is_boolean(v);
	case J_ARRAY:
		return json_is_array(v);
	case J_OBJECT:
		return json_is_object(v);
	case J_INTEGER:
		return json_is_integer(v);
	case J_ANY:
		break;
	}
	return true;
}

static const char *const jtype_names[] = {
	[J_STRING] = "a string", [J_STRING_OR_NULL] = "a string or null",
	[J_BOOL] = "true or false", [J_ARRAY] = "an array", [J_OBJECT] = "an object",
	[J_INTEGER] = "an integer", [J_ANY] = "anything",
};

bool check_members(const struct jdoc *d, json_t *root, json_t *obj,
		   const struct jkey *keys, const char *where)
{
	const char *key;
	json_t *v;
	bool ok = true;

	json_object_foreach(obj, key, v) {
		const struct jkey *k = keys;

		while (k->name && strcmp(k->name, key))
			k++;
		if (key[0] == '_' && !k->name)
			continue;
		if (!k->name) {
			jreport(true, d, root, obj, key, 0, "%s: unknown key \"%s\"", where, key);
			ok = false;
		} else if (!jtype_ok(v, k->type)) {
			jreport(true, d, root, obj, key, 0, "%s: \"%s\" must be %s, not %s", where,
				key, jtype_names[k->type], json_kind(v));
			ok = false;
		}
	}
	return ok;
}

const char *get_string(json_t *obj, const char *key, const char *source, const char *where)
{
	json_t *v = json_object_get(obj, key);

	if (!v) {
		error_at(source, 0, 0, "%s: missing \"%s\"", where, key);
		return NULL;
	}
	if (!json_is_string(v)) {
		error_at(source, 0, 0, "%s: \"%s\" must be a string", where, key);
		return NULL;
	}
	return json_string_value(v);
}

const char *json_kind(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		return json_object_size(v) ? "an object" : "{}";
	case JSON_ARRAY:
		return json_array_size(v) ? "an array" : "[]";
	case JSON_STRING:
		return "a string";
	case JSON_INTEGER:
	case JSON_REAL:
		return "a number";
	case JSON_TRUE:
	case JSON_FALSE:
		return "a boolean";
	default:
		return "null";
	}
}

const char *opt_string(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	return json_is_string(v) ? json_string_value(v) : NULL;
}

char *jvalue_text(const json_t *v)
{
	char *s = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
	char *r = xstrdup(s ? s : "?");

	free(s);
	return r;
}

char *dump(json_t *root)
{
	char *s = json_dumps(root, JSON_INDENT(2));

	json_decref(root);
	if (!s)
		fatal(EXIT_USAGE, "out of memory while writing JSON");
	char *r = xasprintf("%s\n", s);

	free(s);
	return r;
}

json_t *names_json(const struct strlist *l)
{
	json_t *a = json_array();

	for (unsigned i = 0; i < l->n; i++)
		json_array_append_new(a, json_string(l->v[i]));
	return a;
}

json_t *stats_json(const struct stats *st)
{
	return json_pack("{s:I, s:I, s:I, s:I}", "static_calls", (json_int_t)st->static_calls,
			 "static_keys", (json_int_t)st->static_keys,
			 "table_entries", (json_int_t)st->table_entries,
			 "table_bytes", (json_int_t)st->table_bytes);
}
