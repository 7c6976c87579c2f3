#include "fontshim.h"
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include <hb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tr_font {
    uint8_t *data;
    size_t length;
    FT_Library library;
    FT_Face face;
    hb_blob_t *blob;
    hb_face_t *hb_face;
    hb_font_t *hb_font;
    int32_t color;   /* colour bitmap glyphs (the selected strike) */
    int32_t ppem;
};

tr_font *tr_font_open(const uint8_t *data, size_t length, int32_t index, char *err, size_t errlen) {
    tr_font *f = (tr_font *)calloc(1, sizeof(tr_font));
    if (!f) { snprintf(err, errlen, "out of memory"); return NULL; }
    f->data = (uint8_t *)malloc(length ? length : 1);
    if (!f->data) { free(f); snprintf(err, errlen, "out of memory"); return NULL; }
    memcpy(f->data, data, length);
    f->length = length;
    FT_Error e = FT_Init_FreeType(&f->library);
    if (e) { free(f->data); free(f); snprintf(err, errlen, "FreeType could not start (error %d)", e); return NULL; }
    e = FT_New_Memory_Face(f->library, f->data, (FT_Long)length, (FT_Long)index, &f->face);
    if (e) {
        FT_Done_FreeType(f->library);
        free(f->data);
        free(f);
        snprintf(err, errlen, e == FT_Err_Unknown_File_Format ? "not a font file FreeType can read"
                                                             : "FreeType cannot open this font (error %d)", e);
        return NULL;
    }
    if (!FT_IS_SCALABLE(f->face) && FT_HAS_COLOR(f->face) && f->face->num_fixed_sizes > 0) {
        /* A colour bitmap font: the largest strike, scaled to the text size when drawn. */
        int best = 0;
        for (int i = 1; i < f->face->num_fixed_sizes; i++)
            if (f->face->available_sizes[i].y_ppem > f->face->available_sizes[best].y_ppem) best = i;
        if (FT_Select_Size(f->face, best) == 0) {
            f->color = 1;
            f->ppem = (int32_t)(f->face->size->metrics.y_ppem);
        }
    }
    if (!FT_IS_SCALABLE(f->face) && !f->color) {
        FT_Done_Face(f->face);
        FT_Done_FreeType(f->library);
        free(f->data);
        free(f);
        snprintf(err, errlen, "the font has no outlines (bitmap-only fonts are not supported)");
        return NULL;
    }
    f->blob = hb_blob_create((const char *)f->data, (unsigned int)length, HB_MEMORY_MODE_READONLY, NULL, NULL);
    f->hb_face = hb_face_create(f->blob, 0);
    f->hb_font = hb_font_create(f->hb_face);
    unsigned int upem = hb_face_get_upem(f->hb_face);
    hb_font_set_scale(f->hb_font, (int)upem, (int)upem);
    hb_font_make_immutable(f->hb_font);
    return f;
}

int32_t tr_font_color_bitmaps(const tr_font *f, int32_t *ppem) {
    *ppem = f->ppem;
    return f->color;
}

uint32_t tr_font_glyph_index(const tr_font *f, uint32_t codepoint) {
    hb_codepoint_t glyph = 0;
    return hb_font_get_nominal_glyph(f->hb_font, codepoint, &glyph) ? (uint32_t)glyph : 0;
}

void tr_font_close(tr_font *f) {
    if (!f) return;
    hb_font_destroy(f->hb_font);
    hb_face_destroy(f->hb_face);
    hb_blob_destroy(f->blob);
    FT_Done_Face(f->face);
    FT_Done_FreeType(f->library);
    free(f->data);
    free(f);
}

void tr_font_metrics(const tr_font *f, int32_t *upem, int32_t *ascender, int32_t *descender, int32_t *line_gap) {
    /* A bitmap-only face has no units_per_EM in FreeType; HarfBuzz reads the head table's. */
    *upem = f->face->units_per_EM ? f->face->units_per_EM : (int32_t)hb_face_get_upem(f->hb_face);
    *ascender = f->face->ascender;
    *descender = f->face->descender;
    *line_gap = f->face->height - (f->face->ascender - f->face->descender);
}

int32_t tr_font_shape(const tr_font *f, const char *utf8, int32_t length, int32_t rtl, tr_glyph *out, int32_t capacity) {
    hb_buffer_t *buf = hb_buffer_create();
    hb_buffer_add_utf8(buf, utf8, length, 0, length);
    hb_buffer_set_direction(buf, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    /* A fixed language: HarfBuzz's default comes from the process locale (the environment). */
    hb_buffer_set_language(buf, hb_language_from_string("en", -1));
    hb_buffer_guess_segment_properties(buf);
    hb_shape(f->hb_font, buf, NULL, 0);
    unsigned int n = 0;
    hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buf, &n);
    hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(buf, &n);
    for (unsigned int i = 0; i < n && (int32_t)i < capacity; i++) {
        out[i].glyph = info[i].codepoint;
        out[i].cluster = info[i].cluster;
        out[i].x_advance = pos[i].x_advance;
        out[i].y_advance = pos[i].y_advance;
        out[i].x_offset = pos[i].x_offset;
        out[i].y_offset = pos[i].y_offset;
    }
    hb_buffer_destroy(buf);
    return (int32_t)n;
}

typedef struct {
    double *out;
    int32_t capacity;
    int32_t count;
} tr_sink;

static void put(tr_sink *s, double v) {
    if (s->count < s->capacity) s->out[s->count] = v;
    s->count++;
}

static int on_move(const FT_Vector *to, void *user) {
    tr_sink *s = (tr_sink *)user;
    put(s, 0); put(s, (double)to->x); put(s, (double)to->y);
    return 0;
}

static int on_line(const FT_Vector *to, void *user) {
    tr_sink *s = (tr_sink *)user;
    put(s, 1); put(s, (double)to->x); put(s, (double)to->y);
    return 0;
}

static int on_conic(const FT_Vector *c, const FT_Vector *to, void *user) {
    tr_sink *s = (tr_sink *)user;
    put(s, 2); put(s, (double)c->x); put(s, (double)c->y); put(s, (double)to->x); put(s, (double)to->y);
    return 0;
}

static int on_cubic(const FT_Vector *c1, const FT_Vector *c2, const FT_Vector *to, void *user) {
    tr_sink *s = (tr_sink *)user;
    put(s, 3); put(s, (double)c1->x); put(s, (double)c1->y); put(s, (double)c2->x); put(s, (double)c2->y);
    put(s, (double)to->x); put(s, (double)to->y);
    return 0;
}

int32_t tr_font_outline(tr_font *f, uint32_t glyph, double *out, int32_t capacity) {
    if (FT_Load_Glyph(f->face, glyph, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) return -1;
    if (f->face->glyph->format != FT_GLYPH_FORMAT_OUTLINE) return 0;
    FT_Outline_Funcs funcs;
    funcs.move_to = on_move;
    funcs.line_to = on_line;
    funcs.conic_to = on_conic;
    funcs.cubic_to = on_cubic;
    funcs.shift = 0;
    funcs.delta = 0;
    tr_sink sink = { out, capacity, 0 };
    if (FT_Outline_Decompose(&f->face->glyph->outline, &funcs, &sink)) return -1;
    return sink.count;
}

int32_t tr_font_color_bitmap(tr_font *f, uint32_t glyph, uint8_t *rgba, int32_t capacity, int32_t info[4]) {
    if (!f->color) return -1;
    if (FT_Load_Glyph(f->face, glyph, FT_LOAD_COLOR)) return -1;
    FT_GlyphSlot slot = f->face->glyph;
    if (slot->format != FT_GLYPH_FORMAT_BITMAP || slot->bitmap.pixel_mode != FT_PIXEL_MODE_BGRA) return -1;
    int32_t w = (int32_t)slot->bitmap.width, h = (int32_t)slot->bitmap.rows;
    info[0] = w; info[1] = h; info[2] = slot->bitmap_left; info[3] = slot->bitmap_top;
    if (w <= 0 || h <= 0 || w > 4096 || h > 4096) return -1;
    int32_t need = w * h * 4;
    if (need > capacity) return need;
    for (int32_t y = 0; y < h; y++) {
        const uint8_t *row = slot->bitmap.buffer + (ptrdiff_t)y * slot->bitmap.pitch;
        for (int32_t x = 0; x < w; x++) {
            /* FreeType's BGRA is premultiplied; the image takes straight alpha, rounded. */
            uint32_t b = row[4 * x], g = row[4 * x + 1], r = row[4 * x + 2], a = row[4 * x + 3];
            uint8_t *o = rgba + ((ptrdiff_t)y * w + x) * 4;
            if (a == 0) { o[0] = o[1] = o[2] = o[3] = 0; continue; }
            o[0] = (uint8_t)((r * 255 + a / 2) / a > 255 ? 255 : (r * 255 + a / 2) / a);
            o[1] = (uint8_t)((g * 255 + a / 2) / a > 255 ? 255 : (g * 255 + a / 2) / a);
            o[2] = (uint8_t)((b * 255 + a / 2) / a > 255 ? 255 : (b * 255 + a / 2) / a);
            o[3] = (uint8_t)a;
        }
    }
    return need;
}

int tr_freetype_version(int *major, int *minor, int *patch) {
    FT_Library lib;
    *major = *minor = *patch = 0;
    if (FT_Init_FreeType(&lib) != 0) return 1;
    FT_Library_Version(lib, major, minor, patch);
    FT_Done_FreeType(lib);
    return 0;
}

const char *tr_harfbuzz_version(void) { return hb_version_string(); }

static void tr_copy_name(const char *from, char *out, size_t outlen) {
    if (outlen == 0) return;
    size_t n = 0;
    if (from) { while (from[n] && n + 1 < outlen) { out[n] = from[n]; n++; } }
    out[n] = 0;
}

void tr_font_names(const tr_font *f, char *family, size_t familylen, char *style, size_t stylelen) {
    tr_copy_name(f->face->family_name, family, familylen);
    tr_copy_name(f->face->style_name, style, stylelen);
}
