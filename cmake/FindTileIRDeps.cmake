# Locate the LLVM/MLIR 22 CMake packages (Debian: /usr/lib/llvm-22) and pull in the
# TableGen/AddMLIR helpers. Nothing of LLVM is vendored.
set(TILEIR_LLVM_PREFIX "/usr/lib/llvm-22" CACHE PATH "LLVM/MLIR 22 install prefix")
find_package(MLIR REQUIRED CONFIG
  HINTS ${TILEIR_LLVM_PREFIX}/lib/cmake/mlir)
if(NOT LLVM_VERSION_MAJOR EQUAL 22)
  message(FATAL_ERROR "TileIR needs LLVM/MLIR 22, found ${LLVM_PACKAGE_VERSION}")
endif()
message(STATUS "Using MLIRConfig.cmake in: ${MLIR_DIR}")
message(STATUS "Using LLVMConfig.cmake in: ${LLVM_DIR}")

list(APPEND CMAKE_MODULE_PATH "${MLIR_CMAKE_DIR}" "${LLVM_CMAKE_DIR}")
set(LLVM_RUNTIME_OUTPUT_INTDIR ${CMAKE_BINARY_DIR}/bin)
set(LLVM_LIBRARY_OUTPUT_INTDIR ${CMAKE_BINARY_DIR}/lib)
set(MLIR_BINARY_DIR ${CMAKE_BINARY_DIR})
# By default everything links against libMLIR.so / libLLVM.so. With
# TILEIR_STATIC_TOOLS the tools link the static LLVM/MLIR archives instead
# (utils/build-static.sh): see cmake/TileIRStaticTools.cmake.
option(TILEIR_STATIC_TOOLS
  "Link the tools against the static LLVM/MLIR libraries, libstdc++ and libgcc" OFF)
if(TILEIR_STATIC_TOOLS)
  set(MLIR_LINK_MLIR_DYLIB OFF)
  set(LLVM_LINK_LLVM_DYLIB OFF)
  include(${CMAKE_CURRENT_LIST_DIR}/TileIRStaticTools.cmake)
else()
  set(MLIR_LINK_MLIR_DYLIB ON)
  set(LLVM_LINK_LLVM_DYLIB ON)
  # What every TileIR library and tool links for LLVM and MLIR.
  set(TILEIR_LLVM_LINK_LIBS MLIR LLVM)
endif()
include(TableGen)
include(AddLLVM)
include(AddMLIR)
include(${CMAKE_CURRENT_LIST_DIR}/TileIRSanitizers.cmake)
include(HandleLLVMOptions)

# LLVM's test tools; TILEIR_TOOLS_DIR names where TileIR's own tools are.
set(TILEIR_LLVM_TOOLS_DIR ${TILEIR_LLVM_PREFIX}/bin CACHE PATH "lit/FileCheck/not location")
find_program(TILEIR_PTXAS ptxas HINTS /usr/local/cuda/bin)
