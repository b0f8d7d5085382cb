// SPDX-License-Identifier: Apache-2.0
/**
 * Perfscope's Java API: performance counters of the machine, its processes and threads, sampled through the native
 * library {@code wpojni} that this module carries under {@code native/<os>/<arch>/} and loads itself
 * ({@link org.perfscope.wpo.WPOLibrary}). {@link org.perfscope.wpo.Sampler} samples counter paths,
 * {@link org.perfscope.wpo.ThreadCpu} the CPU time of threads, {@link org.perfscope.wpo.JWPOSnapshot} offers the
 * native interface of the original design, and {@link org.perfscope.wpo.jpmf} the counters as JPMF sensors.
 *
 * <p>{@link org.perfscope.wpo.jmx} exposes counters as MBean attributes and needs {@code java.management};
 * {@link org.perfscope.wpo.jfr} records them as Flight Recorder events and needs {@code jdk.jfr}. Both modules are
 * optional dependencies ({@code requires static}): an application using those packages requires them itself (every
 * JDK has them), one that does not runs on an image holding only {@code java.base}.
 *
 * @provides org.perfscope.wpo.jpmf.DataSource the counters of this machine as JPMF sensors
 */
module org.perfscope.wpo {
    requires static transitive java.management;
    requires static transitive jdk.jfr;

    exports org.perfscope.wpo;
    exports org.perfscope.wpo.jpmf;
    exports org.perfscope.wpo.jmx;
    exports org.perfscope.wpo.jfr;

    provides org.perfscope.wpo.jpmf.DataSource with org.perfscope.wpo.jpmf.WinPerfDataSource;
}
