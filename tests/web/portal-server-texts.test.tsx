// The texts the server makes, in the portal's language (issue 44): an upload refusal, what
// recognition saw and a notification arrive as a catalog key and values beside their English, and
// a Spanish page says them in Spanish; what carries no key (an older verdict, an older row) keeps
// the server's English.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { PortalDocumentDto } from "../../src/shared/api-types";
import { activateLanguage } from "../../web/lib/i18n/store";
import { translate } from "../../src/shared/i18n/translate";
import { expiryReason } from "../../src/shared/reminder-cadence";
import { guestPortal, LINK, portalRoute, renderPortal, signedInPortal } from "./portal-fixtures";
import { fakeServer, json } from "../support/render-app";
import { FakeXhr } from "../support/fake-xhr";

const RealXhr = globalThis.XMLHttpRequest;
beforeEach(async () => {
  localStorage.clear();
  FakeXhr.sent = [];
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  await activateLanguage("es");
});
afterEach(async () => {
  globalThis.XMLHttpRequest = RealXhr;
  localStorage.clear();
  await activateLanguage("en");
  document.documentElement.lang = "";
});

// The standard documents by their Spanish names (the catalog's standardDocuments).
const PAYSTUB = translate("es", "standardDocuments.paystub.name");
const TAX_RETURNS = translate("es", "standardDocuments.taxReturns.name");
const es = (key: Parameters<typeof translate>[1], values?: Record<string, string>) => translate("es", key, values);

const pdf = () => new File([new Uint8Array(2048)], "nomina.pdf", { type: "application/pdf" });

async function pick(documentName: string) {
  // The first render waits for the lazy document table (and its catalog part).
  const row = await screen.findByRole("row", { name: new RegExp(documentName) }, { timeout: 10_000 });
  const input = [...row.querySelectorAll<HTMLInputElement>('input[type="file"]')].find((i) => !i.hasAttribute("capture"))!;
  fireEvent.change(input, { target: { files: [pdf()] } });
  return row;
}

/** The newest request sent with XHR that is not answered yet, once it ends with `ending`. */
const sent = (ending: string) =>
  waitFor(() => {
    const last = FakeXhr.sent.at(-1);
    if (!last?.url.endsWith(ending) || last.status !== 0) throw new Error(`nothing sent to …${ending} yet`);
    return last;
  });

/** The signed-in portal (or this one) with these notifications in its bell, the unread counted. */
function servePortalWithNotifications(notifications: { isRead: boolean }[], portal = signedInPortal()) {
  fakeServer(
    portalRoute({ portal }, (request) => {
      if (request.path === `/api/upload/${LINK}/notifications`) return json(200, notifications);
      if (request.path === `/api/upload/${LINK}/notifications/unread-count`) return json(200, { count: notifications.filter((n) => !n.isRead).length });
      return undefined;
    }),
  );
}

const verdict = (overrides: object) => ({ kind: "bank_statement", confidence: 0.97, dates: [], holderName: null, nameMatches: null, verdict: "warn", messages: [], ...overrides });

test("an upload refused by the server's checks is told in Spanish, its counts in Spanish plurals", async () => {
  fakeServer(portalRoute({ portal: guestPortal() }));
  renderPortal();
  await pick(PAYSTUB);
  (await sent("/recognition")).respond(200, { recognition: verdict({ verdict: "ok" }) });
  (await sent("/documents/d1")).respond(400, {
    message: "This PDF has 1 page, but this request needs at least 3 pages. Please send all pages of the document in one PDF.",
    code: "refusals.tooFewPages",
    values: { pages: 1, min: 3 },
  });
  const spanish = "No se pudo enviar: Este PDF tiene 1 página, pero para este documento se necesitan al menos 3 páginas. Envíe todas las páginas del documento en un solo PDF.";
  expect((await screen.findAllByText(spanish)).length).toBeGreaterThan(0);
  expect(screen.queryByText(/This PDF has 1 page/)).toBeNull();
});

test("an error whose code this page does not know keeps the server's English", async () => {
  fakeServer(portalRoute({ portal: guestPortal() }));
  renderPortal();
  await pick(PAYSTUB);
  (await sent("/recognition")).respond(200, { recognition: verdict({ verdict: "ok" }) });
  (await sent("/documents/d1")).respond(400, { message: "Something new went wrong.", code: "refusals.notInThisBuild", values: {} });
  expect((await screen.findAllByText("No se pudo enviar: Something new went wrong.")).length).toBeGreaterThan(0);
});

test("a recognition warning in Spanish: the kinds with their gender, a date in Spanish; a refusal of the upload says its sentences too", async () => {
  fakeServer(portalRoute({ portal: guestPortal() }));
  renderPortal();
  const row = await pick(PAYSTUB);
  (await sent("/recognition")).respond(200, {
    recognition: verdict({
      messages: ["This looks like a tax return; your broker asked for a paystub", "This ID expired on 14 March 2024"],
      sentences: [
        { key: "recognition.wrongKind", values: { seen: "tax_return", asked: "paystub" } },
        { key: "recognition.idExpired", values: { fullDate: "2024-03-14" } },
      ],
    }),
  });
  expect(await within(row).findByText("¿Es el documento correcto?")).toBeTruthy();
  expect(within(row).getByText("Esto parece una declaración de impuestos, pero su asesor pidió un talón de pago.")).toBeTruthy();
  expect(within(row).getByText("Esta identificación venció el 14 de marzo de 2024.")).toBeTruthy();
  expect(within(row).queryByText(/This looks like/)).toBeNull();

  // Sent anyway, and refused by the request's rules at the upload: the same sentences, in Spanish.
  fireEvent.click(within(row).getByRole("button", { name: "Enviar de todos modos" }));
  (await sent("/documents/d1")).respond(400, {
    message: "This looks like a tax return; your broker asked for a paystub. Please choose another file.",
    code: "errors.recognitionRefused",
    values: { sentences: [{ key: "recognition.wrongKind", values: { seen: "tax_return", asked: "paystub" } }] },
  });
  const refused = "No se pudo enviar: Esto parece una declaración de impuestos, pero su asesor pidió un talón de pago. Elija otro archivo, por favor.";
  expect((await screen.findAllByText(refused)).length).toBeGreaterThan(0);
});

test("a verdict kept before sentences existed shows its English", async () => {
  fakeServer(portalRoute({ portal: guestPortal() }));
  renderPortal();
  const row = await pick(PAYSTUB);
  (await sent("/recognition")).respond(200, { recognition: verdict({ messages: ["This looks like a bank statement; your broker asked for a paystub"] }) });
  expect(await within(row).findByText("This looks like a bank statement; your broker asked for a paystub.")).toBeTruthy();
});

test("the customer's notifications in Spanish, from their notice and values; an older row in its stored English", async () => {
  const notifications = [
    {
      id: "n1",
      type: "document_verified",
      title: "Please re-submit a document",
      message: "Photo ID needs to be uploaded again: The photo is blurry",
      createdAt: new Date().toISOString(),
      isRead: false,
      metadata: { documentId: "d3", notice: "resubmit", noticeValues: { documentName: "Photo ID", reason: "The photo is blurry" } },
    },
    {
      id: "n2",
      type: "documents_requested",
      title: "Documents requested",
      message: "Ada Lovelace asked you to upload: Paystub, W-2.",
      createdAt: new Date().toISOString(),
      isRead: false,
      metadata: { brokerId: "b1", notice: "documentsRequested", noticeValues: { brokerName: "Ada Lovelace", documentNames: ["Paystub", "W-2"] } },
    },
    { id: "n3", type: "other", title: "Answer accepted", message: "Your broker accepted that you don't have Lease.", createdAt: new Date().toISOString(), isRead: true, metadata: { documentId: "d9" } },
  ];
  servePortalWithNotifications(notifications);
  renderPortal();
  fireEvent.click(await screen.findByRole("button", { name: /^Notificaciones/ }));
  const panel = await screen.findByRole("dialog", { name: "Notificaciones" });
  expect(await within(panel).findByText("Vuelva a enviar un documento")).toBeTruthy();
  expect(within(panel).getByText("Su asesor necesita que vuelva a enviar Photo ID: The photo is blurry")).toBeTruthy();
  expect(within(panel).getByText("Documentos solicitados")).toBeTruthy();
  expect(within(panel).getByText("Ada Lovelace le pidió que envíe: Paystub, W-2.")).toBeTruthy();
  // The list's own words too: its button, and how long ago.
  expect(within(panel).getByRole("button", { name: "Marcar todas como leídas" })).toBeTruthy();
  expect(within(panel).getAllByText("Ahora mismo").length).toBe(3);
  // Stored before notices existed: its English, as stored.
  expect(within(panel).getByText("Answer accepted")).toBeTruthy();
  expect(within(panel).queryByText("Please re-submit a document")).toBeNull();
});

test("a signed-in customer's file under review: what they were told before sending it, in Spanish", async () => {
  const portal = signedInPortal();
  const recognition = verdict({
    messages: ["This statement ends on 3 March 2019; your broker asked for one from the last 60 days"],
    sentences: [{ key: "recognition.statementEnds", values: { date: "2019-03-03", maxAgeDays: 60 } }],
  });
  portal.documents = portal.documents.map((d) => (d.id === "d4" ? { ...d, recognition: recognition as PortalDocumentDto["recognition"] } : d));
  fakeServer(portalRoute({ portal }));
  renderPortal();
  const row = await screen.findByRole("row", { name: new RegExp(TAX_RETURNS) }, { timeout: 10_000 });
  // The note's frame is portal.sentWith's; the sentence in it is recognition's, in Spanish.
  expect(await within(row).findByText(/: Este estado de cuenta termina el 3 de marzo de 2019; su asesor pidió uno de los últimos 60 días\.$/)).toBeTruthy();
  expect(within(row).queryByText(/This statement ends/)).toBeNull();
});

test("the upload's other refusals in Spanish: already uploaded, the request removed, a file that is not what its name says, too long a note, a 500", async () => {
  fakeServer(portalRoute({ portal: guestPortal() }));
  renderPortal();
  // Each as the server answers it (tests/api/i18n-server-texts.test.ts), at the step that meets it.
  const cases: { at: "/recognition" | "/documents/d1"; status: number; body: object; spanish: string }[] = [
    {
      at: "/documents/d1",
      status: 409,
      body: { message: "This document has already been uploaded and is under review.", code: "errors.alreadyUploaded" },
      spanish: "Este documento ya se envió y está en revisión.",
    },
    {
      at: "/recognition",
      status: 404,
      body: { message: "Document not found", code: "errors.documentNotFound" },
      spanish: "No encontramos este documento. Es posible que su asesor lo haya eliminado.",
    },
    { at: "/recognition", status: 415, body: { message: "Only PDF, JPG, PNG and HEIC files can be uploaded.", code: "upload.wrongType" }, spanish: "Solo se pueden enviar archivos PDF, JPG, PNG y HEIC." },
    {
      at: "/documents/d1",
      status: 400,
      body: { message: "Please keep the note to at most 1,000 characters.", code: "recognition.noteTooLong", values: { max: 1000 } },
      spanish: "La nota puede tener como máximo 1000 caracteres.",
    },
    // Our own bug (src/lib/error-handler.ts answers every 500 so).
    {
      at: "/documents/d1",
      status: 500,
      body: { message: "Something went wrong on our side. Please try again.", code: "errors.serverFault" },
      spanish: "Ocurrió un error en nuestro sistema. Inténtelo de nuevo.",
    },
  ];
  for (const { at, status, body, spanish } of cases) {
    await pick(PAYSTUB);
    if (at === "/documents/d1") (await sent("/recognition")).respond(200, { recognition: verdict({ verdict: "ok" }) });
    (await sent(at)).respond(status, body);
    expect((await screen.findAllByText(`No se pudo enviar: ${spanish}`)).length).toBeGreaterThan(0);
    expect(screen.queryByText(new RegExp((body as { message: string }).message.slice(0, 20)))).toBeNull();
  }
});

test("a note too long for the broker is said in Spanish before anything is sent", async () => {
  fakeServer(portalRoute({ portal: guestPortal() }));
  renderPortal();
  const row = await pick(PAYSTUB);
  (await sent("/recognition")).respond(200, { recognition: verdict({ messages: ["This looks like a tax return; your broker asked for a paystub"], sentences: [{ key: "recognition.wrongKind", values: { seen: "tax_return", asked: "paystub" } }] }) });
  fireEvent.change(await within(row).findByLabelText(/^Nota para su asesor/), { target: { value: "n".repeat(1001) } });
  expect(await within(row).findByText("La nota puede tener como máximo 1000 caracteres.")).toBeTruthy();
});

test("\"I don't have this\" refused by the server, in Spanish: too long a reason, a document that awaits nothing any more", async () => {
  const answers = [
    json(400, { message: "Please say why, in at most 1,000 characters.", code: "errors.reasonTooLong", values: { max: 1000 } }),
    json(409, { message: "This document no longer awaits anything from you.", code: "errors.noLongerAwaited" }),
  ];
  fakeServer(portalRoute({ portal: guestPortal() }, (request) => (request.method === "POST" && request.path === `/api/upload/${LINK}/documents/d1/unavailable` ? answers.shift() : undefined)));
  renderPortal();
  const row = await screen.findByRole("row", { name: new RegExp(PAYSTUB) }, { timeout: 10_000 });
  fireEvent.click(within(row).getByRole("button", { name: `No lo tengo: ${PAYSTUB}` }));
  const dialog = await screen.findByRole("dialog", { name: `No tengo ${PAYSTUB}` }, { timeout: 10_000 });
  for (const spanish of ["Explique el motivo en 1000 caracteres como máximo.", "Este documento ya no está pendiente de su parte."]) {
    fireEvent.change(within(dialog).getByLabelText(/^¿Por qué no lo tiene\?/), { target: { value: "Soy trabajador independiente." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Enviar respuesta" }));
    expect(await within(dialog).findByText(spanish)).toBeTruthy();
  }
});

test("a notice naming standard documents says them in Spanish; a broker's own name, and a key this page does not know, as stored", async () => {
  const notice = (id: string, notice: string, noticeValues: object) => ({
    id,
    type: "other",
    title: "stored title",
    message: "stored message",
    createdAt: new Date().toISOString(),
    isRead: false,
    metadata: { notice, noticeValues },
  });
  const notifications = [
    notice("n1", "resubmit", { documentName: "Paystub", reason: "Too dark", standardNames: { documentName: "paystub" } }),
    notice("n2", "documentsRequested", { brokerName: "Ada Lovelace", documentNames: ["Tax Returns", "Closing papers"], standardNames: { documentNames: ["taxReturns", null] } }),
    notice("n3", "approved", { documentName: "Future Form", standardNames: { documentName: "futureForm" } }),
  ];
  servePortalWithNotifications(notifications);
  renderPortal();
  fireEvent.click(await screen.findByRole("button", { name: /^Notificaciones/ }));
  const panel = await screen.findByRole("dialog", { name: "Notificaciones" });
  expect(await within(panel).findByText(translate("es", "notifications.resubmit", { documentName: PAYSTUB, reason: "Too dark" }))).toBeTruthy();
  expect(within(panel).getByText(`Ada Lovelace le pidió que envíe: ${TAX_RETURNS}, Closing papers.`)).toBeTruthy();
  expect(within(panel).getByText(es("notifications.approved", { documentName: "Future Form" }))).toBeTruthy();
  expect(within(panel).queryByText(/Paystub|Tax Returns/)).toBeNull();
});

test("a PDF's preview speaks Spanish: the viewer gets the catalog's pdfViewer words, as the signing screen does", async () => {
  fakeServer(portalRoute({ portal: signedInPortal() }));
  renderPortal();
  fireEvent.click(await screen.findByRole("button", { name: es("portal.viewDocument", { name: TAX_RETURNS }) }, { timeout: 10_000 }));
  const dialog = await screen.findByRole("dialog", { name: TAX_RETURNS });
  expect(await within(dialog).findByRole("region", { name: es("pdfViewer.previewOf", { name: "tax.pdf" }) })).toBeTruthy();
  // Loading (its spinner's label), or, as no PDF is behind the fake server, saying it cannot show it.
  await waitFor(() => {
    const loading = within(dialog).queryByRole("status", { name: es("pdfViewer.loading") });
    const failed = within(dialog).queryByText(es("pdfViewer.notAvailable")) && within(dialog).queryByRole("button", { name: es("pdfViewer.tryAgain") });
    if (!loading && !failed) throw new Error("the viewer says nothing in Spanish yet");
  });
  expect(within(dialog).queryByText(/Preview|Try again/)).toBeNull();
  expect(within(dialog).queryByRole("status", { name: "Loading document" })).toBeNull();
});

test("an expiring document's renewal reason, in its row and its notification, in Spanish; a broker's reason as written", async () => {
  const renewal = expiryReason("2027-05-31");
  const portal = signedInPortal();
  // d3 (Photo ID) is asked for again by its expiry: the server names the day (renewalOf).
  portal.documents = portal.documents.map((d) => (d.id === "d3" ? { ...d, rejectionReason: renewal, renewalOf: "2027-05-31" } : d));
  const notifications = [
    { id: "n1", type: "document_verified", title: "stored", message: "stored", createdAt: new Date().toISOString(), isRead: false, metadata: { notice: "renewal", noticeValues: { documentName: "Photo ID", reason: renewal } } },
  ];
  servePortalWithNotifications(notifications, portal);
  renderPortal();
  const spanish = translate("es", "portal.renewalReason", { date: "31 may 2027" });
  expect(spanish).toBe("Vence el 31 may 2027; envíe uno vigente, por favor");
  expect((await screen.findAllByText(spanish, { exact: false }, { timeout: 10_000 })).length).toBeGreaterThan(0);
  expect(screen.queryByText(renewal, { exact: false })).toBeNull();
  fireEvent.click(await screen.findByRole("button", { name: /^Notificaciones/ }));
  const panel = await screen.findByRole("dialog", { name: "Notificaciones" });
  expect(await within(panel).findByText(spanish, { exact: false })).toBeTruthy();
  expect(within(panel).queryByText(/Expires on/)).toBeNull();
});

test.each(["Pacific/Kiritimati", "Etc/GMT+12"])("a renewal reason's day is the day the server named in a browser at %s too", async (zone) => {
  const before = process.env.TZ;
  process.env.TZ = zone; // UTC+14 and UTC-12: noon UTC is the next day in one, and close to the previous in the other
  try {
    const portal = signedInPortal();
    portal.documents = portal.documents.map((d) => (d.id === "d3" ? { ...d, rejectionReason: expiryReason("2027-05-31"), renewalOf: "2027-05-31" } : d));
    fakeServer(portalRoute({ portal }));
    renderPortal();
    const spanish = translate("es", "portal.renewalReason", { date: "31 may 2027" });
    expect((await screen.findAllByText(spanish, { exact: false }, { timeout: 10_000 })).length).toBeGreaterThan(0);
  } finally {
    process.env.TZ = before;
  }
});
