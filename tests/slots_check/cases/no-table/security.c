/* No static_calls_table in the object: nothing to check against, and not silently. */
#include "shapes.h"

int security_something;
