/*
 * Automatically generated file; DO NOT EDIT.
 */
#define CONFIG_SECURITY 1
#define CONFIG_A_Y 1
#define CONFIG_B_M_MODULE 1
#define CONFIG_E_STR "say \"hi\" \\ bye"
#define CONFIG_F_NEG -12
#define CONFIG_G_HEX 0x1F
#define CONFIG_I_LAST2_MODULE 1
