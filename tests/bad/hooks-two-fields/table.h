LSM_HOOK(int, 0)
