# Sanitized and fuzzing builds of TileIR's own code; LLVM and MLIR stay the
# uninstrumented libLLVM.so and libMLIR.so. Included by FindTileIRDeps.cmake
# before HandleLLVMOptions, which adds the flags.
#
# TILEIR_SANITIZE (utils/sanitize.sh): AddressSanitizer and
#   UndefinedBehaviorSanitizer, any undefined behaviour fatal.
# TILEIR_FUZZ (utils/fuzz.sh): the same, plus libFuzzer's coverage
#   instrumentation and the fuzz targets of tools/fuzz.
# Both compile at -O1 (the sanitizers' usual level; the builds take half the
# time of -O3) and turn TileIR's assertions (and those of the LLVM/MLIR
# headers it includes) on.
option(TILEIR_SANITIZE
  "Build TileIR's code with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(TILEIR_FUZZ
  "Build the libFuzzer targets (tools/fuzz), sanitized and with coverage" OFF)

if(TILEIR_SANITIZE OR TILEIR_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "TILEIR_SANITIZE and TILEIR_FUZZ need clang")
  endif()
  # HandleLLVMOptions adds -fsanitize=address, these flags, frame pointers and
  # line tables, and leaves out -Wl,-z,defs (a sanitized shared library takes
  # the runtime from the executable). vptr needs RTTI, which LLVM lacks;
  # function reports calls through pointers of other function types, which
  # LLVM's callbacks make on purpose (LLVM's own sanitized builds drop both).
  set(LLVM_USE_SANITIZER "Address;Undefined")
  set(LLVM_UBSAN_FLAGS "-fsanitize=undefined -fno-sanitize=vptr,function -fno-sanitize-recover=undefined")
  if(TILEIR_FUZZ)
    set(LLVM_USE_SANITIZE_COVERAGE ON)
  endif()
  add_compile_options(-O1 -UNDEBUG)
endif()
