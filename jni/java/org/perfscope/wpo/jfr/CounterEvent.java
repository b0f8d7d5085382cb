// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

/**
 * One counter's value at one moment, as a Flight Recorder event ({@value #NAME}): emitted for each column of every
 * open {@link PerfscopeRecorder} each period (1 s unless a recording's settings say otherwise, e.g.
 * {@code recording.enable("org.perfscope.Counter").withPeriod(Duration.ofMillis(200))}). JDK Mission Control lists
 * the events under "Perfscope", next to the JVM's own GC and CPU events.
 *
 * <p>Thread-safety: an event object belongs to the thread that fills and commits it, as every JFR event does.
 */
@Name(CounterEvent.NAME)
@Label("Perfscope Counter")
@Category("Perfscope")
@Description("The value of a Perfscope performance counter")
@Period("1 s")
@StackTrace(false)
public final class CounterEvent extends Event {
    /** The event's name in recordings and in settings. */
    public static final String NAME = "org.perfscope.Counter";

    /** The column, {@code \Object(Instance)\Counter}. */
    @Label("Path")
    @Description("The counter's path, \\Object(Instance)\\Counter")
    public String path;

    /** The object (e.g. {@code Process}). */
    @Label("Object")
    public String object;

    /** The instance, empty for an object without instances (e.g. {@code Memory}). */
    @Label("Instance")
    public String instance;

    /** The counter (e.g. {@code Working Set}). */
    @Label("Counter")
    public String counter;

    /** The value; NaN while the counter has none (its instance has gone). */
    @Label("Value")
    public double value;

    /** An empty event, filled by {@link PerfscopeRecorder}. */
    public CounterEvent() {
    }
}
