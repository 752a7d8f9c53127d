// cg::inclusive_scan / exclusive_scan lives in cooperative_groups.h here.
#pragma once

#include "../cooperative_groups.h"
