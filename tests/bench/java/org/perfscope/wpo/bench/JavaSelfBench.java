// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.bench;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.perfscope.wpo.Sampler;
import org.perfscope.wpo.ThreadCpu;

/**
 * The Java half of java_self_bench (java_self_bench.cpp starts the other processes): what it costs a JVM to watch
 * itself, against the leanest honest competitor, reading the same files of {@code /proc/self} directly from Java
 * (files kept open, read positionally into one direct buffer, only the fields needed parsed).
 *
 * <pre>
 * sampler:   RESULT java_self_sample_us &lt;median&gt; us (min max)   Sampler on \Process(java:&lt;pid&gt;)\…
 *            RESULT java_self_direct_us &lt;median&gt; us (min max)   /proc/self/stat + statm
 *            RESULT java_self_vs_direct_ratio &lt;ratio&gt; x
 * threadcpu: RESULT java_threadcpu_self_us &lt;median&gt; us (min max) ThreadCpu.sample()
 *            RESULT java_threadcpu_direct_us &lt;median&gt; us (min max) /proc/self/task/*&#47;stat
 *            RESULT java_threadcpu_vs_direct_ratio &lt;ratio&gt; x
 * </pre>
 */
public final class JavaSelfBench {
    private static final int WARM_UP = 2000;
    private static final int SAMPLES = 5000;

    private JavaSelfBench() {
    }

    /** Median, min, max. */
    private static double[] stats(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return new double[] {s[s.length / 2], s[0], s[s.length - 1]};
    }

    private static double[] time(Runnable r) {
        for (int i = 0; i < WARM_UP; i++) {
            r.run();
        }
        double[] us = new double[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            long t0 = System.nanoTime();
            r.run();
            us[i] = (System.nanoTime() - t0) / 1000.0;
        }
        return stats(us);
    }

    private static void print(String metric, double[] s) {
        System.out.printf("RESULT %s %.1f us (min %.1f max %.1f)%n", metric, s[0], s[1], s[2]);
    }

    /** The n-th space-separated field after the ")" that ends the name in a stat file (3 = state). */
    private static long statField(ByteBuffer b, int field) {
        int i = b.limit() - 1;
        while (i > 0 && b.get(i) != ')') {
            i--;
        }
        int f = 2;
        long value = 0;
        for (i++; i < b.limit() && f <= field; i++) {
            byte c = b.get(i);
            if (c == ' ') {
                f++;
                value = 0;
            } else if (f == field && c >= '0' && c <= '9') {
                value = value * 10 + (c - '0');
            }
        }
        return value;
    }

    private static long firstField(ByteBuffer b, int field) {
        int f = 1;
        long value = 0;
        for (int i = 0; i < b.limit() && f <= field; i++) {
            byte c = b.get(i);
            if (c == ' ') {
                f++;
            } else if (f == field && c >= '0' && c <= '9') {
                value = value * 10 + (c - '0');
            }
        }
        return value;
    }

    private static void read(FileChannel channel, ByteBuffer buffer) {
        buffer.clear();
        try {
            channel.read(buffer, 0);
        } catch (IOException e) {
            buffer.limit(0);
            return;
        }
        buffer.flip();
    }

    private static volatile long sink;

    private static void sampler(long pid) throws IOException {
        String[] paths = {"\\Process(java:" + pid + ")\\% Processor Time", "\\Process(java:" + pid + ")\\Working Set"};
        double[] ours;
        try (Sampler sampler = Sampler.open(paths)) {
            ours = time(() -> {
                sampler.sample();
                sink += (long) sampler.value(1);
            });
        }
        ByteBuffer buffer = ByteBuffer.allocateDirect(4096);
        double[] direct;
        try (FileChannel stat = FileChannel.open(Path.of("/proc/self/stat"), StandardOpenOption.READ);
                FileChannel statm = FileChannel.open(Path.of("/proc/self/statm"), StandardOpenOption.READ)) {
            direct = time(() -> {
                read(stat, buffer);
                long cpu = statField(buffer, 14) + statField(buffer, 15);
                read(statm, buffer);
                sink += cpu + firstField(buffer, 2);
            });
        }
        print("java_self_sample_us", ours);
        print("java_self_direct_us", direct);
        System.out.printf("RESULT java_self_vs_direct_ratio %.2f x%n", ours[0] / direct[0]);
    }

    private static void threadCpu() throws IOException {
        double[] ours;
        int threads;
        try (ThreadCpu cpu = new ThreadCpu()) {
            ours = time(cpu::sample);
            threads = cpu.threadCount();
        }
        // The same files: the task directory listed every time, each task's stat kept open.
        ByteBuffer buffer = ByteBuffer.allocateDirect(4096);
        Map<String, FileChannel> open = new HashMap<>();
        File tasks = new File("/proc/self/task");
        double[] direct = time(() -> {
            String[] names = tasks.list();
            if (names == null) {
                return;
            }
            for (String tid : names) {
                FileChannel channel = open.get(tid);
                if (channel == null) {
                    try {
                        channel = FileChannel.open(Path.of("/proc/self/task", tid, "stat"), StandardOpenOption.READ);
                    } catch (IOException e) {
                        continue;
                    }
                    open.put(tid, channel);
                }
                read(channel, buffer);
                sink += statField(buffer, 14) + statField(buffer, 15);
            }
        });
        for (FileChannel channel : open.values()) {
            channel.close();
        }
        System.out.printf("RESULT java_threadcpu_jvm_threads %d threads%n", threads);
        print("java_threadcpu_self_us", ours);
        print("java_threadcpu_direct_us", direct);
        System.out.printf("RESULT java_threadcpu_vs_direct_ratio %.2f x%n", ours[0] / direct[0]);
    }

    /**
     * Runs one half.
     *
     * @param args "sampler" or "threadcpu"
     * @throws IOException when /proc/self cannot be read
     */
    public static void main(String[] args) throws IOException {
        String mode = args.length > 0 ? args[0] : "sampler";
        byte[] comm = java.nio.file.Files.readAllBytes(Path.of("/proc/self/comm"));
        System.out.println("java_self_bench: " + mode + ", process name " + new String(comm, StandardCharsets.UTF_8)
                .trim());
        if (mode.equals("threadcpu")) {
            threadCpu();
        } else {
            sampler(ProcessHandle.current().pid());
        }
    }
}
