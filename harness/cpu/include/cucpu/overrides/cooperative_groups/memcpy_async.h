// cg::memcpy_async, wait and wait_prior lives in cooperative_groups.h here.
#pragma once

#include "../cooperative_groups.h"
