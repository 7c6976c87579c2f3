#include <unicode/ubrk.h>
#include <unicode/utext.h>
