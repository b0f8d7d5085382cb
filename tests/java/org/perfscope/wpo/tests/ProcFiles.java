// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Figures read straight from /proc, to check the library's values against. */
final class ProcFiles {
    private ProcFiles() {
    }

    /** A "Name:   123 kB" line of a /proc file, in bytes. */
    static long kilobytesLine(String file, String name) throws IOException {
        return Files.readAllLines(Path.of(file)).stream().filter(l -> l.startsWith(name + ":"))
                .map(l -> l.replaceAll("[^0-9]", "")).mapToLong(Long::parseLong).findFirst().orElseThrow() * 1024;
    }

    /** MemAvailable of /proc/meminfo, in bytes. */
    static long memAvailable() throws IOException {
        return kilobytesLine("/proc/meminfo", "MemAvailable");
    }

    /** This JVM's resident set (VmRSS of /proc/self/status), in bytes. */
    static long selfRss() throws IOException {
        return kilobytesLine("/proc/self/status", "VmRSS");
    }

    /** This JVM's process name as the Process object names it (the command name, /proc/self/comm). */
    static String selfName() throws IOException {
        return Files.readString(Path.of("/proc/self/comm")).strip();
    }
}
