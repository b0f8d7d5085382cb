// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.perfscope.wpo.Sampler;
import org.perfscope.wpo.WPOLibrary;

/**
 * The JVM that {@link GuestTest} starts: loads the library from the jar, samples every process's CPU and prints what
 * it saw as "key value" lines. With the argument {@code hang} it stops after loading, to be killed.
 */
public final class GuestChild {
    private GuestChild() {
    }

    public static void main(String[] args) throws Exception {
        // Before any class of the library is touched.
        long limitBefore = softDescriptorLimit();
        long fdsBefore = openDescriptors();
        try (Sampler sampler = Sampler.open("\\Process(*)\\% Processor Time")) {
            System.out.println("loaded-from " + WPOLibrary.loadedFrom());
            if (args.length > 0 && args[0].equals("hang")) {
                System.out.println("loaded");
                System.out.flush();
                Thread.sleep(60_000);
            }
            for (int i = 0; i < 3; i++) {
                Thread.sleep(50);
                sampler.sample();
            }
            System.out.println("columns " + sampler.columns().size());
            System.out.println("fds-sampling " + (openDescriptors() - fdsBefore));
        }
        System.out.println("fds-after " + (openDescriptors() - fdsBefore));
        System.out.println("limit-before " + limitBefore);
        System.out.println("limit-after " + softDescriptorLimit());
    }

    static long openDescriptors() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }

    /** The soft RLIMIT_NOFILE from /proc/self/limits ("Max open files  <soft>  <hard>  files"); -1 = unlimited. */
    static long softDescriptorLimit() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/limits"))) {
            if (line.startsWith("Max open files")) {
                String soft = line.substring("Max open files".length()).trim().split("\\s+")[0];
                return soft.equals("unlimited") ? -1 : Long.parseLong(soft);
            }
        }
        throw new IOException("no \"Max open files\" in /proc/self/limits");
    }
}
