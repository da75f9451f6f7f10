// The functions are inline in the header; this file gives the target a source.
#include "malloc_tuning.h"
