// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

/**
 * One requested counter of one performance object (the thesis's
 * {@code WPOSNAPSHOT_INPUT_INFO}, docs/java.md §2); counter index 0 requests the whole object.
 */
public final class WPOSnapshotInputInfo {
    /** Name index of the performance object (230 = Process). */
    public int perfObjectIndex;
    /** Name index of the counter, or 0 for every counter of the object. */
    public int counterIndex;

    public WPOSnapshotInputInfo() {
    }

    public WPOSnapshotInputInfo(int perfObjectIndex, int counterIndex) {
        this.perfObjectIndex = perfObjectIndex;
        this.counterIndex = counterIndex;
    }

    @Override
    public String toString() {
        return "WPOSnapshotInputInfo[" + perfObjectIndex + ", " + counterIndex + "]";
    }
}
