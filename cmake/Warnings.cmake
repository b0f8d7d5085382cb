# perfscope_warnings(target): the project's warning set, applied to every
# target we own (not to third-party code such as GoogleTest).
function(perfscope_warnings target)
    # -Wno-missing-field-initializers: specs are designated initializers that
    # rely on member defaults, which g++ 12 reports although nothing is missing.
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wno-missing-field-initializers)
    if(PERFSCOPE_WERROR)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
endfunction()
