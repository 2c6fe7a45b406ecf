/*
 * json_model.c: the model as JSON (hooks --json, the manifest, stats, diff) and a manifest
 * read back into a model (diff, check's "why").
 */
#include "json.h"

#include <stdlib.h>
#include <string.h>

#include "jsondoc.h"
#include "alloc.h"
#include "diag.h"
#include "files.h"

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
	char *guard = expr_comment_text(h->guard), *def = expr_text(h->def);
	json_t *o = json_pack("{s:s, s:s, s:s, s:o, s:o, s:I}", "name", h->name, "ret", h->ret,
			      "default", def, "params", params,
			      "guard", guard ? json_string(guard) : json_null(),
			      "line", (json_int_t)h->line);

	free(guard);
	free(def);

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
	h->def = expr_from_text(def);
	if (!h->def) {
		error_at(path, 0, 0, "%s: \"default\" is empty", where);
		return false;
	}
	h->is_void = strcmp(ret, "void") == 0;
	h->guard = json_is_string(guard) ? expr_from_text(json_string_value(guard)) : NULL;
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
		bool bad_slots = m->layout.slots == SLOTS_UNSET;
		char *value = jvalue_text(bad_slots ? slots : dispatch);

		error_at(path, 0, 0, "%s, not %s", bad_slots ? "\"slots\" is \"max\" or \"exact\"" :
			 "\"dispatch\" is \"keys\" or \"switch\"", value);
		free(value);
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
		m->lsm_list.lsms[m->lsm_list.n++] = (struct lsm){ xstrdup(name), xstrdup(kconfig),
								  0 };
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
			char *value = jvalue_text(pol);

			error_at(path, 0, 0, "hooks[%zu]: \"policy\" is \"primitives\" or "
				 "\"lsmid\", not %s", i, value);
			free(value);
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
