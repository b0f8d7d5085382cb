// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

/**
 * Another machine, whose counters its agent serves ({@code perfscope-cli serve} run there): the same counter paths
 * as on this machine, sampled by {@link Sampler}s.
 *
 * <pre>{@code
 * try (Machine server = Machine.connect("db1.example.org:9654");
 *      Sampler sampler = server.sampler("\\Processor(_Total)\\% Processor Time", "\\Memory\\Available Bytes")) {
 *     for (int i = 0; i < 5; i++) {
 *         Thread.sleep(1000);
 *         sampler.sample();
 *         System.out.println(sampler.value(0) + " % busy, " + sampler.value(1) + " bytes available");
 *     }
 * }
 * }</pre>
 *
 * <p>Machines are named as perfscope-cli's counter paths name them: {@code HOST:PORT} (or {@code HOST}, port 9654;
 * {@code [IPv6]:PORT}) for an agent listening there ({@code perfscope-cli serve --listen ADDR:PORT}), or
 * {@code ssh://[USER@]HOST[:PORT]}, which runs {@code perfscope-cli serve --stdio} on HOST through the system's
 * {@code ssh} (key or agent authentication: ssh runs in batch mode, it asks for no password). A path naming the
 * machine, {@code \\HOST:PORT\Memory\Available Bytes}, given to {@link Sampler#open(String...)} connects by
 * itself. {@code localhost} and this host's name without a port are this machine: its samplers read it directly.
 *
 * <p>The library keeps one connection and one cache per machine: every sampler of a machine (of every
 * {@code Machine} connected to it) shares each interval's collection, so the agent collects an object once per
 * interval however many samplers read it.
 *
 * <p><b>A machine that goes away.</b> {@link #connect(String)} fetches the machine's counter names, so a machine
 * that cannot be reached throws there, its address in the message. Once connected, a {@link Sampler#sample()}
 * while the machine or its agent is down throws {@link WPOException} ({@link WPOError#IO_ERROR}, the message
 * naming the address); the next sample connects again, and samples recover by themselves when the agent is back
 * (after an agent restarts, the first sample's rates are NaN: the new agent's counts start a new interval).
 *
 * <p><b>Where it works.</b> Other machines are read by the Linux x86_64 library (the one in the jar and the
 * Debian package). The other builds (Windows, Linux aarch64) read this machine only: {@link #connect(String)}
 * throws {@link UnsupportedOperationException} for any other machine, and so does {@link Sampler#open(String...)}
 * for a path naming one.
 *
 * <p>Thread-safety: every method may be called from any thread.
 */
public final class Machine implements AutoCloseable {
    static {
        WPOLibrary.load();
    }

    /**
     * Connects natively.
     *
     * @param machine the machine as a path names it
     * @return the handle, or 0 for this machine
     */
    private static native int connect0(String machine);

    /**
     * Lets a machine go; its samplers fail from then on.
     *
     * @param handle the machine
     * @return 0 or a code
     */
    private static native int close0(int handle);

    /** The native handle's owner; null for this machine. */
    private final OwnedHandle owned;
    private final String name;

    /**
     * A connected machine.
     *
     * @param name the machine as given
     * @param handle the native handle, 0 for this machine
     */
    private Machine(String name, int handle) {
        this.name = name;
        owned = handle == 0 ? null : new OwnedHandle(this, handle, Machine::close0);
    }

    /**
     * Connects to a machine's agent and fetches its counter names.
     *
     * @param machine {@code HOST:PORT}, {@code HOST} (port 9654), {@code [IPv6]:PORT} or
     *     {@code ssh://[USER@]HOST[:PORT]}, with or without the two leading backslashes of a counter path;
     *     {@code localhost} or this host's name without a port for this machine
     * @return the machine; the caller closes it
     * @throws WPOException {@link WPOError#NULL_ARGUMENT} for null; {@link WPOError#INVALID_ARGUMENT} for a
     *     malformed address; {@link WPOError#IO_ERROR} when the machine cannot be reached or its agent does not
     *     answer (the message names the address and why)
     * @throws UnsupportedOperationException when this build of the library cannot read other machines
     */
    public static Machine connect(String machine) {
        if (machine == null) {
            throw new WPOException(WPOError.NULL_ARGUMENT, "null argument: no machine (null)");
        }
        String bare = machine.startsWith("\\\\") ? machine.substring(2) : machine;
        int handle = OwnedHandle.createWithRetry(() -> connectOrCode(bare));
        if (handle < 0) {
            throw new WPOException(handle, WPOError.describe(handle) + ": too many open machines, even after a GC"
                    + " (close the machines no longer needed)");
        }
        return new Machine(bare, handle);
    }

    /**
     * connect0, with running out of handles as a code (the one failure {@link OwnedHandle} retries).
     *
     * @param machine the machine
     * @return the handle, 0 for this machine, or {@link WPOError#TOO_MANY_HANDLES}
     */
    private static int connectOrCode(String machine) {
        try {
            return connect0(machine);
        } catch (WPOException e) {
            if (e.code() == WPOError.TOO_MANY_HANDLES) {
                return e.code();
            }
            throw e;
        }
    }

    /**
     * The machine a counter path names.
     *
     * @param path a counter path
     * @return what stands between its leading {@code \\} and the next {@code \}, or null for a path naming none
     */
    static String machineOf(String path) {
        if (!path.startsWith("\\\\")) {
            return null;
        }
        int end = path.indexOf('\\', 2);
        return end < 0 ? path.substring(2) : path.substring(2, end);
    }

    /**
     * Opens a sampler of counter paths on this machine, as {@link Sampler#open(String...)} does here.
     *
     * @param paths counter paths without a machine, {@code \Object(Instance)\Counter}; wildcards expand to the
     *     instances present on the machine now
     * @return an open sampler; the caller closes it (closing the machine also ends it)
     * @throws WPOException as {@link Sampler#open(String...)}; {@link WPOError#INVALID_ARGUMENT} for a path naming a
     *     machine; {@link WPOError#INVALID_HANDLE} when this machine is closed; {@link WPOError#IO_ERROR} when the
     *     machine cannot be reached
     */
    public Sampler sampler(String... paths) {
        checkOpen();
        return Sampler.open(this, paths);
    }

    /**
     * The machine as given to {@link #connect(String)}.
     *
     * @return its name, without leading backslashes
     */
    public String name() {
        return name;
    }

    /**
     * Whether this is the machine the program runs on ({@code localhost}, or its host name without a port).
     *
     * @return true when its samplers read this machine directly
     */
    public boolean isThisMachine() {
        return owned == null;
    }

    /**
     * Whose sampler, natively: 0 for this machine, minus the handle for another.
     *
     * @return the owner number the native sampler calls take
     */
    int samplerOwner() {
        return owned == null ? 0 : -owned.handle();
    }

    /**
     * The native handle of an open machine.
     *
     * @throws WPOException when the machine is closed
     */
    private void checkOpen() {
        if (owned != null && owned.isClosed()) {
            throw new WPOException(WPOError.INVALID_HANDLE, "invalid handle: the machine is closed");
        }
    }

    /**
     * Lets the machine go; its samplers fail from then on ({@link WPOError#INVALID_HANDLE}). The connection and
     * cache end once no {@code Machine} of the same machine is open.
     */
    @Override
    public void close() {
        if (owned != null) {
            owned.close();
        }
    }

    @Override
    public String toString() {
        return "Machine[" + name + "]";
    }
}
