// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.perfscope.wpo.Machine;
import org.perfscope.wpo.NativeThreadHook;
import org.perfscope.wpo.Sampler;
import org.perfscope.wpo.WPOError;
import org.perfscope.wpo.WPOException;

/**
 * {@code https://} machines: the build's perfscope-cli serve on 127.0.0.1 with a --web-config (TLS with a
 * self-signed certificate made by the openssl command, one user whose bcrypt hash -Dperfscope.bcrypt prints).
 * The test's environment (tests/java/CMakeLists.txt) names the CA file {@code env-ca.pem} of -Dperfscope.tls.dir
 * and the user alice, password s3cret, as defaults: the tests write that file, and check what is taken from it.
 */
class RemoteTlsMachineTest {
    private static final String AVAILABLE = "\\Memory\\Available Bytes";

    private static Path dir;
    /** The agent's certificate (self-signed for 127.0.0.1), also the environment's CA file. */
    private static Path certificate;
    /** The web config: that certificate, and alice with password s3cret. */
    private static Path config;
    /** A web config serving another self-signed certificate, which nothing here trusts. */
    private static Path strangerConfig;

    private AgentProcess agent;

    @BeforeAll
    static void makeCertificatesAndConfigs() throws Exception {
        dir = Path.of(System.getProperty("perfscope.tls.dir"));
        Files.createDirectories(dir);
        certificate = dir.resolve("cert.pem");
        makeCertificate("cert.pem", "key.pem");
        makeCertificate("stranger-cert.pem", "stranger-key.pem");
        Files.copy(certificate, dir.resolve("env-ca.pem"), StandardCopyOption.REPLACE_EXISTING);
        String hash = run(System.getProperty("perfscope.bcrypt"), "s3cret").strip();
        assertTrue(hash.startsWith("$2"), "a bcrypt hash: " + hash);
        config = dir.resolve("web.yml");
        Files.writeString(config, "tls_server_config:\n  cert_file: cert.pem\n  key_file: key.pem\n"
                + "basic_auth_users:\n  alice: " + hash + "\n");
        strangerConfig = dir.resolve("stranger.yml");
        Files.writeString(strangerConfig, "tls_server_config:\n  cert_file: stranger-cert.pem\n"
                + "  key_file: stranger-key.pem\nbasic_auth_users:\n  alice: " + hash + "\n");
    }

    /** A self-signed certificate for 127.0.0.1 and its key, in the test's folder. */
    private static void makeCertificate(String cert, String key) throws Exception {
        run(System.getProperty("perfscope.openssl"), "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                "-keyout", dir.resolve(key).toString(), "-out", dir.resolve(cert).toString());
    }

    /** Runs a command and returns its output; fails the test when it fails. */
    private static String run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "did not end: " + Arrays.toString(command));
        assertEquals(0, process.exitValue(), Arrays.toString(command) + ": " + out);
        return out;
    }

    @AfterEach
    void stopAgent() throws Exception {
        stop();
    }

    /** Starts the agent with a web config on `port` (0: one the system picks) and returns its port. */
    private int start(Path webConfig, int port) throws Exception {
        agent = AgentProcess.start(port, "--web-config", webConfig.toString());
        return agent.port();
    }

    /** Kills the agent: the JVM keeps its connections alive, which a graceful stop would wait for. */
    private void stop() throws Exception {
        if (agent != null) {
            agent.kill();
            agent = null;
        }
    }

    @Test
    void credentialsOfTheCallerReadTheAgentOverTls() throws Exception {
        int port = start(config, 0);
        Machine.Credentials credentials = new Machine.Credentials().trust(certificate)
                .user("alice", "s3cret".toCharArray());
        try (Machine machine = Machine.connect("https://127.0.0.1:" + port, credentials);
             Sampler sampler = machine.sampler(AVAILABLE)) {
            assertEquals(List.of(AVAILABLE), sampler.columns());
            AgentProcess.sampleAndCheckMemory(sampler, AVAILABLE);
        }
    }

    @Test
    void pathsNamingAnHttpsMachineTakeTheEnvironmentsCertificateAndUser() throws Exception {
        int port = start(config, 0);
        String path = "\\\\https://127.0.0.1:" + port + AVAILABLE;
        try (Sampler sampler = Sampler.open(path)) {
            assertEquals("https://127.0.0.1:" + port, sampler.machine().name());
            AgentProcess.sampleAndCheckMemory(sampler, AVAILABLE);
        }
    }

    @Test
    void aWrongPasswordIsRefusedNamingIt() throws Exception {
        int port = start(config, 0);
        String address = "https://127.0.0.1:" + port;
        Machine.Credentials wrong = new Machine.Credentials().trust(certificate).user("alice", "guess".toCharArray());
        WPOException e = assertThrows(WPOException.class, () -> Machine.connect(address, wrong));
        assertEquals(WPOError.IO_ERROR, e.code(), e.getMessage());
        assertTrue(e.getMessage().contains(address) && e.getMessage().contains("401")
                && e.getMessage().contains("wrong user or password"), e.getMessage());
    }

    @Test
    void aCertificateNoAuthorityHereSignsIsRefusedNamingTheCertificate() throws Exception {
        int port = start(strangerConfig, 0);
        String address = "https://127.0.0.1:" + port;
        // The environment's CA file (the other certificate) is the trust when the caller gives none.
        WPOException e = assertThrows(WPOException.class, () -> Machine.connect(address));
        assertEquals(WPOError.IO_ERROR, e.code(), e.getMessage());
        assertTrue(e.getMessage().contains(address) && e.getMessage().contains("certificate"), e.getMessage());
        // The JVM's own authorities do not sign a self-signed certificate either.
        Machine.Credentials jvmTrust = new Machine.Credentials().trust(javax.net.ssl.SSLContext.getDefault());
        WPOException defaults = assertThrows(WPOException.class, () -> Machine.connect(address, jvmTrust));
        assertTrue(defaults.getMessage().contains("certificate"), defaults.getMessage());
        // Trusting exactly that certificate reads it.
        Machine.Credentials stranger = new Machine.Credentials().trust(dir.resolve("stranger-cert.pem"));
        try (Machine machine = Machine.connect(address, stranger); Sampler sampler = machine.sampler(AVAILABLE)) {
            AgentProcess.sampleAndCheckMemory(sampler, AVAILABLE);
        }
    }

    @Test
    void aCertificateForAnotherHostIsRefused() throws Exception {
        // The certificate names 127.0.0.1 only; localhost reaches the same agent under another name.
        int port = start(config, 0);
        String address = "https://localhost:" + port;
        Machine.Credentials trusted = new Machine.Credentials().trust(certificate);
        WPOException e = assertThrows(WPOException.class, () -> Machine.connect(address, trusted));
        assertEquals(WPOError.IO_ERROR, e.code(), e.getMessage());
        assertTrue(e.getMessage().contains(address) && e.getMessage().contains("not for that host"), e.getMessage());
    }

    @Test
    void aPasswordIsNotSentOverPlainHttpOrSsh() {
        Machine.Credentials alice = new Machine.Credentials().user("alice", "s3cret".toCharArray());
        // Nothing listens there: the refusal comes before any connection would fail.
        for (String machine : List.of("127.0.0.1:1", "\\\\127.0.0.1:1", "ssh://alice@127.0.0.1:1")) {
            WPOException e = assertThrows(WPOException.class, () -> Machine.connect(machine, alice));
            assertEquals(WPOError.INVALID_ARGUMENT, e.code(), e.getMessage());
            assertTrue(e.getMessage().contains("https://"), e.getMessage());
        }
        // The environment's user (alice, tests/java/CMakeLists.txt) is not sent to a plain HTTP machine either.
        WPOException fromEnvironment = assertThrows(WPOException.class, () -> Machine.connect("127.0.0.1:1"));
        assertEquals(WPOError.INVALID_ARGUMENT, fromEnvironment.code(), fromEnvironment.getMessage());
        assertTrue(fromEnvironment.getMessage().contains("in the clear"), fromEnvironment.getMessage());
    }

    @Test
    void aCertificateFileThatCannotBeReadIsAnInvalidArgument() throws Exception {
        Path notPem = dir.resolve("web.yml");
        WPOException e = assertThrows(WPOException.class,
                () -> Machine.connect("https://127.0.0.1:1", new Machine.Credentials().trust(notPem)));
        assertEquals(WPOError.INVALID_ARGUMENT, e.code(), e.getMessage());
        assertTrue(e.getMessage().contains("web.yml"), e.getMessage());
    }

    @Test
    void samplesRecoverWhenTheAgentComesBackOnItsPort() throws Exception {
        int port = start(config, 0);
        String address = "https://127.0.0.1:" + port;
        Machine.Credentials credentials = new Machine.Credentials().trust(certificate)
                .user("alice", "s3cret".toCharArray());
        try (Machine machine = Machine.connect(address, credentials); Sampler sampler = machine.sampler(AVAILABLE)) {
            AgentProcess.sampleAndCheckMemory(sampler, AVAILABLE);
            stop();
            WPOException down = assertThrows(WPOException.class, sampler::sample);
            assertEquals(WPOError.IO_ERROR, down.code());
            assertTrue(down.getMessage().contains(address), down.getMessage());
            assertEquals(port, start(config, port));
            AgentProcess.sampleUntilRecovered(sampler, AVAILABLE);
        }
    }

    @Test
    void manyCollectionsLeaveNoLocalReferenceBehind() throws Exception {
        // Each collection is a GET made through the JVM; -Xcheck:jni reports references a call leaves behind.
        int port = start(config, 0);
        try (Sampler sampler = Sampler.open("\\\\https://127.0.0.1:" + port + AVAILABLE)) {
            sampler.setMaxAgeNanos(0);  // every sample asks the agent
            for (int i = 0; i < 10; i++) {
                AgentProcess.sampleAndCheckMemory(sampler, AVAILABLE);
            }
        }
    }

    @Test
    void aGetOnAThreadTheJvmDoesNotKnowAttachesItForTheGet() throws Exception {
        int port = start(config, 0);
        try (Machine machine = Machine.connect("https://127.0.0.1:" + port);
             Sampler sampler = machine.sampler(AVAILABLE)) {
            assertEquals(0, NativeThreadHook.reloadNamesOnNewThread(machine), "names fetched on a native thread");
            AgentProcess.sampleAndCheckMemory(sampler, AVAILABLE);
            stop();
            // The failure is the native thread's code; its Java exception was cleared there, none reaches here.
            assertEquals(WPOError.IO_ERROR, NativeThreadHook.reloadNamesOnNewThread(machine));
        }
    }
}
