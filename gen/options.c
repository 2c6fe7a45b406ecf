/*
 * options.c: the options judged, once, right after main parsed them: what each means for
 * this command, every conflict between them and every input missing, with one error path
 * (usage_error, exit 2). Nothing here reads an input; build.c takes o->b as it is left.
 */
#include "options.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "diag.h"
#include "files.h"

/* An option that changes nothing in this use: a usage error naming what it needs. */
static void refuse_idle(const struct opts *o)
{
	const struct build_opts *b = &o->b;
	const char *cmd = o->cmd;
	bool generates = !strcmp(cmd, "generate") || !strcmp(cmd, "check");

	if (b->impls_tree && !b->impls)
		usage_error(cmd, "--impls-tree picks a tree of --impls FILE: give --impls");
	if (o->depfile_target && !o->depfile)
		usage_error(cmd, "--depfile-target names the target of --depfile FILE: give "
			    "--depfile");
	if (generates && b->impls && b->layout.slots != SLOTS_EXACT)
		usage_error(cmd, "--impls gives the implementer list --slots exact counts "
			    "from: add --slots exact");
	/* checked-in files record the fingerprint of the tree they were counted from */
	if (generates && b->layout.all_configs && b->kernel && b->impls)
		usage_error(cmd, "--all-configs --kernel counts from the tree, whose fingerprint "
			    "the files record; an implementer list from --impls may be "
			    "another's: drop --impls");
	if (!strcmp(cmd, "stats") && b->impls && b->layout.slots == SLOTS_MAX)
		usage_error(cmd, "--impls gives the implementer list exact slots count from, "
			    "and --slots max counts none: drop one (without --slots, stats "
			    "shows max and exact side by side)");
	/* the explanation is text for a reader: neither inside JSON nor under -q */
	if (b->explain_slots && o->json)
		usage_error(cmd, "--explain-slots prints text, and --json is for tools: give one "
			    "of them");
	if (b->explain_slots && o->quiet)
		usage_error(cmd, "--explain-slots prints, and -q prints nothing: give one of "
			    "them");
	if (!strcmp(cmd, "hooks") && !b->explain_slots && (b->lsms || b->lsm_count_h))
		usage_error(cmd, "hooks lists the table, which no LSM list changes: %s serves "
			    "--explain-slots here", b->lsms ? "--lsms" : "--lsm-count-h");
}

/* diff: the lists apply to a HOOKDEFS:CONFIG side, and only where the sides can differ. */
static void judge_diff(const struct opts *o)
{
	const struct build_opts *b = &o->b;
	bool built[2] = { false, false };

	if (o->nops == 2)
		for (int i = 0; i < 2; i++)
			built[i] = strchr(o->ops[i], ':') != NULL;
	if ((b->lsms || b->lsm_count_h || b->policies) && o->nops == 2 && !built[0] && !built[1])
		usage_error(o->cmd, "%s applies to a HOOKDEFS:CONFIG side; both sides are "
			    "manifests", b->lsms ? "--lsms" : b->lsm_count_h ? "--lsm-count-h" :
			    "--policies");
	/* the same policies on both sides cannot show in a diff, which prints differences */
	if (b->policies && built[0] && built[1] && !path_exists(o->ops[0]) &&
	    !path_exists(o->ops[1]))
		usage_error(o->cmd, "--policies would apply to both HOOKDEFS:CONFIG sides alike, "
			    "and diff prints only differences: give it with a manifest on one "
			    "side");
	if (o->nops != 2)
		usage_error(o->cmd, "give two models: manifests or HOOKDEFS:CONFIG");
}

char *options_config_in_dir(const char *config)
{
	char *dotconfig;

	if (!path_is_directory(config))
		return NULL;
	dotconfig = xasprintf("%s/.config", config);
	if (path_exists(dotconfig))
		return dotconfig;
	free(dotconfig);
	return NULL;
}

/* --kernel KDIR (-O BUILDDIR) and --config DIR as the files they name; each needed one. */
static void resolve_inputs(struct opts *o, bool need_hookdefs)
{
	struct build_opts *b = &o->b;

	if (b->layout.all_configs && (b->config || o->objtree))
		usage_error(o->cmd, "--all-configs reads no configuration: drop %s",
			    b->config ? "--config" : "-O");
	if (o->objtree && !b->kernel)
		usage_error(o->cmd, "-O BUILDDIR goes with --kernel KDIR");
	if (b->lsms && b->lsm_count_h)
		usage_error(o->cmd, "give --lsms or --lsm-count-h, not both");
	if (b->kernel) {
		if (b->hookdefs || b->config)
			usage_error(o->cmd, "--kernel replaces --hookdefs and --config");
		o->owned[0] = xasprintf("%s/include/linux/lsm_hook_defs.h", b->kernel);
		o->owned[1] = xasprintf("%s/.config", o->objtree ? o->objtree : b->kernel);
		o->owned[2] = xasprintf("%s/include/linux/lsm_count.h", b->kernel);
		b->hookdefs = o->owned[0];
		b->config = o->owned[1];
		if (!b->lsms && !b->lsm_count_h && path_exists(o->owned[2]))
			b->lsm_count_h = o->owned[2];
		if (b->layout.all_configs)
			b->config = NULL;
		/* a tree built with O=: its .config is in the build directory */
		else if (!path_exists(o->owned[1]) && !o->objtree)
			usage_error(o->cmd, "%s has no .config: if the kernel is built with "
				    "O=BUILDDIR, give -O BUILDDIR", b->kernel);
	} else if (b->config && (o->owned[1] = options_config_in_dir(b->config))) {
		b->config = o->owned[1];
	}
	if (need_hookdefs && !b->hookdefs)
		usage_error(o->cmd, "no hook table: give --hookdefs FILE or --kernel KDIR");
	if (!b->config && !b->layout.all_configs)
		usage_error(o->cmd, "no configuration: give --config FILE or --kernel KDIR (or "
			    "--all-configs)");
}

/* Values judged by themselves, and the layout's defaults. */
static void judge_layout(struct opts *o)
{
	struct build_opts *b = &o->b;
	struct layout *l = &b->layout;

	struct expr *abstain = l->abstain ? expr_from_text(l->abstain) : NULL;
	bool safe = expr_is_safe(abstain);

	expr_free(abstain);
	if (l->abstain && !safe)
		usage_error(o->cmd, "--abstain-value '%s' is not a constant expression",
			    l->abstain);
	if (l->runtime_lsm && l->dispatch == DISPATCH_SWITCH)
		usage_error(o->cmd, "--runtime-lsm toggles static keys: it needs --dispatch keys");
	if (l->all_configs && b->explain_slots)
		usage_error(o->cmd, "--explain-slots explains one configuration: it does not go "
			    "with --all-configs");
	if ((b->needs & NEED_LAYOUT) && (l->slots == SLOTS_EXACT || b->explain_slots) &&
	    !b->impls && !b->kernel)
		usage_error(o->cmd, "--slots exact and --explain-slots need --impls FILE, or "
			    "--kernel KDIR to scan its security/ sources");
	if (!l->slots)
		l->slots = SLOTS_MAX;
	if (!l->dispatch)
		l->dispatch = DISPATCH_KEYS;
}

void options_judge(struct opts *o, unsigned needs)
{
	struct build_opts *b = &o->b;
	const char *cmd = o->cmd;

	b->cmd = cmd;
	refuse_idle(o);
	if (!strcmp(cmd, "diff"))
		judge_diff(o);
	if ((!strcmp(cmd, "generate") || !strcmp(cmd, "check")) && !o->output)
		usage_error(cmd, "no output directory: give -o DIR");
	if (!strcmp(cmd, "hooks") && (b->impls || b->layout.slots) && !b->explain_slots)
		usage_error(cmd, "hooks lists the table: --slots and --impls serve "
			    "--explain-slots here (lsmgen stats shows what slots cost)");
	if (!strcmp(cmd, "impls") && !b->kernel)
		usage_error(cmd, "give --kernel KDIR");
	/* hooks --explain-slots: that hook's slots, decided as generate decides them */
	if (b->explain_slots)
		needs = NEED_ALL;
	if (!strcmp(cmd, "stats") && b->impls && !b->layout.slots) {
		o->stats_both = true;
		b->layout.slots = SLOTS_EXACT;
	}
	b->needs = needs;
	/* diff's sides name their inputs themselves */
	if ((needs & NEED_CONFIG) && strcmp(cmd, "diff"))
		resolve_inputs(o, needs & NEED_HOOKS);
	if (b->lsms && b->lsm_count_h)	/* impls and diff, which resolve no inputs */
		usage_error(cmd, "give --lsms or --lsm-count-h, not both");
	if (!strcmp(cmd, "impls")) {
		/* the tree's own hook table, no configuration */
		o->owned[0] = xasprintf("%s/include/linux/lsm_hook_defs.h", b->kernel);
		b->hookdefs = o->owned[0];
	}
	judge_layout(o);
}
