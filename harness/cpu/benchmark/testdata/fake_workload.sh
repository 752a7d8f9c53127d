#!/usr/bin/env bash
# Stand-in for a benchmark program in compare_test.sh: prints the result and
# checksum lines of workload "fake" with the median and checksum it is given.
# Usage: fake_workload.sh <median_ms> <cpu_median_ms> <checksum>
echo "result workload=fake best_ms=$1 median_ms=$1 cpu_median_ms=$2"
echo "checksum workload=fake value=$3"
