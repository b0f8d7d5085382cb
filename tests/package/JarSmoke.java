// SPDX-License-Identifier: Apache-2.0
import org.perfscope.wpo.Sampler;
import org.perfscope.wpo.Version;
import org.perfscope.wpo.WPOLibrary;

/**
 * A user's program, compiled and run outside the build tree against an installed or downloaded jar: prints the
 * API's version, where the native library came from, and two samples of a counter.
 */
public final class JarSmoke {
    public static void main(String[] args) throws Exception {
        String path = args.length > 0 ? args[0] : "\\Memory\\Available Bytes";
        System.out.println("version " + Version.version());
        try (Sampler sampler = Sampler.open(path)) {
            System.out.println("loaded " + WPOLibrary.loadedFrom());
            for (int i = 0; i < 2; i++) {
                Thread.sleep(200);
                sampler.sample();
                System.out.println("value " + sampler.value(0));
            }
        }
    }
}
