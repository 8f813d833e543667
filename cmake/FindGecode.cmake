# FindGecode.cmake - find_package(Gecode): the constraint solver's integer
# model and search (gecode/int.hh) as Gecode::Gecode.  Debian's
# libgecode-dev ships no CMake config or pkg-config file.
include(${CMAKE_CURRENT_LIST_DIR}/PzFindLibrary.cmake)
pz_find_library(Gecode Gecode::Gecode HEADER gecode/int.hh
                LIBRARIES gecodeminimodel gecodesearch gecodeint gecodekernel gecodesupport
                PACKAGE libgecode-dev)
