// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.perfscope.wpo.JWPOSnapshot;
import org.perfscope.wpo.Sampler;
import org.perfscope.wpo.WPOLibrary;

/**
 * The library as a guest in a JVM: where the jar's library goes on disk (child JVMs, a temporary directory as
 * java.io.tmpdir, a cache directory as XDG_CACHE_HOME), the descriptor limit it leaves alone, and the descriptors it
 * gives back once everything is closed.
 */
class GuestTest {
    private static final String LIBRARY = "libwpojni.so";
    private static final int SMALL_BOUND = 8;  // descriptors the JVM itself may open meanwhile (jars, a pipe)

    private Path temporary;
    private Path cache;

    @BeforeEach
    void directories() throws IOException {
        temporary = Files.createTempDirectory("guest-tmp");
        cache = Files.createTempDirectory("guest-cache");
    }

    @AfterEach
    void removeDirectories() throws IOException {
        for (Path root : List.of(temporary, cache)) {
            try (Stream<Path> all = Files.walk(root)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    @Test
    void threeRunsLeaveNothingInTheTemporaryDirectoryAndOneLibraryInTheCache() throws Exception {
        String expectedHash = sha256(libraryInJar());
        Path expected = cache.resolve("perfscope").resolve(expectedHash).resolve(LIBRARY);
        for (int run = 0; run < 3; run++) {
            Map<String, String> out = runChild(cache.toString(), List.of(), false);
            assertEquals(expected.toString(), out.get("loaded-from"), "run " + run + " loads the cached library");
            assertEquals(List.of(), filesUnder(temporary), "run " + run + " left files in java.io.tmpdir");
            assertEquals(List.of(expected), filesUnder(cache), "run " + run + ": one library, by its hash");
        }
        assertEquals(expectedHash, sha256(Files.readAllBytes(expected)));
    }

    @Test
    void aDamagedCachedLibraryIsReplacedBeforeItIsLoaded() throws Exception {
        Path expected = cache.resolve("perfscope").resolve(sha256(libraryInJar())).resolve(LIBRARY);
        Files.createDirectories(expected.getParent());
        Files.write(expected, new byte[] {1, 2, 3});
        Map<String, String> out = runChild(cache.toString(), List.of(), false);
        assertEquals(expected.toString(), out.get("loaded-from"));
        assertEquals(List.of(expected), filesUnder(cache));
        assertEquals(sha256(libraryInJar()), sha256(Files.readAllBytes(expected)));
    }

    @Test
    void anUnwritableCacheFallsBackToATemporaryFileDeletedAtOnce() throws Exception {
        // A regular file where the cache directory would be: no directory can be made under it, even by root.
        Path blocked = Files.createFile(cache.resolve("not-a-directory"));
        Map<String, String> out = runChild(blocked.toString(), List.of(), false);
        assertTrue(out.get("loaded-from").startsWith("jar:"), out.toString());
        assertEquals(List.of(), filesUnder(temporary));
        assertEquals(List.of(blocked), filesUnder(cache));
    }

    @Test
    void aKilledJvmLeavesNothingThatGrows() throws Exception {
        runChild(cache.toString(), List.of(), false);
        List<Path> cached = filesUnder(cache);
        for (int run = 0; run < 2; run++) {
            runChild(cache.toString(), List.of(), true);
            assertEquals(List.of(), filesUnder(temporary));
            assertEquals(cached, filesUnder(cache));
        }
    }

    @Test
    void theDescriptorLimitIsUnchangedAndDescriptorsComeBackAfterClose() throws Exception {
        Map<String, String> out = runChild(cache.toString(), List.of(), false);
        assertEquals(out.get("limit-before"), out.get("limit-after"), "RLIMIT_NOFILE, soft: " + out);
        long sampling = Long.parseLong(out.get("fds-sampling"));
        assertTrue(sampling <= WPOLibrary.DEFAULT_DESCRIPTORS + SMALL_BOUND, "the default budget: " + out);
        assertTrue(Long.parseLong(out.get("fds-after")) <= SMALL_BOUND, "all closed: " + out);
        assertTrue(Integer.parseInt(out.get("columns")) > 1, out.toString());
    }

    @Test
    void thePropertySetsTheBudget() throws Exception {
        Map<String, String> none = runChild(cache.toString(), List.of("-D" + WPOLibrary.DESCRIPTORS_PROPERTY + "=0"),
                false);
        assertTrue(Long.parseLong(none.get("fds-sampling")) <= SMALL_BOUND, "nothing kept: " + none);
        Map<String, String> many = runChild(cache.toString(),
                List.of("-D" + WPOLibrary.DESCRIPTORS_PROPERTY + "=100000"), false);
        assertTrue(Long.parseLong(many.get("fds-sampling")) > WPOLibrary.DEFAULT_DESCRIPTORS + SMALL_BOUND
                || processCount() * 2 < WPOLibrary.DEFAULT_DESCRIPTORS, "more kept: " + many);
        assertTrue(Long.parseLong(many.get("fds-after")) <= SMALL_BOUND, "all closed: " + many);
        assertEquals(many.get("limit-before"), many.get("limit-after"));
    }

    /** In this JVM: a sampler and a snapshot of every process, sampled and closed, leave no descriptor behind. */
    @Test
    void inThisJvmEveryKeptDescriptorIsClosedWithTheLastHandle() throws Exception {
        long limit = GuestChild.softDescriptorLimit();
        long before = GuestChild.openDescriptors();
        long during;
        try (Sampler sampler = Sampler.open("\\Process(*)\\% Processor Time");
             JWPOSnapshot snapshot = new JWPOSnapshot(JWPOSnapshot.TYPE_GLOBAL)) {
            for (int i = 0; i < 3; i++) {
                Thread.sleep(50);
                sampler.sample();
                snapshot.measure();
            }
            during = GuestChild.openDescriptors();
        }
        long after = GuestChild.openDescriptors();
        assertTrue(during <= before + WPOLibrary.DEFAULT_DESCRIPTORS + SMALL_BOUND, before + " -> " + during);
        assertTrue(after <= before + SMALL_BOUND, before + " before, " + during + " open, " + after + " after");
        assertEquals(limit, GuestChild.softDescriptorLimit());
    }

    // --- child JVMs and files -------------------------------------------------------------------------------------

    private static long processCount() throws IOException {
        try (Stream<Path> all = Files.list(Path.of("/proc"))) {
            return all.filter(p -> p.getFileName().toString().matches("[0-9]+")).count();
        }
    }

    private static List<Path> filesUnder(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(p -> !Files.isDirectory(p)).sorted().collect(Collectors.toList());
        }
    }

    private static byte[] libraryInJar() throws IOException {
        try (JarFile jar = new JarFile(wpoJar().toFile());
             InputStream in = jar.getInputStream(jar.getEntry("native/linux/x86_64/" + LIBRARY))) {
            return in.readAllBytes();
        }
    }

    private static Path wpoJar() {
        String jar = System.getProperty("perfscope.wpo.jar");
        assertTrue(jar != null && !jar.isEmpty(), "-Dperfscope.wpo.jar names the jar with the native library");
        return Path.of(jar);
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    /**
     * Runs GuestChild in a new JVM from the test classes and the jar with the native library (no library path, no
     * -Dperfscope.wpojni.path), under a soft descriptor limit below the hard one where there is room, with
     * HotSpot's own raise of it turned off (-XX:-MaxFDLimit), so that a raise by the library would show.
     */
    private Map<String, String> runChild(String cacheHome, List<String> jvmOptions, boolean kill) throws Exception {
        Path tests = Path.of(GuestChild.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> command = new ArrayList<>(List.of("/bin/sh", "-c",
                "ulimit -S -n 512 2>/dev/null || true; exec \"$@\"", "sh",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xcheck:jni", "-XX:-MaxFDLimit",
                "-Djava.io.tmpdir=" + temporary));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", tests + java.io.File.pathSeparator + wpoJar(),
                GuestChild.class.getName()));
        if (kill) {
            command.add("hang");
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("XDG_CACHE_HOME", cacheHome);
        builder.environment().remove("PERFSCOPE_PROC_ROOT");
        Process child = builder.start();
        Map<String, String> out = new HashMap<>();
        StringBuilder all = new StringBuilder();
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = reader.readLine()) != null;) {
                all.append(line).append('\n');
                int space = line.indexOf(' ');
                if (space > 0) {
                    out.put(line.substring(0, space), line.substring(space + 1));
                }
                if (kill && line.equals("loaded")) {
                    // SIGKILL: no shutdown hook, no deleteOnExit (the handle's kill leaves the pipe open to read on).
                    child.toHandle().destroyForcibly();
                }
            }
        }
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child JVM ends");
        if (kill) {
            assertEquals(128 + 9, child.exitValue(), "killed by SIGKILL: " + all);
        } else {
            assertEquals(0, child.exitValue(), all.toString());
            assertTrue(!all.toString().contains("WARNING in native method"), all.toString());
        }
        return out;
    }
}
