// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.perfscope.wpo.Machine;
import org.perfscope.wpo.Sampler;
import org.perfscope.wpo.WPOError;
import org.perfscope.wpo.WPOException;

/**
 * Another machine read through the agent: the build's perfscope-cli serve on 127.0.0.1 (its path in
 * -Dperfscope.cli), so "the other machine" is this one, and its values can be checked against /proc.
 */
class RemoteMachineTest {
    private static final String AVAILABLE = "\\Memory\\Available Bytes";
    private static final String TOTAL = "\\Processor(_Total)\\% Processor Time";

    private AgentProcess agent;

    @AfterEach
    void stopAgent() throws Exception {
        stop();
    }

    /** Starts the agent, on `port` or (0) one the system picks, and returns its port. */
    private int start(int port) throws Exception {
        agent = AgentProcess.start(port);
        return agent.port();
    }

    private void stop() throws Exception {
        if (agent != null) {
            agent.stop();
            agent = null;
        }
    }

    /** A loopback port nothing listens on (taken from the system, then let go). */
    private static int closedPort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void sampleAndCheckMemory(Sampler sampler, String column) throws Exception {
        AgentProcess.sampleAndCheckMemory(sampler, column);
    }

    @Test
    void pathsNamingTheMachineReadItsAgent() throws Exception {
        int port = start(0);
        String machine = "\\\\127.0.0.1:" + port;
        try (Sampler sampler = Sampler.open(machine + AVAILABLE, machine + TOTAL)) {
            assertEquals(List.of(AVAILABLE, TOTAL), sampler.columns(), "columns are named without the machine");
            assertEquals("127.0.0.1:" + port, sampler.machine().name());
            Thread.sleep(300);
            sampleAndCheckMemory(sampler, machine + AVAILABLE);
            double busy = sampler.value(machine + TOTAL);
            assertTrue(busy >= 0 && busy <= 100.0001, "% Processor Time " + busy);
            assertTrue(sampler.collectedAtEpochNanos() > 0, "the agent's collection time");
        }
    }

    @Test
    void samplersOfOneMachineShareItsConnectionAndTheirPathsNameNoMachine() throws Exception {
        int port = start(0);
        try (Machine one = Machine.connect("127.0.0.1:" + port);
             Machine again = Machine.connect("\\\\127.0.0.1:" + port);
             Sampler memory = one.sampler(AVAILABLE);
             Sampler cpu = again.sampler("\\Processor(*)\\% Processor Time")) {
            assertFalse(one.isThisMachine());
            assertSame(one, memory.machine());
            int cpus = Runtime.getRuntime().availableProcessors();
            assertTrue(cpu.columns().size() >= Math.min(cpus, 2) + 1, "every CPU and _Total: " + cpu.columns());
            Thread.sleep(300);
            sampleAndCheckMemory(memory, AVAILABLE);
            cpu.sample();
            for (int i = 0; i < cpu.columns().size(); i++) {
                double busy = cpu.value(i);
                assertTrue(busy >= 0 && busy <= 100.0001, cpu.columns().get(i) + " " + busy);
            }
            WPOException e = assertThrows(WPOException.class, () -> one.sampler("\\\\127.0.0.1:" + port + AVAILABLE));
            assertEquals(WPOError.INVALID_ARGUMENT, e.code());
        }
    }

    @Test
    void anSshMachineRunsTheAgentOverItsStandardStreams() throws Exception {
        // A real sshd on this machine, started by the test's fixture (tests/remote/local_sshd.sh), which
        // writes its address, ssh://USER@127.0.0.1:PORT, or why sshd cannot run here; PERFSCOPE_SSH points
        // ssh at the fixture's keys and known_hosts.
        String written = Files.readString(Path.of(System.getProperty("perfscope.ssh.machine"))).strip();
        Assumptions.assumeFalse(written.startsWith("SKIP:"), written);
        assertTrue(written.startsWith("ssh://"), written);
        String machine = "\\\\" + written;
        try (Sampler sampler = Sampler.open(machine + AVAILABLE, machine + TOTAL)) {
            assertEquals(written, sampler.machine().name());
            Thread.sleep(300);
            sampleAndCheckMemory(sampler, machine + AVAILABLE);
            double busy = sampler.value(1);
            assertTrue(busy >= 0 && busy <= 100.0001, "% Processor Time " + busy);
        }
    }

    @Test
    void aMachineThatCannotBeReachedIsAnErrorNamingItsAddress() throws Exception {
        int port = closedPort();
        String address = "127.0.0.1:" + port;
        WPOException e = assertThrows(WPOException.class, () -> Machine.connect(address));
        assertEquals(WPOError.IO_ERROR, e.code());
        assertTrue(e.getMessage().contains(address), e.getMessage());
        WPOException path = assertThrows(WPOException.class, () -> Sampler.open("\\\\" + address + AVAILABLE));
        assertTrue(path.getMessage().contains(address), path.getMessage());
        WPOException malformed = assertThrows(WPOException.class, () -> Machine.connect("127.0.0.1:99999"));
        assertEquals(WPOError.INVALID_ARGUMENT, malformed.code(), malformed.getMessage());
    }

    @Test
    void samplesRecoverWhenTheAgentComesBackOnItsPort() throws Exception {
        int port = start(0);
        String path = "\\\\127.0.0.1:" + port + AVAILABLE;
        try (Sampler sampler = Sampler.open(path)) {
            sampleAndCheckMemory(sampler, path);
            stop();
            WPOException down = assertThrows(WPOException.class, sampler::sample);
            assertEquals(WPOError.IO_ERROR, down.code());
            assertTrue(down.getMessage().contains("127.0.0.1:" + port), down.getMessage());
            assertEquals(port, start(port));
            AgentProcess.sampleUntilRecovered(sampler, path);
        }
    }

    @Test
    void aClosedMachineEndsItsSamplersAndAnotherHandleKeepsTheConnection() throws Exception {
        int port = start(0);
        String address = "127.0.0.1:" + port;
        try (Machine kept = Machine.connect(address); Sampler keptSampler = kept.sampler(AVAILABLE)) {
            Machine closed = Machine.connect(address);
            Sampler ended = closed.sampler(AVAILABLE);
            closed.close();
            closed.close();
            assertEquals(WPOError.INVALID_HANDLE, assertThrows(WPOException.class, ended::sample).code());
            assertEquals(WPOError.INVALID_HANDLE,
                    assertThrows(WPOException.class, () -> closed.sampler(AVAILABLE)).code());
            ended.close();
            sampleAndCheckMemory(keptSampler, AVAILABLE);
        }
        assertEquals(WPOError.NULL_ARGUMENT, assertThrows(WPOException.class, () -> Machine.connect(null)).code());
    }

    @Test
    void samplersOfOneMachineSampleFromSeveralThreads() throws Exception {
        int port = start(0);
        try (Machine machine = Machine.connect("127.0.0.1:" + port)) {
            List<Thread> threads = new java.util.ArrayList<>();
            List<Throwable> failures = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
            for (int t = 0; t < 4; t++) {
                String path = t % 2 == 0 ? AVAILABLE : TOTAL;
                Thread thread = new Thread(() -> {
                    try (Sampler sampler = machine.sampler(path)) {
                        for (int i = 0; i < 20; i++) {
                            sampler.setMaxAgeNanos(0);  // every sample asks the agent
                            sampler.sample();
                            double value = sampler.value(0);
                            // A rate over two answers of one agent collection (it collects at most every 500 ms)
                            // has no interval: NaN is a right answer for it, not for a level.
                            boolean rateWithoutInterval = path.equals(TOTAL) && Double.isNaN(value);
                            if (!rateWithoutInterval && (!(value >= 0) || (path.equals(TOTAL) && value > 100.0001))) {
                                throw new AssertionError(path + " read " + value);
                            }
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                });
                threads.add(thread);
                thread.start();
            }
            for (Thread thread : threads) {
                thread.join(60_000);
                assertFalse(thread.isAlive(), "a sampling thread did not finish");
            }
            assertTrue(failures.isEmpty(), () -> failures.toString());
        }
    }

    @Test
    void pathsNamingTwoMachinesOrThisOneToo() throws Exception {
        int port = start(0);
        String machine = "\\\\127.0.0.1:" + port;
        WPOException two = assertThrows(WPOException.class,
                () -> Sampler.open(machine + AVAILABLE, "\\\\127.0.0.2:" + port + AVAILABLE));
        assertEquals(WPOError.INVALID_ARGUMENT, two.code());
        WPOException mixed = assertThrows(WPOException.class, () -> Sampler.open(machine + AVAILABLE, TOTAL));
        assertEquals(WPOError.INVALID_ARGUMENT, mixed.code());
        try (Machine local = Machine.connect("localhost");
             Sampler here = Sampler.open("\\\\localhost" + AVAILABLE)) {
            assertTrue(local.isThisMachine());
            assertNull(here.machine(), "localhost is read directly");
            sampleAndCheckMemory(here, "\\\\localhost" + AVAILABLE);
        }
    }
}
