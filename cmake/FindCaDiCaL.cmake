# FindCaDiCaL.cmake - find_package(CaDiCaL): the SAT solver's C API
# (ccadical.h) as CaDiCaL::CaDiCaL.  Debian's libcadical-dev ships no CMake
# config or pkg-config file.  C++ inside: the target links libstdc++ too.
include(${CMAKE_CURRENT_LIST_DIR}/PzFindLibrary.cmake)
pz_find_library(CaDiCaL CaDiCaL::CaDiCaL HEADER ccadical.h LIBRARIES cadical LINK stdc++
                PACKAGE libcadical-dev)
