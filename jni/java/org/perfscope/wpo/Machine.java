// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import javax.net.ssl.SSLContext;

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
 * {@code [IPv6]:PORT}) for an agent listening there ({@code perfscope-cli serve --listen ADDR:PORT}),
 * {@code https://HOST[:PORT]} for one serving TLS ({@code serve --web-config}), or {@code ssh://[USER@]HOST[:PORT]},
 * which runs {@code perfscope-cli serve --stdio} on HOST through the system's {@code ssh} (key or agent authentication:
 * ssh runs in batch mode, it asks for no password). A path naming the machine, {@code \\HOST:PORT\Memory\Available
 * Bytes}, given to {@link Sampler#open(String...)} connects by itself. {@code localhost} and this host's name without a
 * port are this machine: its samplers read it directly.
 *
 * <p><b>TLS and basic auth.</b> An {@code https://} machine is reached through the JVM's own TLS: its certificate is
 * verified against the JVM's trusted authorities (or the certificates {@link Credentials} or the environment
 * name) and its host name against the address. A user and password, from {@link Credentials} or the environment, go
 * to {@code https://} machines only. The environment variables are perfscope-cli's and serve as defaults:
 * {@code PERFSCOPE_REMOTE_CA} (a PEM file of the certificates that may sign the agent's),
 * {@code PERFSCOPE_REMOTE_USER} and {@code PERFSCOPE_REMOTE_PASSWORD}.
 *
 * <pre>{@code
 * Machine.Credentials credentials = new Machine.Credentials()
 *         .trust(Path.of("/etc/perfscope/agents-ca.pem"))
 *         .user("monitor", password);
 * try (Machine server = Machine.connect("https://db1.example.org:9654", credentials)) { ... }
 * }</pre>
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
     * @param credentials for an {@code https://} machine, or null for the environment's
     * @return the handle, or 0 for this machine
     */
    private static native int connect0(String machine, Credentials credentials);

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
     * @param machine {@code HOST:PORT}, {@code HOST} (port 9654), {@code [IPv6]:PORT}, {@code https://HOST[:PORT]}
     *     or {@code ssh://[USER@]HOST[:PORT]}, with or without the two leading backslashes of a counter path;
     *     {@code localhost} or this host's name without a port for this machine
     * @return the machine; the caller closes it
     * @throws WPOException {@link WPOError#NULL_ARGUMENT} for null; {@link WPOError#INVALID_ARGUMENT} for a
     *     malformed address, or for {@code PERFSCOPE_REMOTE_USER} set with a plain HTTP machine (its password would
     *     cross the network in the clear); {@link WPOError#IO_ERROR} when the machine cannot be reached, its agent
     *     does not answer, its certificate is not trusted or it refuses the user (the message names the address and
     *     why)
     * @throws UnsupportedOperationException when this build of the library cannot read other machines
     */
    public static Machine connect(String machine) {
        return connect(machine, null);
    }

    /**
     * Connects to a machine's agent with credentials of the caller's, and fetches its counter names. The machine
     * keeps a connection of its own: it shares no collection with machines connected otherwise.
     *
     * @param machine as for {@link #connect(String)}
     * @param credentials the certificates to trust and the user, for an {@code https://} machine; what they leave
     *     unset comes from the environment as for {@link #connect(String)}; null: the environment's only
     * @return the machine; the caller closes it
     * @throws WPOException as {@link #connect(String)}; {@link WPOError#INVALID_ARGUMENT} as well for a user given
     *     with a machine that is not {@code https://} (for plain HTTP its password would cross the network in the
     *     clear; ssh:// authenticates by ssh's keys), before anything is sent, or for certificates that cannot be
     *     read
     * @throws UnsupportedOperationException when this build of the library cannot read other machines
     */
    public static Machine connect(String machine, Credentials credentials) {
        if (machine == null) {
            throw new WPOException(WPOError.NULL_ARGUMENT, "null argument: no machine (null)");
        }
        String bare = machine.startsWith("\\\\") ? machine.substring(2) : machine;
        if (credentials != null && credentials.user() != null
                && !bare.toLowerCase(Locale.ROOT).startsWith("https://")) {
            throw new WPOException(WPOError.INVALID_ARGUMENT, WPOError.describe(WPOError.INVALID_ARGUMENT)
                    + ": machine \"" + bare + "\": a password is sent over https:// only (it would cross the network"
                    + " in the clear): write https://HOST[:PORT]");
        }
        int handle = OwnedHandle.createWithRetry(() -> connectOrCode(bare, credentials));
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
     * @param credentials the caller's, or null
     * @return the handle, 0 for this machine, or {@link WPOError#TOO_MANY_HANDLES}
     */
    private static int connectOrCode(String machine, Credentials credentials) {
        try {
            return connect0(machine, credentials);
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

    /**
     * What an {@code https://} machine asks of its client: the certificates that may sign the agent's, and a user
     * and password for basic auth. Each one left unset comes from the environment (perfscope-cli's variables, see
     * {@link Machine}). Setters return this object, so they chain.
     *
     * <p>Thread-safety: not thread-safe while being set; {@link Machine#connect(String, Credentials)} only reads it.
     */
    public static final class Credentials {
        /** The TLS to use as given, or null. */
        private SSLContext sslContext;
        /** A PEM file of the certificates to trust, or null. */
        private Path caFile;
        /** The user, or null. */
        private String user;
        /** A copy of the password, or null. */
        private char[] password;

        /** Credentials leaving everything to the environment until set. */
        public Credentials() {
        }

        /**
         * Trusts exactly the certificates of a PEM file (an agent's self-signed certificate, or the authority that
         * signs the agents'), instead of the JVM's trusted authorities.
         *
         * @param pemFile the file, read when connecting
         * @return this object
         * @throws NullPointerException for null
         */
        public Credentials trust(Path pemFile) {
            if (pemFile == null) {
                throw new NullPointerException("pemFile");
            }
            caFile = pemFile;
            return this;
        }

        /**
         * Uses a TLS context of the caller's (its trust managers decide which certificates are trusted; its key
         * managers, if any, are ignored by agents that ask for no client certificate). Takes precedence over
         * {@link #trust(Path)}.
         *
         * @param context the context, initialised
         * @return this object
         * @throws NullPointerException for null
         */
        public Credentials trust(SSLContext context) {
            if (context == null) {
                throw new NullPointerException("context");
            }
            sslContext = context;
            return this;
        }

        /**
         * Sends basic auth as this user. The password is copied; the caller may clear its array once this returns.
         *
         * @param name the user name
         * @param secret the password
         * @return this object
         * @throws NullPointerException for null
         */
        public Credentials user(String name, char[] secret) {
            if (name == null || secret == null) {
                throw new NullPointerException(name == null ? "name" : "secret");
            }
            if (password != null) {
                Arrays.fill(password, '\0');
            }
            user = name;
            password = secret.clone();
            return this;
        }

        /**
         * The TLS context given.
         *
         * @return it, or null
         */
        SSLContext sslContext() {
            return sslContext;
        }

        /**
         * The PEM file given.
         *
         * @return it, or null
         */
        Path caFile() {
            return caFile;
        }

        /**
         * The user given.
         *
         * @return it, or null
         */
        String user() {
            return user;
        }

        /**
         * The password given.
         *
         * @return the copy (not to be kept), or null
         */
        char[] password() {
            return password;
        }

        @Override
        public String toString() {
            return "Credentials[" + (user == null ? "no user" : "user " + user) + ", "
                    + (sslContext != null ? "a TLS context" : caFile != null ? "trusting " + caFile : "default trust")
                    + "]";
        }
    }
}
