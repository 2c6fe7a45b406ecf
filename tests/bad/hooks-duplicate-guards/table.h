#ifdef CONFIG_BUILTIN
LSM_HOOK(int, 0, twice, void)
#endif
#if IS_ENABLED(CONFIG_MOD)
LSM_HOOK(int, 0, twice, int a)
#endif
