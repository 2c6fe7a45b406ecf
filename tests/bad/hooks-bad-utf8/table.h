LSM_HOOK(int, 0, cafÃ, void)
/* ÿþ in a comment is fine */
LSM_HOOK(int, 0, fine, void)
