# Install rules and the CMake package of qdq-mlir (`find_package(QDQ)`).
#
# Included by the top-level CMakeLists.txt after every subdirectory, so that
# the lists below see every library and tool the project defines:
#
# * Libraries: every `add_mlir_*library` of the project already installs
#   itself (lib/) into the export set `MLIRTargets` (see AddMLIR.cmake) and
#   appends itself to the global properties MLIR_ALL_LIBS, MLIR_DIALECT_LIBS,
#   MLIR_CONVERSION_LIBS, ... This file exports that set as
#   `lib/cmake/qdq/QDQTargets.cmake` with the namespace `QDQ::`, so a new
#   library in lib/ is installed and exported without touching this file.
#   (A library created with plain add_library() that an exported library
#   links must be installed into the same export set.)
# * Tools: every executable target defined under tools/ goes to bin/.
# * Headers: include/qdq, include/qdq-c and the generated *.h.inc.

include(CMakePackageConfigHelpers)

set(QDQ_INSTALL_PACKAGE_DIR lib${LLVM_LIBDIR_SUFFIX}/cmake/qdq)

# Installed tools and plugins find libMLIR.so where the build found it
# (LLVM's $ORIGIN/../lib alone does not reach /usr/lib/llvm-22/lib).
set(QDQ_MLIR_LIBRARY_DIR "${LLVM_LIBRARY_DIR}")

#===-------------------------------------------------------------------------===
# Headers
#===-------------------------------------------------------------------------===
install(DIRECTORY ${QDQ_SOURCE_DIR}/include/qdq ${QDQ_SOURCE_DIR}/include/qdq-c
  DESTINATION include
  COMPONENT qdq-headers
  FILES_MATCHING
  PATTERN "*.h"
  PATTERN "*.td"
  )
install(DIRECTORY ${QDQ_BINARY_DIR}/include/qdq
  DESTINATION include
  COMPONENT qdq-headers
  FILES_MATCHING
  PATTERN "*.h.inc"
  PATTERN "CMakeFiles" EXCLUDE
  )

#===-------------------------------------------------------------------------===
# Libraries
#===-------------------------------------------------------------------------===
# The properties also list upstream MLIR's libraries (MLIRConfig.cmake sets
# them): keep the targets this project builds.
foreach(kind ALL DIALECT CONVERSION EXTENSION TRANSLATION)
  get_property(libs GLOBAL PROPERTY MLIR_${kind}_LIBS)
  set(QDQ_${kind}_LIB_TARGETS)
  foreach(lib IN LISTS libs)
    if(TARGET ${lib})
      get_target_property(imported ${lib} IMPORTED)
      if(NOT imported)
        list(APPEND QDQ_${kind}_LIB_TARGETS ${lib})
      endif()
    endif()
  endforeach()
  list(REMOVE_DUPLICATES QDQ_${kind}_LIB_TARGETS)
endforeach()

# Installed targets carry the installed include directory; QDQConfig.cmake
# adds MLIR's and LLVM's.
foreach(lib IN LISTS QDQ_ALL_LIB_TARGETS)
  target_include_directories(${lib} INTERFACE $<INSTALL_INTERFACE:include>)
endforeach()

if(QDQ_ALL_LIB_TARGETS)
  install(EXPORT MLIRTargets
    DESTINATION ${QDQ_INSTALL_PACKAGE_DIR}
    FILE QDQTargets.cmake
    NAMESPACE QDQ::
    COMPONENT qdq-cmake-exports
    )
endif()

#===-------------------------------------------------------------------------===
# Tools: every executable defined under tools/.
#===-------------------------------------------------------------------------===
set(QDQ_INSTALLED_TOOLS)
get_property(qdq_tool_dirs DIRECTORY ${QDQ_SOURCE_DIR}/tools
  PROPERTY SUBDIRECTORIES)
foreach(dir IN LISTS qdq_tool_dirs)
  get_property(dir_targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  foreach(tool IN LISTS dir_targets)
    get_target_property(tool_type ${tool} TYPE)
    if(tool_type STREQUAL "EXECUTABLE")
      list(APPEND QDQ_INSTALLED_TOOLS ${tool})
    endif()
  endforeach()
endforeach()

foreach(tool IN LISTS QDQ_INSTALLED_TOOLS)
  set_property(TARGET ${tool} APPEND PROPERTY INSTALL_RPATH
    "${QDQ_MLIR_LIBRARY_DIR}")
  install(TARGETS ${tool} RUNTIME DESTINATION bin COMPONENT ${tool})
endforeach()

#===-------------------------------------------------------------------------===
# Plugin for mlir-opt (lib/Plugin; only with MLIR_LINK_MLIR_DYLIB).
#===-------------------------------------------------------------------------===
set(QDQ_PLUGIN_FILE_NAME "")
if(TARGET QDQPlugin)
  set_property(TARGET QDQPlugin APPEND PROPERTY INSTALL_RPATH
    "${QDQ_MLIR_LIBRARY_DIR}")
  install(TARGETS QDQPlugin
    LIBRARY DESTINATION lib${LLVM_LIBDIR_SUFFIX}
    COMPONENT QDQPlugin
    )
  set(QDQ_PLUGIN_FILE_NAME "QDQPlugin${CMAKE_SHARED_MODULE_SUFFIX}")
endif()

#===-------------------------------------------------------------------------===
# The package: lib/cmake/qdq/QDQConfig.cmake + QDQConfigVersion.cmake.
#===-------------------------------------------------------------------------===
# Namespaced lists for the config file.
foreach(kind ALL DIALECT CONVERSION EXTENSION TRANSLATION)
  list(TRANSFORM QDQ_${kind}_LIB_TARGETS PREPEND "QDQ::"
    OUTPUT_VARIABLE QDQ_CONFIG_${kind}_LIBS)
endforeach()
set(QDQ_CONFIG_CAPI_LIBS)
if(TARGET QDQCAPI)
  set(QDQ_CONFIG_CAPI_LIBS QDQ::QDQCAPI)
endif()

set(QDQ_PACKAGE_VERSION "${PROJECT_VERSION}")
if(NOT QDQ_PACKAGE_VERSION)
  set(QDQ_PACKAGE_VERSION "0.1.0")
endif()

configure_package_config_file(
  ${QDQ_SOURCE_DIR}/cmake/QDQConfig.cmake.in
  ${QDQ_BINARY_DIR}/cmake/QDQConfig.cmake
  INSTALL_DESTINATION ${QDQ_INSTALL_PACKAGE_DIR}
  )
write_basic_package_version_file(
  ${QDQ_BINARY_DIR}/cmake/QDQConfigVersion.cmake
  VERSION ${QDQ_PACKAGE_VERSION}
  COMPATIBILITY SameMinorVersion
  )
install(FILES
  ${QDQ_BINARY_DIR}/cmake/QDQConfig.cmake
  ${QDQ_BINARY_DIR}/cmake/QDQConfigVersion.cmake
  DESTINATION ${QDQ_INSTALL_PACKAGE_DIR}
  COMPONENT qdq-cmake-exports
  )

# test/Embedding runs `cmake --install` on this build: check-qdq must build
# everything that is installed.
if(TARGET check-qdq)
  add_dependencies(check-qdq ${QDQ_ALL_LIB_TARGETS} ${QDQ_INSTALLED_TOOLS})
  if(TARGET QDQPlugin)
    add_dependencies(check-qdq QDQPlugin)
  endif()
endif()
