/* A mock LSM for lsmgen's scan tests: macro arguments holding [, { and ','. */
#define AA_ENTRY(h, f, ...) LSM_HOOK_INIT(h, f)
#define AA_AFTER(tag, h, f) LSM_HOOK_INIT(h, f)

static struct security_hook_list apparmor_hooks[] __ro_after_init = {
	/* the extra arguments go to __VA_ARGS__: two of them, as cpp splits */
	AA_ENTRY(file_open, aa_open, { 1, 2 }, [3] = 4),
	/* parentheses group: one argument */
	AA_AFTER(([0] = { 1, 2 }), task_free, aa_free),
	/* braces do not group: h is "task_alloc }", f "inode_free_security" */
	AA_AFTER({ 0, task_alloc }, inode_free_security),
};

DEFINE_LSM(apparmor) = {
	.name = "apparmor",
};
