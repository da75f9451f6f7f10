// The hooks are inline functions in the header; this file gives the target a source.
#include "sanitizer_hooks.h"
