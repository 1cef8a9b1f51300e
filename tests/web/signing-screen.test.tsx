// The signing screen (issue 41): Finish waits for every required field, the signature and the
// consent; the typed and drawn signatures make the bodies DESIGN.md 3b names; declining needs a
// reason (the dialog the screen's Decline opens). The pages are drawn by a stand-in (happy-dom has no canvas for pdf.js); every field on
// them is the screen's own control. The browser journey (tests/e2e/signing.test.ts) uses pdf.js.
import { afterEach, expect, test } from "bun:test";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { SIGNING_CONSENT_TEXT, signatureMessages, type SignatureField } from "../../src/shared/signatures";
import en from "../../src/shared/i18n/catalogs/en";
import { createQueryClient } from "../../web/api/query-client";
import type { PdfViewerProps } from "../../web/components/pdf/PdfViewer";
import type { SignerView } from "../../web/features/signing/api";
import { finishProblem, signBody } from "../../web/features/signing/signing-rules";
import { SigningScreen } from "../../web/features/signing/SigningScreen";
import { DeclineDialog } from "../../web/features/signing/DeclineDialog";
import { fakeServer, json } from "../support/render-app";
import { guestDoc, guestPortal, PORTAL_PATH, portalRoute, renderPortal } from "./portal-fixtures";

afterEach(cleanup);

const field = (f: Partial<SignatureField> & Pick<SignatureField, "type">): SignatureField => ({ page: 1, x: 0.1, y: 0.1, width: 0.3, height: 0.05, signer: 0, required: true, ...f });

const FIELDS: SignatureField[] = [
  field({ type: "signature", page: 2, y: 0.8 }),
  field({ type: "text", page: 1, y: 0.3 }),
  field({ type: "checkbox", page: 1, y: 0.5, width: 0.04, height: 0.04 }),
  field({ type: "text", page: 1, y: 0.6, required: false }),
  field({ type: "date", page: 2, y: 0.9 }),
  field({ type: "signature", page: 2, y: 0.8, x: 0.6, signer: 1 }),
];

function view(overrides: Partial<SignerView> = {}): SignerView {
  return {
    id: "r1",
    documentId: "d1",
    name: "Engagement letter",
    message: "Please sign by Friday.",
    status: "viewed",
    ordered: true,
    dueDate: null,
    pageCount: 2,
    fields: FIELDS,
    you: { index: 0, name: "Grace Hopper", email: "grace@example.com", status: "viewed", canSign: true, signedAt: null },
    signers: [
      { name: "Grace Hopper", status: "viewed" },
      { name: "Alan Turing", status: "pending" },
    ],
    consentText: SIGNING_CONSENT_TEXT,
    documentUrl: "/api/upload/link-abc/signature-requests/r1/document",
    ...overrides,
  };
}

/** Two US Letter pages at 100 %, each with the screen's overlay on it. */
function PagesStandIn({ name, pageOverlay }: PdfViewerProps) {
  return (
    <div role="region" aria-label={`Preview of ${name}`}>
      {[0, 1].map((index) => (
        <div key={index} role="group" aria-label={`Page ${index + 1} of 2`} style={{ position: "relative", width: 612, height: 792 }}>
          {pageOverlay?.({ index, size: { width: 612, height: 792 }, scale: 1 })}
        </div>
      ))}
    </div>
  );
}

function renderScreen(v: SignerView = view()) {
  const client = createQueryClient();
  const wrap = (children: ReactNode) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return render(wrap(<SigningScreen source={{ kind: "link", link: "link-abc", requestId: "r1" }} view={v} now={new Date("2026-11-28T12:00:00Z")} Viewer={PagesStandIn} />));
}

const finish = () => screen.getByRole("button", { name: "Finish" });
const disabled = (button: HTMLElement) => button.hasAttribute("disabled") || button.getAttribute("data-disabled") === "true";

test("Finish waits for the required fields, the signature and the consent; the typed body is what DESIGN.md 3b names", async () => {
  const calls = fakeServer(({ method, path }) =>
    method === "POST" && path === "/api/upload/link-abc/signature-requests/r1/sign"
      ? json(200, view({ status: "partially_signed", you: { ...view().you, status: "signed", canSign: false, signedAt: "2026-11-28T12:00:00.000Z" }, signers: [{ name: "Grace Hopper", status: "signed" }, { name: "Alan Turing", status: "pending" }] }))
      : undefined,
  );
  renderScreen();

  // This signer's fields, labelled by type and page, in reading order; the other signer's are not controls.
  const labels = [...document.querySelectorAll("[data-field]")].map((el) => el.getAttribute("aria-label"));
  expect(labels).toEqual(["Text, page 1, required", "Checkbox, page 1, required", "Text, page 1", "Signature, page 2, required, Grace Hopper", "Date signed, page 2, required, filled in for you"]);
  expect((screen.getByRole("textbox", { name: /Date signed, page 2/ }) as HTMLInputElement).value).toBe("2026-11-28");

  // The typed signature starts as the signer's name; nothing else is filled in yet.
  expect(disabled(finish())).toBe(true);
  expect(screen.getByText("Field 2 (Text) is required. Fill it in to sign.")).toBeTruthy();

  fireEvent.change(screen.getByRole("textbox", { name: "Text, page 1, required" }), { target: { value: "Policy 4471" } });
  expect(disabled(finish())).toBe(true);
  fireEvent.click(screen.getByRole("checkbox", { name: "Checkbox, page 1, required" }));
  // Still the consent.
  expect(disabled(finish())).toBe(true);
  expect(screen.getByText(signatureMessages.consentRequired)).toBeTruthy();
  fireEvent.click(screen.getByRole("checkbox", { name: SIGNING_CONSENT_TEXT }));
  expect(disabled(finish())).toBe(false);

  // An emptied typed signature takes Finish away again.
  const typed = screen.getByRole("textbox", { name: "Type your name" });
  fireEvent.change(typed, { target: { value: " " } });
  expect(disabled(finish())).toBe(true);
  fireEvent.change(typed, { target: { value: "Grace M. Hopper" } });

  fireEvent.click(finish());
  await screen.findByRole("heading", { name: "Signed" });
  expect(screen.getByText(/Still to sign: Alan Turing/)).toBeTruthy();
  const sent = calls.find((c) => c.method === "POST");
  // Field numbers are the request's; the empty optional text and the portal's own fields are not sent.
  expect(sent?.body).toEqual({ consent: true, signature: { type: "typed", text: "Grace M. Hopper" }, values: { "1": "Policy 4471", "2": true }, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
});

test("the consent links to its full text: a dialog that opens from the keyboard and gives focus back when closed", async () => {
  renderScreen();
  const consent = screen.getByRole("checkbox", { name: SIGNING_CONSENT_TEXT });
  const more = screen.getByRole("button", { name: "Read the full consent" });
  // Right after the box it explains, before Finish.
  expect(consent.compareDocumentPosition(more) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(more.compareDocumentPosition(finish()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  more.focus();
  fireEvent.keyDown(more, { key: "Enter" });
  fireEvent.keyUp(more, { key: "Enter" });
  const dialog = await screen.findByRole("dialog", { name: "Consent to sign electronically" });
  const sections = ["Agree", "Recorded", "Paper", "Change", "Copy", "Need"] as const;
  for (const section of sections) {
    expect(within(dialog).getByRole("heading", { name: en.signing[`consent${section}Heading`] })).toBeTruthy();
    expect(within(dialog).getByText(en.signing[`consent${section}`])).toBeTruthy();
  }
  expect(within(dialog).getAllByRole("heading").length).toBe(sections.length + 1);
  fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Consent to sign electronically" })).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(more));
  // Reading it does not tick the box for the signer.
  expect((consent as HTMLInputElement).checked).toBe(false);
});

test("a drawn signature is sent as its PNG; none drawn yet keeps Finish back", () => {
  const values = { "1": "Policy 4471", "2": true, "3": "" };
  const base = { fields: FIELDS, signer: 0, values };
  expect(finishProblem({ ...base, adopted: { type: "drawn", png: null }, consent: true })).toEqual({ code: "drawNeeded" });
  const png = "data:image/png;base64,iVBORw0KGgo=";
  expect(finishProblem({ ...base, adopted: { type: "drawn", png }, consent: true })).toBeNull();
  expect(signBody({ ...base, adopted: { type: "drawn", png } })).toEqual({ consent: true, signature: { type: "drawn", png }, values: { "1": "Policy 4471", "2": true }, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
});

test("declining needs a reason, then sends it", async () => {
  const calls = fakeServer(({ method, path }) =>
    method === "POST" && path === "/api/sign/t1/decline" ? json(200, view({ status: "declined", you: { ...view().you, status: "declined", canSign: false } })) : undefined,
  );
  let closed = false;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DeclineDialog source={{ kind: "token", token: "t1" }} name="Engagement letter" onClose={() => (closed = true)} />
    </QueryClientProvider>,
  );
  const dialog = await screen.findByRole("dialog", { name: "Decline to sign Engagement letter?" });
  fireEvent.click(within(dialog).getByRole("button", { name: "Decline to sign" }));
  expect(await within(dialog).findByText(signatureMessages.declineReasonRequired)).toBeTruthy();
  expect(calls.filter((c) => c.method === "POST")).toEqual([]);

  fireEvent.change(within(dialog).getByRole("textbox", { name: /Why do you decline/ }), { target: { value: "  The address is wrong.  " } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Decline to sign" }));
  await waitFor(() => expect(closed).toBe(true));
  expect(calls.find((c) => c.method === "POST")?.body).toEqual({ reason: "The address is wrong." });
});

test("a signer whose turn has not come reads the document and is told why they cannot sign", () => {
  renderScreen(view({ you: { ...view().you, index: 1, name: "Alan Turing", status: "pending", canSign: false } }));
  expect(screen.getByRole("heading", { name: "Not your turn yet" })).toBeTruthy();
  expect(screen.getByText(signatureMessages.notYourTurn)).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Finish" })).toBeNull();
  expect(screen.getByRole("region", { name: "Preview of Engagement letter" })).toBeTruthy();
});

test("a voided request says it was withdrawn, without the document", () => {
  renderScreen(view({ status: "voided", documentId: null, you: { ...view().you, canSign: false } }));
  expect(screen.getByRole("heading", { name: "Voided" })).toBeTruthy();
  expect(screen.getByText(signatureMessages.withdrawn)).toBeTruthy();
  expect(screen.queryByRole("region", { name: /Preview of/ })).toBeNull();
});

test("the portal lists a document to sign with Sign instead of an upload, then where it stands", async () => {
  const toSign = guestDoc({ id: "d1", name: "Engagement letter", kind: "signature", canUpload: false });
  let state: SignerView = view();
  fakeServer(portalRoute({ portal: guestPortal({ documents: [toSign] }) }, ({ method, path }) => (method === "GET" && path === `${PORTAL_PATH}/signature-requests` ? json(200, [state]) : undefined)));
  const { unmount } = renderPortal();
  expect(await screen.findByRole("button", { name: "Sign Engagement letter" })).toBeTruthy();
  expect(screen.queryByRole("button", { name: /Choose file/ })).toBeNull();
  unmount();

  state = view({ status: "partially_signed", you: { ...view().you, status: "signed", canSign: false } });
  renderPortal();
  expect(await screen.findByText("Signed")).toBeTruthy();
  expect(screen.getByRole("button", { name: "View Engagement letter" })).toBeTruthy();
});
