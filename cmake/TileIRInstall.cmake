# Installs TileIR as a CMake package, so that another project can say
#
#   find_package(TileIR CONFIG REQUIRED)   # -DTileIR_DIR=<prefix>/lib/cmake/tileir
#   target_link_libraries(my-tool PRIVATE TileIR::TileIRPipelines)
#
# What `cmake --install build --prefix <prefix>` lays out:
#   lib/                 every TileIR library (tileir_add_library records them
#                        in the global property TILEIR_LIBS) and libTileIRCAPI.so
#   include/tileir       C++ headers, ODS (.td) and the TableGen outputs (.inc)
#   include/tileir-c     the C API
#   bin/                 tile-as, tile-opt, tile-translate, tileops-build (every
#                        tool the tileir Python package runs: put bin/ on PATH
#                        or set TILEIR_TOOLS_DIR=<prefix>/bin), tile-lsp-server
#                        and tile-reduce (not with TILEIR_STATIC_TOOLS)
#   libexec/tileir/compat/tileiras -> ../../../bin/tile-as (put this directory
#                        first on PATH and cuTile Python runs TileIR)
#   lib/cmake/tileir     TileIRConfig.cmake, TileIRConfigVersion.cmake and
#                        TileIRTargets.cmake (namespace TileIR::)
# Included at the end of the top-level CMakeLists.txt, once every target exists.
include(CMakePackageConfigHelpers)

set(TILEIR_INSTALL_PACKAGE_DIR lib/cmake/tileir)
set(TILEIR_INSTALL_INCLUDE_DIR include)
set(TILEIR_INSTALL_TOOLS_DIR bin)
get_property(TILEIR_EXPORTED_LIBS GLOBAL PROPERTY TILEIR_LIBS)
list(APPEND TILEIR_EXPORTED_LIBS TileIRCAPIShared)

# The tools find libMLIR.so where it was linked from, as in the build tree.
set(TILEIR_INSTALLED_TOOLS tile-as tile-opt tile-translate tileops-build
  ${TILEIR_DEVELOPER_TOOLS})
set_target_properties(${TILEIR_INSTALLED_TOOLS} PROPERTIES
  INSTALL_RPATH_USE_LINK_PATH ON)
install(TARGETS ${TILEIR_EXPORTED_LIBS} ${TILEIR_INSTALLED_TOOLS}
  EXPORT TileIRTargets
  ARCHIVE DESTINATION lib
  LIBRARY DESTINATION lib
  RUNTIME DESTINATION ${TILEIR_INSTALL_TOOLS_DIR})

install(CODE "
  set(compat \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/libexec/tileir/compat\")
  file(MAKE_DIRECTORY \"\${compat}\")
  file(CREATE_LINK ../../../${TILEIR_INSTALL_TOOLS_DIR}/tile-as \"\${compat}/tileiras\" SYMBOLIC)
  message(STATUS \"Installing: \${compat}/tileiras -> tile-as\")")

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/tileir
                  ${PROJECT_SOURCE_DIR}/include/tileir-c
  DESTINATION ${TILEIR_INSTALL_INCLUDE_DIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/tileir
  DESTINATION ${TILEIR_INSTALL_INCLUDE_DIR}
  FILES_MATCHING PATTERN "*.inc"
  PATTERN "CMakeFiles" EXCLUDE)

install(EXPORT TileIRTargets
  NAMESPACE TileIR::
  DESTINATION ${TILEIR_INSTALL_PACKAGE_DIR})

configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/TileIRConfig.cmake.in
  ${PROJECT_BINARY_DIR}/lib/cmake/tileir/TileIRConfig.cmake
  INSTALL_DESTINATION ${TILEIR_INSTALL_PACKAGE_DIR}
  PATH_VARS TILEIR_INSTALL_INCLUDE_DIR TILEIR_INSTALL_TOOLS_DIR)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/lib/cmake/tileir/TileIRConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/lib/cmake/tileir/TileIRConfig.cmake
  ${PROJECT_BINARY_DIR}/lib/cmake/tileir/TileIRConfigVersion.cmake
  DESTINATION ${TILEIR_INSTALL_PACKAGE_DIR})
