// Cooperative launches: every block of the grid resident at once, each on an
// OS thread of its own, held together by grid_group::sync() (see
// cooperative_launch.cc).
#pragma once

#include "launch_job.h"

namespace cucpu::runtime {

// Runs every block of `job` at once; returns when all are done. The caller
// has checked that the grid fits (max_cooperative_blocks in device_limits.h).
void run_cooperative_launch(LaunchJob& job);

}  // namespace cucpu::runtime
