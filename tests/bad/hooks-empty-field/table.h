LSM_HOOK(int, , no_default, void)
LSM_HOOK(int, 0, extra_comma, int a, )
