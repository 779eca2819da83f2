#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H
/* SwiftPM drops the -D flags of ncursesw.pc, so opt in to the wide API here. */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <wchar.h>
#include <langinfo.h>
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#else
#include <curses.h>
#endif

/* Macros and C globals that Swift cannot import (or that Swift 6 rejects as
   shared mutable state) are wrapped here. */
static inline int cnc_key_f(int n) { return KEY_F(n); }
static inline attr_t cnc_a_normal(void) { return A_NORMAL; }
static inline attr_t cnc_a_bold(void) { return A_BOLD; }
static inline attr_t cnc_a_dim(void) { return A_DIM; }
static inline attr_t cnc_a_reverse(void) { return A_REVERSE; }
static inline attr_t cnc_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cnc_a_italic(void) { return A_ITALIC; }
static inline WINDOW *cnc_stdscr(void) { return stdscr; }
static inline int cnc_lines(void) { return LINES; }
static inline int cnc_cols(void) { return COLS; }
static inline int cnc_colors(void) { return COLORS; }

/* Mouse masks (function-like macros in curses.h); added by the front end. */
static inline mmask_t cnc_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cnc_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cnc_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cnc_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline mmask_t cnc_button_shift(void) { return BUTTON_SHIFT; }
#endif
