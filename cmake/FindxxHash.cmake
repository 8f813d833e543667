# FindxxHash.cmake - find_package(xxHash): the hash (xxhash.h) as
# xxHash::xxhash, the name xxHash's own CMake config gives it.  Debian's
# libxxhash-dev ships a pkg-config file but no CMake config.
include(${CMAKE_CURRENT_LIST_DIR}/PzFindLibrary.cmake)
pz_find_library(xxHash xxHash::xxhash HEADER xxhash.h LIBRARIES xxhash PACKAGE libxxhash-dev)
