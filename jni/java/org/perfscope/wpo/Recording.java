// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A recording made by {@code perfscope-cli record} (or the desktop app), opened as a source of counter values: the
 * same counter paths as on the live machine, sampled by {@link Sampler}s, at the times the recording was made.
 *
 * <pre>{@code
 * try (Recording recording = Recording.open(Path.of("machine.psrec"));
 *      Sampler cpu = recording.sampler("\\Processor(_Total)\\% Processor Time", "\\Memory\\Available Bytes")) {
 *     while (recording.next()) {                       // one recorded sample after another
 *         cpu.sample();
 *         System.out.println(recording.time() + " " + cpu.value(0) + " " + cpu.value(1));
 *     }
 * }
 * }</pre>
 *
 * <p>A recording stands on one recorded sample at a time: {@link #open(Path)} on the first, {@link #next()} and
 * {@link #seek(Instant)} move it. A {@link Sampler} of the recording reads the sample stood on when its
 * {@link Sampler#sample()} is called; rates (a {@code % Processor Time}, bytes per second) are over the interval
 * between that sample and the sampler's previous one, as recorded, so stepping with {@link #next()} gives the rate
 * over each recorded interval. A sampler takes its first sample when it is opened, so after
 * {@code recording.next()} its first {@link Sampler#sample()} has rates. After a {@link #seek(Instant)} the first
 * sample's rates span the jump (NaN when it went backwards); step once more for a rate over one recorded interval.
 * {@link Sampler#collectedAtEpochNanos()} is the recorded collection time.
 *
 * <p>A recording keeps whole objects: every counter and instance of a recorded object can be sampled, whether or
 * not anyone chose it while recording. Paths of objects that were not recorded do not resolve (the
 * {@link WPOException} names them). Opening reads the header and the index of the file; the samples are read as
 * the position reaches them, a chunk (at most a few seconds of samples) at a time, so seeking in a long recording
 * reads only what it needs.
 *
 * <p>Errors: a file that cannot be read, is not a recording or is damaged before its first sample throws
 * {@link WPOException} whose message names the file and the offset of the damage. A recording cut short (a recorder
 * that was killed) opens with its sound part ({@link #indexRebuilt()}); damage later in the file is thrown by the
 * {@link #next()} or {@link #seek(Instant)} that reaches it, and the next call goes on after it.
 *
 * <p>Thread-safety: every method may be called from any thread; a move waits for a sample in progress.
 */
public final class Recording implements AutoCloseable {
    static {
        WPOLibrary.load();
    }

    /**
     * Opens a recording natively.
     *
     * @param path the file
     * @return the handle
     */
    private static native int open0(String path);

    /**
     * Releases a recording and its samplers.
     *
     * @param handle the recording
     * @return 0 or a code
     */
    private static native int close0(int handle);

    /**
     * Reads what the header and index say.
     *
     * @param handle the recording
     * @param times receives the first and last collection times (epoch nanoseconds) and 1 when the index was
     *     rebuilt
     * @return the machine name and the operating system
     */
    private static native String[] info0(int handle, long[] times);

    /**
     * Moves the recording.
     *
     * @param handle the recording
     * @param seek false for the next sample, true for the first at or after {@code epochNanos}
     * @param epochNanos where to seek to
     * @return 1 when standing on a sample, 0 past the end
     */
    private static native int move0(int handle, boolean seek, long epochNanos);

    /**
     * The collection time of the sample stood on.
     *
     * @param handle the recording
     * @return epoch nanoseconds, 0 when past the end
     */
    private static native long time0(int handle);

    private final OwnedHandle owned;
    private final Path path;
    private final String machine;
    private final String operatingSystem;
    private final Instant start;
    private final Instant end;
    private final boolean indexRebuilt;

    /**
     * Opens the file.
     *
     * @param path the file
     */
    private Recording(Path path) {
        this.path = path;
        int handle = OwnedHandle.createWithRetry(() -> openOrCode(path.toString()));
        if (handle <= 0) {
            throw new WPOException(handle, WPOError.describe(handle) + ": too many open recordings, even after a GC"
                    + " (close the recordings no longer needed)");
        }
        owned = new OwnedHandle(this, handle, Recording::close0);
        long[] times = new long[3];
        String[] texts = info0(handle, times);
        machine = texts[0];
        operatingSystem = texts[1];
        start = instantOf(times[0]);
        end = instantOf(times[1]);
        indexRebuilt = times[2] != 0;
    }

    /**
     * open0, with running out of handles as a code (the one failure {@link OwnedHandle} retries).
     *
     * @param path the file
     * @return the handle, or {@link WPOError#TOO_MANY_HANDLES}
     */
    private static int openOrCode(String path) {
        try {
            return open0(path);
        } catch (WPOException e) {
            if (e.code() == WPOError.TOO_MANY_HANDLES) {
                return e.code();
            }
            throw e;
        }
    }

    /**
     * Nanoseconds since 1970 as an instant.
     *
     * @param epochNanos nanoseconds since 1970-01-01 UTC
     * @return the instant
     */
    private static Instant instantOf(long epochNanos) {
        return Instant.ofEpochSecond(Math.floorDiv(epochNanos, 1_000_000_000L),
                Math.floorMod(epochNanos, 1_000_000_000L));
    }

    /**
     * Opens a recording standing on its first sample.
     *
     * @param path a recording file ({@code perfscope-cli record -o FILE})
     * @return the open recording; the caller closes it
     * @throws WPOException {@link WPOError#NULL_ARGUMENT} for a null path; {@link WPOError#NOT_FOUND} when there
     *     is no such file or it holds no sample; {@link WPOError#IO_ERROR} when it cannot be read;
     *     {@link WPOError#FAILURE} when it is not a recording or is damaged before its first sample (the message
     *     names the file and the offset)
     */
    public static Recording open(Path path) {
        if (path == null) {
            throw new WPOException(WPOError.NULL_ARGUMENT, "null argument: no recording path (null)");
        }
        return new Recording(path);
    }

    /**
     * Opens a sampler of counter paths on this recording, as {@link Sampler#open(String...)} does on the machine:
     * the paths resolve against the sample stood on, which is also the sampler's first sample.
     *
     * @param paths counter paths, {@code \Object(Instance)\Counter}; wildcards expand to the instances present in
     *     the sample stood on, and follow the recorded instances from then on
     * @return an open sampler of this recording; the caller closes it (closing the recording also ends it)
     * @throws WPOException as {@link Sampler#open(String...)}, and {@link WPOError#INVALID_HANDLE} when the
     *     recording is closed
     */
    public Sampler sampler(String... paths) {
        checkOpen();
        return Sampler.open(this, paths);
    }

    /**
     * Moves to the next recorded sample.
     *
     * @return true when standing on it; false past the last sample
     * @throws WPOException when the recording is closed, or when the part of the file holding the next sample is
     *     damaged (the message names the offset; the next call goes on after it)
     */
    public boolean next() {
        return move0(checkOpen(), false, 0) == 1;
    }

    /**
     * Moves to the first recorded sample collected at or after {@code time}.
     *
     * @param time when
     * @return true when standing on such a sample; false when the recording ends before {@code time}
     * @throws NullPointerException when {@code time} is null
     * @throws WPOException when the recording is closed or the part of the file holding that sample is damaged
     */
    public boolean seek(Instant time) {
        Objects.requireNonNull(time, "time");
        long nanos;
        try {
            nanos = Math.addExact(Math.multiplyExact(time.getEpochSecond(), 1_000_000_000L), time.getNano());
        } catch (ArithmeticException e) {
            nanos = time.getEpochSecond() < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        return move0(checkOpen(), true, nanos) == 1;
    }

    /**
     * When the sample stood on was collected, as recorded.
     *
     * @return the collection time; empty past the last sample
     * @throws WPOException when the recording is closed
     */
    public Optional<Instant> time() {
        long nanos = time0(checkOpen());
        return nanos == 0 ? Optional.empty() : Optional.of(instantOf(nanos));
    }

    /**
     * When the first sample was collected.
     *
     * @return the collection time of the recording's first sample
     */
    public Instant start() {
        return start;
    }

    /**
     * When the last sample was collected (of the sound part, for a recording cut short).
     *
     * @return the collection time of the recording's last sample
     */
    public Instant end() {
        return end;
    }

    /**
     * The name of the recorded machine.
     *
     * @return the machine name from the recording's header
     */
    public String machine() {
        return machine;
    }

    /**
     * The recorded machine's operating system.
     *
     * @return {@code "Linux"} or {@code "Windows"}, as the header says
     */
    public String operatingSystem() {
        return operatingSystem;
    }

    /**
     * Whether the file had no sound index, so its samples were found by reading it through (a recorder that was
     * killed or ran out of disk space).
     *
     * @return true when the index was rebuilt
     */
    public boolean indexRebuilt() {
        return indexRebuilt;
    }

    /**
     * The file.
     *
     * @return the path given to {@link #open(Path)}
     */
    public Path path() {
        return path;
    }

    /**
     * The native handle, for this package's samplers.
     *
     * @return the handle
     */
    int handle() {
        return owned.handle();
    }

    /**
     * The native handle of an open recording.
     *
     * @return the handle
     * @throws WPOException when the recording is closed
     */
    private int checkOpen() {
        if (owned.isClosed()) {
            throw new WPOException(WPOError.INVALID_HANDLE, "invalid handle: the recording is closed");
        }
        return owned.handle();
    }

    /** Closes the file; the samplers of this recording fail from then on ({@link WPOError#INVALID_HANDLE}). */
    @Override
    public void close() {
        owned.close();
    }
}
