#ifndef TABLERENDER_PIECELANES_H
#define TABLERENDER_PIECELANES_H
#include <stdint.h>

/* Whether this processor runs tr_piece_lanes_avx2 (x86-64 with AVX2). */
int tr_piece_lanes_avx2_available(void);

/* The one-column part of Rasterizer.accumulatePieces, four pieces at a time: for each piece
   (xa, xb, height triplets in `pieces`) writes the two rounded values and the column (-1 for a
   piece spanning more columns) as a triplet in `out`. Every lane performs the Swift lane loop's
   operations in its order; the caller checks availability first. */
void tr_piece_lanes_avx2(const double *pieces, long count, int64_t *out, double originX, long width);

/* The same lanes, added to the accumulation buffer as they come (acc[c] += first value,
   acc[c + 1] += second, both columns marked in `marks`) instead of written out; the indices of
   the pieces spanning more columns go to `wide` (room for `count`), their number returned. */
long tr_piece_lanes_avx2_accumulate(const double *pieces, long count, int64_t *acc, uint64_t *marks,
                                    double originX, long width, int64_t *wide);

#endif
