// glibc's allocator tunables (mallopt), which the Glibc module does not export.
#include <malloc.h>
