LSM_HOOK(int, 0, 2fast, void)
LSM_HOOK(int, 0, two words, void)
LSM_HOOK(int, 0, int, void)
