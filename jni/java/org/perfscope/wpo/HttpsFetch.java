// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collection;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;

/**
 * The GETs of an {@code https://} machine, made for the native library through the JVM's own TLS: the native
 * library carries no TLS library of its own (it loads without the system's OpenSSL). Called from native code only
 * ({@code jni/native/java_https_transport.cpp}), one GET at a time per object.
 *
 * <p>{@link HttpsURLConnection} rather than {@code java.net.http}: it is in {@code java.base}, so the module needs
 * nothing more, and it keeps connections alive between GETs by itself. The agent's certificate is verified against
 * the JVM's trusted authorities or exactly the certificates the caller names, and its host name against the
 * address; the timeouts are the native client's (2 s to connect, 10 s for each read).
 */
final class HttpsFetch {
    /** As the native client: a machine that is down costs a sample, not the whole view. */
    private static final int CONNECT_TIMEOUT_MILLIS = 2_000;
    /** The longest wait for a read of the answer. */
    private static final int READ_TIMEOUT_MILLIS = 10_000;
    /** What {@link #fetch(String)} returns for an answer larger than the limit. */
    static final int TOO_LARGE = -1;

    /** Sockets trusting the authorities chosen at {@link #open}. */
    private final SSLSocketFactory sockets;
    /** The {@code Authorization} header's value, or null without a user. */
    private final String authorization;
    /** The largest body accepted, in bytes. */
    private final int maxBytes;
    /** The last answer's body. */
    private byte[] body = new byte[0];

    /**
     * A fetcher with its trust and user decided.
     *
     * @param sockets the TLS sockets
     * @param authorization the basic auth header, or null
     * @param maxBytes the largest body accepted
     */
    private HttpsFetch(SSLSocketFactory sockets, String authorization, int maxBytes) {
        this.sockets = sockets;
        this.authorization = authorization;
        this.maxBytes = maxBytes;
    }

    /**
     * The fetcher of one machine: what the caller gave, else the environment's defaults (read natively, as the CLI
     * reads them).
     *
     * @param given the caller's credentials, or null
     * @param caFile {@code PERFSCOPE_REMOTE_CA}, or empty
     * @param user {@code PERFSCOPE_REMOTE_USER}, or empty
     * @param password {@code PERFSCOPE_REMOTE_PASSWORD}, or empty
     * @param maxBytes the largest body accepted
     * @return the fetcher
     * @throws IOException when the certificates cannot be read
     * @throws GeneralSecurityException when they are no X.509 certificates or TLS cannot start
     */
    static HttpsFetch open(Machine.Credentials given, String caFile, String user, String password, int maxBytes)
            throws IOException, GeneralSecurityException {
        SSLContext context = given == null ? null : given.sslContext();
        if (context == null) {
            Path file = given == null ? null : given.caFile();
            if (file == null && !caFile.isEmpty()) {
                file = Path.of(caFile);
            }
            context = file == null ? SSLContext.getDefault() : trusting(file);
        }
        String authorization = null;
        if (given != null && given.user() != null) {
            authorization = basic(given.user(), given.password());
        } else if (!user.isEmpty()) {
            char[] chars = password.toCharArray();
            authorization = basic(user, chars);
            Arrays.fill(chars, '\0');
        }
        return new HttpsFetch(context.getSocketFactory(), authorization, maxBytes);
    }

    /**
     * TLS trusting exactly the certificates of a PEM file.
     *
     * @param file the file
     * @return the context
     * @throws IOException when the file cannot be read or holds no certificate
     * @throws GeneralSecurityException when its contents are no X.509 certificates
     */
    private static SSLContext trusting(Path file) throws IOException, GeneralSecurityException {
        Collection<? extends Certificate> certificates;
        try (InputStream in = Files.newInputStream(file)) {
            certificates = CertificateFactory.getInstance("X.509").generateCertificates(in);
        } catch (CertificateException e) {
            throw new CertificateException("the certificates of " + file + " cannot be read: " + e.getMessage(), e);
        }
        if (certificates.isEmpty()) {
            throw new IOException(file + " holds no certificate");
        }
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        int i = 0;
        for (Certificate certificate : certificates) {
            store.setCertificateEntry("ca" + i++, certificate);
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }

    /**
     * The basic auth header of a user, its intermediate copies of the password cleared.
     *
     * @param user the user
     * @param password the password
     * @return {@code Basic} and the base64 of {@code user:password} in UTF-8
     */
    private static String basic(String user, char[] password) {
        CharBuffer chars = CharBuffer.allocate(user.length() + 1 + password.length);
        chars.put(user).put(':').put(password).flip();
        ByteBuffer encoded = StandardCharsets.UTF_8.encode(chars);
        byte[] bytes = new byte[encoded.remaining()];
        encoded.get(bytes);
        String header = "Basic " + Base64.getEncoder().encodeToString(bytes);
        Arrays.fill(bytes, (byte) 0);
        Arrays.fill(chars.array(), '\0');
        if (encoded.hasArray()) {
            Arrays.fill(encoded.array(), (byte) 0);
        }
        return header;
    }

    /**
     * One GET.
     *
     * @param url {@code https://HOST:PORT} and the target
     * @return the answer's status, or {@link #TOO_LARGE}; the body in {@link #body()}
     * @throws IOException when no answer came, its message saying why in a user's words
     */
    int fetch(String url) throws IOException {
        body = new byte[0];
        try {
            // No proxy, as the native client: an agent is reached directly.
            HttpsURLConnection connection = (HttpsURLConnection) URI.create(url).toURL().openConnection(Proxy.NO_PROXY);
            connection.setSSLSocketFactory(sockets);
            // The JDK's own host name check decides: a verifier is asked only when it failed, and a default
            // verifier an application installed (one accepting every name) must not overrule it.
            connection.setHostnameVerifier((host, session) -> false);
            connection.setConnectTimeout(CONNECT_TIMEOUT_MILLIS);
            connection.setReadTimeout(READ_TIMEOUT_MILLIS);
            connection.setInstanceFollowRedirects(false);
            connection.setUseCaches(false);
            if (authorization != null) {
                connection.setRequestProperty("Authorization", authorization);
            }
            int status = connection.getResponseCode();
            try (InputStream in = status >= HttpURLConnection.HTTP_BAD_REQUEST ? connection.getErrorStream()
                    : connection.getInputStream()) {
                if (in == null) {
                    return status;
                }
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                byte[] buffer = new byte[64 * 1024];
                for (int n; (n = in.read(buffer)) > 0;) {
                    if (out.size() + n > maxBytes) {
                        connection.disconnect();
                        return TOO_LARGE;
                    }
                    out.write(buffer, 0, n);
                }
                body = out.toByteArray();
            }
            return status;
        } catch (IOException e) {
            throw new IOException(describe(e), e);
        }
    }

    /**
     * The last answer's body.
     *
     * @return its bytes (empty when it had none)
     */
    byte[] body() {
        return body;
    }

    /**
     * What went wrong, in the words of the native client's messages.
     *
     * @param e the failure
     * @return why no answer came
     */
    static String describe(IOException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof CertificateException
                    || (t.getMessage() != null && t.getMessage().startsWith("HTTPS hostname wrong"))) {
                return "its certificate is not signed by an authority trusted here, or not for that host"
                        + " (Machine.Credentials or PERFSCOPE_REMOTE_CA name the certificate that signs it): "
                        + t.getMessage();
            }
        }
        if (e instanceof SocketTimeoutException) {
            return e.getMessage() != null && e.getMessage().toLowerCase(java.util.Locale.ROOT).contains("connect")
                    ? "no answer to the connection within the time allowed"
                    : "no answer within the time allowed";
        }
        if (e instanceof ConnectException) {
            return "the connection failed (no agent listens there, or the host refused it)";
        }
        if (e instanceof UnknownHostException) {
            return "the host name \"" + e.getMessage() + "\" does not resolve";
        }
        if (e instanceof SSLException) {
            return "the TLS handshake failed (is the agent serving https?): " + e.getMessage();
        }
        return "the connection broke: " + e;
    }
}
