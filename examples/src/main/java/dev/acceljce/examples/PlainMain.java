package dev.acceljce.examples;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.control.Counters;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.Security;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.util.HexFormat;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;

/**
 * AccelJCE first in the provider list, then ordinary JCA code that names no provider: a digest, an
 * AES-GCM round trip and an ECDSA signature, and what served each call.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp acceljce-provider-...-linux-x86_64.jar:. dev.acceljce.examples.PlainMain
 * </pre>
 */
public final class PlainMain {
    private PlainMain() {}

    public static void main(String[] args) throws Exception {
        // once, at start-up, before the first getInstance: every later look-up finds AccelJCE first
        Security.insertProviderAt(new AccelJceProvider(), 1);

        byte[] message = "hello, AccelJCE".getBytes(StandardCharsets.UTF_8);

        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        System.out.println("SHA-256 by " + sha.getProvider().getName() + ": "
                + HexFormat.of().formatHex(sha.digest(message)));

        SecretKey key = KeyGenerator.getInstance("AES").generateKey();
        byte[] iv = new byte[12];
        new SecureRandom().nextBytes(iv);
        Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
        gcm.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));
        byte[] sealed = gcm.doFinal(message);
        gcm.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(128, iv));
        String opened = new String(gcm.doFinal(sealed), StandardCharsets.UTF_8);
        System.out.println("AES-GCM by " + gcm.getProvider().getName() + ": " + sealed.length
                + " bytes sealed, opened: " + opened);

        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair pair = generator.generateKeyPair();
        Signature signer = Signature.getInstance("SHA256withECDSA");
        signer.initSign(pair.getPrivate());
        signer.update(message);
        byte[] signature = signer.sign();
        Signature verifier = Signature.getInstance("SHA256withECDSA");
        verifier.initVerify(pair.getPublic());
        verifier.update(message);
        System.out.println(
                "ECDSA P-256 by " + signer.getProvider().getName() + ": verified " + verifier.verify(signature));

        // AccelJCE's own counters say which path (native library or the JDK's providers) did the work
        for (String service :
                new String[] {"MessageDigest.SHA-256", "Cipher.AES/GCM/NoPadding", "Signature.SHA256withECDSA"}) {
            Counters.Row row = Counters.of(service);
            System.out.println(service + ": " + row.nativeOps() + " native operations (" + row.awslcOps()
                    + " of them on AWS-LC), " + row.jdkOps() + " on the JDK's providers");
        }
    }
}
