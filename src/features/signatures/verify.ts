// Checks a sealed PDF the way pdfsig does, for `portal esign verify FILE` (issue 41, item 4): the
// last signature's byte ranges must cover the whole file but the signature itself, their SHA-256
// must be the digest the signature signed, and the signature must verify with the certificate it
// carries. It also reads the hashes the seal wrote on its certificate page (kept in the file's
// Info dictionary too, so they can be read without extracting text). It says whether the file
// changed since sealing; whether to trust the certificate is the reader's decision, as in pdfsig.
import { createHash, createPublicKey, verify } from "node:crypto";
import forge from "node-forge";
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from "pdf-lib";

export interface SealVerdict {
  /** Signed, the signature covers the whole file and it verifies: nothing changed since sealing. */
  valid: boolean;
  /** What is wrong, in a sentence, or null when valid. */
  problem: string | null;
  signer: string | null;
  signedAt: Date | null;
  subFilter: string | null;
  originalSha256: string | null;
  contentSha256: string | null;
  fileSha256: string;
}

/** The Info dictionary keys the seal writes its hashes under (the certificate page shows the same). */
export const INFO_ORIGINAL_SHA256 = "PortalOriginalSHA256";
export const INFO_CONTENT_SHA256 = "PortalSignedPagesSHA256";

// The signature's DER is followed by the placeholder's zero padding: read the first object only.
// (@types/node-forge knows only the older boolean argument.)
const fromDerLenient = (der: string) => (forge.asn1.fromDer as unknown as (bytes: string, options: object) => forge.asn1.Asn1)(der, { strict: false, parseAllBytes: false });

/** The file's Info dictionary, made if it has none (pdf-lib's own accessor is private). */
export function infoDict(doc: PDFDocument): PDFDict {
  const existing = doc.context.lookupMaybe(doc.context.trailerInfo.Info, PDFDict);
  if (existing) return existing;
  const created = doc.context.obj({});
  doc.context.trailerInfo.Info = doc.context.register(created);
  return created;
}

const SHA256_OID = forge.pki.oids.sha256!;
const MESSAGE_DIGEST_OID = forge.pki.oids.messageDigest!;
const SIGNING_TIME_OID = forge.pki.oids.signingTime!;

export async function verifySealedPdf(bytes: Uint8Array): Promise<SealVerdict> {
  const verdict: SealVerdict = {
    valid: false,
    problem: null,
    signer: null,
    signedAt: null,
    subFilter: null,
    ...(await sealHashes(bytes)),
    fileSha256: createHash("sha256").update(bytes).digest("hex"),
  };
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  const all = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const ranges = all.at(-1);
  if (!ranges) return { ...verdict, problem: "The file carries no digital signature." };
  // A sealed file has one signature; another one added later would sign the whole file too.
  if (all.length > 1) return { ...verdict, problem: `The file carries ${all.length} digital signatures; a sealed file has one. It was signed again after sealing.` };
  const [a, b, c, d] = ranges.slice(1, 5).map(Number) as [number, number, number, number];
  verdict.subFilter = /\/SubFilter\s*\/([A-Za-z0-9.]+)/.exec(text.slice(Math.max(0, ranges.index - 2000), ranges.index + 2000))?.[1] ?? null;
  if (a !== 0 || b >= c || c + d !== bytes.length || text[b] !== "<" || text[c - 1] !== ">") {
    return { ...verdict, problem: "The signature does not cover the whole file: something was added or cut after sealing." };
  }

  let signed: { attributes: forge.asn1.Asn1[]; signature: string; digestOid: string; certificates: forge.pki.Certificate[] };
  try {
    const der = forge.util.hexToBytes(text.slice(b + 1, c - 1).replace(/(00)+$/, ""));
    const message = forge.pkcs7.messageFromAsn1(fromDerLenient(der)) as unknown as {
      rawCapture: { authenticatedAttributes?: forge.asn1.Asn1[]; signature: string; digestAlgorithm: string };
      certificates: forge.pki.Certificate[];
    };
    const raw = message.rawCapture;
    signed = { attributes: raw.authenticatedAttributes ?? [], signature: raw.signature, digestOid: forge.asn1.derToOid(raw.digestAlgorithm), certificates: message.certificates };
  } catch {
    return { ...verdict, problem: "The signature cannot be read: it is damaged." };
  }
  if (signed.digestOid !== SHA256_OID) return { ...verdict, problem: "The signature uses a digest other than SHA-256, which this check does not read." };

  const digest = createHash("sha256").update(bytes.subarray(a, a + b)).update(bytes.subarray(c, c + d)).digest();
  const attribute = (oid: string) => signed.attributes.find((attr) => forge.asn1.derToOid((attr.value as forge.asn1.Asn1[])[0]!.value as string) === oid);
  const valueOf = (attr: forge.asn1.Asn1 | undefined) => ((attr?.value as forge.asn1.Asn1[] | undefined)?.[1]?.value as forge.asn1.Asn1[] | undefined)?.[0];
  const signedDigest = valueOf(attribute(MESSAGE_DIGEST_OID))?.value;
  const signingTime = valueOf(attribute(SIGNING_TIME_OID));
  if (signingTime && typeof signingTime.value === "string") {
    verdict.signedAt = signingTime.type === forge.asn1.Type.UTCTIME ? forge.asn1.utcTimeToDate(signingTime.value) : forge.asn1.generalizedTimeToDate(signingTime.value);
  }
  const changed = { ...verdict, problem: "The file changed after it was sealed: its bytes no longer match the signature." };
  // With signed attributes (ours, and most), the signature covers them and they carry the file's
  // digest; without (older signers), it covers the file's bytes directly.
  let signedBytes: Buffer;
  if (signed.attributes.length > 0) {
    if (typeof signedDigest !== "string" || !Buffer.from(signedDigest, "binary").equals(digest)) return changed;
    // They are signed as a SET (RFC 5652 5.4), not with their [0] tag in the SignerInfo.
    signedBytes = Buffer.from(forge.asn1.toDer(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, signed.attributes)).getBytes(), "binary");
  } else {
    signedBytes = Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]);
  }
  const signature = Buffer.from(signed.signature, "binary");
  const signer = signed.certificates.find((cert) => {
    try {
      return verify("sha256", signedBytes, createPublicKey(forge.pki.publicKeyToPem(cert.publicKey)), signature);
    } catch {
      return false;
    }
  });
  if (!signer && signed.attributes.length === 0) return changed;
  if (!signer) return { ...verdict, problem: "The signature does not verify with the certificate it carries." };
  const commonName = signer.subject.getField("CN")?.value;
  return { ...verdict, valid: true, signer: typeof commonName === "string" ? commonName : null };
}

async function sealHashes(bytes: Uint8Array): Promise<{ originalSha256: string | null; contentSha256: string | null }> {
  try {
    const info = infoDict(await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true }));
    const read = (key: string) => {
      const value = info.lookup(PDFName.of(key));
      return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null;
    };
    return { originalSha256: read(INFO_ORIGINAL_SHA256), contentSha256: read(INFO_CONTENT_SHA256) };
  } catch {
    return { originalSha256: null, contentSha256: null };
  }
}
