LSM_HOOK(int, 0, a, void) garbage;
