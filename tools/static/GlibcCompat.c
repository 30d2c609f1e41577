/*===- GlibcCompat.c - glibc 2.35 compatibility of the static tools -------===*
 *
 * Part of TileIR. Linked into the tools only with TILEIR_STATIC_TOOLS. The
 * static libstdc++ of GCC 12+ calls arc4random (std::random_device), which
 * glibc added in 2.36; this definition, from getrandom (glibc 2.25), keeps the
 * self-contained tools running on glibc 2.35 (Ubuntu 22.04), the oldest the
 * static libgcc unwinder allows (it calls _dl_find_object, new in 2.35).
 *
 *===----------------------------------------------------------------------===*/

#include <stddef.h>
#include <stdint.h>
#include <sys/random.h>

uint32_t arc4random(void) {
  uint32_t value = 0;
  size_t done = 0;
  while (done < sizeof(value)) {
    ssize_t n = getrandom((char *)&value + done, sizeof(value) - done, 0);
    if (n > 0)
      done += (size_t)n;
  }
  return value;
}
