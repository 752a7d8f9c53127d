// The worker threads that run blocks: the launching thread plus
// CUCPU_WORKERS-1 helpers that sleep between launches.
#pragma once

#include "launch_job.h"

namespace cucpu::runtime {

class WorkerPool;

// The process's pool, created on first use and never destroyed (its threads
// are detached).
WorkerPool& worker_pool();

// Runs every block of `job` on the launching thread and the helpers; returns
// when all are done.
void run_on_workers(WorkerPool& pool, LaunchJob& job);

}  // namespace cucpu::runtime
