#ifdef CONFIG_MOD_MODULE
#error "lsm_hook_defs.h: modular MOD is not supported"
#endif
LSM_HOOK(int, 0, a, void)
