LSM_HOOK(int, 0, a, void)
/* never closed
LSM_HOOK(int, 0, b, void)
