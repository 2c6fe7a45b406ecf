#ifdef CONFIG_MOD
LSM_HOOK(int, 0, ifdef_module_is_false, void)
#endif
#if IS_ENABLED(CONFIG_MOD)
LSM_HOOK(int, 0, is_enabled_module_is_true, void)
#endif
#if IS_BUILTIN(CONFIG_MOD)
LSM_HOOK(int, 0, is_builtin_module_is_false, void)
#endif
#if IS_MODULE(CONFIG_MOD) && defined(CONFIG_BUILTIN)
LSM_HOOK(int, 0, is_module_and_builtin, void)
#endif
#if defined(CONFIG_STR) && CONFIG_NUM > 2
LSM_HOOK(int, 0, string_and_number_are_defined, void)
#endif
#ifndef CONFIG_ABSENT
LSM_HOOK(void, LSM_RET_VOID, ifndef_absent, void)
#else
LSM_HOOK(void, LSM_RET_VOID, else_of_ifndef, void)
#endif
#if 0
LSM_HOOK(int, 0, never, void)
#elif defined(CONFIG_BUILTIN)
LSM_HOOK(int, 0, elif_taken, void)
#endif
