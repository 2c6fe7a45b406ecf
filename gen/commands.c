/*
 * commands.c: what each command does with its model, built by build_model() from the
 * options as options.c judged them: print a report, or write or compare the files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "diff.h"
#include "emit.h"
#include "impls.h"
#include "json.h"
#include "output.h"
#include "report.h"
#include "alloc.h"
#include "diag.h"
#include "files.h"
#include "strlist.h"

/* The one way a command gets its model: build_model() of the options as judged. */
static int build(const struct opts *o, struct model *m, struct impls *im)
{
	int status = build_model(&o->b, m, im);

	/* --explain-slots, for any command that decides slots: before what it prints */
	if (m->explained)
		report_explained(m->explained);
	return status;
}

/* Print a JSON text made by json.c, and free it. */
static void print_json(char *json)
{
	fputs(json, stdout);
	free(json);
}

int cmd_count(struct opts *o)
{
	struct model m = { 0 };
	int rc = build(o, &m, NULL);

	if (rc || !o->explain) {
		if (!rc)
			printf("%u\n", m.max_lsm_count);
		model_free(&m);
		return rc;
	}
	report_count(&m);
	model_free(&m);
	return 0;
}

int cmd_hooks(struct opts *o)
{
	struct model m = { 0 };
	int rc;

	/* --explain-slots: that hook's slots (build() prints them) instead of the list */
	rc = build(o, &m, NULL);
	if (!rc && !o->b.explain_slots && o->json)
		print_json(json_model(&m, false));
	else if (!rc && !o->b.explain_slots)
		report_hooks(&m);
	model_free(&m);
	return rc;
}

/*
 * Everything generate writes, and check compares: the generated files, the manifest and
 * the depfile. False (nothing rendered) if a template is wrong.
 */
static bool output_set(const struct opts *o, struct model *m, struct output_set *set,
		       bool with_depfile)
{
	struct outfile *files;
	unsigned nfiles;

	memset(set, 0, sizeof(*set));
	if (!emit_render(m, o->templates, &files, &nfiles, &m->deps)) {
		emit_free(files, nfiles);
		return false;
	}
	for (unsigned i = 0; i < nfiles; i++) {
		char *path = xasprintf("%s/%s", o->output, files[i].name);

		output_add(set, path, files[i].text.s, files[i].text.len, "generated file");
		free(path);
	}
	emit_free(files, nfiles);
	if (o->manifest) {
		char *json = json_model(m, true);

		output_add(set, o->manifest, json, strlen(json), "manifest");
		free(json);
	}
	if (with_depfile && o->depfile) {
		char *target = o->depfile_target ? xstrdup(o->depfile_target) :
			       xasprintf("%s/lsm_count.h", o->output);

		output_add_depfile(set, o->depfile, target, &m->deps);
		free(target);
	}
	return true;
}

int cmd_generate(struct opts *o)
{
	struct model m = { 0 };
	struct output_set set = { 0 };
	int rc;

	rc = build(o, &m, NULL);
	if (!rc && !output_set(o, &m, &set, true))
		rc = EXIT_INPUT;
	/* an output that is an input, or another output, is refused before anything is written */
	if (!rc && !output_refuse_aliases(&set, &m.deps))
		rc = EXIT_USAGE;
	struct strlist created = { 0 };

	if (!rc && !(make_dirs(o->output, &created) && output_commit(&set, o->verbose)))
		rc = EXIT_USAGE;
	/* a failed run leaves no directory it made behind, deepest first */
	for (unsigned i = created.n; rc && i-- > 0;)
		rmdir(created.v[i]);
	strlist_free(&created);
	if (!rc && o->verbose) {
		struct stats st = model_stats(&m);

		fprintf(stderr, "MAX_LSM_COUNT %u, %u hooks, %lu static calls, %lu static keys\n",
			m.max_lsm_count, m.nhooks, st.static_calls, st.static_keys);
	}
	output_free(&set);
	model_free(&m);
	return rc;
}

/* check's "why": what changed since the checked-in manifest was made, if it reads. */
static void print_why(const struct opts *o, const struct model *m)
{
	struct model old = { 0 };
	struct model_diff d;
	size_t len;
	char *text;
	bool have_old;

	unsigned mark = diag_mute();	/* a stale manifest that does not read has no why */

	text = read_file(o->manifest, &len);
	have_old = text && json_read_manifest(&old, o->manifest, text, len);
	diag_unmute(mark);
	if (have_old && !diff_models(&old, m, &d)) {
		printf("\nwhy (%s against this run):\n", o->manifest);
		report_diff(&d);
	}
	if (have_old)
		diff_free(&d);
	free(text);
	model_free(&old);
}

int cmd_check(struct opts *o)
{
	struct model m = { 0 };
	struct output_set set = { 0 };
	bool fresh;
	int rc;

	rc = build(o, &m, NULL);
	if (!rc && !output_set(o, &m, &set, false))
		rc = EXIT_INPUT;
	if (rc) {
		model_free(&m);
		return rc;
	}
	/* one screen first (files, lines, why), then the diffs */
	fresh = output_compare(&set, o->quiet);
	if (!fresh && !o->quiet && o->manifest && path_exists(o->manifest))
		print_why(o, &m);
	if (!fresh && !o->quiet && !o->stat) {
		fflush(stdout);
		output_diffs(&set);
	}
	output_free(&set);
	model_free(&m);
	if (fresh)
		return 0;
	if (!o->quiet) {
		fprintf(stderr, "lsmgen: %s is stale\n", o->output);
		report_regenerate(o->argc, o->argv);
	}
	return EXIT_INPUT;
}

int cmd_stats(struct opts *o)
{
	struct model m = { 0 };
	int rc = build(o, &m, NULL);
	struct stats max = model_stats_max(&m), st = model_stats(&m);

	if (rc) {
		/* nothing */
	} else if (o->stats_both && !o->json) {
		report_stats_both(&max, &st);
	} else if (o->json) {
		print_json(json_stats(&st));
	} else {
		report_stats(&m, &st);
	}
	model_free(&m);
	return rc;
}

/* One side of a diff: a manifest, or HOOKDEFS:CONFIG built as generate would. */
static bool load_side(const struct opts *o, const char *op, struct model *m)
{
	const char *colon = strchr(op, ':');

	if (path_exists(op) || !colon) {
		size_t len;
		char *text = read_file(op, &len);
		bool ok = text && json_read_manifest(m, op, text, len);

		free(text);
		return ok;
	}
	char *hookdefs = xstrndup(op, (size_t)(colon - op));
	char *dotconfig = options_config_in_dir(colon + 1);
	struct opts side = *o;

	side.b.hookdefs = hookdefs;
	side.b.config = dotconfig ? dotconfig : colon + 1;
	bool ok = build(&side, m, NULL) == 0;

	free(dotconfig);
	free(hookdefs);
	return ok;
}

int cmd_diff(struct opts *o)
{
	struct model a = { 0 }, b = { 0 };
	struct model_diff d;

	if (!load_side(o, o->ops[0], &a) || !load_side(o, o->ops[1], &b)) {
		model_free(&a);
		model_free(&b);
		return EXIT_USAGE;
	}
	bool equal = diff_models(&a, &b, &d);

	if (o->json)
		print_json(json_diff(&d, equal));
	else
		report_diff(&d);
	diff_free(&d);
	model_free(&a);
	model_free(&b);
	return equal ? 0 : 1;
}

int cmd_impls(struct opts *o)
{
	struct model m = { 0 };
	struct impls im = { 0 };
	int rc;

	rc = build(o, &m, &im);
	/* the implementer list names no symbol for an LSM the LSM list lacks: where it
	 * counts, MAX slots */
	for (unsigned i = 0; !rc && i < im.n; i++)
		if (im.lsms[i].unlisted && im.lsms[i].name[0] != '?')
			warn_at(im.lsms[i].unlisted, 0, 0,
				"LSM '%s' is not in the LSM list: its hooks keep MAX_LSM_COUNT "
				"slots", im.lsms[i].name);
	if (!rc)
		print_json(json_impls(&im));
	impls_free(&im);
	model_free(&m);
	return rc;
}
