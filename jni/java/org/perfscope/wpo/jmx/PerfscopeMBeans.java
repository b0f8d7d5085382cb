// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jmx;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import javax.management.InstanceAlreadyExistsException;
import javax.management.MBeanRegistrationException;
import javax.management.NotCompliantMBeanException;
import javax.management.ObjectName;
import org.perfscope.wpo.WPOException;

/**
 * Registers Perfscope counters on the platform MBean server, beside the JVM's own MBeans:
 *
 * <pre>{@code
 * long pid = ProcessHandle.current().pid();
 * CounterMBean bean = PerfscopeMBeans.register(new ObjectName("org.perfscope:type=Counters,name=self"),
 *         Duration.ofSeconds(1), "\\Process(java:" + pid + ")\\Working Set", "\\Memory\\Available Bytes");
 * // JConsole, JDK Mission Control or any JMX client reads the attribute "\Memory\Available Bytes".
 * bean.close();   // unregisters it and closes its sampler
 * }</pre>
 *
 * <p>Thread-safety: stateless, safe from any thread.
 */
public final class PerfscopeMBeans {
    private PerfscopeMBeans() {
    }

    /**
     * Opens a {@link CounterMBean} for the paths and registers it on
     * {@link ManagementFactory#getPlatformMBeanServer()}.
     *
     * @param name the MBean's name, e.g. {@code org.perfscope:type=Counters,name=self}
     * @param interval the shortest time between two samples; positive
     * @param paths counter paths as {@link org.perfscope.wpo.Sampler#open(String...)} takes them
     * @return the registered MBean; {@link CounterMBean#close()} unregisters it
     * @throws InstanceAlreadyExistsException when an MBean of that name is registered already
     * @throws MBeanRegistrationException when the server refuses the registration
     * @throws NotCompliantMBeanException never for this MBean; declared by the server's method
     * @throws IllegalArgumentException when {@code interval} is not positive or {@code name} is null
     * @throws WPOException when a path does not resolve (the message names it) or the library fails
     */
    public static CounterMBean register(ObjectName name, Duration interval, String... paths)
            throws InstanceAlreadyExistsException, MBeanRegistrationException, NotCompliantMBeanException {
        if (name == null) {
            throw new IllegalArgumentException("a CounterMBean needs an ObjectName");
        }
        CounterMBean bean = new CounterMBean(interval, paths);
        try {
            ManagementFactory.getPlatformMBeanServer().registerMBean(bean, name);
        } catch (InstanceAlreadyExistsException | MBeanRegistrationException | NotCompliantMBeanException
                | RuntimeException e) {
            bean.close();
            throw e;
        }
        return bean;
    }
}
