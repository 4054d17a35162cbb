/*
 * Renames the functions of test/batchable/Inputs/shapes.c to EQ_PREFIX##name
 * so that the original and the rewritten build link into one binary:
 *   clang -include rename.h -DEQ_PREFIX=orig_ -c shapes.c
 */
#define EQ_CAT2(a, b) a##b
#define EQ_CAT(a, b) EQ_CAT2(a, b)
#define put_uevent EQ_CAT(EQ_PREFIX, put_uevent)
#define poll_out EQ_CAT(EQ_PREFIX, poll_out)
#define get_array EQ_CAT(EQ_PREFIX, get_array)
#define read_then_write EQ_CAT(EQ_PREFIX, read_then_write)
#define three_elements EQ_CAT(EQ_PREFIX, three_elements)
