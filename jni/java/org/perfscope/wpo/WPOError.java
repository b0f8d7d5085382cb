// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

/**
 * The codes the native methods return (docs/java.md §2.1): 0 success, {@link #ANOMALY} (-6, a measurement anomaly,
 * not a failure), any other negative value a failure. Mirrors jni/native/error_codes.h, values and names (the
 * test jni_error_codes_parity compares them). The same codes as an enum are {@link Code}; the {@code int}
 * constants stay for the thesis's native methods, which return them.
 *
 * <p>Thread-safety: stateless, safe from any thread.
 */
public final class WPOError {
    /** Success. */
    public static final int OK = 0;
    /** A failure without a more specific code. */
    public static final int FAILURE = -1;
    /** A handle that was never issued, is closed, or belongs to another kind of object. */
    public static final int INVALID_HANDLE = -2;
    /** A required argument was null. */
    public static final int NULL_ARGUMENT = -3;
    /** An output array was too small for the data. */
    public static final int BUFFER_TOO_SMALL = -4;
    /** An object, counter, instance or name does not exist. */
    public static final int NOT_FOUND = -5;
    /** A measurement anomaly (instances came or went, a definition changed): values are valid, not a failure. */
    public static final int ANOMALY = -6;
    /** An argument out of its range or malformed (a counter path that does not parse). */
    public static final int INVALID_ARGUMENT = -7;
    /** A call in the wrong order (decoding before measuring). */
    public static final int INVALID_STATE = -8;
    /** Reading the system's counter data failed. */
    public static final int IO_ERROR = -9;
    /** Every native handle of this kind is in use. */
    public static final int TOO_MANY_HANDLES = -10;

    private WPOError() {
    }

    /**
     * A short name of a code.
     *
     * @param code a code returned by a native method
     * @return its name ("invalid handle"), or "unknown error" and the number for a code not listed here
     */
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

    /**
     * Passes a code through unless it is a failure.
     *
     * @param code a code returned by a native method
     * @param what the call, for the exception's message
     * @return {@code code} when it is success, a non-negative count or {@link #ANOMALY}
     * @throws WPOException when {@code code} is a failure (negative and not {@link #ANOMALY})
     */
    public static int check(int code, String what) {
        if (code < 0 && code != ANOMALY) {
            throw new WPOException(code, describe(code) + ": " + what);
        }
        return code;
    }

    /**
     * The native codes as an enum, for {@code switch} statements and {@link java.util.EnumSet}s; each constant
     * carries its {@code int} value ({@link #value()}) and {@link #of(int)} maps an {@code int} back.
     *
     * <p>Thread-safety: immutable, safe from any thread.
     */
    public enum Code {
        /** {@link WPOError#OK}. */
        OK(WPOError.OK),
        /** {@link WPOError#FAILURE}, and every negative value without a constant of its own. */
        FAILURE(WPOError.FAILURE),
        /** {@link WPOError#INVALID_HANDLE}. */
        INVALID_HANDLE(WPOError.INVALID_HANDLE),
        /** {@link WPOError#NULL_ARGUMENT}. */
        NULL_ARGUMENT(WPOError.NULL_ARGUMENT),
        /** {@link WPOError#BUFFER_TOO_SMALL}. */
        BUFFER_TOO_SMALL(WPOError.BUFFER_TOO_SMALL),
        /** {@link WPOError#NOT_FOUND}. */
        NOT_FOUND(WPOError.NOT_FOUND),
        /** {@link WPOError#ANOMALY}. */
        ANOMALY(WPOError.ANOMALY),
        /** {@link WPOError#INVALID_ARGUMENT}. */
        INVALID_ARGUMENT(WPOError.INVALID_ARGUMENT),
        /** {@link WPOError#INVALID_STATE}. */
        INVALID_STATE(WPOError.INVALID_STATE),
        /** {@link WPOError#IO_ERROR}. */
        IO_ERROR(WPOError.IO_ERROR),
        /** {@link WPOError#TOO_MANY_HANDLES}. */
        TOO_MANY_HANDLES(WPOError.TOO_MANY_HANDLES);

        private static final Code[] BY_NEGATED_VALUE = byNegatedValue();

        private final int value;

        Code(int value) {
            this.value = value;
        }

        private static Code[] byNegatedValue() {
            Code[] table = new Code[values().length];
            for (Code code : values()) {
                table[-code.value] = code;
            }
            return table;
        }

        /**
         * The constant of a code.
         *
         * @param code a code returned by a native method
         * @return its constant; {@link #OK} for any non-negative value (a count is a success), {@link #FAILURE}
         *     for a negative value this version does not know
         */
        public static Code of(int code) {
            if (code >= 0) {
                return OK;
            }
            return code >= -(BY_NEGATED_VALUE.length - 1) ? BY_NEGATED_VALUE[-code] : FAILURE;
        }

        /**
         * The {@code int} the native methods return for this code.
         *
         * @return the value, one of the {@code int} constants of {@link WPOError}
         */
        public int value() {
            return value;
        }

        /**
         * Whether the code is a failure: negative and not {@link #ANOMALY}.
         *
         * @return true for the failures, false for {@link #OK} and {@link #ANOMALY}
         */
        public boolean isFailure() {
            return value < 0 && value != WPOError.ANOMALY;
        }

        /**
         * The short name {@link WPOError#describe(int)} gives.
         *
         * @return the name, e.g. "invalid handle"
         */
        public String description() {
            return describe(value);
        }
    }
}
