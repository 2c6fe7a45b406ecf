#ifndef LOADPIN_B_H
#define LOADPIN_B_H
#include "a.h"
#endif
