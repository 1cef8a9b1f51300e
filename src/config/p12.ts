// Opening a PKCS#12 file the way @signpdf/signer-p12 will sign with it, so a file that would fail
// at the first seal is refused when it is configured (src/config/signing.ts) or generated
// (src/features/signatures/certificate-key.ts).
import forge from "node-forge";

/** Opens a PKCS#12 file: its private key and the certificate that matches it, or why not. */
export function openP12(p12: Uint8Array, password: string): { commonName: string } | { error: string } {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12).toString("binary"))), false, password);
  } catch (error) {
    const message = (error as Error).message ?? "";
    if (/MAC could not be verified|Invalid password|decrypt/i.test(message)) return { error: "the password does not open it" };
    return { error: "it is not a PKCS#12 (.p12 or .pfx) file" };
  }
  // signer-p12 signs with the first shrouded key bag and the certificate whose public key matches it.
  const keyBag = parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!]?.[0];
  const key = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) return { error: "it holds no password-protected private key" };
  const certs = parsed.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? [];
  const cert = certs
    .map((bag) => bag.cert)
    .find((c) => {
      const pub = c?.publicKey as forge.pki.rsa.PublicKey | undefined;
      return pub?.n !== undefined && pub.n.compareTo(key.n) === 0 && pub.e.compareTo(key.e) === 0;
    });
  if (!cert) return { error: "it holds no RSA certificate matching its private key" };
  const commonName = cert.subject.getField("CN")?.value;
  return { commonName: typeof commonName === "string" && commonName ? commonName : "Document seal" };
}

