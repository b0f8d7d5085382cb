// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.perfscope.wpo.Sampler;
import org.perfscope.wpo.WPOException;

/**
 * The agent of the remote machine tests: the build's perfscope-cli serve on 127.0.0.1 (its path in
 * -Dperfscope.cli), so "the other machine" is this one, and its values can be checked against /proc.
 */
final class AgentProcess {
    /**
     * Slack around MemAvailable read before and after the agent's read: other processes of this shared machine
     * (compilers, JVMs) allocate and free between the reads, and the agent's own collection allocates a little.
     */
    private static final double MEMORY_SLACK = 64.0 * 1024 * 1024;

    private final Process process;
    private final int port;

    private AgentProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts the agent on `port` (0: one the system picks) with more serve options, once it listens. */
    static AgentProcess start(int port, String... options) throws IOException {
        String cli = System.getProperty("perfscope.cli");
        assertTrue(cli != null && Files.isExecutable(Path.of(cli)), "-Dperfscope.cli names perfscope-cli");
        List<String> command = new ArrayList<>(List.of(cli, "serve", "--listen", "127.0.0.1:" + port));
        command.addAll(List.of(options));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
        String line = out.readLine();  // "perfscope-cli: serving http[s]://127.0.0.1:PORT/metrics"
        assertNotNull(line, "the agent printed nothing (exit " + (process.isAlive() ? "none" : process.exitValue())
                + ")");
        Matcher m = Pattern.compile("https?://127\\.0\\.0\\.1:(\\d+)/metrics").matcher(line);
        assertTrue(m.find(), "the agent's first line: " + line);
        return new AgentProcess(process, Integer.parseInt(m.group(1)));
    }

    /** The port it listens on. */
    int port() {
        return port;
    }

    /** Ends it (SIGTERM) and waits for it. */
    void stop() throws InterruptedException {
        process.destroy();
        assertTrue(process.waitFor(20, TimeUnit.SECONDS), "the agent did not end on SIGTERM");
    }

    /**
     * Kills it (SIGKILL) and waits for it: a stop that does not wait, as SIGTERM does, for the connections a JVM
     * keeps alive to time out.
     */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        assertTrue(process.waitFor(20, TimeUnit.SECONDS), "the agent did not end on SIGKILL");
    }

    /** Samples and checks the column's Available Bytes against MemAvailable read around it. */
    static void sampleAndCheckMemory(Sampler sampler, String column) throws IOException {
        long before = ProcFiles.memAvailable();
        sampler.sample();
        long after = ProcFiles.memAvailable();
        double value = sampler.value(column);
        assertTrue(value >= Math.min(before, after) - MEMORY_SLACK && value <= Math.max(before, after)
                + MEMORY_SLACK, "Available Bytes " + value + " against MemAvailable " + before + " .. " + after);
    }

    /** Samples until a sample succeeds again after the agent came back; bounded, not timed. */
    static void sampleUntilRecovered(Sampler sampler, String column) throws Exception {
        // The agent answers once it listens, which start() waited for.
        WPOException last = null;
        for (int attempt = 0; attempt < 20; attempt++) {
            try {
                sampleAndCheckMemory(sampler, column);
                return;
            } catch (WPOException e) {
                last = e;
                Thread.sleep(250);
            }
        }
        WPOException failed = last;
        assertNull(failed, () -> "samples did not recover: " + failed);
    }
}
