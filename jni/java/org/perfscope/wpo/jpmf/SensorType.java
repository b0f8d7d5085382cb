package org.perfscope.wpo.jpmf;

/** JPMF's classification of a sensor (thesis §1.2.1). */
public enum SensorType {
    /** Accumulates; its value is a rate or difference over two samples. */
    COUNTER,
    /** Read as is. */
    GAUGE
}
