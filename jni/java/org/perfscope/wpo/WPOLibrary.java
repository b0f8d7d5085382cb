// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Loads the native library once, from this class only (a JVM refuses to load one native library into two class
 * loaders). In order: the file named by the system property {@value #PATH_PROPERTY}; the library installed with
 * this jar (the jar in {@code <prefix>/share/java/}, the library in {@code <prefix>/lib/<multiarch>/jni/} or
 * {@code <prefix>/lib/jni/}, as the Debian package and {@code cmake --install} lay them out);
 * {@code wpojni} on {@code java.library.path}; the copy inside this jar under {@code native/<os>/<arch>/},
 * extracted to a temporary file.
 */
public final class WPOLibrary {
    /** System property with an explicit path to libwpojni.so / wpojni.dll. */
    public static final String PATH_PROPERTY = "perfscope.wpojni.path";

    private static volatile boolean loaded;
    private static String loadedFrom = "";

    private WPOLibrary() {
    }

    /** Loads the library if it is not loaded yet; throws UnsatisfiedLinkError saying where it looked. */
    public static void load() {
        if (loaded) {
            return;
        }
        synchronized (WPOLibrary.class) {
            if (loaded) {
                return;
            }
            loadedFrom = loadOnce();
            loaded = true;
        }
    }

    /** Where the library was loaded from (empty before {@link #load()}). */
    public static String loadedFrom() {
        return loadedFrom;
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
        String resource = "/native/" + os() + "/" + arch() + "/" + System.mapLibraryName("wpojni");
        try (InputStream in = WPOLibrary.class.getResourceAsStream(resource)) {
            if (in == null) {
                UnsatisfiedLinkError error = new UnsatisfiedLinkError("wpojni: not in -D" + PATH_PROPERTY
                        + ", not on java.library.path (" + fromPath.getMessage() + "), and no " + resource
                        + " in the jar");
                error.initCause(fromPath);
                throw error;
            }
            Path dir = Files.createTempDirectory("wpojni");
            Path file = dir.resolve(System.mapLibraryName("wpojni"));
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            file.toFile().deleteOnExit();
            dir.toFile().deleteOnExit();
            System.load(file.toAbsolutePath().toString());
            return "jar:" + resource;
        } catch (IOException e) {
            UnsatisfiedLinkError error = new UnsatisfiedLinkError("wpojni: cannot extract " + resource + ": " + e);
            error.initCause(e);
            throw error;
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
        String file = System.mapLibraryName("wpojni");
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
