// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

/**
 * A sensor of an object without instances ("Memory"): one value.
 *
 * <p>Thread-safety: implementations are immutable and safe to share between threads.
 */
public interface SingleSensor extends Sensor {
}
