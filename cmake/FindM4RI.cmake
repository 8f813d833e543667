# FindM4RI.cmake - find_package(M4RI): dense linear algebra over GF(2)
# (m4ri/m4ri.h) as M4RI::M4RI.  Debian's libm4ri-dev ships a pkg-config file
# but no CMake config; found by header and library, so the build needs no
# pkg-config.
include(${CMAKE_CURRENT_LIST_DIR}/PzFindLibrary.cmake)
pz_find_library(M4RI M4RI::M4RI HEADER m4ri/m4ri.h LIBRARIES m4ri PACKAGE libm4ri-dev)
