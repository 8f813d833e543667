# Findjansson.cmake - find_package(jansson): the JSON library (jansson.h) as
# jansson::jansson, the name jansson's own CMake config gives it.  Debian's
# libjansson-dev ships a pkg-config file but no CMake config.
include(${CMAKE_CURRENT_LIST_DIR}/PzFindLibrary.cmake)
pz_find_library(jansson jansson::jansson HEADER jansson.h LIBRARIES jansson
                PACKAGE libjansson-dev)
