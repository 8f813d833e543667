# commit.cmake - run at every build (cmake -P): writes OUT, a header with the git
# commit of SRC and whether its tree differs from it, so a report names the
# source that was built.  The header is replaced only when it changes, so an
# unchanged tree recompiles nothing.
set(commit unknown)
set(dirty 0)
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(COMMAND ${GIT_EXECUTABLE} -C ${SRC} rev-parse HEAD
    OUTPUT_VARIABLE out RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(rc EQUAL 0 AND out MATCHES "^[0-9a-f]+$")
    set(commit ${out})
    execute_process(COMMAND ${GIT_EXECUTABLE} -C ${SRC} status --porcelain
      OUTPUT_VARIABLE out RESULT_VARIABLE rc ERROR_QUIET)
    if(NOT rc EQUAL 0 OR NOT out STREQUAL "")
      set(dirty 1)
    endif()
  endif()
endif()
file(WRITE ${OUT}.new "#define PZ_CONTEXT_COMMIT \"${commit}\"\n#define PZ_CONTEXT_DIRTY ${dirty}\n")
configure_file(${OUT}.new ${OUT} COPYONLY)  # writes only a change
file(REMOVE ${OUT}.new)
