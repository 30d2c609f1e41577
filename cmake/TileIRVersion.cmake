# Generates include/tileir/Version.h in the build tree: the project version and
# the git commit of the source tree (`unknown` outside a git checkout), e.g.
#
#   #define TILEIR_VERSION "0.1.0"
#   #define TILEIR_GIT_HASH "24ff0cd1a2b3"   (with "-dirty" for local changes)
#
# The header is regenerated on every build (target tileir-version) and only
# rewritten when its text changes, so a new commit relinks the tools that
# include it and nothing else. Targets that include it depend on
# tileir-version.
set(TILEIR_VERSION_HEADER ${PROJECT_BINARY_DIR}/include/tileir/Version.h)
add_custom_target(tileir-version
  COMMAND ${CMAKE_COMMAND}
          -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
          -DOUTPUT=${TILEIR_VERSION_HEADER}
          -DVERSION=${PROJECT_VERSION}
          -P ${PROJECT_SOURCE_DIR}/cmake/TileIRGenerateVersion.cmake
  BYPRODUCTS ${TILEIR_VERSION_HEADER}
  COMMENT "Checking the TileIR version header"
  VERBATIM)
