// C (n x n) = A (n x n) * B (n x n), accumulated in double: the whole
// definition is common/matmul.h's SquareMatmul.
#include "judge/problem/definition.h"
#include "problems/common/matmul.h"

REGISTER_PROBLEM("square-matmul", problems::SquareMatmul);
