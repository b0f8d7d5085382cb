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
 * <p>Every sensor is a {@link SensorType#GAUGE}: the values delivered are readings, rates and percentages, which
 * may decrease. Objects that appear later (an application that starts publishing counters) are found by
 * {@link #refresh()}, which {@link #sensor} and {@link #createProbeContext} call for a name they do not know.
 *
 * <p>The source is safe to share between threads; its probe contexts are not (one per thread).
 */
public final class WinPerfDataSource implements DataSource {
    /** The data source part of every sensor name. */
    public static final String NAME = "win32.winperf";

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
                String name = SensorNames.format(objectName, counterName, null);
                String help = names.getHelp(r.counterDescription);
                // Java's int cannot hold an unsigned 32-bit counter's upper half: such sensors are LONG.
                ValueType valueType = r.valueType == ValueType.INTEGER ? ValueType.LONG : r.valueType;
                WinPerfSensor sensor = instanceNames == null
                        ? new Single(name, valueType, help, object, r.counterIndex)
                        : new Static(name, valueType, help, object, r.counterIndex, instanceNames);
                if (byName.putIfAbsent(name, sensor) == null) {
                    sensors.add(sensor);
                }
            }
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

        WinPerfSensor(String name, ValueType valueType, String help, int object, int counter) {
            this.name = name;
            this.valueType = valueType;
            this.help = help == null ? "" : help;
            this.object = object;
            this.counter = counter;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public SensorType type() {
            return SensorType.GAUGE;
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
        Single(String name, ValueType valueType, String help, int object, int counter) {
            super(name, valueType, help, object, counter);
        }
    }

    static final class Static extends WinPerfSensor implements StaticSensor {
        private final List<String> instances;

        Static(String name, ValueType valueType, String help, int object, int counter, List<String> instances) {
            super(name, valueType, help, object, counter);
            this.instances = List.copyOf(instances);
        }

        @Override
        public List<String> instances() {
            return instances;
        }
    }

    /** Maps prepare/sample/decode onto one native snapshot. */
    static final class WinPerfProbeContext implements ProbeContext {
        private final JWPOSnapshot snapshot;
        // object -> counter -> sensor instance name ("" for single sensors) -> handle
        private final Map<Integer, Map<Integer, Map<String, ValueHandle>>> handles = new HashMap<>();
        private final Map<String, ValueHandle> byName = new LinkedHashMap<>();
        private final ValueHandle[] all;
        private long[] bits = new long[64];
        private byte[] types = new byte[64];
        // The handle of each value position; valid until a cycle reports an anomaly (positions only move then).
        private ValueHandle[] slots = new ValueHandle[0];
        private boolean slotsKnown;
        private boolean sampleAnomaly;

        WinPerfProbeContext(WinPerfDataSource source, Collection<String> sensorNames) {
            List<WPOSnapshotInputInfo> inputs = new ArrayList<>();
            for (String sensorName : sensorNames) {
                WinPerfSensor sensor = source.find(sensorName);
                String[] parts = SensorNames.parse(sensorName);
                String instance = parts.length == 3 ? parts[2] : "";
                ValueHandle handle = ValueHandle.of(sensor.valueType);
                Map<Integer, Map<String, ValueHandle>> byCounter = handles.computeIfAbsent(sensor.object,
                        k -> new HashMap<>());
                Map<String, ValueHandle> byInstance = byCounter.get(sensor.counter);
                if (byInstance == null) {
                    byInstance = new HashMap<>();
                    byCounter.put(sensor.counter, byInstance);
                    inputs.add(new WPOSnapshotInputInfo(sensor.object, sensor.counter));
                }
                byInstance.put(instance, handle);
                byName.put(sensorName, handle);
            }
            all = byName.values().toArray(new ValueHandle[0]);
            snapshot = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM, inputs.toArray(new WPOSnapshotInputInfo[0]));
        }

        @Override
        public void prepare() {
            WPOError.check(JWPOSnapshot.prepareSnapshot(snapshot.handle()), "prepareSnapshot");
        }

        @Override
        public boolean sample() {
            sampleAnomaly = WPOError.check(JWPOSnapshot.sampleSnapshot(snapshot.handle()), "sampleSnapshot")
                    == WPOError.ANOMALY;
            return sampleAnomaly;
        }

        @Override
        public boolean decode() {
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
            for (ValueHandle handle : all) {
                handle.setValid(false);
            }
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

        @Override
        public ValueHandle value(String sensorName) {
            return byName.get(sensorName);
        }

        @Override
        public void close() {
            snapshot.close();
        }
    }
}
