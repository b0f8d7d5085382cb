// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.perfscope.wpo.CounterRecord;
import org.perfscope.wpo.JWPONames;
import org.perfscope.wpo.JWPOSnapshot;
import org.perfscope.wpo.ValueType;
import org.perfscope.wpo.WPOError;
import org.perfscope.wpo.WPOException;
import org.perfscope.wpo.WPOSnapshotInputInfo;

/**
 * The thesis's data source (docs/java.md §4) in JPMF's shape: one sensor per counter of every object of the
 * "Global" and "Costly" queries, named {@code win32.winperf/Object/Counter}; objects with instances give
 * {@link StaticSensor}s whose instances are named {@code ...#Instance} (a process by its PID). Probe contexts are
 * native snapshots sharing the process's object cache, so many contexts sampling together cost one collection.
 *
 * <p>A counter's sensor is a {@link SensorType#GAUGE}: the values delivered are readings, rates and percentages,
 * which may decrease. Where a counter's raw value is a cumulative count or time (a rate's operation count, the
 * 100 ns time under {@code % Processor Time}), it is offered too, as the {@link SensorType#COUNTER} sensor
 * {@code Counter (cumulative)} ({@link #CUMULATIVE_SUFFIX}), a LONG valid from the first cycle. Objects that
 * appear later (an application that starts publishing counters) are found by {@link #refresh()}, which
 * {@link #sensor} and {@link #createProbeContext} call for a name they do not know.
 *
 * <p>Thread-safety: the data source is safe to share between threads (its sensor list is guarded by the instance's
 * lock); each of its probe contexts belongs to one thread at a time ({@link ProbeContext}).
 */
public final class WinPerfDataSource implements DataSource {
    /** The data source part of every sensor name. */
    public static final String NAME = "win32.winperf";
    /**
     * Appended to a counter's name for the sensor of its cumulative raw value ({@code % Processor Time
     * (cumulative)}: the process's CPU time in 100 ns units), a {@link SensorType#COUNTER}.
     */
    public static final String CUMULATIVE_SUFFIX = " (cumulative)";

    private JWPONames names;
    private final List<Sensor> sensors = new ArrayList<>();
    private final Map<String, WinPerfSensor> byName = new HashMap<>();
    private final Set<Integer> objectsSeen = new HashSet<>();

    /**
     * Builds the sensor list from one Global and one Costly snapshot (ServiceLoader calls this).
     *
     * @throws WPOException when the library cannot read the name table or the Global objects
     */
    public WinPerfDataSource() {
        names = JWPONames.load();
        refresh();
    }

    /**
     * Looks for objects that appeared since the source was made or last refreshed (a publisher that started) and
     * adds their sensors; reads the name table again when a new object has no name in it.
     *
     * @return the number of sensors added
     * @throws WPOException when the library cannot read the Global objects
     */
    public synchronized int refresh() {
        int before = sensors.size();
        for (int type : new int[] {JWPOSnapshot.TYPE_GLOBAL, JWPOSnapshot.TYPE_COSTLY}) {
            try (JWPOSnapshot snapshot = new JWPOSnapshot(type)) {
                addObjects(snapshot.handle());
            } catch (WPOException e) {
                if (type == JWPOSnapshot.TYPE_GLOBAL) {
                    throw e;
                }
                // a machine without costly objects
            }
        }
        return sensors.size() - before;
    }

    private void addObjects(int h) {
        int[] objects = new int[WPOError.check(JWPOSnapshot.getSnapshotPerfObjectCount(h), "objects")];
        WPOError.check(JWPOSnapshot.getSnapshotPerfObjectNames(h, objects), "object names");
        for (int object : objects) {
            if (objectsSeen.contains(object)) {
                continue;
            }
            if (names.getName(object) == null) {
                names = JWPONames.reload();  // published since the table was read
            }
            String objectName = names.getName(object);
            if (objectName == null) {
                continue;
            }
            objectsSeen.add(object);
            int n = WPOError.check(JWPOSnapshot.getSnapshotPerfObjectCountersCount(h, object), objectName);
            CounterRecord[] records = new CounterRecord[n];
            for (int i = 0; i < n; i++) {
                records[i] = new CounterRecord();
            }
            WPOError.check(JWPOSnapshot.getSnapshotPerfObjectCounters(h, object, records), objectName);
            int instances = WPOError.check(JWPOSnapshot.getSnapshotPerfObjectInstancesCount(h, object), objectName);
            List<String> instanceNames = instances > 0 ? sensorInstances(h, object) : null;
            for (CounterRecord r : records) {
                String counterName = names.getName(r.counterIndex);
                if (counterName == null) {
                    continue;
                }
                String help = names.getHelp(r.counterDescription);
                // Java's int cannot hold an unsigned 32-bit counter's upper half: such sensors are LONG.
                ValueType valueType = r.valueType == ValueType.INTEGER ? ValueType.LONG : r.valueType;
                add(objectName, counterName, valueType, help, object, r.counterIndex, false, instanceNames);
                if (isCumulative(r.counterType)) {
                    add(objectName, counterName + CUMULATIVE_SUFFIX, ValueType.LONG,
                            "The cumulative raw value under \"" + counterName + "\" (its count, or its time in the"
                                    + " counter's time units); never decreases. " + (help == null ? "" : help),
                            object, r.counterIndex, true, instanceNames);
                }
            }
        }
    }

    private void add(String objectName, String counterName, ValueType valueType, String help, int object, int counter,
            boolean raw, List<String> instanceNames) {
        String name = SensorNames.format(objectName, counterName, null);
        WinPerfSensor sensor = instanceNames == null
                ? new Single(name, valueType, help, object, counter, raw)
                : new Static(name, valueType, help, object, counter, raw, instanceNames);
        if (byName.putIfAbsent(name, sensor) == null) {
            sensors.add(sensor);
        }
    }

    /**
     * Whether a counter type's raw value is a cumulative count or time (the types whose displayed value is its
     * rate or its share of the elapsed time): the raw value never decreases, so it is offered as a
     * {@link SensorType#COUNTER}. Inverse timers ({@code _INV}) are left out: their raw value is the complement.
     */
    static boolean isCumulative(int counterType) {
        switch (counterType) {
            case 0x00400400: // PERF_COUNTER_DELTA
            case 0x00400500: // PERF_COUNTER_LARGE_DELTA
            case 0x10410400: // PERF_COUNTER_COUNTER
            case 0x10410500: // PERF_COUNTER_BULK_COUNT
            case 0x20410500: // PERF_COUNTER_TIMER
            case 0x20470500: // PERF_PRECISION_SYSTEM_TIMER
            case 0x20510500: // PERF_100NSEC_TIMER
            case 0x20570500: // PERF_PRECISION_100NS_TIMER
            case 0x20670500: // PERF_PRECISION_OBJECT_TIMER
            case 0x22410500: // PERF_COUNTER_MULTI_TIMER
            case 0x22510500: // PERF_100NSEC_MULTI_TIMER
                return true;
            default:
                return false;
        }
    }

    static List<String> sensorInstances(int handle, int object) {
        return JWPOSnapshot.sensorInstanceNames(handle, object);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public synchronized List<Sensor> sensors() {
        return List.copyOf(sensors);
    }

    @Override
    public synchronized Sensor sensor(String name) {
        WinPerfSensor sensor = byName.get(name);
        if (sensor == null && refresh() > 0) {
            sensor = byName.get(name);
        }
        return sensor;
    }

    @Override
    public ProbeContext createProbeContext(Collection<String> sensorNames) {
        return new WinPerfProbeContext(this, sensorNames);
    }

    synchronized WinPerfSensor find(String sensorName) {
        String[] parts = SensorNames.parse(sensorName);
        String name = SensorNames.format(parts[0], parts[1], null);
        WinPerfSensor sensor = byName.get(name);
        if (sensor == null && refresh() > 0) {
            sensor = byName.get(name);
        }
        if (sensor == null) {
            throw new WPOException(WPOError.NOT_FOUND, "not found: no sensor \"" + sensorName + "\" in " + NAME);
        }
        if ((parts.length == 3) != (sensor instanceof StaticSensor)) {
            throw new WPOException(WPOError.INVALID_ARGUMENT, "invalid argument: \"" + sensorName + "\" "
                    + (parts.length == 3 ? "names an instance of a sensor without instances"
                            : "needs an instance (#Instance)"));
        }
        return sensor;
    }

    abstract static class WinPerfSensor implements Sensor {
        final String name;
        final ValueType valueType;
        final String help;
        final int object;
        final int counter;
        final boolean raw;  // the counter's cumulative raw value: a JPMF counter

        WinPerfSensor(String name, ValueType valueType, String help, int object, int counter, boolean raw) {
            this.name = name;
            this.valueType = valueType;
            this.help = help == null ? "" : help;
            this.object = object;
            this.counter = counter;
            this.raw = raw;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public SensorType type() {
            return raw ? SensorType.COUNTER : SensorType.GAUGE;
        }

        @Override
        public ValueType valueType() {
            return valueType;
        }

        @Override
        public String help() {
            return help;
        }

        @Override
        public String toString() {
            return name + " (" + type() + ", " + valueType + ")";
        }
    }

    static final class Single extends WinPerfSensor implements SingleSensor {
        Single(String name, ValueType valueType, String help, int object, int counter, boolean raw) {
            super(name, valueType, help, object, counter, raw);
        }
    }

    static final class Static extends WinPerfSensor implements StaticSensor {
        private final List<String> instances;

        Static(String name, ValueType valueType, String help, int object, int counter, boolean raw,
                List<String> instances) {
            super(name, valueType, help, object, counter, raw);
            this.instances = List.copyOf(instances);
        }

        @Override
        public List<String> instances() {
            return instances;
        }
    }

    /** Maps prepare/sample/decode onto one native snapshot, or two when raw (cumulative) sensors are measured. */
    static final class WinPerfProbeContext implements ProbeContext {
        private final Part[] parts;
        private final Map<String, ValueHandle> byName = new LinkedHashMap<>();
        private final ValueHandle[] all;

        WinPerfProbeContext(WinPerfDataSource source, Collection<String> sensorNames) {
            Part decoded = new Part(JWPOSnapshot.TYPE_CUSTOM);
            Part raw = new Part(JWPOSnapshot.TYPE_CUSTOM_RAW);
            for (String sensorName : sensorNames) {
                WinPerfSensor sensor = source.find(sensorName);
                String[] parts = SensorNames.parse(sensorName);
                ValueHandle handle = ValueHandle.of(sensor.valueType);
                (sensor.raw ? raw : decoded).add(sensor, parts.length == 3 ? parts[2] : "", handle);
                byName.put(sensorName, handle);
            }
            all = byName.values().toArray(new ValueHandle[0]);
            List<Part> used = new ArrayList<>();
            try {
                for (Part part : new Part[] {decoded, raw}) {
                    if (!part.inputs.isEmpty()) {
                        part.open();
                        used.add(part);
                    }
                }
            } catch (RuntimeException e) {
                for (Part part : used) {
                    part.close();
                }
                throw e;
            }
            parts = used.toArray(new Part[0]);
        }

        @Override
        public void prepare() {
            for (Part part : parts) {
                part.prepare();
            }
        }

        @Override
        public boolean sample() {
            boolean anomaly = false;
            for (Part part : parts) {
                anomaly |= part.sample();
            }
            return anomaly;
        }

        @Override
        public boolean decode() {
            for (ValueHandle handle : all) {
                handle.setValid(false);
            }
            boolean anomaly = false;
            for (Part part : parts) {
                anomaly |= part.decode();
            }
            return anomaly;
        }

        @Override
        public ValueHandle value(String sensorName) {
            return byName.get(sensorName);
        }

        @Override
        public void close() {
            for (Part part : parts) {
                part.close();
            }
        }
    }

    /** One native snapshot of a probe context and the handles its values feed. */
    static final class Part {
        private final int type;
        // object -> counter -> sensor instance name ("" for single sensors) -> handle
        private final Map<Integer, Map<Integer, Map<String, ValueHandle>>> handles = new HashMap<>();
        final List<WPOSnapshotInputInfo> inputs = new ArrayList<>();
        private JWPOSnapshot snapshot;
        private long[] bits = new long[64];
        private byte[] types = new byte[64];
        // The handle of each value position; valid until a cycle reports an anomaly (positions only move then).
        private ValueHandle[] slots = new ValueHandle[0];
        private boolean slotsKnown;
        private boolean sampleAnomaly;

        Part(int type) {
            this.type = type;
        }

        void add(WinPerfSensor sensor, String instance, ValueHandle handle) {
            Map<Integer, Map<String, ValueHandle>> byCounter = handles.computeIfAbsent(sensor.object,
                    k -> new HashMap<>());
            Map<String, ValueHandle> byInstance = byCounter.get(sensor.counter);
            if (byInstance == null) {
                byInstance = new HashMap<>();
                byCounter.put(sensor.counter, byInstance);
                inputs.add(new WPOSnapshotInputInfo(sensor.object, sensor.counter));
            }
            byInstance.put(instance, handle);
        }

        void open() {
            snapshot = new JWPOSnapshot(type, inputs.toArray(new WPOSnapshotInputInfo[0]));
        }

        void prepare() {
            WPOError.check(JWPOSnapshot.prepareSnapshot(snapshot.handle()), "prepareSnapshot");
        }

        boolean sample() {
            sampleAnomaly = WPOError.check(JWPOSnapshot.sampleSnapshot(snapshot.handle()), "sampleSnapshot")
                    == WPOError.ANOMALY;
            return sampleAnomaly;
        }

        boolean decode() {
            int h = snapshot.handle();
            boolean anomaly = WPOError.check(JWPOSnapshot.decodeSnapshot(h), "decodeSnapshot") == WPOError.ANOMALY
                    || sampleAnomaly;
            sampleAnomaly = false;
            int n;
            while ((n = JWPOSnapshot.getSnapshotValueBits(h, bits, types)) == WPOError.BUFFER_TOO_SMALL) {
                int count = WPOError.check(JWPOSnapshot.getSnapshotItemCount(h), "getSnapshotItemCount");
                bits = new long[Math.max(count, bits.length * 2)];
                types = new byte[bits.length];
            }
            WPOError.check(n, "getSnapshotValueBits");
            if (anomaly || !slotsKnown || n != slots.length) {
                mapSlots(h, n);
            }
            for (int i = 0; i < n; i++) {
                ValueHandle handle = slots[i];
                if (handle != null && types[i] >= 0) {
                    handle.store(bits[i], types[i]);
                    handle.setValid(true);
                }
            }
            return anomaly;
        }

        // Which handle each value position feeds: read from the value keys and the instance names.
        private void mapSlots(int h, int n) {
            int[] objects = new int[n];
            int[] counters = new int[n];
            int[] instances = new int[n];
            if (n > 0) {
                WPOError.check(JWPOSnapshot.getSnapshotValueKeys(h, objects, counters, instances),
                        "getSnapshotValueKeys");
            }
            ValueHandle[] mapped = new ValueHandle[n];
            Map<Integer, List<String>> instanceNames = new HashMap<>();
            for (int i = 0; i < n; i++) {
                Map<Integer, Map<String, ValueHandle>> byCounter = handles.get(objects[i]);
                Map<String, ValueHandle> byInstance = byCounter == null ? null : byCounter.get(counters[i]);
                if (byInstance == null) {
                    continue;
                }
                String instance = "";
                if (instances[i] >= 0) {
                    List<String> positions = instanceNames.computeIfAbsent(objects[i], o -> sensorInstances(h, o));
                    instance = instances[i] < positions.size() ? positions.get(instances[i]) : null;
                }
                mapped[i] = instance == null ? null : byInstance.get(instance);
            }
            slots = mapped;
            slotsKnown = true;
        }

        void close() {
            if (snapshot != null) {
                snapshot.close();
            }
        }
    }
}
