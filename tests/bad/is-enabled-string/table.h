/* As in the kernel, IS_ENABLED() of a string symbol does not preprocess. */
#if IS_ENABLED(CONFIG_STR)
LSM_HOOK(int, 0, never, void)
#endif
