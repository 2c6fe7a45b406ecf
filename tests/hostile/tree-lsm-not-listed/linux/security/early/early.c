/* An early LSM whose one entry depends on a tristate symbol (=m counts: IS_ENABLED). */
static struct security_hook_list early_hooks[] __ro_after_init = {
#if IS_ENABLED(CONFIG_EARLY_EXTRA)
	LSM_HOOK_INIT(file_open, early_file_open),
#else
	LSM_HOOK_INIT(capable, early_capable),
#endif
};

/* early or not by configuration, as lockdown: the name is read across the #else */
#ifdef CONFIG_SECURITY_EARLY_FIRST
DEFINE_EARLY_LSM(early) = {
#else
DEFINE_LSM(early) = {
#endif
	.name = "early",
};
