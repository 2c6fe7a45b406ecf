/* json.c: LSM registries in, hook lists and manifests out, all through jansson. */
#include "json.h"

#include <jansson.h>
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
struct jdoc {
	const char *source, *text, *end;
};

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

/* Report at the member key (or item index when key is NULL) of container in. */
static void jreport(bool error, const struct jdoc *d, json_t *root, json_t *in, const char *key,
		    size_t index, const char *fmt, ...) __attribute__((format(printf, 7, 8)));

static void jreport(bool error, const struct jdoc *d, json_t *root, json_t *in, const char *key,
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

/* Load a JSON document; duplicate keys are an error (which one was meant?). */
static json_t *jload(const struct jdoc *d)
{
	json_error_t err;
	json_t *root = json_loadb(d->text, (size_t)(d->end - d->text), JSON_REJECT_DUPLICATES,
				  &err);

	if (!root)
		error_at(d->source, (unsigned)err.line, (unsigned)err.column, "%s", err.text);
	return root;
}

/* What a member may hold. */
enum jtype { J_STRING, J_STRING_OR_NULL, J_BOOL, J_ARRAY, J_OBJECT, J_INTEGER, J_ANY };

struct jkey {
	const char *name;
	enum jtype type;
};

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

static const char *json_kind(const json_t *v);

/*
 * Every member of obj is one of keys[] and of its type; keys starting with '_' are
 * comments. A typo or a wrong type is an error, never a member silently ignored.
 */
static bool check_members(const struct jdoc *d, json_t *root, json_t *obj,
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

static const char *get_string(json_t *obj, const char *key, const char *source, const char *where)
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

bool json_read_lsm_list(struct lsm_list *list, const char *source, const char *text,
			size_t len)
{
	static const struct jkey top_keys[] = {
		{ "gate", J_STRING_OR_NULL }, { "lsms", J_ARRAY }, { NULL, J_ANY },
	};
	static const struct jkey lsm_keys[] = {
		{ "name", J_STRING }, { "kconfig", J_STRING }, { "description", J_ANY },
		{ NULL, J_ANY },
	};
	struct jdoc d = { source, text, text + len };
	json_t *root = jload(&d);
	unsigned before = error_count();

	memset(list, 0, sizeof(*list));
	list->source = xstrdup(source);
	if (!root)
		return false;
	json_t *lsms = json_object_get(root, "lsms");

	if (!json_is_object(root) || !json_is_array(lsms)) {
		error_at(source, 1, 1, "an LSM list is an object with an array \"lsms\"");
		json_decref(root);
		return false;
	}
	check_members(&d, root, root, top_keys, "top level");
	json_t *gate = json_object_get(root, "gate");

	if (json_is_string(gate))
		list->gate = xstrdup(json_string_value(gate));
	list->lsms = xcalloc(json_array_size(lsms), sizeof(*list->lsms));
	for (size_t i = 0; i < json_array_size(lsms); i++) {
		json_t *e = json_array_get(lsms, i);
		char where[32];

		snprintf(where, sizeof(where), "lsms[%zu]", i);
		if (!json_is_object(e)) {
			jreport(true, &d, root, lsms, NULL, i, "%s: must be an object", where);
			continue;
		}
		if (!check_members(&d, root, e, lsm_keys, where))
			continue;
		const char *name = json_string_value(json_object_get(e, "name"));
		const char *kconfig = json_string_value(json_object_get(e, "kconfig"));

		if (!name || !kconfig) {
			jreport(true, &d, root, lsms, NULL, i, "%s: missing \"%s\"", where,
				name ? "kconfig" : "name");
			continue;
		}
		list->lsms[list->n++] = (struct lsm){ xstrdup(name), xstrdup(kconfig), 0 };
	}
	json_decref(root);
	if (!list->n && error_count() == before)
		error_at(source, 0, 0, "the LSM list is empty");
	return lsm_list_check(list) && error_count() == before;
}

static json_t *stats_json(const struct stats *st)
{
	return json_pack("{s:I, s:I, s:I, s:I}", "static_calls", (json_int_t)st->static_calls,
			 "static_keys", (json_int_t)st->static_keys,
			 "table_entries", (json_int_t)st->table_entries,
			 "table_bytes", (json_int_t)st->table_bytes);
}

static char *dump(json_t *root)
{
	char *s = json_dumps(root, JSON_INDENT(2));

	json_decref(root);
	if (!s)
		fatal(EXIT_USAGE, "out of memory while writing JSON");
	char *r = xasprintf("%s\n", s);

	free(s);
	return r;
}

char *json_stats(const struct stats *st)
{
	return dump(stats_json(st));
}

static json_t *hook_json(const struct hook *h, bool manifest)
{
	json_t *params = json_array();

	for (unsigned i = 0; i < h->nparams; i++)
		json_array_append_new(params, json_pack("{s:s, s:s}", "type", h->params[i].type,
							"name", h->params[i].name));
	json_t *o = json_pack("{s:s, s:s, s:s, s:o, s:o, s:I}", "name", h->name, "ret", h->ret,
			      "default", h->def, "params", params,
			      "guard", h->guard ? json_string(h->guard) : json_null(),
			      "line", (json_int_t)h->line);

	if (manifest) {
		json_object_set_new(o, "slots", json_integer(h->nslots));
		if (h->slots_unsure)
			json_object_set_new(o, "slots_unsure", json_true());
	}
	if (manifest && h->policy != POLICY_STANDARD)
		json_object_set_new(o, "policy", json_string(policy_name(h->policy)));
	if (manifest && h->policy == POLICY_LSMID)
		json_object_set_new(o, "any_if_zero", json_boolean(h->any_if_zero));
	return o;
}

bool json_read_policies(struct policy_list *out, const char *source, const char *text,
			size_t len)
{
	static const struct jkey top_keys[] = { { "hooks", J_OBJECT }, { NULL, J_ANY } };
	static const struct jkey hook_keys[] = {
		{ "policy", J_STRING }, { "any_if_zero", J_BOOL }, { NULL, J_ANY },
	};
	struct jdoc d = { source, text, text + len };
	json_t *root = jload(&d);
	unsigned before = error_count();
	const char *name;
	json_t *v;

	memset(out, 0, sizeof(*out));
	if (!root)
		return false;
	json_t *hooks = json_object_get(root, "hooks");

	if (!json_is_object(root) || !json_is_object(hooks)) {
		error_at(source, 1, 1, "a policies file is an object with an object \"hooks\"");
		json_decref(root);
		return false;
	}
	check_members(&d, root, root, top_keys, "top level");
	json_object_foreach(hooks, name, v) {
		char where[160];
		const char *policy = json_string_value(json_object_get(v, "policy"));
		json_t *any = json_object_get(v, "any_if_zero");

		snprintf(where, sizeof(where), "hooks.%.140s", name);
		if (!is_identifier(name)) {
			jreport(true, &d, root, hooks, name, 0, "%s: not a hook name", where);
			continue;
		}
		if (!json_is_object(v) || !check_members(&d, root, v, hook_keys, where))
			continue;
		if (!policy) {
			jreport(true, &d, root, hooks, name, 0, "%s: must be {\"policy\": ...}",
				where);
			continue;
		}
		int p = policy_from_name(policy);

		if (p < 0) {
			jreport(true, &d, root, v, "policy", 0,
				"%s: policy \"%s\" is none of standard, primitives, lsmid",
				where, policy);
			continue;
		}
		if (any && p != POLICY_LSMID) {
			jreport(true, &d, root, v, "any_if_zero", 0,
				"%s: \"any_if_zero\" is a boolean of lsmid policies", where);
			continue;
		}
		out->v = xrealloc(out->v, (out->n + 1) * sizeof(*out->v));
		out->v[out->n++] = (struct policy_rule){ xstrdup(name), (enum policy)p,
						       json_is_true(any) };
	}
	json_decref(root);
	return error_count() == before;
}

char *json_model(const struct model *m, bool manifest)
{
	json_t *root = json_object();
	json_t *hooks = json_array();

	for (unsigned i = 0; i < m->nhooks; i++)
		json_array_append_new(hooks, hook_json(&m->hooks[i], manifest));
	if (manifest) {
		json_t *lsms = json_array();

		for (unsigned i = 0; i < m->lsm_list.n; i++) {
			const struct lsm *l = &m->lsm_list.lsms[i];
			json_t *o = json_pack("{s:s, s:s, s:s, s:b}", "name", l->name, "kconfig",
					      l->kconfig, "value", m->lsm_value[i], "counted",
					      m->counted[i]);

			json_array_append_new(lsms, o);
		}
		json_object_set_new(root, "generator", json_string("lsmgen"));
		/* --all-configs: no configuration, "config" says so */
		json_object_set_new(root, "inputs",
				    json_pack("{s:s, s:s}", "hookdefs", path_base(m->hookdefs),
					      "config", m->config ? path_base(m->config) :
					      "(every configuration)"));
		if (m->layout.all_configs)	/* max_lsm_count is then the most there can be */
			json_object_set_new(root, "all_configs", json_true());
		json_object_set_new(root, "max_lsm_count", json_integer(m->max_lsm_count));
		json_object_set_new(root, "slots", json_string(slots_names[m->layout.slots]));
		json_object_set_new(root, "dispatch",
				    json_string(dispatch_names[m->layout.dispatch]));
		json_object_set_new(root, "lsms", lsms);
		struct stats st = model_stats(m);

		json_object_set_new(root, "stats", stats_json(&st));
	}
	json_object_set_new(root, "hooks", hooks);
	return dump(root);
}

static char *param_decl(const char *type, const char *name)
{
	size_t n = strlen(type);

	return xasprintf("%s%s%s", type, n && type[n - 1] == '*' ? "" : " ", name);
}

static bool read_manifest_hook(struct hook *h, json_t *o, const char *path, size_t i)
{
	char where[32];
	json_t *params = json_object_get(o, "params");
	json_t *guard = json_object_get(o, "guard");
	const char *name, *ret, *def;

	snprintf(where, sizeof(where), "hooks[%zu]", i);
	name = get_string(o, "name", path, where);
	ret = get_string(o, "ret", path, where);
	def = get_string(o, "default", path, where);
	if (!name || !ret || !def)
		return false;
	if (!json_is_array(params) || (guard && !json_is_null(guard) && !json_is_string(guard))) {
		error_at(path, 0, 0,
			 "%s: \"params\" must be an array and \"guard\" a string or null",
			 where);
		return false;
	}
	h->name = xstrdup(name);
	h->ret = xstrdup(ret);
	h->def = xstrdup(def);
	h->is_void = strcmp(ret, "void") == 0;
	h->guard = json_is_string(guard) ? xstrdup(json_string_value(guard)) : NULL;
	h->line = (unsigned)json_integer_value(json_object_get(o, "line"));
	h->params = xcalloc(json_array_size(params), sizeof(*h->params));
	for (size_t k = 0; k < json_array_size(params); k++) {
		json_t *p = json_array_get(params, k);
		const char *type = get_string(p, "type", path, where);
		const char *pname = get_string(p, "name", path, where);

		if (!type || !pname)
			return false;
		char *decl = param_decl(type, pname);

		h->params[h->nparams++] = (struct param){ decl, xstrdup(type), xstrdup(pname),
							  strlen(decl) - strlen(pname) };
	}
	return true;
}

/* A manifest with more LSMs than this is not one lsmgen wrote. */
#define MAX_MANIFEST_LSMS 1024

/* A manifest's MAX_LSM_COUNT and layout. */
static bool read_manifest_layout(struct model *m, json_t *root, json_t *count, const char *path)
{
	json_t *slots = json_object_get(root, "slots");
	json_t *dispatch = json_object_get(root, "dispatch");

	if (json_integer_value(count) < 0 || json_integer_value(count) > MAX_MANIFEST_LSMS) {
		error_at(path, 0, 0,
			 "\"max_lsm_count\" is %" JSON_INTEGER_FORMAT ": it must be 0 to "
			 "%d", json_integer_value(count), MAX_MANIFEST_LSMS);
		return false;
	}
	/* absent: as generate writes by default */
	m->layout.slots = slots ? name_index(slots_names, json_string_value(slots)) : SLOTS_MAX;
	m->layout.dispatch = dispatch ? name_index(dispatch_names, json_string_value(dispatch)) :
			     DISPATCH_KEYS;
	if (m->layout.slots == SLOTS_UNSET || m->layout.dispatch == DISPATCH_UNSET) {
		error_at(path, 0, 0, "\"slots\" is \"max\" or \"exact\", and \"dispatch\" "
			 "\"keys\" or \"switch\"");
		return false;
	}
	m->max_lsm_count = (unsigned)json_integer_value(count);
	m->layout.all_configs = json_is_true(json_object_get(root, "all_configs"));
	return true;
}

/* A manifest's LSMs: each name, symbol, value, and whether it counted. */
static bool read_manifest_lsms(struct model *m, json_t *lsms, const char *path)
{
	bool ok = true;

	m->lsm_list.source = xstrdup(path);
	m->lsm_list.lsms = xcalloc(json_array_size(lsms), sizeof(*m->lsm_list.lsms));
	m->counted = xcalloc(json_array_size(lsms), sizeof(*m->counted));
	m->lsm_value = xcalloc(json_array_size(lsms), sizeof(*m->lsm_value));
	for (size_t i = 0; ok && i < json_array_size(lsms); i++) {
		json_t *l = json_array_get(lsms, i);
		const char *name = get_string(l, "name", path, "lsms[]");
		const char *kconfig = get_string(l, "kconfig", path, "lsms[]");
		const char *value = json_string_value(json_object_get(l, "value"));

		ok = name && kconfig;
		if (!ok)
			break;
		m->counted[m->lsm_list.n] = json_is_true(json_object_get(l, "counted"));
		m->lsm_value[m->lsm_list.n] = xstrdup(value ? value : "is not set");
		m->lsm_list.lsms[m->lsm_list.n++] = (struct lsm){ xstrdup(name), xstrdup(kconfig), 0 };
	}
	return ok;
}

/* A manifest's hooks, each once, with its slots (at most MAX_LSM_COUNT) and policy. */
static bool read_manifest_hooks(struct model *m, json_t *hooks, const char *path)
{
	bool ok = true;

	m->hooks = xcalloc(json_array_size(hooks), sizeof(*m->hooks));
	for (size_t i = 0; ok && i < json_array_size(hooks); i++) {
		json_t *ho = json_array_get(hooks, i);
		json_t *pol = json_object_get(ho, "policy");
		json_t *ns = json_object_get(ho, "slots");
		struct hook *h = &m->hooks[m->nhooks];

		ok = read_manifest_hook(h, ho, path, i);
		if (ok && model_find_hook(m, h->name)) {
			error_at(path, 0, 0, "hooks[%zu]: hook '%s' is listed twice", i, h->name);
			ok = false;
		}
		if (ok && ns && (!json_is_integer(ns) || json_integer_value(ns) < 0 ||
				 json_integer_value(ns) > (json_int_t)m->max_lsm_count)) {
			error_at(path, 0, 0, "hooks[%zu]: \"slots\" must be a number from 0 to "
				 "max_lsm_count (%u)", i, m->max_lsm_count);
			ok = false;
		}
		/* a manifest names only the hooks whose policy is not standard */
		int p = pol ? policy_from_name(json_string_value(pol)) : POLICY_STANDARD;

		if (ok && pol && p <= POLICY_STANDARD) {
			error_at(path, 0, 0,
				 "hooks[%zu]: \"policy\" is \"primitives\" or \"lsmid\"", i);
			ok = false;
		}
		if (ok)
			h->policy = (enum policy)p;
		h->any_if_zero = json_is_true(json_object_get(ho, "any_if_zero"));
		h->nslots = (unsigned)json_integer_value(ns);
		m->nhooks++;
	}
	return ok;
}

bool json_read_manifest(struct model *m, const char *path, const char *text, size_t len)
{
	json_error_t err;
	json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &err);

	if (!root) {
		error_at(path, (unsigned)err.line, (unsigned)err.column, "%s", err.text);
		return false;
	}
	json_t *hooks = json_object_get(root, "hooks");
	json_t *lsms = json_object_get(root, "lsms");
	json_t *count = json_object_get(root, "max_lsm_count");
	bool ok = json_is_array(hooks) && json_is_array(lsms) && json_is_integer(count);

	if (!ok)
		error_at(path, 0, 0, "not an lsmgen manifest: it needs \"max_lsm_count\", "
			 "\"lsms\" and \"hooks\" (write one with lsmgen generate --manifest)");
	ok = ok && read_manifest_layout(m, root, count, path) &&
	     read_manifest_lsms(m, lsms, path) && read_manifest_hooks(m, hooks, path);
	json_decref(root);
	return ok;
}

static json_t *names_json(const struct strlist *l)
{
	json_t *a = json_array();

	for (unsigned i = 0; i < l->n; i++)
		json_array_append_new(a, json_string(l->v[i]));
	return a;
}

char *json_diff(const struct model_diff *d, bool equal)
{
	json_t *changes = json_array();

	for (unsigned i = 0; i < d->nchanges; i++) {
		const struct hook_change *c = &d->changes[i];

		json_array_append_new(changes, json_pack("{s:s, s:s, s:s, s:s}", "hook", c->hook,
							 "field", c->field, "old", c->from,
							 "new", c->to));
	}
	return dump(json_pack("{s:b, s:{s:I, s:I}, s:{s:o, s:o}, s:{s:o, s:o, s:o}, s:{s:o, s:o}, "
			      "s:{s:s, s:s}}",
			      "equal", equal,
			      "max_lsm_count", "old", (json_int_t)d->from_count,
			      "new", (json_int_t)d->to_count,
			      "lsms_counted", "added", names_json(&d->lsms_added),
			      "removed", names_json(&d->lsms_removed),
			      "hooks", "added", names_json(&d->hooks_added),
			      "removed", names_json(&d->hooks_removed), "changed", changes,
			      "stats", "old", stats_json(&d->from_stats),
			      "new", stats_json(&d->to_stats),
			      "layout", "old", d->from_layout, "new", d->to_layout));
}

/* "a string", "an object", ... for messages about the wrong shape */
static const char *json_kind(const json_t *v)
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

static const char *opt_string(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	return json_is_string(v) ? json_string_value(v) : NULL;
}

/*
 * A build_condition: a Kconfig symbol without CONFIG_, or an array of them (the file is
 * built when any is set). Into "A B", the form struct impl_entry keeps; NULL if none.
 */
static bool read_build_condition(const struct jdoc *d, json_t *root, json_t *in, const char *where,
				 char **out)
{
	json_t *v = json_object_get(in, "build_condition");
	struct buf b = { 0 };
	bool ok = true;

	*out = NULL;
	if (!v || json_is_null(v))
		return true;
	for (size_t i = 0; ok && i < (json_is_array(v) ? json_array_size(v) : 1); i++) {
		json_t *sym = json_is_array(v) ? json_array_get(v, i) : v;
		const char *t = json_string_value(sym);

		ok = t && is_identifier(t) && strncmp(t, "CONFIG_", 7);
		if (ok)
			buf_printf(&b, "%s%s", b.len ? " " : "", t);
	}
	if (!ok || !b.len) {
		jreport(true, d, root, in, "build_condition", 0, "%s: \"build_condition\" is a "
			"Kconfig symbol without CONFIG_, or an array of them", where);
		buf_free(&b);
		return false;
	}
	*out = b.s;
	return true;
}

/* The build_condition of the file an entry sits in, from the LSM's "files". */
static bool file_condition(const struct jdoc *d, json_t *root, json_t *lsm, const char *file,
			   const char *where, char **out)
{
	static const struct jkey file_keys[] = {
		{ "file", J_STRING }, { "build_condition", J_ANY },
		/* what the corpus format records beside: no count depends on it */
		{ "arrays", J_ANY }, { "array_guard", J_ANY }, { "build_condition_note", J_ANY },
		{ NULL, J_ANY },
	};
	json_t *files = json_object_get(lsm, "files");

	*out = NULL;
	for (size_t i = 0; i < json_array_size(files); i++) {
		json_t *f = json_array_get(files, i);
		const char *name = opt_string(f, "file");

		if (!json_is_object(f) || !check_members(d, root, f, file_keys, where) || !name) {
			if (!json_is_object(f) || !name)
				jreport(true, d, root, files, NULL, i, "%s: each of \"files\" is "
					"{\"file\", \"build_condition\"}", where);
			return false;
		}
		if (file && !strcmp(name, file))
			return read_build_condition(d, root, f, where, out);
	}
	return true;
}

static bool read_impl_entries(const struct jdoc *d, json_t *root, struct impl_lsm *l, json_t *lsm,
			      json_t *list, const char *where)
{
	static const struct jkey entry_keys[] = {
		{ "name", J_STRING }, { "function", J_STRING }, { "guard", J_STRING_OR_NULL },
		{ "guard_expanded", J_STRING_OR_NULL }, { "build_condition", J_ANY },
		{ "file", J_STRING }, { "line", J_INTEGER }, { "unsure", J_STRING },
		/* what the corpus format records beside: no count depends on it */
		{ "guard_directives", J_ANY }, { "guard_kconfig", J_ANY }, { "guard_note", J_ANY },
		{ NULL, J_ANY },
	};
	bool ok = true;

	for (size_t i = 0; i < json_array_size(list); i++) {
		json_t *e = json_array_get(list, i);

		if (!json_is_object(e)) {
			jreport(true, d, root, list, NULL, i, "%s: an entry is an object "
				"{\"name\", \"function\", \"guard\"}, not %s", where, json_kind(e));
			ok = false;
			continue;
		}
		if (!check_members(d, root, e, entry_keys, where)) {
			ok = false;
			continue;
		}
		/* guard_expanded is the guard in Kconfig terms, where the guard names a macro */
		const char *hook = opt_string(e, "name"), *guard = opt_string(e, "guard_expanded");
		const char *file = opt_string(e, "file"), *function = opt_string(e, "function");
		char *bc = NULL;

		if (!guard)
			guard = opt_string(e, "guard");
		if (!hook || !is_identifier(hook)) {
			jreport(true, d, root, list, NULL, i, "%s: an entry needs a hook \"name\"",
				where);
			ok = false;
			continue;
		}
		if (json_object_get(e, "build_condition") ?
		    !read_build_condition(d, root, e, where, &bc) :
		    !file_condition(d, root, lsm, file, where, &bc)) {
			ok = false;
			continue;
		}
		bool at_end = false;
		unsigned line = 0;
		json_t *jline = json_object_get(e, "line");

		if (file && jline && json_integer_value(jline) > 0 &&
		    json_integer_value(jline) < 100000000) {
			at_end = true;
			line = (unsigned)json_integer_value(jline);
		}
		/* the entry's line in this file, for messages, when it names no source file */
		if (!file) {
			const char *start = skip_ws(d->text, d->end);
			const char *at = locate(start, d->end, root, list, NULL, i, &at_end);

			line = 1;
			for (const char *p = d->text; at_end && p < at; p++)
				line += *p == '\n';
		}
		l->entries = xrealloc(l->entries, (l->n + 1) * sizeof(*l->entries));
		l->entries[l->n++] = (struct impl_entry){
			xstrdup(hook), xstrdup(function ? function : ""),
			guard ? xstrdup(guard) : NULL, bc, file ? xstrdup(file) : NULL,
			at_end ? line : 0,
			opt_string(e, "unsure") ? xstrdup(opt_string(e, "unsure")) : NULL,
		};
	}
	return ok;
}

static bool read_impl_lsm(const struct jdoc *d, json_t *root, json_t *tree, const char *key,
			  struct impls *im)
{
	static const struct jkey lsm_keys[] = {
		{ "kconfig", J_STRING }, { "hooks", J_ARRAY }, { "extra", J_ARRAY },
		{ "all_hooks", J_BOOL }, { "unsure", J_BOOL }, { "files", J_ARRAY },
		{ "opaque", J_STRING },
		/* what the corpus format records beside: no count depends on it */
		{ "lsm_id_name", J_ANY }, { "counts", J_ANY }, { "kconfig_note", J_ANY },
		{ "kconfig_depends_select", J_ANY }, { "kconfig_depends_select_note", J_ANY },
		{ "all_hooks_mechanism", J_ANY }, { "all_hooks_count", J_ANY },
		{ "all_hooks_guards_note", J_ANY }, { "lsm_hook_defs_guarded_hooks", J_ANY },
		{ NULL, J_ANY },
	};
	json_t *v = json_object_get(tree, key);
	const char *kconfig = opt_string(v, "kconfig");

	if (!json_is_object(v)) {
		jreport(true, d, root, tree, key, 0, "%s: an LSM must be an object {\"kconfig\", "
			"\"hooks\"}, not %s", key, json_kind(v));
		return false;
	}
	if (!check_members(d, root, v, lsm_keys, key))
		return false;
	/* "" only where the scan could not tell the LSM ("unsure") */
	if (!kconfig || (*kconfig ? !is_identifier(kconfig) :
			 !json_is_true(json_object_get(v, "unsure")))) {
		jreport(true, d, root, tree, key, 0, "%s: needs \"kconfig\", its Kconfig symbol",
			key);
		return false;
	}
	im->lsms = xrealloc(im->lsms, (im->n + 1) * sizeof(*im->lsms));
	struct impl_lsm *l = &im->lsms[im->n++];

	memset(l, 0, sizeof(*l));
	l->name = xstrdup(key);
	l->kconfig = *kconfig ? xasprintf("%s%s", strncmp(kconfig, "CONFIG_", 7) ? "CONFIG_" : "",
					  kconfig) : xstrdup("");
	l->all_hooks = json_is_true(json_object_get(v, "all_hooks"));
	l->unsure = json_is_true(json_object_get(v, "unsure"));
	l->opaque = opt_string(v, "opaque") ? xstrdup(opt_string(v, "opaque")) : NULL;
	bool ok = read_impl_entries(d, root, l, v, json_object_get(v, "hooks"), key);

	return read_impl_entries(d, root, l, v, json_object_get(v, "extra"), key) && ok;
}

static bool read_table_facts(const struct jdoc *d, json_t *root, json_t *tree, struct impls *im)
{
	static const struct jkey table_keys[] = {
		{ "file", J_STRING }, { "hook_count", J_INTEGER }, { "sha256", J_STRING },
		{ NULL, J_ANY },
	};
	json_t *table = json_object_get(tree, "_lsm_hook_defs");
	const char *sha = opt_string(table, "sha256");
	json_t *count = json_object_get(table, "hook_count");

	if (!table)
		return true;
	if (!json_is_object(table) ||
	    !check_members(d, root, table, table_keys, "_lsm_hook_defs") ||
	    !sha || strlen(sha) != 64 || !json_is_integer(count) || json_integer_value(count) < 0 ||
	    json_integer_value(count) > 100000) {
		jreport(true, d, root, tree, "_lsm_hook_defs", 0,
			"\"_lsm_hook_defs\" must be {\"file\", \"hook_count\", \"sha256\"}: "
			"the hook table the list was made from");
		return false;
	}
	im->table_sha256 = xstrdup(sha);
	im->table_hooks = (unsigned)json_integer_value(count);
	im->table_file = xstrdup(opt_string(table, "file") ? opt_string(table, "file") :
				 "lsm_hook_defs.h");
	return true;
}

bool json_read_impls(struct impls *im, const char *source, const char *text, size_t len,
		     const char *tree)
{
	struct jdoc d = { source, text, text + len };
	json_t *root = jload(&d);
	const char *key;
	json_t *v, *t = NULL;
	unsigned ntrees = 0;
	bool ok = true;

	memset(im, 0, sizeof(*im));
	im->source = xstrdup(source);
	if (!root)
		return false;
	if (!json_is_object(root)) {
		error_at(source, 1, 1,
			 "an implementer list is a JSON object of trees, {\"<tree>\": {\"<lsm>\": "
			 "{\"kconfig\", \"hooks\"}}}, not %s", json_kind(root));
		json_decref(root);
		return false;
	}
	json_object_foreach(root, key, v) {
		if (key[0] == '_')
			continue;	/* comments and metadata */
		if (!json_is_object(v)) {
			jreport(true, &d, root, root, key, 0,
				"tree \"%s\" must be an object of LSMs, not %s", key, json_kind(v));
			ok = false;
			continue;
		}
		ntrees++;
		if (!tree || !strcmp(tree, key))
			t = v;
	}
	if (ok && (!t || (!tree && ntrees != 1))) {
		if (tree)
			error_at(source, 0, 0, "no tree \"%s\" in the implementer list", tree);
		else if (!ntrees)
			error_at(source, 1, 1, "the implementer list holds no tree");
		else
			error_at(source, 0, 0,
				 "the implementer list holds %u trees: choose one with "
				 "--impls-tree", ntrees);
		ok = false;
	}
	if (ok)
		ok = read_table_facts(&d, root, t, im);
	json_object_foreach(ok ? t : NULL, key, v)
		if (key[0] != '_')
			ok &= read_impl_lsm(&d, root, t, key, im);
	json_decref(root);
	return ok;
}

char *json_impls(const struct impls *im)
{
	json_t *tree = json_object();

	for (unsigned i = 0; i < im->n; i++) {
		const struct impl_lsm *l = &im->lsms[i];
		json_t *hooks = json_array(), *files = json_array();
		json_t *o = json_pack("{s:s}", "kconfig", strncmp(l->kconfig, "CONFIG_", 7) ?
				      l->kconfig : l->kconfig + 7);

		for (unsigned k = 0; k < l->n; k++) {
			const struct impl_entry *e = &l->entries[k];
			json_t *h = json_pack("{s:s, s:s, s:o}", "name", e->hook, "function",
					      e->function, "guard",
					      e->guard ? json_string(e->guard) : json_null());

			if (e->build_condition && strchr(e->build_condition, ' ')) {
				struct strlist syms = { 0 };
				json_t *any = json_array();

				strlist_split(&syms, e->build_condition, ' ');
				for (unsigned j = 0; j < syms.n; j++)
					json_array_append_new(any, json_string(syms.v[j]));
				strlist_free(&syms);
				json_object_set_new(h, "build_condition", any);
			} else if (e->build_condition) {
				json_object_set_new(h, "build_condition",
						    json_string(e->build_condition));
			}
			if (e->unsure)
				json_object_set_new(h, "unsure", json_string(e->unsure));
			json_array_append_new(hooks, h);
		}
		json_object_set_new(o, "hooks", hooks);
		json_decref(files);
		if (l->all_hooks)
			json_object_set_new(o, "all_hooks", json_true());
		if (l->unsure)
			json_object_set_new(o, "unsure", json_true());
		if (l->opaque)
			json_object_set_new(o, "opaque", json_string(l->opaque));
		json_object_set_new(tree, l->name, o);
	}
	if (im->table_sha256)
		json_object_set_new(tree, "_lsm_hook_defs",
				    json_pack("{s:s, s:I, s:s}", "file", im->table_file,
					      "hook_count", (json_int_t)im->table_hooks,
					      "sha256", im->table_sha256));
	return dump(json_pack("{s:{s:s}, s:o}", "_meta", "description",
			      "LSM_HOOK_INIT entries found by lsmgen impls", "scan", tree));
}
