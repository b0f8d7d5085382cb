// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.bench;

import java.util.Arrays;

import org.perfscope.wpo.JWPOSnapshot;
import org.perfscope.wpo.WPOError;

/**
 * The Java half of jni_cycle_bench (jni_cycle_bench.sh): a Global snapshot's full cycle from Java -- three native
 * calls and getSnapshotValues into one reused double[] -- over the proc tree named by PERFSCOPE_PROC_ROOT, and the
 * boundary alone: getSnapshotValues per value.
 *
 * <pre>
 * RESULT java_cycle_us &lt;median&gt; us (min max)
 * RESULT java_values_per_cycle &lt;n&gt; values
 * RESULT jni_ns_per_value &lt;median&gt; ns (min max)
 * </pre>
 */
public final class JniCycleBench {
    private JniCycleBench() {
    }

    private static double[] stats(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return new double[] {s[s.length / 2], s[0], s[s.length - 1]};
    }

    private static int cycle(int h, double[] values) {
        WPOError.check(JWPOSnapshot.prepareSnapshot(h), "prepare");
        WPOError.check(JWPOSnapshot.sampleSnapshot(h), "sample");
        WPOError.check(JWPOSnapshot.decodeSnapshot(h), "decode");
        return WPOError.check(JWPOSnapshot.getSnapshotValues(h, values), "values");
    }

    public static void main(String[] args) {
        int cycles = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        try (JWPOSnapshot s = new JWPOSnapshot(JWPOSnapshot.TYPE_GLOBAL)) {
            int h = s.handle();
            double[] values = new double[1 << 20];
            int n = 0;
            for (int i = 0; i < 200; i++) {  // warm-up: JIT and buffers
                n = cycle(h, values);
            }
            double[] us = new double[cycles];
            for (int i = 0; i < cycles; i++) {
                long t0 = System.nanoTime();
                n = cycle(h, values);
                us[i] = (System.nanoTime() - t0) / 1000.0;
            }
            double[] perValue = new double[200];
            for (int i = 0; i < perValue.length; i++) {
                long t0 = System.nanoTime();
                int m = JWPOSnapshot.getSnapshotValues(h, values);
                perValue[i] = (double) (System.nanoTime() - t0) / m;
            }
            double[] c = stats(us);
            double[] v = stats(perValue);
            System.out.printf("RESULT java_cycle_us %.1f us (min %.1f max %.1f)%n", c[0], c[1], c[2]);
            System.out.printf("RESULT java_values_per_cycle %d values%n", n);
            System.out.printf("RESULT jni_ns_per_value %.3f ns (min %.3f max %.3f)%n", v[0], v[1], v[2]);
        }
    }
}
