// cg::reduce and its operators live in cooperative_groups.h here.
#pragma once

#include "cooperative_groups.h"
