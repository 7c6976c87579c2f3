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

/* Copies the font data and opens face `index` of it (a .ttc holds several). Returns NULL and
   writes err on failure. Outline fonts and colour bitmap fonts (CBDT/sbix, such as Noto Color
   Emoji: its largest strike is selected) are accepted; other bitmap-only fonts are not. */
tr_font *tr_font_open(const uint8_t *data, size_t length, int32_t index, char *err, size_t errlen);
void tr_font_close(tr_font *font);

/* Units per em, and the hhea ascender (positive), descender (negative) and line gap. */
void tr_font_metrics(const tr_font *font, int32_t *units_per_em, int32_t *ascender, int32_t *descender, int32_t *line_gap);

/* 1 when the font's glyphs are colour bitmaps (drawn as images), else 0; with the strike's
   pixels per em. */
int32_t tr_font_color_bitmaps(const tr_font *font, int32_t *ppem);

/* The glyph the font's cmap gives the code point, 0 when it has none. */
uint32_t tr_font_glyph_index(const tr_font *font, uint32_t codepoint);

/* Shapes UTF-8 text in the given direction (0 left to right, 1 right to left; glyphs come in
   visual order, left to right), the script guessed from the text. Writes at most capacity glyphs and returns how many the text
   has (call again with a larger buffer when the result exceeds capacity). */
int32_t tr_font_shape(const tr_font *font, const char *utf8, int32_t length, int32_t rtl, tr_glyph *out, int32_t capacity);

/* A colour glyph's bitmap as straight-alpha RGBA rows: writes at most capacity bytes and returns
   the bytes it needs (width * height * 4), or -1 when the glyph has no colour bitmap. info gets
   width, height, left and top (pixels from the pen position and the baseline, y up). */
int32_t tr_font_color_bitmap(tr_font *font, uint32_t glyph, uint8_t *rgba, int32_t capacity, int32_t info[4]);

/* The Unicode bidirectional algorithm (FriBidi, rules P2 to I2) on one paragraph of code points:
   writes each code point's embedding level. base: 0 from the first strong character (left to
   right when there is none), 1 left to right, 2 right to left. Returns the paragraph's direction
   (1 or 2), or 0 when FriBidi fails. */
int32_t tr_bidi_levels(const uint32_t *text, int32_t length, int32_t base, uint8_t *levels);

/* Line break opportunities by UAX #14 (ICU's line break iterator, root locale): breaks[i] says whether a line may end after
   code point i: 0 must break, 1 may break, 2 may not. */
void tr_line_breaks(const uint32_t *text, int32_t length, char *breaks);

/* The glyph's outline in font units (y up) as a flat list of doubles: 0 x y (move),
   1 x y (line), 2 cx cy x y (quadratic), 3 c1x c1y c2x c2y x y (cubic). Writes at most capacity
   doubles and returns how many the outline needs, or -1 when FreeType cannot load the glyph. */
int32_t tr_font_outline(tr_font *font, uint32_t glyph, double *out, int32_t capacity);

/* The versions of the FreeType and HarfBuzz in use ("2.12.1", "6.0.0"); 0 on success. */
int tr_freetype_version(int *major, int *minor, int *patch);
const char *tr_harfbuzz_version(void);

/* The versions of FriBidi ("1.0.8") and ICU ("72.1") in use, written into out (NUL-terminated,
   cut to outlen). Both decide where text breaks and in which order it runs, so pixels. */
void tr_fribidi_version(char *out, size_t outlen);
void tr_icu_version(char *out, size_t outlen);

/* The face's family and style names as FreeType reads them ("Inter", "Regular"), written into
   the buffers (NUL-terminated, cut to their lengths; empty when the face has none). */
void tr_font_names(const tr_font *font, char *family, size_t familylen, char *style, size_t stylelen);

#endif
