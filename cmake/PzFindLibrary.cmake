# PzFindLibrary.cmake - what the Find modules beside it share: a library that
# Debian ships without a usable CMake config, found by its header and its
# library files and offered as one imported target, so every dependency is
# found the same way (find_package) and used the same way (a target).
#
#     pz_find_library(jansson jansson::jansson HEADER jansson.h LIBRARIES jansson
#                     PACKAGE libjansson-dev)
#
# LIBRARIES are found in that order (link order); LINK adds what the target
# needs beside them (libstdc++ under a C API); PACKAGE is the Debian package
# a failure names.  Sets NAME_FOUND, and honours REQUIRED and QUIET.
include(FindPackageHandleStandardArgs)

function(pz_find_library name target)
  cmake_parse_arguments(arg "" "HEADER;PACKAGE" "LIBRARIES;LINK" ${ARGN})
  find_path(${name}_INCLUDE_DIR ${arg_HEADER})
  set(vars ${name}_INCLUDE_DIR)
  set(libs)
  foreach(lib ${arg_LIBRARIES})
    find_library(${name}_${lib}_LIBRARY ${lib})
    list(APPEND vars ${name}_${lib}_LIBRARY)
    list(APPEND libs ${${name}_${lib}_LIBRARY})
  endforeach()
  mark_as_advanced(${vars})
  find_package_handle_standard_args(${name} REQUIRED_VARS ${vars}
    REASON_FAILURE_MESSAGE "install ${arg_PACKAGE}")
  if(${name}_FOUND AND NOT TARGET ${target})
    add_library(${target} INTERFACE IMPORTED)
    set_target_properties(${target} PROPERTIES
      INTERFACE_INCLUDE_DIRECTORIES "${${name}_INCLUDE_DIR}"
      INTERFACE_LINK_LIBRARIES "${libs};${arg_LINK}")
  endif()
  set(${name}_FOUND ${${name}_FOUND} PARENT_SCOPE)
endfunction()
