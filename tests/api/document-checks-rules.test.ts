// Acceptance rules per requested document, and "I don't have this": the broker sets the rules,
// the portal lists them, every refusal names the rule that failed, and the broker sees what was
// checked; a customer can answer with a reason instead of a file, which the broker accepts or not.
import { beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { realJpeg, realPdf } from "../files/samples.ts";
import { createCustomer, uploadFile } from "../support/fixtures.ts";
import { useTestServer, type Broker } from "../support/server.ts";

const srv = useTestServer();
let broker: Broker;
let other: Broker;
beforeAll(async () => {
  broker = await srv.signUpBroker();
  other = await srv.signUpBroker();
});

const corpus = (name: string) => new Uint8Array(readFileSync(join(import.meta.dir, "..", "files", "corpus", name)));
const STANDARD = { kinds: ["pdf", "image"], minPages: null, maxPages: null, minImageShortSide: 800, minImageLongSide: 1100, noPassword: true };
const setRules = (documentId: string, rules: unknown, token = broker.token) =>
  srv.call(`/api/documents/${documentId}/acceptance-rules`, { method: "PUT", token, body: { rules } });
const portalDoc = async (link: string, id: string) => (await srv.call(`/api/upload/${link}`)).body.documents.find((d: any) => d.id === id);
const brokerDoc = async (customerId: string, id: string) => (await srv.call(`/api/customer/${customerId}/documents`, { token: broker.token })).body.find((d: any) => d.id === id);

describe("acceptance rules", () => {
  test("the standard rules: PDF or photo, no password, a legible A4 photo", async () => {
    const res = await srv.call("/api/documents/acceptance-rules/standard", { token: broker.token });
    expect(res).toMatchObject({ status: 200, body: STANDARD });
    const c = await createCustomer(srv, broker.token);
    const doc = await portalDoc(c.uploadLink, c.documents[0]!.id);
    expect(doc.acceptanceRules).toEqual(STANDARD);
    expect(doc.rules).toEqual([
      "File: PDF or photo or image (JPG, PNG or iPhone HEIC)",
      "PDF: not password-protected",
      "Photo: at least 800 × 1100 pixels, so the text is legible",
    ]);
  });

  test("a broker's rules are listed in the portal and each refusal names the rule and what to send", async () => {
    const c = await createCustomer(srv, broker.token);
    const id = c.documents[0]!.id;
    const rules = { ...STANDARD, kinds: ["pdf"], minPages: 2, maxPages: 3 };
    const set = await setRules(id, rules);
    expect(set.status).toBe(200);
    expect(set.body.acceptanceRules).toEqual(rules);
    expect((await portalDoc(c.uploadLink, id)).rules).toEqual(["File: PDF", "PDF: at least 2 pages", "PDF: at most 3 pages", "PDF: not password-protected"]);

    const photo = await uploadFile(srv, c.uploadLink, id, { bytes: realJpeg(), name: "p.jpg", type: "image/jpeg" });
    expect(photo).toMatchObject({ status: 415, body: { message: "This request takes only a PDF. Please send the document as a PDF." } });
    const one = await uploadFile(srv, c.uploadLink, id, { bytes: realPdf(1) });
    expect(one).toMatchObject({ status: 400, body: { message: "This PDF has 1 page, but this request needs at least 2 pages. Please send all pages of the document in one PDF." } });
    const four = await uploadFile(srv, c.uploadLink, id, { bytes: realPdf(4) });
    expect(four).toMatchObject({ status: 400, body: { message: "This PDF has 4 pages, but this request takes at most 3 pages. Please send only the pages asked for." } });
    expect((await brokerDoc(c.id, id)).status).toBe("requested");

    expect((await uploadFile(srv, c.uploadLink, id, { bytes: realPdf(2) })).status).toBe(200);
    const seen = await brokerDoc(c.id, id);
    expect(seen.pageCount).toBe(2);
    expect(seen.checks).toEqual([
      "PDF opened: 2 pages",
      "Virus scan: not set up",
      "Rule met: File: PDF",
      "Rule met: PDF: at least 2 pages",
      "Rule met: PDF: at most 3 pages",
      "Rule met: PDF: not password-protected",
    ]);
  });

  test("password-protected PDFs are accepted only when the broker allows them", async () => {
    const c = await createCustomer(srv, broker.token);
    const [a, b] = c.documents;
    expect((await uploadFile(srv, c.uploadLink, a!.id, { bytes: corpus("pdfjs--issue3371.pdf") })).status).toBe(400);
    await setRules(b!.id, { ...STANDARD, noPassword: false });
    expect((await uploadFile(srv, c.uploadLink, b!.id, { bytes: corpus("pdfjs--issue3371.pdf") })).status).toBe(200);
    expect((await brokerDoc(c.id, b!.id)).checks[0]).toBe("PDF needs a password to open (allowed for this request)");
  });

  test("a smaller photo minimum lets a small photo through; turned and stripped photos say so", async () => {
    const c = await createCustomer(srv, broker.token);
    const id = c.documents[0]!.id;
    const gps = corpus("exif-samples--jpg_gps_DSCN0010.jpg");
    expect((await uploadFile(srv, c.uploadLink, id, { bytes: gps, name: "house.jpg", type: "image/jpeg" })).body.message).toBe(
      "This image is 640 × 480 pixels, too small to read: this request needs at least 800 × 1100. Please take the photo closer, in good light, or send a scan or PDF instead.",
    );
    await setRules(id, { ...STANDARD, minImageShortSide: 400, minImageLongSide: 600 });
    expect((await uploadFile(srv, c.uploadLink, id, { bytes: gps, name: "house.jpg", type: "image/jpeg" })).status).toBe(200);
    const checks = (await brokerDoc(c.id, id)).checks;
    expect(checks.slice(0, 3)).toEqual(["Image: 640 × 480 pixels", "Location data removed", "Virus scan: not set up"]);
    // Only the rules a photo is held to are listed as met (the request takes PDFs too).
    expect(checks.slice(3)).toEqual(["Rule met: File: PDF or photo or image (JPG, PNG or iPhone HEIC)", "Rule met: Photo: at least 400 × 600 pixels, so the text is legible"]);
  });

  test("a PDF's report lists the PDF's rules as met, not the photo's", async () => {
    const c = await createCustomer(srv, broker.token);
    const id = c.documents[0]!.id;
    expect((await uploadFile(srv, c.uploadLink, id, { bytes: realPdf(1) })).status).toBe(200);
    const met = (await brokerDoc(c.id, id)).checks.filter((line: string) => line.startsWith("Rule met: "));
    expect(met).toEqual(["Rule met: File: PDF or photo or image (JPG, PNG or iPhone HEIC)", "Rule met: PDF: not password-protected"]);
  });

  test("rules that make no sense, and another broker's document, are refused changing nothing", async () => {
    const c = await createCustomer(srv, broker.token);
    const id = c.documents[0]!.id;
    expect(await setRules(id, { ...STANDARD, minPages: 5, maxPages: 2 })).toMatchObject({ status: 400, body: { message: "The minimum number of pages cannot be more than the maximum." } });
    expect((await setRules(id, { ...STANDARD, kinds: [] })).status).toBe(400);
    expect((await setRules(id, { ...STANDARD, minImageShortSide: -1 })).status).toBe(400);
    expect((await setRules(id, STANDARD, other.token)).status).toBe(404);
    expect((await brokerDoc(c.id, id)).acceptanceRules).toBeNull();
    // null puts the standard rules back.
    await setRules(id, { ...STANDARD, kinds: ["image"] });
    expect((await setRules(id, null)).body.acceptanceRules).toBeNull();
  });
});

describe("I don't have this", () => {
  const answer = (link: string, id: string, reason: string) => srv.call(`/api/upload/${link}/documents/${id}/unavailable`, { method: "POST", body: { reason } });
  const decide = (id: string, decision: string, token = broker.token) => srv.call(`/api/documents/${id}/unavailable`, { method: "POST", token, body: { decision } });

  test("the customer's reason reaches the broker, who keeps the request open or accepts it", async () => {
    const c = await createCustomer(srv, broker.token, { name: "Sam Selfemployed" });
    const id = c.documents[0]!.id;
    expect((await answer(c.uploadLink, id, "   ")).status).toBe(400);
    const sent = await answer(c.uploadLink, id, "I am self-employed and get no payslips.");
    expect(sent).toMatchObject({ status: 200, body: { message: "Your answer was sent to your broker", document: { unavailableReason: "I am self-employed and get no payslips." } } });
    expect(await brokerDoc(c.id, id)).toMatchObject({ status: "requested", unavailableReason: "I am self-employed and get no payslips." });
    const notes = (await srv.call("/api/notifications", { token: broker.token })).body;
    expect(JSON.stringify(notes)).toContain(`Sam Selfemployed doesn't have ${c.documents[0]!.name}: I am self-employed and get no payslips.`);

    expect((await decide(id, "keep_open", other.token)).status).toBe(404);
    const kept = await decide(id, "keep_open");
    expect(kept).toMatchObject({ status: 200, body: { status: "requested", unavailableReason: null } });
    expect((await decide(id, "accept")).status).toBe(409); // nothing to decide on any more
    // Through the link, a guest too is told the broker still needs it; other documents say nothing.
    const guestView = async () => (await srv.call<any>(`/api/upload/${c.uploadLink}`)).body.documents;
    expect((await guestView()).filter((d: any) => d.stillNeeded).map((d: any) => d.id)).toEqual([id]);

    await answer(c.uploadLink, id, "Still none, see my tax return instead.");
    // A new answer is the customer's turn again: no longer "still needed" until the broker decides.
    expect((await guestView()).find((d: any) => d.id === id)).not.toHaveProperty("stillNeeded");
    const accepted = await decide(id, "accept");
    expect(accepted).toMatchObject({ status: 200, body: { status: "approved", adminComments: "Accepted without a file: Still none, see my tax return instead." } });
    expect((await answer(c.uploadLink, id, "again")).status).toBe(409);
  });

  test("an upload replaces an earlier answer, and the broker's \"still needed\"", async () => {
    const c = await createCustomer(srv, broker.token);
    const id = c.documents[0]!.id;
    await answer(c.uploadLink, id, "Lost it");
    await decide(id, "keep_open");
    expect((await srv.call<any>(`/api/upload/${c.uploadLink}`)).body.documents.find((d: any) => d.id === id).stillNeeded).toBe(true);
    expect((await uploadFile(srv, c.uploadLink, id, { bytes: realPdf() })).status).toBe(200);
    expect(await brokerDoc(c.id, id)).toMatchObject({ status: "uploaded", unavailableReason: null });
    // Asked again after that file: the re-submit says so, not the old "still needed".
    expect((await srv.call(`/api/documents/${id}/verify`, { method: "POST", token: broker.token, body: { status: "rejected", rejectionReason: "Blurry" } })).status).toBe(200);
    expect((await srv.call<any>(`/api/upload/${c.uploadLink}`)).body.documents.find((d: any) => d.id === id)).toMatchObject({ askedAgain: true, canUpload: true });
    expect((await srv.call<any>(`/api/upload/${c.uploadLink}`)).body.documents.find((d: any) => d.id === id)).not.toHaveProperty("stillNeeded");
  });
});
