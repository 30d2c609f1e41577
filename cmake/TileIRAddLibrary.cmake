# tileir_add_library(name SRCS... [DEPENDS tgt...] [LINK_LIBS lib...])
# A static TileIR library linked against libMLIR.so (and through it libLLVM.so),
# or the static LLVM/MLIR archives with TILEIR_STATIC_TOOLS.
function(tileir_add_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK_LIBS" ${ARGN})
  add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS} ${TILEIR_LLVM_LINK_LIBS})
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  set_property(GLOBAL APPEND PROPERTY TILEIR_LIBS ${name})
endfunction()

# tileir_add_dialect_doc(<td file> <Name> <dialect>)
# `ninja tileir-doc` regenerates docs/Dialects/<Name>.md (committed) from the
# ODS of <dialect>: its description, types, attributes and ops.
function(tileir_add_dialect_doc td name dialect)
  set(LLVM_TARGET_DEFINITIONS ${td})
  tablegen(MLIR ${name}.md -gen-dialect-doc -dialect=${dialect})
  add_custom_target(TileIR${name}Doc
    COMMAND ${CMAKE_COMMAND} -E copy
            ${CMAKE_CURRENT_BINARY_DIR}/${name}.md
            ${PROJECT_SOURCE_DIR}/docs/Dialects/${name}.md
    DEPENDS ${CMAKE_CURRENT_BINARY_DIR}/${name}.md
    COMMENT "Updating docs/Dialects/${name}.md")
  if(NOT TARGET tileir-doc)
    add_custom_target(tileir-doc)
  endif()
  add_dependencies(tileir-doc TileIR${name}Doc)
endfunction()
