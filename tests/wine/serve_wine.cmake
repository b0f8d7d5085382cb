# SPDX-License-Identifier: Apache-2.0
# perfscope-cli.exe serve under Wine (Windows build with serve only, label wine): the demo's counters on
# /metrics, fetched with curl from Linux. Included by tests/serve/CMakeLists.txt in the Windows build.
get_property(perfscope_serve_built_plain GLOBAL PROPERTY PERFSCOPE_SERVE_BUILT_PLAIN)
if(perfscope_serve_built_plain AND PERFSCOPE_BUILD_CLI AND PERFSCOPE_BUILD_PUBLISH AND CMAKE_CROSSCOMPILING_EMULATOR)
    list(GET CMAKE_CROSSCOMPILING_EMULATOR 0 _perfscope_wine_run)
    add_test(NAME serve_wine_test
        COMMAND sh ${PROJECT_SOURCE_DIR}/tests/wine/serve_wine_test.sh ${_perfscope_wine_run} ${PERFSCOPE_WINEPREFIX}
                $<TARGET_FILE:perfscope-cli> $<TARGET_FILE:perfscope-publish-demo> $<TARGET_FILE:perfscope-counters>
                ${PROJECT_SOURCE_DIR}/publish/demo/perfscope-demo.counters ${CMAKE_CURRENT_BINARY_DIR}/serve_wine)
    # Services\PerfscopeDemo and Perflib's last indices are shared state of the prefix.
    set_tests_properties(serve_wine_test PROPERTIES LABELS "cli;wine" TIMEOUT 180 SKIP_RETURN_CODE 77
                         RESOURCE_LOCK perfscope_wine_registry)
endif()
