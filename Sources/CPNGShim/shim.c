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

int tr_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                       int level, int filters, int strategy, tr_buffer *out, char *err, size_t errlen) {
    tr_error_ctx ctx;
    ctx.msg = err;
    ctx.msglen = errlen;
    out->data = NULL;
    out->length = out->capacity = 0;
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
    png_set_write_fn(png, out, tr_write, tr_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    png_set_compression_strategy(png, strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
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

int tr_png_decode_rgba(const uint8_t *data, size_t length, uint8_t **rgba, uint32_t *width,
                       uint32_t *height, char *err, size_t errlen) {
    *rgba = NULL;
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
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
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

/* SHA-256 (FIPS 180-4). */
static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

#define ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void sha256_block(uint32_t h[8], const uint8_t *p) {
    uint32_t w[64];
    for (int i = 0; i < 16; i++)
        w[i] = ((uint32_t)p[4 * i] << 24) | ((uint32_t)p[4 * i + 1] << 16) | ((uint32_t)p[4 * i + 2] << 8) | p[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ROTR(w[i - 15], 7) ^ ROTR(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ROTR(w[i - 2], 17) ^ ROTR(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; i++) {
        uint32_t S1 = ROTR(e, 6) ^ ROTR(e, 11) ^ ROTR(e, 25);
        uint32_t ch = (e & f) ^ (~e & g);
        uint32_t t1 = hh + S1 + ch + K[i] + w[i];
        uint32_t S0 = ROTR(a, 2) ^ ROTR(a, 13) ^ ROTR(a, 22);
        uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
        uint32_t t2 = S0 + maj;
        hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

void tr_sha256(const uint8_t *data, size_t len, uint8_t digest[32]) {
    uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    size_t i = 0;
    for (; i + 64 <= len; i += 64) sha256_block(h, data + i);
    uint8_t tail[128];
    size_t rest = len - i;
    memset(tail, 0, sizeof tail);
    if (rest) memcpy(tail, data + i, rest);
    tail[rest] = 0x80;
    size_t tlen = rest + 1 + 8 <= 64 ? 64 : 128;
    uint64_t bits = (uint64_t)len * 8;
    for (int k = 0; k < 8; k++) tail[tlen - 1 - k] = (uint8_t)(bits >> (8 * k));
    sha256_block(h, tail);
    if (tlen == 128) sha256_block(h, tail + 64);
    for (int k = 0; k < 8; k++) {
        digest[4 * k] = (uint8_t)(h[k] >> 24); digest[4 * k + 1] = (uint8_t)(h[k] >> 16);
        digest[4 * k + 2] = (uint8_t)(h[k] >> 8); digest[4 * k + 3] = (uint8_t)h[k];
    }
}
