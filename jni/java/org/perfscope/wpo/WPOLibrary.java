// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * Loads the native library once, from this class only (a JVM refuses to load one native library into two class
 * loaders). In order: the file named by the system property {@value #PATH_PROPERTY}; the library installed with
 * this jar (the jar in {@code <prefix>/share/java/}, the library in {@code <prefix>/lib/<multiarch>/jni/} or
 * {@code <prefix>/lib/jni/}, as the Debian package and {@code cmake --install} lay them out);
 * {@code wpojni} on {@code java.library.path}; the copy inside this jar under {@code native/<os>/<arch>/}.
 *
 * <p>The copy inside the jar goes to a per-user cache named by its content's SHA-256,
 * {@code $XDG_CACHE_HOME/perfscope/<sha256>/} (else {@code ~/.cache/perfscope/<sha256>/}; on Windows
 * {@code %LOCALAPPDATA%\perfscope\<sha256>\}): written to a temporary file beside it and moved into place, reused
 * by later runs, and checked against the hash before each load. Where that directory cannot be written, the library
 * is copied to a temporary file that is deleted right after loading (Linux lets a loaded library be unlinked). Either
 * way a JVM, even a killed one, leaves nothing in the temporary directory and nothing that grows.
 *
 * <p>The library is a guest in the JVM: it changes no process-wide setting (it never raises
 * {@code RLIMIT_NOFILE}) and keeps at most {@value #DEFAULT_DESCRIPTORS} descriptors open on {@code /proc} between
 * samples, all closed when the last {@link Sampler} and {@link JWPOSnapshot} is closed. The system property
 * {@value #DESCRIPTORS_PROPERTY} sets another number (0 keeps none: every file is opened for each read; more makes
 * sampling many processes cheaper); it is read once, when the library loads.
 *
 * <p>The library loads the same way from the class path and from the module path, a jlink image included: the copy
 * inside the jar is a resource of the module {@code org.perfscope.wpo}.
 *
 * <p>Thread-safety: safe from any thread; loading happens once, under the class's lock.
 */
public final class WPOLibrary {
    /** System property with an explicit path to libwpojni.so / wpojni.dll. */
    public static final String PATH_PROPERTY = "perfscope.wpojni.path";

    /** System property: how many descriptors the library may keep open between samples (a non-negative int). */
    public static final String DESCRIPTORS_PROPERTY = "perfscope.wpo.descriptors";

    /** Descriptors kept open between samples when {@value #DESCRIPTORS_PROPERTY} is not set. */
    public static final int DEFAULT_DESCRIPTORS = 64;

    private static final String LIBRARY = System.mapLibraryName("wpojni");
    private static final long ABANDONED_AFTER_MILLIS = 10 * 60 * 1000;

    private static volatile boolean loaded;
    private static String loadedFrom = "";

    private WPOLibrary() {
    }

    /**
     * Loads the library if it is not loaded yet; every class with native methods calls this first.
     *
     * @throws UnsatisfiedLinkError when no library could be loaded, saying where it looked
     */
    public static void load() {
        if (loaded) {
            return;
        }
        synchronized (WPOLibrary.class) {
            if (loaded) {
                return;
            }
            loadedFrom = loadOnce();
            setDescriptorBudget0(descriptorBudget());
            loaded = true;
        }
    }

    /**
     * Where the library was loaded from.
     *
     * @return the file, "java.library.path", or "jar:" and the resource for a deleted temporary copy; empty before
     *     {@link #load()}
     */
    public static String loadedFrom() {
        return loadedFrom;
    }

    private static native void setDescriptorBudget0(int descriptors);

    /** The value of {@value #DESCRIPTORS_PROPERTY}; the default when it is unset or not a non-negative int. */
    static int descriptorBudget() {
        String text = System.getProperty(DESCRIPTORS_PROPERTY);
        if (text == null) {
            return DEFAULT_DESCRIPTORS;
        }
        try {
            int n = Integer.parseInt(text.trim());
            return n >= 0 ? n : DEFAULT_DESCRIPTORS;
        } catch (NumberFormatException e) {
            return DEFAULT_DESCRIPTORS;
        }
    }

    private static String loadOnce() {
        String explicit = System.getProperty(PATH_PROPERTY);
        if (explicit != null && !explicit.isEmpty()) {
            System.load(Path.of(explicit).toAbsolutePath().toString());
            return explicit;
        }
        Path installed = installedBesideJar();
        if (installed != null) {
            System.load(installed.toString());
            return installed.toString();
        }
        UnsatisfiedLinkError fromPath;
        try {
            System.loadLibrary("wpojni");
            return "java.library.path";
        } catch (UnsatisfiedLinkError e) {
            fromPath = e;
        }
        String resource = "/native/" + os() + "/" + arch() + "/" + LIBRARY;
        byte[] library;
        try (InputStream in = WPOLibrary.class.getResourceAsStream(resource)) {
            if (in == null) {
                UnsatisfiedLinkError error = new UnsatisfiedLinkError("wpojni: not in -D" + PATH_PROPERTY
                        + ", not on java.library.path (" + fromPath.getMessage() + "), and no " + resource
                        + " in the jar");
                error.initCause(fromPath);
                throw error;
            }
            library = in.readAllBytes();
        } catch (IOException e) {
            UnsatisfiedLinkError error = new UnsatisfiedLinkError("wpojni: cannot read " + resource + ": " + e);
            error.initCause(e);
            throw error;
        }
        String hash = sha256(library);
        Path cached = cacheRoot();
        if (cached != null) {
            Path file = cached.resolve(hash).resolve(LIBRARY);
            try {
                if (!hash.equals(sha256(file))) {
                    extract(file, library, hash);
                }
                System.load(file.toString());
                return file.toString();
            } catch (IOException | SecurityException | UnsatisfiedLinkError e) {
                // Not writable (a read-only home, a sandbox) or not executable from there: the temporary file below.
            }
        }
        return loadFromTemporaryFile(library, resource);
    }

    /**
     * The per-user cache's root for this platform, or null. Only absolute paths count (the XDG rule), so that the
     * working directory never decides where a library is loaded from.
     */
    static Path cacheRoot() {
        try {
            if (os().equals("windows")) {
                String local = System.getenv("LOCALAPPDATA");
                return absolute(local) ? Path.of(local, "perfscope") : null;
            }
            String xdg = System.getenv("XDG_CACHE_HOME");
            if (absolute(xdg)) {
                return Path.of(xdg, "perfscope");
            }
            String home = System.getProperty("user.home");
            return absolute(home) ? Path.of(home, ".cache", "perfscope") : null;
        } catch (IllegalArgumentException | SecurityException e) {
            return null;
        }
    }

    private static boolean absolute(String path) {
        return path != null && !path.isEmpty() && Path.of(path).isAbsolute();
    }

    /**
     * Writes the library to {@code file} atomically: another JVM extracting at the same time, or a JVM killed
     * half-way, never leaves a partial library under the final name.
     */
    private static void extract(Path file, byte[] library, String hash) throws IOException {
        Path dir = file.getParent();
        createPrivateDirectories(dir);
        removeAbandonedCopies(dir);
        Path temporary = Files.createTempFile(dir, ".wpojni", ".tmp");
        try {
            Files.write(temporary, library);
            try {
                Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                // Windows refuses to replace a library another JVM has loaded; if that one is right, use it.
                if (!hash.equals(sha256(file))) {
                    throw e;
                }
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
        if (!hash.equals(sha256(file))) {
            throw new IOException(file + " does not hold the library just written");
        }
    }

    /**
     * Deletes copies that a JVM killed while extracting left behind; only old ones, so that a copy another JVM is
     * writing now survives.
     */
    private static void removeAbandonedCopies(Path dir) {
        long old = System.currentTimeMillis() - ABANDONED_AFTER_MILLIS;
        try (java.nio.file.DirectoryStream<Path> copies = Files.newDirectoryStream(dir, ".wpojni*.tmp")) {
            for (Path copy : copies) {
                if (Files.getLastModifiedTime(copy).toMillis() < old) {
                    Files.deleteIfExists(copy);
                }
            }
        } catch (IOException | SecurityException e) {
            // Best effort: the next extraction tries again.
        }
    }

    /** The cache's directories, readable by their owner only where the file system has POSIX permissions. */
    private static void createPrivateDirectories(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            return;
        }
        Path parent = dir.getParent();
        if (parent != null) {
            createPrivateDirectories(parent);
        }
        try {
            if (dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rwx------")));
            } else {
                Files.createDirectory(dir);
            }
        } catch (FileAlreadyExistsException e) {
            if (!Files.isDirectory(dir)) {
                throw e;
            }
        }
    }

    /** Loads a temporary copy and deletes it at once; where deleting a loaded library fails, at exit. */
    private static String loadFromTemporaryFile(byte[] library, String resource) {
        Path file = null;
        try {
            file = Files.createTempFile("wpojni", "-" + LIBRARY);
            Files.write(file, library);
            System.load(file.toAbsolutePath().toString());
            return "jar:" + resource;
        } catch (IOException e) {
            UnsatisfiedLinkError error = new UnsatisfiedLinkError("wpojni: cannot extract " + resource + ": " + e);
            error.initCause(e);
            throw error;
        } finally {
            if (file != null) {
                try {
                    Files.delete(file);
                } catch (IOException | SecurityException e) {
                    file.toFile().deleteOnExit();
                }
            }
        }
    }

    /** The SHA-256 of a file in hex, or "" when it cannot be read. */
    private static String sha256(Path file) {
        try {
            return Files.isRegularFile(file) ? sha256(Files.readAllBytes(file)) : "";
        } catch (IOException | SecurityException e) {
            return "";
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing, which every Java platform must have", e);
        }
    }

    /**
     * The library installed with this jar, or null. Checked before java.library.path so an installed jar never
     * pairs with another version's library found on the path.
     */
    private static Path installedBesideJar() {
        Path jar;
        try {
            java.security.CodeSource source = WPOLibrary.class.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) {
                return null;
            }
            jar = Path.of(source.getLocation().toURI()).toAbsolutePath();
        } catch (java.net.URISyntaxException | IllegalArgumentException | SecurityException
                | java.nio.file.FileSystemNotFoundException e) {
            return null;
        }
        Path java = jar.getParent();
        Path share = java == null ? null : java.getParent();
        Path prefix = share == null ? null : share.getParent();
        if (prefix == null || !java.getFileName().toString().equals("java")
                || !share.getFileName().toString().equals("share")) {
            return null;
        }
        String file = LIBRARY;
        Path[] candidates = os().equals("windows")
                ? new Path[] {prefix.resolve("bin").resolve(file)}
                : new Path[] {prefix.resolve("lib").resolve(arch() + "-linux-gnu").resolve("jni").resolve(file),
                              prefix.resolve("lib").resolve("jni").resolve(file)};
        for (Path candidate : candidates) {
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    static String os() {
        String name = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (name.startsWith("windows")) {
            return "windows";
        }
        if (name.startsWith("mac")) {
            return "macos";
        }
        return "linux";
    }

    static String arch() {
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        switch (arch) {
            case "amd64":
            case "x86_64": return "x86_64";
            case "aarch64":
            case "arm64": return "aarch64";
            default: return arch;
        }
    }
}
