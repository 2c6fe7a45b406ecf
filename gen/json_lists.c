/* json_lists.c: the LSM list and the dispatch policies, read from JSON. */
#include "json.h"

#include <stdlib.h>
#include <string.h>

#include "jsondoc.h"
#include "alloc.h"
#include "diag.h"
#include "tokens.h"

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
