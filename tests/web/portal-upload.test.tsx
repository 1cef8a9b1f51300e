import { afterEach, beforeEach, expect, test } from "bun:test";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AcceptanceRules } from "../../src/shared/acceptance-rules";
import { uploadMessages, uploadProblem } from "../../web/features/portal/upload-rules";
import { fakeServer, json } from "../support/render-app";
import { guestPortal, LINK, PORTAL_PATH, portalRoute, renderPortal, signedInPortal, TEN_MB } from "./portal-fixtures";
import { FakeXhr } from "../support/fake-xhr";
import type { Translate } from "../../web/lib/i18n/store";


const RealXhr = globalThis.XMLHttpRequest;
beforeEach(() => {
  localStorage.clear();
  FakeXhr.sent = [];
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
});
afterEach(() => {
  globalThis.XMLHttpRequest = RealXhr;
  localStorage.clear();
});

const pdf = (name = "paystub.pdf", size = 2048) => new File([new Uint8Array(size)], name, { type: "application/pdf" });

/** The hidden file inputs behind "Take photo" and "Choose file" in one document's row. */
async function inputsOf(documentName: string) {
  const row = await screen.findByRole("row", { name: new RegExp(documentName) });
  const inputs = [...row.querySelectorAll<HTMLInputElement>('input[type="file"]')];
  return { row, photo: inputs.find((input) => input.hasAttribute("capture"))!, file: inputs.find((input) => !input.hasAttribute("capture"))! };
}

const choose = (input: HTMLInputElement, files: File[]) => fireEvent.change(input, { target: { files } });

/** What the server answers when it could not tell what a file is (or read it slowly). */
const NOTHING_SAID = { kind: null, confidence: 0, dates: [], holderName: null, nameMatches: null, verdict: "unknown", messages: [] };

/**
 * A picked file is first sent to be read for what it looks like (RecognitionStep, loaded on first
 * use); answered with `recognition`, resolves with that request.
 */
async function checkBeforeSending(recognition: object = NOTHING_SAID): Promise<FakeXhr> {
  const check = await waitFor(() => {
    const last = FakeXhr.sent.at(-1);
    if (!last?.url.endsWith("/recognition") || last.status !== 0) throw new Error("the file was not sent to be read yet");
    return last;
  });
  check.respond(200, { recognition });
  return check;
}

/** The file's check says nothing against it: resolves with the upload that follows. */
async function uploadAfterCheck(): Promise<FakeXhr> {
  const check = await checkBeforeSending();
  return waitFor(() => {
    const last = FakeXhr.sent.at(-1)!;
    if (last === check) throw new Error("not sent yet");
    return last;
  });
}

test("the client-side rules: a file, of an accepted type, at most 10 MB", () => {
  expect(uploadProblem(null, TEN_MB)).toBe("No File Selected - Please select a file to upload.");
  expect(uploadProblem(new File(["x"], "notes.txt", { type: "text/plain" }), TEN_MB)).toBe(uploadMessages.wrongType);
  // iPhone photos: accepted, and converted to JPEG by the server.
  expect(uploadProblem(new File(["x"], "scan.heic", { type: "image/heic" }), TEN_MB)).toBeNull();
  expect(uploadProblem(new File(["x"], "IMG_0001.HEIC", { type: "" }), TEN_MB)).toBeNull();
  expect(uploadProblem(new File(["x"], "photo.JPG", { type: "" }), TEN_MB)).toBeNull();
  expect(uploadProblem(new File(["x"], "photo", { type: "" }), TEN_MB)).toBe(uploadMessages.wrongType);
  expect(uploadProblem(pdf("big.pdf", TEN_MB + 1), TEN_MB)).toBe("The file is larger than 10 MB. Please choose a smaller file.");
  expect(uploadProblem(pdf("ok.pdf", TEN_MB), TEN_MB)).toBeNull();
  expect(uploadProblem(new File([new Uint8Array(10)], "id.png", { type: "image/png" }), TEN_MB)).toBeNull();
  // The limit is the server's, whatever MAX_UPLOAD_MB says.
  expect(uploadProblem(pdf("mid.pdf", 3 * 1024 * 1024), 2 * 1024 * 1024)).toBe("The file is larger than 2 MB. Please choose a smaller file.");
  // A request that takes only PDFs refuses a photo before sending it, in the server's words.
  const pdfOnly = { kinds: ["pdf" as const], minPages: null, maxPages: null, minImageShortSide: 800, minImageLongSide: 1100, noPassword: true };
  expect(uploadProblem(new File(["x"], "id.jpg", { type: "image/jpeg" }), TEN_MB, pdfOnly)).toBe("This request takes only a PDF. Please send the document as a PDF.");
  expect(uploadProblem(pdf("ok.pdf", 10), TEN_MB, pdfOnly)).toBeNull();
});

test("Take photo asks for the rear camera; Choose file accepts PDF, JPG and PNG", async () => {
  fakeServer(portalRoute({ portal: guestPortal() }));
  renderPortal();
  const { photo, file } = await inputsOf("Paystub");
  expect(photo.getAttribute("accept")).toBe("image/*");
  expect(photo.getAttribute("capture")).toBe("environment");
  expect(file.getAttribute("accept")).toBe(".pdf,.jpg,.jpeg,.png,.heic,.heif,application/pdf,image/jpeg,image/png,image/heic,image/heif");
});

test("a request that takes only a PDF offers no camera (its photo would be refused), but still Several pages and Choose file", async () => {
  const pdfOnly: AcceptanceRules = { kinds: ["pdf"], minPages: null, maxPages: null, minImageShortSide: 0, minImageLongSide: 0, noPassword: false };
  const portal = guestPortal();
  portal.documents[0] = { ...portal.documents[0]!, acceptanceRules: pdfOnly };
  portal.documents[1] = { ...portal.documents[1]!, canUpload: true };
  fakeServer(portalRoute({ portal }));
  renderPortal();
  expect(await screen.findByRole("button", { name: "Choose file for Paystub" })).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Take photo of Paystub" })).toBeNull();
  expect(screen.getByRole("button", { name: "Several pages of Paystub" })).toBeTruthy();
  // A request that takes photos keeps its camera.
  expect(screen.getByRole("button", { name: "Take photo of Bank Statement" })).toBeTruthy();
});

test("nothing chosen, a wrong type or a too-large file are refused before anything is sent", async () => {
  fakeServer(portalRoute({ portal: guestPortal() }));
  renderPortal();
  const { row, file } = await inputsOf("Paystub");
  // The page names what it takes, as its refusal does.
  expect(screen.getByText("PDF, JPG, PNG or iPhone photo (HEIC), up to 10 MB each.")).toBeTruthy();

  choose(file, []);
  expect(await screen.findByText("No File Selected")).toBeTruthy();
  expect(screen.getByText("Please select a file to upload.")).toBeTruthy();

  choose(file, [new File(["hello"], "notes.txt", { type: "text/plain" })]);
  // The same "Upload failed: " as the server's refusals (SPEC 8), in the toast and kept on the card.
  const wrongType = "Upload failed: Only PDF, JPG, PNG and HEIC files can be uploaded.";
  expect(await screen.findAllByText(wrongType)).toHaveLength(2);
  expect(within(row).getByText(wrongType)).toBeTruthy();
  expect(screen.getByText("Upload Failed")).toBeTruthy();

  // The next try replaces it.
  choose(file, [pdf("huge.pdf", TEN_MB + 1)]);
  expect(await within(row).findByText("Upload failed: The file is larger than 10 MB. Please choose a smaller file.")).toBeTruthy();
  expect(within(row).queryByText(wrongType)).toBeNull();
  expect(FakeXhr.sent).toHaveLength(0);
});

test("an upload shows real progress, then Upload Successful, and the portal is read again", async () => {
  const state = { portal: guestPortal() };
  const calls = fakeServer(portalRoute(state));
  renderPortal();
  const { row, file } = await inputsOf("Paystub");
  // A keyboard user: focus is on the button that picked the file.
  act(() => within(row).getByRole("button", { name: "Choose file for Paystub" }).focus());
  choose(file, [pdf()]);

  const xhr = await uploadAfterCheck();
  expect(xhr.method).toBe("POST");
  expect(xhr.url).toBe(`/api/upload/${LINK}/documents/d1`);
  expect(xhr.body!.get("isGuest")).toBe("true");
  expect((xhr.body!.get("file") as File).name).toBe("paystub.pdf");

  const bar = await within(row).findByRole("progressbar", { name: "Uploading paystub.pdf" });
  expect(bar.getAttribute("aria-valuenow")).toBe("0");
  xhr.progress(512, 2048);
  expect(bar.getAttribute("aria-valuenow")).toBe("25");
  expect(within(row).getByText("25%")).toBeTruthy();
  // While it runs, no second file can be picked for the same document.
  expect(within(row).queryByRole("button", { name: "Choose file for Paystub" })).toBeNull();
  // 100 % only once every byte is sent; then the server checks the file before it answers.
  xhr.progress(2047, 2048);
  expect(bar.getAttribute("aria-valuenow")).toBe("99");
  xhr.progress(2048, 2048);
  expect(within(row).getByRole("progressbar", { name: "Checking paystub.pdf" }).getAttribute("aria-valuenow")).toBe("100");

  const before = calls.filter((call) => call.path === PORTAL_PATH).length;
  state.portal = guestPortal({ documents: state.portal.documents.map((d) => (d.id === "d1" ? { ...d, canUpload: false } : d)) });
  xhr.respond(200, { message: "Upload Successful", document: { ...state.portal.documents[0]!, canUpload: false } });

  expect(await screen.findByText("Upload Successful")).toBeTruthy();
  expect(screen.getByText("Paystub was uploaded and is under review.")).toBeTruthy();
  expect(await within(row).findByText("Received. Sign in to see its status.")).toBeTruthy();
  // The buttons are gone; focus is on the document's title, not lost to <body>.
  await waitFor(() => expect(document.activeElement?.id).toBe("portal-document-d1"));
  // Refetched at once and after 100, 300 and 600 ms.
  await waitFor(() => expect(calls.filter((call) => call.path === PORTAL_PATH).length - before).toBe(4), { timeout: 2000 });
});

test("a refused upload says Upload Failed and 'Upload failed: (server's message)' (SPEC 8); signed-in uploads say isGuest false", async () => {
  fakeServer(portalRoute({ portal: signedInPortal() }));
  renderPortal();
  const { row, file } = await inputsOf("Photo ID");
  choose(file, [new File([new Uint8Array(64)], "id.png", { type: "image/png" })]);
  const xhr = await uploadAfterCheck();
  expect(xhr.body!.get("isGuest")).toBe("false");
  xhr.respond(415, { message: "Only PDF, JPG, PNG and HEIC files can be uploaded." });
  expect(await screen.findByText("Upload Failed")).toBeTruthy();
  const refused = "Upload failed: Only PDF, JPG, PNG and HEIC files can be uploaded.";
  expect(screen.getAllByText(refused)).toHaveLength(2); // the toast, and the card until the next try
  const choose2 = within(row).getByRole("button", { name: "Choose file for Photo ID" });
  // The buttons are described by it, so a screen reader hears why when it comes back to them.
  expect(document.getElementById(choose2.getAttribute("aria-describedby")!)?.textContent).toBe(refused);
  // A good file sent clears it (the card drew new inputs after the first try).
  choose((await inputsOf("Photo ID")).file, [new File([new Uint8Array(64)], "id.jpg", { type: "image/jpeg" })]);
  await uploadAfterCheck();
  await waitFor(() => expect(within(row).queryByText(refused)).toBeNull());
});

test("an upload through a link that no longer exists says Customer Not Found (SPEC 8), then shows the invalid-link page", async () => {
  let deleted = false;
  fakeServer(
    portalRoute({ portal: guestPortal() }, ({ path }) =>
      deleted && path === PORTAL_PATH ? json(404, { message: "This upload link is not valid or has expired.", code: "portal.invalidLink" }) : undefined,
    ),
  );
  renderPortal();
  const { file } = await inputsOf("Photo ID");
  // The broker deletes the customer while the page is open.
  deleted = true;
  choose(file, [new File([new Uint8Array(64)], "id.png", { type: "image/png" })]);
  (await uploadAfterCheck()).respond(404, { message: "This upload link is not valid or has expired.", code: "portal.invalidLink" });
  expect(await screen.findByText("Customer Not Found")).toBeTruthy();
  expect(screen.getByText("Please contact your broker to get access to this document portal.")).toBeTruthy();
  // The refetch finds the link gone: no more upload buttons that can only fail.
  expect(await screen.findByRole("heading", { name: "Link not valid" })).toBeTruthy();
  expect(screen.queryByRole("button", { name: /Choose file/ })).toBeNull();
});

test("a link gone is known by the code the server names, not by its English words: a newer wording still says Customer Not Found", async () => {
  fakeServer(portalRoute({ portal: guestPortal() }));
  renderPortal();
  const { file } = await inputsOf("Photo ID");
  choose(file, [new File([new Uint8Array(64)], "id.png", { type: "image/png" })]);
  (await uploadAfterCheck()).respond(404, { message: "This link has expired. Ask your broker for a new one.", code: "portal.invalidLink" });
  expect(await screen.findByText("Customer Not Found")).toBeTruthy();
  expect(screen.queryByText("Upload Failed")).toBeNull();
  expect(screen.queryByText(/^Upload failed: /)).toBeNull();
});

test("an upload can be canceled", async () => {
  fakeServer(portalRoute({ portal: guestPortal() }));
  renderPortal();
  const { row, photo } = await inputsOf("Photo ID");
  choose(photo, [new File([new Uint8Array(64)], "camera.jpg", { type: "image/jpeg" })]);
  await uploadAfterCheck();
  fireEvent.click(await within(row).findByRole("button", { name: "Cancel upload of Photo ID" }));
  expect(await screen.findByText("Upload canceled")).toBeTruthy();
  expect(within(row).queryByRole("progressbar")).toBeNull();
  expect(within(row).getByRole("button", { name: "Take photo of Photo ID" })).toBeTruthy();
});

test("Several pages says what the request's page limits still need before the PDF can be sent", async () => {
  const { pagesProblem } = await import("../../web/features/portal/PhoneCapture");
  const { translate } = await import("../../src/shared/i18n/translate");
  const t: Translate = (key, values) => translate("en", key, values);
  const rules: AcceptanceRules = { kinds: ["pdf"], minPages: 3, maxPages: 4, minImageShortSide: 0, minImageLongSide: 0, noPassword: false };
  expect(pagesProblem(1, rules, t)).toBe("This document needs at least 3 pages: take 2 more pages before sending.");
  expect(pagesProblem(2, rules, t)).toBe("This document needs at least 3 pages: take 1 more page before sending.");
  expect(pagesProblem(3, rules, t)).toBeNull();
  expect(pagesProblem(4, rules, t)).toBeNull();
  expect(pagesProblem(6, rules, t)).toBe("This document takes at most 4 pages: remove 2 before sending.");
  expect(pagesProblem(1, undefined, t)).toBeNull();
  // In the customer's language, plurals included.
  const es: Translate = (key, values) => translate("es", key, values);
  expect(pagesProblem(2, rules, es)).toBe("Este documento necesita al menos 3 páginas: tome 1 página más antes de enviarlo.");
});
