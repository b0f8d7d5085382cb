// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

/**
 * The codes the native methods return (docs/java.md §2.1): 0 success, {@link #ANOMALY} (-6, a measurement anomaly,
 * not a failure), any other negative value a failure. Mirrors jni/native/error_codes.h, values and names (the
 * test jni_error_codes_parity compares them).
 */
public final class WPOError {
    public static final int OK = 0;
    public static final int FAILURE = -1;
    public static final int INVALID_HANDLE = -2;
    public static final int NULL_ARGUMENT = -3;
    public static final int BUFFER_TOO_SMALL = -4;
    public static final int NOT_FOUND = -5;
    public static final int ANOMALY = -6;
    public static final int INVALID_ARGUMENT = -7;
    public static final int INVALID_STATE = -8;
    public static final int IO_ERROR = -9;
    public static final int TOO_MANY_HANDLES = -10;

    private WPOError() {
    }

    /** A short name of a code ("invalid handle"). */
    public static String describe(int code) {
        switch (code) {
            case OK: return "success";
            case FAILURE: return "failure";
            case INVALID_HANDLE: return "invalid handle";
            case NULL_ARGUMENT: return "null argument";
            case BUFFER_TOO_SMALL: return "buffer too small";
            case NOT_FOUND: return "not found";
            case ANOMALY: return "measurement anomaly";
            case INVALID_ARGUMENT: return "invalid argument";
            case INVALID_STATE: return "invalid state";
            case IO_ERROR: return "I/O error";
            case TOO_MANY_HANDLES: return "too many handles";
            default: return "unknown error " + code;
        }
    }

    /** Returns {@code code} when it is not a failure, else throws a {@link WPOException} naming the call. */
    public static int check(int code, String what) {
        if (code < 0 && code != ANOMALY) {
            throw new WPOException(code, describe(code) + ": " + what);
        }
        return code;
    }
}
