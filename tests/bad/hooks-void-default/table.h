LSM_HOOK(void, 0, void_with_zero, void)
LSM_HOOK(int, LSM_RET_VOID, int_with_void, void)
