/* An early LSM whose one entry depends on a tristate symbol (=m counts: IS_ENABLED). */
static struct security_hook_list early_hooks[] __ro_after_init = {
#if IS_ENABLED(CONFIG_EARLY_EXTRA)
	LSM_HOOK_INIT(file_open, early_file_open),
#else
	LSM_HOOK_INIT(capable, early_capable),
#endif
};

DEFINE_EARLY_LSM(early) = {
	.name = "early",
};
