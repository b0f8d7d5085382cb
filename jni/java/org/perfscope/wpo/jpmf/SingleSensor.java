// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

/** A sensor of an object without instances ("Memory"): one value. */
public interface SingleSensor extends Sensor {
}
