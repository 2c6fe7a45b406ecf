/* DEFINE_LSM()'s argument is a macro too: the name to count is .name, resolved here. */
#include "common.h"

DEFINE_LSM(LANDMARK_NAME) = {
	.name = LANDMARK_NAME,
	.init = landmark_init,
};
