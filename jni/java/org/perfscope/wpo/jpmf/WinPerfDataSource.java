// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.perfscope.wpo.CounterRecord;
import org.perfscope.wpo.JWPONames;
import org.perfscope.wpo.JWPOSnapshot;
import org.perfscope.wpo.PerfObjects;
import org.perfscope.wpo.ValueType;
import org.perfscope.wpo.WPOError;
import org.perfscope.wpo.WPOException;
import org.perfscope.wpo.WPOSnapshotInputInfo;

/**
 * The thesis's data source (docs/java.md §4) in JPMF's shape: one sensor per counter of every object of the "Global"
 * query, named {@code win32.winperf/Object/Counter}; objects with instances give {@link StaticSensor}s whose
 * instances are named {@code ...#Instance} (a process by its PID). Probe contexts are native snapshots sharing the
 * process's object cache, so many contexts sampling together cost one collection.
 *
 * <p>Thread-safety: the data source is immutable once built and safe to share between threads; each of its probe
 * contexts belongs to one thread at a time ({@link ProbeContext}).
 */
public final class WinPerfDataSource implements DataSource {
    /** The data source part of every sensor name. */
    public static final String NAME = "win32.winperf";

    private final JWPONames names;
    private final List<Sensor> sensors = new ArrayList<>();
    private final Map<String, WinPerfSensor> byName = new HashMap<>();

    /**
     * Builds the sensor list from one Global snapshot (ServiceLoader calls this).
     *
     * @throws WPOException when the Global snapshot cannot be created or read
     */
    public WinPerfDataSource() {
        names = PerfObjects.names();
        try (JWPOSnapshot global = new JWPOSnapshot(JWPOSnapshot.TYPE_GLOBAL)) {
            int h = global.handle();
            int[] objects = new int[WPOError.check(JWPOSnapshot.getSnapshotPerfObjectCount(h), "objects")];
            WPOError.check(JWPOSnapshot.getSnapshotPerfObjectNames(h, objects), "object names");
            for (int object : objects) {
                String objectName = names.getName(object);
                if (objectName == null) {
                    continue;
                }
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
                    SensorType type = r.counterKind == CounterRecord.KIND_COUNTER ? SensorType.COUNTER : SensorType.GAUGE;
                    WinPerfSensor sensor = instanceNames == null
                            ? new Single(name, type, r.valueType, object, r.counterIndex)
                            : new Static(name, type, r.valueType, object, r.counterIndex, instanceNames);
                    if (byName.putIfAbsent(name, sensor) == null) {
                        sensors.add(sensor);
                    }
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
    public List<Sensor> sensors() {
        return Collections.unmodifiableList(sensors);
    }

    @Override
    public Sensor sensor(String name) {
        return byName.get(name);
    }

    @Override
    public ProbeContext createProbeContext(Collection<String> sensorNames) {
        return new WinPerfProbeContext(this, sensorNames);
    }

    WinPerfSensor find(String sensorName) {
        String[] parts = SensorNames.parse(sensorName);
        WinPerfSensor sensor = byName.get(SensorNames.format(parts[0], parts[1], null));
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
        final SensorType type;
        final ValueType valueType;
        final int object;
        final int counter;

        WinPerfSensor(String name, SensorType type, ValueType valueType, int object, int counter) {
            this.name = name;
            this.type = type;
            this.valueType = valueType;
            this.object = object;
            this.counter = counter;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public SensorType type() {
            return type;
        }

        @Override
        public ValueType valueType() {
            return valueType;
        }

        @Override
        public String toString() {
            return name + " (" + type + ", " + valueType + ")";
        }
    }

    static final class Single extends WinPerfSensor implements SingleSensor {
        Single(String name, SensorType type, ValueType valueType, int object, int counter) {
            super(name, type, valueType, object, counter);
        }
    }

    static final class Static extends WinPerfSensor implements StaticSensor {
        private final List<String> instances;

        Static(String name, SensorType type, ValueType valueType, int object, int counter, List<String> instances) {
            super(name, type, valueType, object, counter);
            this.instances = Collections.unmodifiableList(instances);
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
        private double[] values = new double[0];
        private int[] objects = new int[0];
        private int[] counters = new int[0];
        private int[] instances = new int[0];

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
            snapshot = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM, inputs.toArray(new WPOSnapshotInputInfo[0]));
        }

        @Override
        public void prepare() {
            WPOError.check(JWPOSnapshot.prepareSnapshot(snapshot.handle()), "prepareSnapshot");
        }

        @Override
        public boolean sample() {
            return WPOError.check(JWPOSnapshot.sampleSnapshot(snapshot.handle()), "sampleSnapshot") == WPOError.ANOMALY;
        }

        @Override
        public void decode() {
            int h = snapshot.handle();
            WPOError.check(JWPOSnapshot.decodeSnapshot(h), "decodeSnapshot");
            int n = WPOError.check(JWPOSnapshot.getSnapshotItemCount(h), "getSnapshotItemCount");
            if (n > values.length) {
                values = new double[n];
                objects = new int[n];
                counters = new int[n];
                instances = new int[n];
            }
            n = WPOError.check(JWPOSnapshot.getSnapshotValues(h, values), "getSnapshotValues");
            WPOError.check(JWPOSnapshot.getSnapshotValueKeys(h, objects, counters, instances), "getSnapshotValueKeys");
            for (ValueHandle handle : byName.values()) {
                handle.setValid(false);
            }
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
                ValueHandle handle = instance == null ? null : byInstance.get(instance);
                if (handle != null && !Double.isNaN(values[i])) {
                    handle.set(values[i]);
                    handle.setValid(true);
                }
            }
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
