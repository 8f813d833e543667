# Findcmocka.cmake - find_package(cmocka): the unit-test library (cmocka.h)
# as cmocka::cmocka, the name later cmocka configs give it.  Debian's 1.1.5
# ships a CMake config that sets variables but defines no target.
include(${CMAKE_CURRENT_LIST_DIR}/PzFindLibrary.cmake)
pz_find_library(cmocka cmocka::cmocka HEADER cmocka.h LIBRARIES cmocka PACKAGE libcmocka-dev)
