// The texts the server makes that the customer portal shows (issue 44): what recognition saw, why
// an upload was refused, the other errors the portal meets, and the customer's notifications. Each
// is kept as data (a catalog key and values) beside its English: the English made from that data
// is, word for word, what the server said before (the functions that wrote it are copied below as
// the reference), and the Spanish is the catalog's. Over HTTP: the error's JSON and the stored
// notification carry the data.
import { describe, expect, test } from "bun:test";
import { DOCUMENT_KINDS, KIND_LABELS, type DocumentKind } from "../../src/shared/recognition/kinds.ts";
import { englishSentence, recognitionRefusal } from "../../src/shared/recognition/verdict.ts";
import { sayRecognition, type RecognitionSentence } from "../../src/shared/recognition/sentences.ts";
import { refusalMessage, refusalSaid, STANDARD_ACCEPTANCE_RULES, type AcceptanceRules, type Refusal } from "../../src/shared/acceptance-rules.ts";
import { translate } from "../../src/shared/i18n/translate.ts";
import { SERVER_FAULT, databaseUnavailable, storageFull } from "../../src/lib/errors.ts";
import { expiryReason, renewalDayOf } from "../../src/shared/reminder-cadence.ts";
import { calendarDayIn } from "../../src/shared/calendar-day.ts";
import { emailReason } from "../../src/shared/i18n/emails.ts";
import { exec, statement } from "../support/sql.ts";
import type { MessageKey } from "../../src/shared/i18n/catalog.ts";
import { customerNotice } from "../../src/shared/i18n/customer-notice.ts";
import { sayNotice, type NoticeValues } from "../../src/shared/customer-notices.ts";
import { createCustomer, customerCookie, sampleFiles, uploadFile } from "../support/fixtures.ts";
import { useServerWithBroker, type TestServer } from "../support/server.ts";
import { corpusPdf, field, requestSignature } from "../support/signatures.ts";

const NOW = new Date("2026-05-20T12:00:00Z");
const es = (key: MessageKey, values?: Record<string, string | number>) => translate("es", key, values);
const english = (said: { code: MessageKey; values?: Record<string, unknown> }) => translate("en", said.code, said.values as Record<string, string | number>);

// ---- The reference: the English as the server wrote it before (verdict.ts, date-words.ts) ----
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const parts = (iso: string) => iso.split("-").map(Number) as [number, number, number];
const oldDayMonth = (iso: string) => {
  const [y, m, d] = parts(iso);
  return y === NOW.getUTCFullYear() ? `${d} ${MONTHS[m - 1]}` : `${d} ${MONTHS[m - 1]} ${y}`;
};
const oldDayMonthYear = (iso: string) => {
  const [y, m, d] = parts(iso);
  return `${d} ${MONTHS[m - 1]} ${y}`;
};
const oldArticle = (label: string) => (/^[aeio]/i.test(label) ? `an ${label}` : `a ${label}`);
const oldAsked = (maxAgeDays: number) => `your broker asked for one from the last ${maxAgeDays === 1 ? "day" : `${maxAgeDays} days`}`;

/** Every sentence recognition can say, with the English the old code wrote for it. */
function everySentence(): [RecognitionSentence, string][] {
  const cases: [RecognitionSentence, string][] = [];
  for (const seen of DOCUMENT_KINDS) {
    for (const asked of DOCUMENT_KINDS) {
      if (seen === asked) continue;
      cases.push([{ key: "recognition.wrongKind", values: { seen, asked } }, `This looks like ${oldArticle(KIND_LABELS[seen])}; your broker asked for ${oldArticle(KIND_LABELS[asked])}`]);
    }
  }
  for (const date of ["2026-03-03", "2024-11-14"]) {
    for (const maxAgeDays of [1, 45, 3650]) {
      const values = { date, maxAgeDays };
      cases.push([{ key: "recognition.paystubDated", values }, `This paystub is dated ${oldDayMonth(date)}; ${oldAsked(maxAgeDays)}`]);
      cases.push([{ key: "recognition.paystubPeriodEnds", values }, `This paystub's pay period ends on ${oldDayMonth(date)}; ${oldAsked(maxAgeDays)}`]);
      cases.push([{ key: "recognition.statementEnds", values }, `This statement ends on ${oldDayMonth(date)}; ${oldAsked(maxAgeDays)}`]);
      for (const kind of DOCUMENT_KINDS) {
        cases.push([{ key: "recognition.kindDated", values: { ...values, kind } }, `This ${KIND_LABELS[kind]} is dated ${oldDayMonth(date)}; ${oldAsked(maxAgeDays)}`]);
      }
    }
    cases.push([{ key: "recognition.idExpired", values: { fullDate: date } }, `This ID expired on ${oldDayMonthYear(date)}`]);
  }
  for (const keywords of [["Lease"], ["escrow", "closing disclosure"], ["a", "b", "c"]]) {
    cases.push([
      { key: "recognition.noKeyword", values: { keywords, documentName: "Closing papers" } },
      `This does not mention ${keywords.map((k) => `"${k}"`).join(" or ")}; your broker asked for Closing papers`,
    ]);
  }
  cases.push([{ key: "recognition.idOtherName", values: {} }, "This ID is in another name"]);
  for (const kind of [...DOCUMENT_KINDS, null] as (DocumentKind | null)[]) {
    cases.push([{ key: "recognition.otherName", values: { kind: kind ?? "none" } }, `This ${kind ? KIND_LABELS[kind] : "document"} is in another name`]);
  }
  return cases;
}

describe("what recognition saw", () => {
  test("the English made from every sentence's data is the old English, word for word", () => {
    const cases = everySentence();
    expect(cases.length).toBeGreaterThan(400);
    for (const [sentence, old] of cases) expect({ sentence, english: englishSentence(sentence, NOW) }).toEqual({ sentence, english: old });
  });

  test("in Spanish: the kinds with their gender (un/una, este/esta), dates in Spanish, plurals of days", () => {
    const say = (sentence: RecognitionSentence) => sayRecognition(sentence, "es", NOW, es);
    expect(say({ key: "recognition.wrongKind", values: { seen: "bank_statement", asked: "tax_return" } })).toBe("Esto parece un estado de cuenta bancario, pero su asesor pidió una declaración de impuestos");
    expect(say({ key: "recognition.otherName", values: { kind: "photo_id" } })).toBe("Esta identificación con foto está a nombre de otra persona");
    expect(say({ key: "recognition.otherName", values: { kind: "paystub" } })).toBe("Este talón de pago está a nombre de otra persona");
    expect(say({ key: "recognition.otherName", values: { kind: "none" } })).toBe("Este documento está a nombre de otra persona");
    expect(say({ key: "recognition.statementEnds", values: { date: "2026-03-03", maxAgeDays: 60 } })).toBe("Este estado de cuenta termina el 3 de marzo; su asesor pidió uno de los últimos 60 días");
    expect(say({ key: "recognition.kindDated", values: { kind: "credit_report", date: "2024-11-14", maxAgeDays: 1 } })).toBe(
      "Este informe de crédito tiene fecha del 14 de noviembre de 2024; su asesor pidió un documento del último día",
    );
    expect(say({ key: "recognition.idExpired", values: { fullDate: "2026-03-14" } })).toBe("Esta identificación venció el 14 de marzo de 2026");
    expect(say({ key: "recognition.noKeyword", values: { keywords: ["escrow", "closing"], documentName: "Closing papers" } })).toBe('Este archivo no menciona "escrow" o "closing"; su asesor pidió Closing papers');
  });

  test("a refusal by what was seen is errors.recognitionRefused's English, as the server wrote it before", () => {
    const old = (messages: string[]) => `${messages.join(". ")}. Please choose another file.`;
    for (const messages of [["This ID is in another name"], ["This paystub's pay period ends on 3 March; your broker asked for one from the last 30 days", "This ID is in another name"]]) {
      expect(recognitionRefusal(messages)).toBe(old(messages));
    }
  });
});

describe("why an upload was refused", () => {
  const pdfOnly: AcceptanceRules = { ...STANDARD_ACCEPTANCE_RULES, kinds: ["pdf"], minPages: 3, maxPages: 5 };
  const imageOnly: AcceptanceRules = { ...STANDARD_ACCEPTANCE_RULES, kinds: ["image"], minImageShortSide: 1000, minImageLongSide: 1400 };
  const single: AcceptanceRules = { ...STANDARD_ACCEPTANCE_RULES, kinds: ["pdf"], minPages: 1, maxPages: 1 };
  const refusals: [Refusal, AcceptanceRules][] = [
    [{ rule: "kind", kind: "image" }, pdfOnly],
    [{ rule: "kind", kind: "pdf" }, imageOnly],
    [{ rule: "kind", kind: null }, STANDARD_ACCEPTANCE_RULES],
    [{ rule: "readable_pdf" }, pdfOnly],
    [{ rule: "readable_image" }, imageOnly],
    [{ rule: "password" }, pdfOnly],
    [{ rule: "min_pages", pages: 1 }, pdfOnly],
    [{ rule: "min_pages", pages: 0 }, single],
    [{ rule: "max_pages", pages: 12 }, pdfOnly],
    [{ rule: "max_pages", pages: 2 }, single],
    [{ rule: "max_pages", pages: 1200 }, pdfOnly],
    [{ rule: "min_resolution", width: 640, height: 480 }, imageOnly],
    [{ rule: "max_pixels", width: 12000, height: 9000 }, STANDARD_ACCEPTANCE_RULES],
    [{ rule: "virus", signature: "Eicar-Test-Signature" }, STANDARD_ACCEPTANCE_RULES],
    [{ rule: "scanner_unavailable" }, STANDARD_ACCEPTANCE_RULES],
  ];

  test("every refusal's code and values say, in English, refusalMessage's words", () => {
    for (const [refusal, rules] of refusals) {
      const said = refusalSaid(refusal, rules);
      expect({ refusal, english: english(said) }).toEqual({ refusal, english: refusalMessage(refusal, rules) });
    }
  });

  test("in Spanish, with Spanish plurals", () => {
    const spanish = (refusal: Refusal, rules: AcceptanceRules) => {
      const said = refusalSaid(refusal, rules);
      return es(said.code, said.values as Record<string, string | number>);
    };
    expect(spanish({ rule: "min_pages", pages: 1 }, pdfOnly)).toBe(
      "Este PDF tiene 1 página, pero para este documento se necesitan al menos 3 páginas. Envíe todas las páginas del documento en un solo PDF.",
    );
    expect(spanish({ rule: "max_pages", pages: 2 }, single)).toStartWith("Este PDF tiene 2 páginas, pero para este documento se aceptan como máximo 1 página.");
    expect(spanish({ rule: "kind", kind: "pdf" }, imageOnly)).toBe(es("checks.kindImageOnly"));
  });
});

describe("the customer's notifications", () => {
  const old: [ReturnType<typeof customerNotice>, string, string][] = [
    [customerNotice("approved", { documentName: "Paystub" }), "Document approved", "Paystub was approved."],
    [customerNotice("resubmit", { documentName: "Paystub", reason: "Too dark" }), "Please re-submit a document", "Paystub needs to be uploaded again: Too dark"],
    [customerNotice("renewal", { documentName: "Photo ID", reason: "Expires on Jun 1, 2026, please send a current one" }), "Please send a current document", "Photo ID: Expires on Jun 1, 2026, please send a current one"],
    [customerNotice("documentsRequested", { brokerName: "Ada Lovelace", documentNames: ["Paystub", "W-2"] }), "Documents requested", "Ada Lovelace asked you to upload: Paystub, W-2."],
    [customerNotice("signatureRequested", { documentName: "Loan estimate" }), "Signature requested", "You are asked to sign Loan estimate."],
    [customerNotice("signatureWithdrawn", { documentName: "Loan estimate" }), "Signature request withdrawn", "Loan estimate no longer needs your signature."],
    [customerNotice("signed", { documentName: "Loan estimate" }), "Document signed", "Everyone has signed Loan estimate. The signed PDF is in your portal."],
    [customerNotice("answerAccepted", { documentName: "Lease" }), "Answer accepted", "Your broker accepted that you don't have Lease."],
    [customerNotice("stillNeeded", { documentName: "Lease" }), "Document still needed", "Your broker still needs Lease. Please upload it when you can."],
    [customerNotice("requestRemoved", { documentName: "Lease" }), "Document request removed", "Lease was removed by your broker."],
    [customerNotice("sharedRemoved", { documentName: "Welcome pack" }), "Shared document removed", "Welcome pack was removed by your broker."],
    [customerNotice("shared", { brokerName: "Ada Lovelace", documentNames: ["a.pdf", "b.pdf"] }), "Documents shared with you", "Ada Lovelace shared a.pdf, b.pdf with you."],
  ];

  test("each notice's English is the title and message stored before, word for word, and its data is in the metadata", () => {
    for (const [made, title, message] of old) expect({ title: made.title, message: made.message }).toEqual({ title, message });
    expect(customerNotice("approved", { documentName: "Paystub" }, { documentId: "d1" })).toEqual({
      type: "document_verified",
      title: "Document approved",
      message: "Paystub was approved.",
      metadata: { documentId: "d1", notice: "approved", noticeValues: { documentName: "Paystub", standardNames: { documentName: "paystub" } } },
    });
  });

  test("the standard documents a notice names are marked when it is made; a broker's own names and shared files are not", () => {
    expect(customerNotice("documentsRequested", { brokerName: "Ada", documentNames: ["Paystub", "Closing papers", "Photo ID"] }).metadata.noticeValues).toEqual({
      brokerName: "Ada",
      documentNames: ["Paystub", "Closing papers", "Photo ID"],
      standardNames: { documentNames: ["paystub", null, "photoId"] },
    });
    expect(customerNotice("stillNeeded", { documentName: "Lease" }).metadata.noticeValues).toEqual({ documentName: "Lease" });
    expect(customerNotice("shared", { brokerName: "Ada", documentNames: ["Paystub"] }).metadata.noticeValues).toEqual({ brokerName: "Ada", documentNames: ["Paystub"] });
  });

  test("in Spanish", () => {
    expect(sayNotice("resubmit", { documentName: "Paystub", reason: "Too dark" }, es)).toEqual({ title: "Vuelva a enviar un documento", message: "Su asesor necesita que vuelva a enviar Paystub: Too dark" });
    expect(sayNotice("shared", { brokerName: "Ada Lovelace", documentNames: ["a.pdf", "b.pdf"] }, es).message).toBe("Ada Lovelace compartió con usted: a.pdf, b.pdf.");
    // Made now, a standard document reads in Spanish; a broker's own name as written.
    expect(sayNotice("resubmit", customerNotice("resubmit", { documentName: "Paystub", reason: "Too dark" }).metadata.noticeValues as NoticeValues, es).message).toBe(
      `Su asesor necesita que vuelva a enviar ${es("standardDocuments.paystub.name")}: Too dark`,
    );
    expect(sayNotice("documentsRequested", customerNotice("documentsRequested", { brokerName: "Ada", documentNames: ["Bank Statement", "Closing papers"] }).metadata.noticeValues as NoticeValues, es).message).toBe(
      `Ada le pidió que envíe: ${es("standardDocuments.bankStatement.name")}, Closing papers.`,
    );
  });
});

describe("a bad day", () => {
  test("the database down, the disk full, our own bug (a 500): their English is their catalog message's, and Spanish says them", () => {
    for (const error of [databaseUnavailable(), storageFull(), SERVER_FAULT]) {
      expect(translate("en", error.reason!.code as MessageKey)).toBe(error.message);
      expect(translate("es", error.reason!.code as MessageKey)).not.toBe(error.message);
    }
    expect(translate("es", "errors.storageFull")).toBe("En este momento el servidor no tiene espacio para guardar este archivo. Inténtelo de nuevo más tarde.");
  });
});

describe("an expiring document's renewal reason (the portal's own words, stored as written)", () => {
  test("is found back from its text, said in English exactly as stored, and in Spanish; a broker's reason is not one", () => {
    for (const day of ["2027-05-31", "2026-01-01", "2030-12-09"]) {
      expect(renewalDayOf(expiryReason(day))).toBe(day);
      expect(translate("en", "portal.renewalReason", { date: calendarDayIn("en", day) })).toBe(expiryReason(day));
      expect(emailReason("en", expiryReason(day))).toBe(expiryReason(day));
    }
    expect(emailReason("es", expiryReason("2027-05-31"))).toBe("Vence el 31 may 2027; envíe uno vigente, por favor");
    for (const broker of ["Too dark", "Expires on May 31, 2027, please send a current one!", "Expires on Foo 31, 2027, please send a current one", "expires on May 31, 2027, please send a current one"]) {
      expect(renewalDayOf(broker)).toBeNull();
      expect(emailReason("es", broker)).toBe(broker);
    }
  });
});

describe("over HTTP", () => {
  const { srv, broker } = useServerWithBroker();

  test("a document asked for again by its expiry carries renewalOf; a broker's reason does not", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }, { name: "Photo ID" }] });
    const cookie = await customerCookie(srv, c.uploadLink, c.email);
    const [renewed, rejected] = c.documents;
    await exec(srv.server.ctx.db, statement("update documents set status = 'need_to_resubmit', rejection_reason = ? where id = ?", expiryReason("2027-05-31"), renewed!.id));
    await exec(srv.server.ctx.db, statement("update documents set status = 'need_to_resubmit', rejection_reason = ? where id = ?", "Too dark", rejected!.id));
    const portal = await srv.call<{ documents: { id: string; rejectionReason: string; renewalOf?: string }[] }>(`/api/upload/${c.uploadLink}`, { headers: { cookie } });
    const byId = new Map(portal.body.documents.map((d) => [d.id, d]));
    expect(byId.get(renewed!.id)).toMatchObject({ rejectionReason: expiryReason("2027-05-31"), renewalOf: "2027-05-31" });
    expect(byId.get(rejected!.id)!.renewalOf).toBeUndefined();
  });

  test("a refused upload's JSON keeps its English message and adds the catalog code and values", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Signed contract", acceptanceRules: { ...STANDARD_ACCEPTANCE_RULES, kinds: ["pdf"], minPages: 3, maxPages: null } }] });
    const res = await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: "This PDF has 1 page, but this request needs at least 3 pages. Please send all pages of the document in one PDF.",
      code: "refusals.tooFewPages",
      values: { pages: 1, min: 3 },
    });
  });

  test("a link that is not valid, and a wrong sign-up code, name their catalog messages", async () => {
    const gone = await uploadFile(srv, "no-such-link", "d1", { bytes: sampleFiles.pdf() });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: "This upload link is not valid or has expired.", code: "portal.invalidLink" });

    const c = await createCustomer(srv, broker.token);
    const signUp = (code?: string) =>
      srv.call("/api/customer/signup", { method: "POST", body: { email: c.email, password: "a long password", uploadLink: c.uploadLink, ...(code ? { code } : {}) } });
    expect((await signUp()).status).toBe(202);
    const wrong = await signUp("000000");
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: "That code is not right. Check the email we sent and try again.", code: "errors.codeWrong" });
  });

  test("a review's notification is stored with its notice and values", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
    const cookie = await customerCookie(srv, c.uploadLink, c.email);
    await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf(), cookie });
    await srv.call(`/api/documents/${c.documents[0]!.id}/verify`, { method: "POST", token: broker.token, body: { status: "rejected", rejectionReason: "Too dark" } });
    const list = await srv.call(`/api/upload/${c.uploadLink}/notifications`, { headers: { cookie } });
    const review = list.body.find((n: { type: string }) => n.type === "document_verified");
    expect(review).toMatchObject({
      title: "Please re-submit a document",
      message: "Paystub needs to be uploaded again: Too dark",
      metadata: { documentId: c.documents[0]!.id, notice: "resubmit", noticeValues: { documentName: "Paystub", reason: "Too dark", standardNames: { documentName: "paystub" } } },
    });
  });

  // The portal's other refusals (issue 44's review): each JSON keeps its English message and names
  // its catalog message, and a Spanish page says that message with those values.
  /** The body's message as a Spanish page says it. */
  const inSpanish = (body: { code: MessageKey; values?: Record<string, string | number> }) => es(body.code, body.values);
  /** The customer uploads a file and the broker approves it. */
  const approved = async (link: string, documentId: string) => {
    expect((await uploadFile(srv, link, documentId, { bytes: sampleFiles.pdf() })).status).toBe(200);
    expect((await srv.call(`/api/documents/${documentId}/verify`, { method: "POST", token: broker.token, body: { status: "approved" } })).status).toBe(200);
  };
  const answer = (link: string, documentId: string, reason: string) => srv.call(`/api/upload/${link}/documents/${documentId}/unavailable`, { method: "POST", body: { reason } });

  test("\"I don't have this\": no reason, too long a reason, and a document that awaits nothing any more", async () => {
    const c = await createCustomer(srv, broker.token);
    const [first, second] = c.documents;
    const none = await answer(c.uploadLink, first!.id, "   ");
    expect(none).toMatchObject({ status: 400, body: { message: "Please say why you don't have this document.", code: "dialogs.whyNotRequired" } });
    expect(inSpanish(none.body)).toBe("Escriba por qué no tiene este documento.");

    const long = await answer(c.uploadLink, first!.id, "x".repeat(1001));
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ message: "Please say why, in at most 1,000 characters.", code: "errors.reasonTooLong", values: { max: 1000 } });
    expect(inSpanish(long.body)).toBe("Explique el motivo en 1000 caracteres como máximo.");
    // At the limit, and with spaces around it, the answer is taken.
    expect((await answer(c.uploadLink, first!.id, ` ${"x".repeat(1000)} `)).status).toBe(200);

    await approved(c.uploadLink, second!.id);
    const settled = await answer(c.uploadLink, second!.id, "Never had one");
    expect(settled.status).toBe(409);
    expect(settled.body).toEqual({ message: "This document no longer awaits anything from you.", code: "errors.noLongerAwaited" });
    expect(inSpanish(settled.body)).toBe("Este documento ya no está pendiente de su parte.");
  });

  test("a document that takes no file now: already uploaded, already approved, or one to sign", async () => {
    const c = await createCustomer(srv, broker.token);
    const [first, second] = c.documents;
    expect((await uploadFile(srv, c.uploadLink, first!.id, { bytes: sampleFiles.pdf() })).status).toBe(200);
    const again = await uploadFile(srv, c.uploadLink, first!.id, { bytes: sampleFiles.pdf() });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: "This document has already been uploaded and is under review.", code: "errors.alreadyUploaded" });
    expect(inSpanish(again.body)).toBe("Este documento ya se envió y está en revisión.");

    await approved(c.uploadLink, second!.id);
    const onApproved = await uploadFile(srv, c.uploadLink, second!.id, { bytes: sampleFiles.pdf() });
    expect(onApproved.status).toBe(409);
    expect(onApproved.body).toEqual({ message: "This document has already been approved.", code: "errors.alreadyApproved" });
    expect(inSpanish(onApproved.body)).toBe("Este documento ya está aprobado.");

    const asked = await requestSignature(srv, broker.token, c.id, {
      pdf: corpusPdf("pdfjs--sizes.pdf"),
      request: { name: "Engagement letter", signers: [{ email: c.email, name: "Casey" }], fields: [field({ type: "signature" })] },
    });
    expect(asked.status).toBe(201);
    for (const refused of [await uploadFile(srv, c.uploadLink, asked.body.documentId, { bytes: sampleFiles.pdf() }), await answer(c.uploadLink, asked.body.documentId, "No")]) {
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: "This document is signed, not uploaded. Open it to sign.", code: "errors.signedNotUploaded" });
      expect(inSpanish(refused.body)).toBe("Este documento se firma, no se envía. Ábralo para firmarlo.");
    }
  });

  test("a request the broker removed while the customer's page was open", async () => {
    const c = await createCustomer(srv, broker.token);
    const id = c.documents[0]!.id;
    expect((await srv.call(`/api/documents/${id}`, { method: "DELETE", token: broker.token })).status).toBe(200);
    const preview = await previewFile(srv, c.uploadLink, id, sampleFiles.pdf());
    for (const gone of [preview, await uploadFile(srv, c.uploadLink, id, { bytes: sampleFiles.pdf() }), await answer(c.uploadLink, id, "Never had one")]) {
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ message: "Document not found", code: "errors.documentNotFound" });
      expect(inSpanish(gone.body)).toBe("No encontramos este documento. Es posible que su asesor lo haya eliminado.");
    }
  });

  test("a file whose content is not what its name says, and too long a note with a file", async () => {
    const c = await createCustomer(srv, broker.token);
    const id = c.documents[0]!.id;
    const disguised = await uploadFile(srv, c.uploadLink, id, { bytes: sampleFiles.html(), name: "statement.pdf" });
    expect(disguised.status).toBe(415);
    expect(disguised.body).toEqual({ message: "Only PDF, JPG, PNG and HEIC files can be uploaded.", code: "upload.wrongType" });
    expect(inSpanish(disguised.body)).toBe("Solo se pueden enviar archivos PDF, JPG, PNG y HEIC.");

    const form = new FormData();
    form.append("file", new Blob([sampleFiles.pdf()], { type: "application/pdf" }), "statement.pdf");
    form.append("note", "n".repeat(1001));
    const noted = await srv.call(`/api/upload/${c.uploadLink}/documents/${id}`, { method: "POST", body: form });
    expect(noted.status).toBe(400);
    expect(noted.body).toEqual({ message: "Please keep the note to at most 1,000 characters.", code: "recognition.noteTooLong", values: { max: 1000 } });
    expect(inSpanish(noted.body)).toBe("La nota puede tener como máximo 1000 caracteres.");
  });
});

/** The portal's check of a picked file before the upload (POST …/recognition). */
function previewFile(srv: TestServer, uploadLink: string, documentId: string, bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append("file", new Blob([bytes], { type: "application/pdf" }), "statement.pdf");
  return srv.call(`/api/upload/${uploadLink}/documents/${documentId}/recognition`, { method: "POST", body: form });
}
