/*
 * A mock LSM for lsmgen's scan tests: a function-like macro named as a hook (SELinux's
 * bpf_token_cmd(T, C) in Linux 7.x). Not followed by '(', cpp does not expand it.
 */
#define task_alloc(t, f) ((t) != 0 && (f))

static int aa_alloc(struct task_struct *t, unsigned long f)
{
	return task_alloc(t, f) ? 0 : 1;
}

static struct security_hook_list apparmor_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(task_alloc, aa_alloc),
	LSM_HOOK_INIT(file_open, aa_open),
};

DEFINE_LSM(apparmor) = {
	.name = "apparmor",
};
