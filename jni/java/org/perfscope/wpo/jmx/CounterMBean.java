// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jmx;

import java.time.Duration;
import java.util.List;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.AttributeNotFoundException;
import javax.management.DynamicMBean;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanInfo;
import javax.management.MBeanRegistration;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.ReflectionException;
import org.perfscope.wpo.Sampler;
import org.perfscope.wpo.WPOError;
import org.perfscope.wpo.WPOException;

/**
 * Counters as the attributes of a dynamic MBean: one read-only {@code double} attribute per column of a
 * {@link Sampler}, named by the column ({@code \Process(java:1234)\Working Set}), whose value is the counter's
 * current value. Reading an attribute samples at most once per interval, however many clients read how many
 * attributes; between samples the last values are returned. The first read always samples. Rates (CPU
 * percentages) span the time since the previous sample (the first one the time since the MBean was created), so
 * the interval sets their resolution.
 *
 * <p>Unregistering the MBean from its server, or {@link #close()}, closes the native sampler. See
 * {@link PerfscopeMBeans#register} for registering one on the platform MBean server, where JConsole and JDK Mission
 * Control show it.
 *
 * <p>Thread-safety: safe for concurrent use; JMX clients may read attributes from any thread (reads and the
 * sampling they cause are serialised on the MBean).
 */
public final class CounterMBean implements DynamicMBean, MBeanRegistration, AutoCloseable {
    private final Sampler sampler;
    private final List<String> columns;
    private final long intervalNanos;
    private final MBeanInfo info;
    private long lastSampleNanos;
    /** Whether a value has been read: opening sampled natively, but the values arrive with the first read. */
    private boolean sampled;
    private MBeanServer server;
    private ObjectName name;
    private boolean closed;

    /**
     * Opens a sampler for the paths; the MBean is not registered anywhere yet.
     *
     * @param interval the shortest time between two samples (reads within it return the last values); positive
     * @param paths counter paths as {@link Sampler#open(String...)} takes them; wildcards expand to one attribute
     *     per instance present now
     * @throws IllegalArgumentException when {@code interval} is not positive
     * @throws NullPointerException when {@code interval} is null
     * @throws WPOException when a path does not resolve (the message names it) or the library fails
     */
    public CounterMBean(Duration interval, String... paths) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("the interval must be positive, not " + interval);
        }
        intervalNanos = interval.toNanos();
        sampler = Sampler.open(paths);
        columns = sampler.columns();
        MBeanAttributeInfo[] attributes = new MBeanAttributeInfo[columns.size()];
        for (int i = 0; i < attributes.length; i++) {
            attributes[i] = new MBeanAttributeInfo(columns.get(i), "double", "Perfscope counter " + columns.get(i)
                    + " (NaN while it has no value)", true, false, false);
        }
        info = new MBeanInfo(CounterMBean.class.getName(), "Perfscope counters, sampled at most every "
                + interval.toMillis() + " ms", attributes, null, null, null);
    }

    /**
     * The attributes' names: the sampler's columns.
     *
     * @return the columns, {@code \Object(Instance)\Counter}
     */
    public List<String> columns() {
        return columns;
    }

    /**
     * The current value of a counter, sampling first when the last sample is at least one interval old.
     *
     * @param attribute a column name
     * @return the value as a {@link Double}; NaN while it has none (an instance that has gone)
     * @throws AttributeNotFoundException when no column has that name
     * @throws WPOException when the MBean is closed or sampling fails
     */
    @Override
    public synchronized Object getAttribute(String attribute) throws AttributeNotFoundException {
        int column = attribute == null ? -1 : columns.indexOf(attribute);
        if (column < 0) {
            throw new AttributeNotFoundException("no counter \"" + attribute + "\" in this MBean (attributes: "
                    + columns + ")");
        }
        refresh();
        return sampler.value(column);
    }

    /**
     * The current values of several counters, from one sample.
     *
     * @param attributes column names; names that are not columns are left out of the result
     * @return the attributes found with their values
     * @throws WPOException when the MBean is closed or sampling fails
     */
    @Override
    public synchronized AttributeList getAttributes(String[] attributes) {
        AttributeList list = new AttributeList();
        refresh();
        for (String attribute : attributes) {
            int column = columns.indexOf(attribute);
            if (column >= 0) {
                list.add(new Attribute(attribute, sampler.value(column)));
            }
        }
        return list;
    }

    /**
     * Counters cannot be set.
     *
     * @param attribute ignored
     * @throws AttributeNotFoundException always: every attribute is read-only
     */
    @Override
    public void setAttribute(Attribute attribute) throws AttributeNotFoundException {
        throw new AttributeNotFoundException("counters are read-only: " + (attribute == null ? null
                : attribute.getName()));
    }

    /**
     * Counters cannot be set.
     *
     * @param attributes ignored
     * @return an empty list: no attribute was set
     */
    @Override
    public AttributeList setAttributes(AttributeList attributes) {
        return new AttributeList();
    }

    /**
     * The MBean has no operations.
     *
     * @param actionName the operation's name
     * @param params its arguments
     * @param signature their types
     * @return never returns
     * @throws ReflectionException always, wrapping a {@link NoSuchMethodException}
     */
    @Override
    public Object invoke(String actionName, Object[] params, String[] signature) throws ReflectionException {
        throw new ReflectionException(new NoSuchMethodException(actionName), "CounterMBean has no operations");
    }

    /**
     * The attributes: one read-only {@code double} per column.
     *
     * @return the MBean's description
     */
    @Override
    public MBeanInfo getMBeanInfo() {
        return info;
    }

    /**
     * Remembers the server and name, so that {@link #close()} unregisters the MBean.
     *
     * @param server the server registering this MBean
     * @param name the name it is registered under
     * @return {@code name}
     * @throws IllegalArgumentException when {@code name} is null (this MBean does not choose one)
     */
    @Override
    public synchronized ObjectName preRegister(MBeanServer server, ObjectName name) {
        if (name == null) {
            throw new IllegalArgumentException("a CounterMBean needs an ObjectName");
        }
        this.server = server;
        this.name = name;
        return name;
    }

    /**
     * Forgets the server when registering failed.
     *
     * @param registrationDone whether the MBean was registered
     */
    @Override
    public synchronized void postRegister(Boolean registrationDone) {
        if (!Boolean.TRUE.equals(registrationDone)) {
            server = null;
            name = null;
        }
    }

    /** Nothing to do before unregistering. */
    @Override
    public void preDeregister() {
    }

    /** Closes the sampler once the MBean is unregistered. */
    @Override
    public synchronized void postDeregister() {
        server = null;
        name = null;
        closeSampler();
    }

    /**
     * Unregisters the MBean from its server (if registered) and closes the native sampler. Closing twice does
     * nothing.
     */
    @Override
    public void close() {
        MBeanServer registeredOn;
        ObjectName registeredAs;
        synchronized (this) {
            registeredOn = server;
            registeredAs = name;
        }
        if (registeredOn != null) {
            try {
                registeredOn.unregisterMBean(registeredAs);  // postDeregister closes the sampler
            } catch (javax.management.JMException e) {
                // Unregistered by someone else meanwhile: closing the sampler below is all that is left.
            }
        }
        synchronized (this) {
            closeSampler();
        }
    }

    private void closeSampler() {
        if (!closed) {
            closed = true;
            sampler.close();
        }
    }

    private void refresh() {
        if (closed) {
            throw new WPOException(WPOError.INVALID_HANDLE, "invalid handle: the CounterMBean is closed");
        }
        long now = System.nanoTime();
        if (!sampled || now - lastSampleNanos >= intervalNanos) {
            sampler.sample();
            lastSampleNanos = now;
            sampled = true;
        }
    }
}
