/* json_impls.c: implementer lists (lsm_hook_impls.json's schema) read and written. */
#include "json.h"

#include <stdlib.h>
#include <string.h>

#include "jsondoc.h"
#include "alloc.h"
#include "buf.h"
#include "diag.h"
#include "strlist.h"
#include "tokens.h"

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
			line = jdoc_line(d, root, list, NULL, i);
			at_end = line > 0;
		}
		l->entries = xrealloc(l->entries, (l->n + 1) * sizeof(*l->entries));
		l->entries[l->n++] = (struct impl_entry){
			xstrdup(hook), xstrdup(function ? function : ""),
			guard ? expr_from_text(guard) : NULL, bc, file ? xstrdup(file) : NULL,
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

static bool read_tree_impls(const struct jdoc *d, json_t *root, json_t *tree, struct impls *im)
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
		ok = read_tree_impls(&d, root, t, im);
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
			char *guard = expr_comment_text(e->guard);
			json_t *h = json_pack("{s:s, s:s, s:o}", "name", e->hook, "function",
					      e->function, "guard",
					      guard ? json_string(guard) : json_null());

			free(guard);

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
