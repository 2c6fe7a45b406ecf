#define MY_HOOK(name) LSM_HOOK(int, 0, name, void)
MY_HOOK(hidden)
