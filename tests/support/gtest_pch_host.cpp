// SPDX-License-Identifier: Apache-2.0
// Hosts GoogleTest's precompiled header (tests/support/CMakeLists.txt): a library needs a source
// for its precompiled header to be built; this one has nothing else to compile.
