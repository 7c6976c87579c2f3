#include "shim.h"
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

void tr_buffer_free(tr_buffer *b) {
    free(b->data);
    b->data = NULL;
    b->length = b->capacity = 0;
}

void tr_free(void *p) { free(p); }

/* Error context handed to libpng: the message goes to msg, then we longjmp back into the
   function that called setjmp (never across Swift). */
typedef struct {
    jmp_buf jump;
    char *msg;
    size_t msglen;
} tr_error_ctx;

static void tr_on_error(png_structp png, png_const_charp message) {
    tr_error_ctx *ctx = (tr_error_ctx *)png_get_error_ptr(png);
    if (ctx->msg && ctx->msglen) snprintf(ctx->msg, ctx->msglen, "%s", message);
    longjmp(ctx->jump, 1);
}

static void tr_on_warning(png_structp png, png_const_charp message) {
    (void)png; (void)message;
}

static void tr_write(png_structp png, png_bytep data, png_size_t length) {
    tr_buffer *b = (tr_buffer *)png_get_io_ptr(png);
    if (b->length + length > b->capacity) {
        size_t cap = b->capacity ? b->capacity : 65536;
        while (cap < b->length + length) cap *= 2;
        uint8_t *grown = (uint8_t *)realloc(b->data, cap);
        if (!grown) png_error(png, "out of memory");
        b->data = grown;
        b->capacity = cap;
    }
    memcpy(b->data + b->length, data, length);
    b->length += length;
}

static void tr_flush(png_structp png) { (void)png; }

/* A sink that only counts: libpng's own cost with no buffer to grow or copy. */
static void tr_count(png_structp png, png_bytep data, png_size_t length) {
    (void)data;
    tr_buffer *b = (tr_buffer *)png_get_io_ptr(png);
    b->length += length;
}

static int tr_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                         int level, int filters, int strategy, const char *software, tr_buffer *out,
                         png_rw_ptr sink, char *err, size_t errlen);

int tr_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                       int level, int filters, int strategy, const char *software, tr_buffer *out, char *err, size_t errlen) {
    out->data = NULL;
    out->length = out->capacity = 0;
    return tr_png_encode(rgba, width, height, stride, level, filters, strategy, software, out, tr_write, err, errlen);
}

int tr_png_encode_rgba_discard(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                               int level, int filters, int strategy, const char *software, size_t *length, char *err, size_t errlen) {
    tr_buffer counter = { NULL, 0, 0 };
    int status = tr_png_encode(rgba, width, height, stride, level, filters, strategy, software, &counter, tr_count, err, errlen);
    *length = counter.length;
    return status;
}

static int tr_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                         int level, int filters, int strategy, const char *software, tr_buffer *out,
                         png_rw_ptr sink, char *err, size_t errlen) {
    tr_error_ctx ctx;
    ctx.msg = err;
    ctx.msglen = errlen;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &ctx, tr_on_error, tr_on_warning);
    if (!png) { snprintf(err, errlen, "cannot create a PNG writer"); return 1; }
    png_infop info = png_create_info_struct(png);
    png_bytep *rows = NULL;
    if (!info) { png_destroy_write_struct(&png, NULL); snprintf(err, errlen, "cannot create PNG info"); return 1; }
    if (setjmp(ctx.jump)) {
        free(rows);
        png_destroy_write_struct(&png, &info);
        tr_buffer_free(out);
        return 1;
    }
    png_set_write_fn(png, out, sink, tr_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    png_set_compression_strategy(png, strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    /* The pixels are sRGB (UIKit's colours); the Software text names the writer. Neither
       changes a pixel. */
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    if (software && software[0]) {
        png_text text;
        memset(&text, 0, sizeof text);
        text.compression = PNG_TEXT_COMPRESSION_NONE;
        text.key = (png_charp)"Software";
        text.text = (png_charp)software;
        png_set_text(png, info, &text, 1);
    }
    png_write_info(png, info);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!rows) png_error(png, "out of memory");
    for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)(rgba + (size_t)y * stride);
    png_write_image(png, rows);
    png_write_end(png, info);
    free(rows);
    png_destroy_write_struct(&png, &info);
    return 0;
}

typedef struct {
    const uint8_t *data;
    size_t length;
    size_t offset;
} tr_reader;

static void tr_read(png_structp png, png_bytep out, png_size_t length) {
    tr_reader *r = (tr_reader *)png_get_io_ptr(png);
    if (r->offset + length > r->length) png_error(png, "the file ends early (truncated PNG)");
    memcpy(out, r->data + r->offset, length);
    r->offset += length;
}

int tr_png_decode_rgba(const uint8_t *data, size_t length, uint64_t max_pixels, uint8_t **rgba, uint32_t *width,
                       uint32_t *height, char *err, size_t errlen) {
    *rgba = NULL;
    *width = 0;
    *height = 0;
    if (length < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
        snprintf(err, errlen, "not a PNG file (bad signature)");
        return 1;
    }
    tr_error_ctx ctx;
    ctx.msg = err;
    ctx.msglen = errlen;
    tr_reader reader = { data, length, 0 };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &ctx, tr_on_error, tr_on_warning);
    if (!png) { snprintf(err, errlen, "cannot create a PNG reader"); return 1; }
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_read_struct(&png, NULL, NULL); snprintf(err, errlen, "cannot create PNG info"); return 1; }
    /* volatile: these change between setjmp and a possible longjmp. */
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(ctx.jump)) {
        free(pixels);
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    png_set_read_fn(png, &reader, tr_read);
    png_set_user_limits(png, 16384, 16384);
    /* Ancillary chunks (iCCP, zTXt, ...) are decompressed by libpng: cap what one may take. */
    png_set_chunk_malloc_max(png, 8u << 20);
    png_set_chunk_cache_max(png, 1000);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    /* The pixel budget is checked from the header, before any pixel memory is taken. */
    if ((uint64_t)w * (uint64_t)h > max_pixels) {
        *width = w;
        *height = h;
        png_destroy_read_struct(&png, &info, NULL);
        return 2;
    }
    int depth = png_get_bit_depth(png, info), type = png_get_color_type(png, info);
    if (depth == 16) png_set_strip_16(png);
    if (type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (type == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
        png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) png_error(png, "unexpected row size after conversion");
    pixels = (uint8_t *)malloc((size_t)w * h * 4 + 1);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * (h ? h : 1));
    if (!pixels || !rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = pixels + (size_t)y * w * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    *rgba = pixels;
    *width = w;
    *height = h;
    return 0;
}

const char *tr_libpng_version(void) { return png_get_libpng_ver(NULL); }

const char *tr_zlib_version(void) { return zlibVersion(); }
