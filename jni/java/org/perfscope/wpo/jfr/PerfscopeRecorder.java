// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jfr;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import jdk.jfr.FlightRecorder;
import org.perfscope.wpo.Sampler;
import org.perfscope.wpo.WPOException;

/**
 * Puts counters into Flight Recorder recordings: while open, each period of {@link CounterEvent} (1 s by default)
 * samples the counters once and emits one {@link CounterEvent} per column, so a recording holds Perfscope counters
 * beside the JVM's own events.
 *
 * <pre>{@code
 * long pid = ProcessHandle.current().pid();
 * try (PerfscopeRecorder counters = PerfscopeRecorder.open("\\Process(java:" + pid + ")\\% Processor Time",
 *         "\\Memory\\Available Bytes")) {
 *     // java -XX:StartFlightRecording ... or any jdk.jfr.Recording now gets org.perfscope.Counter events
 * }
 * }</pre>
 *
 * <p>Sampling happens on Flight Recorder's periodic thread and only while a recording has the event enabled; with
 * no recording running an open recorder costs nothing. The first event's rates span the time since
 * {@link #open}, later ones one period. One periodic hook serves every open recorder.
 *
 * <p>Thread-safety: safe for concurrent use; {@link #open} and {@link #close()} may be called from any thread.
 */
public final class PerfscopeRecorder implements AutoCloseable {
    private static final List<PerfscopeRecorder> OPEN = new CopyOnWriteArrayList<>();
    private static final Runnable HOOK = PerfscopeRecorder::emitAll;
    private static boolean hooked;

    private final Sampler sampler;
    private final String[][] parts;
    private boolean closed;

    private PerfscopeRecorder(Sampler sampler) {
        this.sampler = sampler;
        List<String> columns = sampler.columns();
        parts = new String[columns.size()][];
        for (int i = 0; i < parts.length; i++) {
            parts[i] = split(columns.get(i));
        }
    }

    /**
     * Opens a sampler for the paths and adds its counters to every recording that enables {@link CounterEvent}.
     *
     * @param paths counter paths as {@link Sampler#open(String...)} takes them
     * @return the open recorder; {@link #close()} stops its events
     * @throws WPOException when a path does not resolve (the message names it) or the library fails
     */
    public static PerfscopeRecorder open(String... paths) {
        PerfscopeRecorder recorder = new PerfscopeRecorder(Sampler.open(paths));
        synchronized (OPEN) {
            OPEN.add(recorder);
            if (!hooked) {
                FlightRecorder.addPeriodicEvent(CounterEvent.class, HOOK);
                hooked = true;
            }
        }
        return recorder;
    }

    /**
     * The columns whose values the events carry.
     *
     * @return the sampler's columns, {@code \Object(Instance)\Counter}
     */
    public List<String> columns() {
        return sampler.columns();
    }

    /** Stops this recorder's events and closes its sampler. Closing twice does nothing. */
    @Override
    public void close() {
        synchronized (OPEN) {
            OPEN.remove(this);
            if (OPEN.isEmpty() && hooked) {
                FlightRecorder.removePeriodicEvent(HOOK);
                hooked = false;
            }
        }
        synchronized (this) {
            if (!closed) {
                closed = true;
                sampler.close();
            }
        }
    }

    private static void emitAll() {
        for (PerfscopeRecorder recorder : OPEN) {
            recorder.emit();
        }
    }

    private synchronized void emit() {
        if (closed) {
            return;
        }
        try {
            sampler.sample();
        } catch (WPOException e) {
            return;  // the next period tries again; a failing sample must not stop the recorder's thread
        }
        for (int i = 0; i < parts.length; i++) {
            CounterEvent event = new CounterEvent();
            event.path = parts[i][0];
            event.object = parts[i][1];
            event.instance = parts[i][2];
            event.counter = parts[i][3];
            event.value = sampler.value(i);
            event.commit();
        }
    }

    /** {@code \Object(Instance)\Counter} as {path, object, instance, counter}; the instance "" when absent. */
    static String[] split(String column) {
        int counterStart = column.lastIndexOf('\\');
        String counter = column.substring(counterStart + 1);
        int objectStart = column.startsWith("\\") ? 1 : 0;
        String object = column.substring(objectStart, Math.max(counterStart, objectStart));
        String instance = "";
        int open = object.indexOf('(');
        if (open >= 0 && object.endsWith(")")) {
            instance = object.substring(open + 1, object.length() - 1);
            object = object.substring(0, open);
        }
        return new String[] {column, object, instance, counter};
    }
}
