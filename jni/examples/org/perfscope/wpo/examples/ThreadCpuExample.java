// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.examples;

import org.perfscope.wpo.ThreadCpu;

/**
 * A Java thread's CPU time (docs/java.md §3.1): a busy thread, its native id, and its CPU time read from the Thread
 * object.
 */
public final class ThreadCpuExample {
    private ThreadCpuExample() {
    }

    public static void main(String[] args) throws Exception {
        Thread busy = new Thread(() -> {
            ThreadCpu.register();
            long x = 0;
            while (!Thread.currentThread().isInterrupted()) {
                x += System.nanoTime() & 1;   // spin
            }
            System.out.println("spun " + (x > 0));
        }, "busy");
        busy.start();
        while (ThreadCpu.nativeIdOf(busy).isEmpty()) {
            Thread.onSpinWait();
        }
        try (ThreadCpu cpu = new ThreadCpu()) {
            for (int i = 0; i < 3; i++) {
                Thread.sleep(1000);
                cpu.sample();
                System.out.printf("thread %s (native id %d): %.1f %% CPU%n", busy.getName(),
                        ThreadCpu.nativeIdOf(busy).getAsLong(), cpu.percent(busy));
            }
        } finally {
            busy.interrupt();
            busy.join();
        }
    }
}
