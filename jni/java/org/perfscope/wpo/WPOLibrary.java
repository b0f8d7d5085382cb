package org.perfscope.wpo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Loads the native library once, from this class only (a JVM refuses to load one native library into two class
 * loaders). In order: the file named by the system property {@value #PATH_PROPERTY}; {@code wpojni} on
 * {@code java.library.path}; the copy inside this jar under {@code native/<os>/<arch>/}, extracted to a temporary
 * file.
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
