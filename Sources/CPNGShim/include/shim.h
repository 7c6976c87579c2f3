#ifndef TABLERENDER_PNG_SHIM_H
#define TABLERENDER_PNG_SHIM_H
#include <stddef.h>
#include <stdint.h>

/* Everything that touches libpng lives in shim.c, which owns the only setjmp: libpng reports
   errors by longjmp, and a jump must never cross a Swift frame. Functions return 0 on success
   and write a message into err (errlen bytes) on failure. */

/* A growable byte buffer owned by C; free with tr_buffer_free. */
typedef struct {
    uint8_t *data;
    size_t length;
    size_t capacity;
} tr_buffer;

void tr_buffer_free(tr_buffer *buffer);

/* PNG row filters, as libpng's PNG_FILTER_* bits. */
enum {
    TR_FILTER_NONE = 0x08, TR_FILTER_SUB = 0x10, TR_FILTER_UP = 0x20,
    TR_FILTER_AVG = 0x40, TR_FILTER_PAETH = 0x80, TR_FILTER_ALL = 0xF8
};

/* Encodes 8-bit straight-alpha RGBA rows (stride bytes apart) as a PNG into out. strategy is
   a zlib strategy (0 = default). */
int tr_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                       int level, int filters, int strategy, const char *software, tr_buffer *out, char *err, size_t errlen);

/* The same encoding with the bytes counted into *length and dropped: libpng's own time, for the
   bench command. */
int tr_png_encode_rgba_discard(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                               int level, int filters, int strategy, const char *software, size_t *length, char *err, size_t errlen);

/* Decodes any PNG (grey, palette, 16-bit, interlaced, with or without alpha) to 8-bit
   straight-alpha RGBA; *rgba is malloc'ed (free with tr_free). */
int tr_png_decode_rgba(const uint8_t *png, size_t length, uint64_t max_pixels, uint8_t **rgba, uint32_t *width,
                       uint32_t *height, char *err, size_t errlen);

void tr_free(void *p);

/* The versions of the libpng and zlib in use (run time, not the headers'). */
const char *tr_libpng_version(void);
const char *tr_zlib_version(void);

#endif
