#ifndef TABLERENDER_FONT_SHIM_H
#define TABLERENDER_FONT_SHIM_H
#include <stddef.h>
#include <stdint.h>

/* Fonts for tablerender: FreeType reads glyph outlines unscaled and unhinted (font units), and
   HarfBuzz shapes with its own OpenType functions at a scale of one unit per font unit, so the
   result depends only on the font file and these libraries' shaping rules, never on FreeType's
   hinting or rasterizer. A tr_font is not safe for concurrent tr_font_outline calls; callers lock. */

typedef struct tr_font tr_font;

typedef struct {
    uint32_t glyph;
    uint32_t cluster;     /* byte offset into the UTF-8 text */
    int32_t x_advance;    /* font units */
    int32_t y_advance;
    int32_t x_offset;
    int32_t y_offset;
} tr_glyph;

/* Copies the font data. Returns NULL and writes err on failure. */
tr_font *tr_font_open(const uint8_t *data, size_t length, char *err, size_t errlen);
void tr_font_close(tr_font *font);

/* Units per em, and the hhea ascender (positive), descender (negative) and line gap. */
void tr_font_metrics(const tr_font *font, int32_t *units_per_em, int32_t *ascender, int32_t *descender, int32_t *line_gap);

/* Shapes UTF-8 text left to right. Writes at most capacity glyphs and returns how many the text
   has (call again with a larger buffer when the result exceeds capacity). */
int32_t tr_font_shape(const tr_font *font, const char *utf8, int32_t length, tr_glyph *out, int32_t capacity);

/* The glyph's outline in font units (y up) as a flat list of doubles: 0 x y (move),
   1 x y (line), 2 cx cy x y (quadratic), 3 c1x c1y c2x c2y x y (cubic). Writes at most capacity
   doubles and returns how many the outline needs, or -1 when FreeType cannot load the glyph. */
int32_t tr_font_outline(tr_font *font, uint32_t glyph, double *out, int32_t capacity);

/* The versions of the FreeType and HarfBuzz in use ("2.12.1", "6.0.0"); 0 on success. */
int tr_freetype_version(int *major, int *minor, int *patch);
const char *tr_harfbuzz_version(void);

#endif
