// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

/**
 * One requested counter of one performance object (the thesis's
 * {@code WPOSNAPSHOT_INPUT_INFO}, docs/java.md §2); counter index 0 requests the whole object.
 *
 * <p>Thread-safety: a plain mutable holder, not safe for concurrent use without the caller's synchronisation.
 */
public final class WPOSnapshotInputInfo {
    /** Name index of the performance object (230 = Process). */
    public int perfObjectIndex;
    /** Name index of the counter, or 0 for every counter of the object. */
    public int counterIndex;

    /** A request for object 0, counter 0; set the fields before use. */
    public WPOSnapshotInputInfo() {
    }

    /**
     * A request for one counter of an object, or for the whole object.
     *
     * @param perfObjectIndex name index of the performance object (230 = Process)
     * @param counterIndex name index of the counter, or 0 for every counter of the object
     */
    public WPOSnapshotInputInfo(int perfObjectIndex, int counterIndex) {
        this.perfObjectIndex = perfObjectIndex;
        this.counterIndex = counterIndex;
    }

    @Override
    public String toString() {
        return "WPOSnapshotInputInfo[" + perfObjectIndex + ", " + counterIndex + "]";
    }
}
