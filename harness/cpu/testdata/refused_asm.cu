// Inline PTX must be refused at this file's line 5.
__global__ void k(int* out) {
  int lane;
  // the next line is line 5
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  out[0] = lane;
}
