// The broker's Request signature dialog (issue 41) under happy-dom: fields placed by mouse
// (click to place, drag to move, the corner handle to resize) and by keyboard alone (Add field,
// arrows, Shift+arrows, Delete) become the fractions of the page DESIGN 3b sends; the checks before
// sending name what to fix; the server's refusal is shown in its own words. The pages are drawn by a
// stand-in for the pdf.js viewer, two 600 × 800 px pages, so the pixel arithmetic is known.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect } from "react";
import { createQueryClient } from "../../web/api/query-client";
import type { PdfViewerProps } from "../../web/components/pdf/PdfViewer";
import { RequestSignatureDialog } from "../../web/features/signatures/RequestSignatureDialog";
import { FakeXhr } from "../support/fake-xhr";

const PAGE = { width: 600, height: 800 };
const RealXhr = globalThis.XMLHttpRequest;
beforeEach(() => {
  FakeXhr.sent = [];
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
});
afterEach(() => {
  globalThis.XMLHttpRequest = RealXhr;
});

/** Two pages at scale 1, each with the dialog's overlay, as PdfViewer lays them out. */
function FakeViewer({ name, onLoad, pageOverlay }: PdfViewerProps) {
  useEffect(() => onLoad?.({ pageSizes: [PAGE, PAGE] }), []);
  return (
    <div role="region" aria-label={`Preview of ${name}`} tabIndex={0}>
      {[0, 1].map((index) => (
        <div key={index} role="group" aria-label={`Page ${index + 1} of 2`} data-page={index + 1} style={{ position: "relative", ...PAGE }}>
          {pageOverlay?.({ index, size: PAGE, scale: 1 })}
        </div>
      ))}
    </div>
  );
}

const customer = { id: "c1", name: "Grace Hopper", email: "grace@example.com" };
let closed = 0;

function open() {
  closed = 0;
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <RequestSignatureDialog customer={customer} onClose={() => closed++} Viewer={FakeViewer} />
    </QueryClientProvider>,
  );
  return screen.getByRole("dialog", { name: "Request signature from Grace Hopper" });
}

const pdf = () => new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a])], "Engagement letter.pdf", { type: "application/pdf" });

function choosePdf(file: File = pdf()) {
  fireEvent.change(screen.getByLabelText("Choose the PDF to sign"), { target: { files: [file] } });
}

const overlay = (page: number) => screen.getByTestId(`page-fields-${page}`);
const sendButton = () => screen.getByRole("button", { name: "Send request" });
const alertText = () => screen.getAllByRole("alert").map((a) => a.textContent).join(" ");

async function addSigner(name: string, email: string) {
  fireEvent.click(screen.getByRole("button", { name: "Add signer" }));
  const nameField = await screen.findByRole("textbox", { name: /^Signer 2 name/ });
  fireEvent.change(nameField, { target: { value: name } });
  fireEvent.change(screen.getByRole("textbox", { name: /^Signer 2 email/ }), { target: { value: email } });
}

function arm(type: string) {
  fireEvent.click(within(screen.getByRole("radiogroup", { name: "Field to place" })).getByRole("radio", { name: type }));
}

/** The `request` part of the one upload sent, parsed. */
async function sentRequest() {
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  const xhr = FakeXhr.sent[0]!;
  expect(xhr.url).toBe("/api/customers/c1/signature-requests");
  expect((xhr.body!.get("file") as File).name).toBe("Engagement letter.pdf");
  return JSON.parse(String(xhr.body!.get("request")));
}

test("by mouse: a click places the chosen field centred there, a drag moves it, the handle resizes it; the fractions are sent", async () => {
  open();
  choosePdf();
  expect((screen.getByRole("textbox", { name: /^Name/ }) as HTMLInputElement).value).toBe("Engagement letter");
  await addSigner("Alan Turing", "alan@example.com");

  // A signature for the customer, clicked at the middle of page 1 (300, 400 of 600 × 800).
  arm("Signature");
  fireEvent.click(overlay(1), { clientX: 300, clientY: 400 });
  const signature = await within(overlay(1)).findByRole("button", { name: "Signature for Grace Hopper, page 1, required" });
  // Dragged 60 px right and 80 px down: a tenth of the page each way.
  fireEvent.pointerDown(signature, { clientX: 300, clientY: 400, pointerId: 1, button: 0 });
  fireEvent.pointerMove(signature, { clientX: 360, clientY: 480, pointerId: 1 });
  fireEvent.pointerUp(signature, { clientX: 360, clientY: 480, pointerId: 1 });
  // Its corner handle dragged 30 px right and 8 px down: 5 % wider, 1 % taller.
  const handle = signature.querySelector("[data-handle]")!;
  fireEvent.pointerDown(handle, { clientX: 500, clientY: 500, pointerId: 2, button: 0 });
  fireEvent.pointerMove(handle, { clientX: 530, clientY: 508, pointerId: 2 });
  fireEvent.pointerUp(handle, { clientX: 530, clientY: 508, pointerId: 2 });

  // A date for the customer near page 1's top-left corner: kept inside the page.
  arm("Date signed");
  fireEvent.click(overlay(1), { clientX: 6, clientY: 8 });
  // A signature for Alan on page 2: his colour, his name.
  fireEvent.click(screen.getByRole("button", { name: /For signer/ }));
  fireEvent.click(await screen.findByRole("option", { name: "Alan Turing" }));
  arm("Signature");
  fireEvent.click(overlay(2), { clientX: 150, clientY: 600 });
  expect(within(overlay(2)).getByRole("button", { name: "Signature for Alan Turing, page 2, required" })).toBeTruthy();

  // The list says in words what the pages show.
  const list = screen.getByRole("list", { name: /Placed fields/ });
  expect(within(list).getAllByRole("button").map((b) => b.textContent)).toEqual([
    "Signature for Grace Hopper, page 1, required",
    "Date signed for Grace Hopper, page 1, required",
    "Signature for Alan Turing, page 2, required",
  ]);

  fireEvent.click(sendButton());
  const request = await sentRequest();
  expect(request).toMatchObject({ name: "Engagement letter", ordered: false, signers: [{ name: "Grace Hopper", email: "grace@example.com" }, { name: "Alan Turing", email: "alan@example.com" }] });
  expect(request.fields).toEqual([
    { type: "signature", page: 1, signer: 0, required: true, x: 0.45, y: 0.57, width: 0.35, height: 0.07 },
    { type: "date", page: 1, signer: 0, required: true, x: 0, y: 0, width: 0.2, height: 0.04 },
    { type: "signature", page: 2, signer: 1, required: true, x: 0.1, y: 0.72, width: 0.3, height: 0.06 },
  ]);
  FakeXhr.sent[0]!.respond(201, { id: "r1", status: "sent", signers: [] });
  await waitFor(() => expect(closed).toBe(1));
});

test("by keyboard alone: Add field places at the page's centre and takes focus; arrows move, Shift+arrows resize, Delete removes", async () => {
  open();
  choosePdf();
  const add = screen.getByRole("button", { name: "Add field" });
  fireEvent.click(add);
  const field = await within(overlay(1)).findByRole("button", { name: "Signature for Grace Hopper, page 1, required" });
  await waitFor(() => expect(document.activeElement === field).toBe(true));
  for (const key of ["ArrowRight", "ArrowRight", "ArrowUp"]) fireEvent.keyDown(field, { key });
  fireEvent.keyDown(field, { key: "ArrowRight", shiftKey: true });
  fireEvent.keyDown(field, { key: "ArrowDown", shiftKey: true });
  fireEvent.keyDown(field, { key: "ArrowDown", shiftKey: true });

  // A second one, then removed with Delete.
  fireEvent.click(add);
  const second = (await within(overlay(1)).findAllByRole("button", { name: "Signature for Grace Hopper, page 1, required" }))[1]!;
  await waitFor(() => expect(document.activeElement === second).toBe(true));
  fireEvent.keyDown(second, { key: "Delete" });
  await waitFor(() => expect(within(overlay(1)).getAllByRole("button", { name: "Signature for Grace Hopper, page 1, required" })).toHaveLength(1));

  // Focus went to Add field; the list selects the one left, whose buttons (phones, or anyone
  // without arrow keys) move it too.
  expect(document.activeElement === add).toBe(true);
  fireEvent.click(within(screen.getByRole("list", { name: /Placed fields/ })).getByRole("button"));
  fireEvent.click(screen.getByRole("button", { name: "Move down" }));

  fireEvent.click(sendButton());
  // Centred at (0.5, 0.5): x 0.35, y 0.47; right twice, up once, then down by the button; 1 % wider, 2 % taller.
  expect((await sentRequest()).fields).toEqual([{ type: "signature", page: 1, signer: 0, required: true, x: 0.37, y: 0.47, width: 0.31, height: 0.08 }]);
});

test("Send says what is missing before anything is sent, and shows the server's refusal as it comes", async () => {
  open();
  fireEvent.click(sendButton());
  expect(alertText()).toContain("Choose the PDF to be signed.");

  // Not a PDF: refused on choosing, in the server's words.
  choosePdf(new File(["hello"], "notes.txt", { type: "text/plain" }));
  expect(alertText()).toContain("A signature request needs a PDF. Upload the document as a PDF.");

  choosePdf();
  await addSigner("Alan Turing", "not-an-address");
  fireEvent.click(sendButton());
  expect(alertText()).toContain("Signer 2's email is not a valid email address.");
  fireEvent.change(screen.getByRole("textbox", { name: /^Signer 2 email/ }), { target: { value: "alan@example.com" } });

  fireEvent.click(sendButton());
  expect(alertText()).toContain("Place at least one field for a signer to fill.");

  arm("Signature");
  fireEvent.click(overlay(1), { clientX: 300, clientY: 400 });
  fireEvent.click(sendButton());
  expect(alertText()).toContain("Alan Turing has no signature field. Place one for every signer.");
  expect(FakeXhr.sent).toHaveLength(0);

  // Alan's field is placed; the server still refuses (a due date it will not take): its words.
  fireEvent.click(screen.getByRole("button", { name: /For signer/ }));
  fireEvent.click(await screen.findByRole("option", { name: "Alan Turing" }));
  arm("Signature");
  fireEvent.click(overlay(2), { clientX: 300, clientY: 400 });
  fireEvent.click(sendButton());
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  FakeXhr.sent[0]!.respond(400, { message: "The first signer is the customer: use grace@example.com." });
  await waitFor(() => expect(alertText()).toContain("The first signer is the customer: use grace@example.com."));
  expect(closed).toBe(0);
});

test("removing a signer removes their fields; Escape on a started request asks before discarding it", async () => {
  const dialog = open();
  choosePdf();
  await addSigner("Alan Turing", "alan@example.com");
  fireEvent.click(screen.getByRole("button", { name: /For signer/ }));
  fireEvent.click(await screen.findByRole("option", { name: "Alan Turing" }));
  arm("Signature");
  fireEvent.click(overlay(1), { clientX: 300, clientY: 400 });
  expect(within(overlay(1)).getByRole("button", { name: "Signature for Alan Turing, page 1, required" })).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Remove signer 2" }));
  expect(screen.queryByRole("button", { name: /Signature for Alan Turing/ })).toBeNull();

  act(() => {
    fireEvent.keyDown(within(dialog).getByRole("textbox", { name: /^Name/ }), { key: "Escape" });
  });
  const ask = await screen.findByRole("alertdialog", { name: "Discard this signature request?" });
  expect(closed).toBe(0);
  fireEvent.click(within(ask).getByRole("button", { name: "Discard" }));
  await waitFor(() => expect(closed).toBe(1));
});

test("a PDF already shared with the customer: read once to place the fields, then named (sharedDocumentId), not uploaded again", async () => {
  const shared = { id: "d-shared", name: "Closing Disclosure", status: "shared", mimeType: "application/pdf", fileUrl: "/api/documents/d-shared/download", originalName: "Closing Disclosure.pdf" };
  const photo = { ...shared, id: "d-photo", mimeType: "image/png", originalName: "photo.png", fileUrl: "/api/documents/d-photo/download" };
  const asked: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (url: string) => {
    asked.push(String(url));
    return new Response(pdf(), { status: 200, headers: { "content-type": "application/pdf" } });
  }) as typeof fetch;
  try {
    closed = 0;
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RequestSignatureDialog customer={{ ...customer, documents: [shared, photo] as never }} onClose={() => closed++} Viewer={FakeViewer} />
      </QueryClientProvider>,
    );
    fireEvent.click(within(screen.getByRole("radiogroup", { name: "Where the PDF comes from" })).getByRole("radio", { name: "Shared file" }));
    fireEvent.click(screen.getByRole("button", { name: /Choose a shared PDF/ }));
    // Only the PDF is offered: a shared photo cannot be signed.
    expect(screen.queryByRole("option", { name: "photo.png" })).toBeNull();
    fireEvent.click(await screen.findByRole("option", { name: "Closing Disclosure.pdf" }));
    await waitFor(() => expect((screen.getByRole("textbox", { name: /^Name/ }) as HTMLInputElement).value).toBe("Closing Disclosure"));
    expect(asked).toEqual(["/api/documents/d-shared/download"]);
    arm("Signature");
    fireEvent.click(overlay(1), { clientX: 300, clientY: 400 });
    fireEvent.click(sendButton());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const body = FakeXhr.sent[0]!.body!;
    expect(body.get("file")).toBeNull();
    expect(JSON.parse(String(body.get("request")))).toMatchObject({ name: "Closing Disclosure", sharedDocumentId: "d-shared", signers: [{ email: "grace@example.com" }] });
  } finally {
    globalThis.fetch = realFetch;
  }
});

test("with a due date, Repeat reminders puts the customer's cadence on the new request once it is sent", async () => {
  const cadences: unknown[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    if (String(url).endsWith("/api/customers/c1/reminders/cadence") && init?.method === "PUT") cadences.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify({ paused: false, cadence: null }), { status: 200, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  try {
    open();
    choosePdf();
    // No due date, no cadence to offer.
    expect(screen.queryByRole("checkbox", { name: /Repeat reminders/ })).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Due date/), { target: { value: "2030-01-15" } });
    fireEvent.change(screen.getByLabelText(/^Due time/), { target: { value: "17:00" } });
    fireEvent.click(await screen.findByRole("checkbox", { name: /Repeat reminders/ }));
    arm("Signature");
    fireEvent.click(overlay(1), { clientX: 300, clientY: 400 });
    fireEvent.click(sendButton());
    expect((await sentRequest()).dueDate).toBe(new Date(2030, 0, 15, 17, 0).toISOString());
    expect(cadences).toEqual([]);
    FakeXhr.sent[0]!.respond(201, { id: "r1" });
    await waitFor(() => expect(cadences).toEqual([{ cadence: { almostDueDays: 3, everyDays: 2, maxCount: 3 } }]));
    await waitFor(() => expect(closed).toBe(1));
  } finally {
    globalThis.fetch = realFetch;
  }
});

test("a signature template as the source: its fields come placed and may be moved; the request names it (templateId) and sends the fields as they are now; Save as template and Delete", async () => {
  const template = {
    id: "t1",
    name: "Engagement letter",
    fields: [
      { type: "signature", page: 1, x: 0.1, y: 0.5, width: 0.3, height: 0.06, signer: 0, required: true },
      { type: "signature", page: 2, x: 0.5, y: 0.5, width: 0.3, height: 0.06, signer: 1, required: true },
    ],
    signerCount: 2,
    pageCount: 2,
    fileName: "engagement.pdf",
    fileSize: 9,
    createdBy: "b1",
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
    pdfUrl: "/api/signature-templates/t1/pdf",
  };
  const asked: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    asked.push(`${init?.method ?? "GET"} ${url}`);
    if (String(url) === template.pdfUrl) return new Response(pdf(), { status: 200, headers: { "content-type": "application/pdf" } });
    if (init?.method === "DELETE") return new Response(JSON.stringify({ message: "Signature template deleted" }), { status: 200, headers: { "content-type": "application/json" } });
    return new Response(JSON.stringify([template]), { status: 200, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  try {
    open();
    // Nothing is fetched until Template is chosen.
    expect(asked).toEqual([]);
    fireEvent.click(within(screen.getByRole("radiogroup", { name: "Where the PDF comes from" })).getByRole("radio", { name: "Template" }));
    fireEvent.click(await screen.findByRole("button", { name: /Choose a template/ }));
    fireEvent.click(await screen.findByRole("option", { name: "Engagement letter" }));
    await waitFor(() => expect((screen.getByRole("textbox", { name: /^Name/ }) as HTMLInputElement).value).toBe("Engagement letter"));
    // The second signer position got a row to fill in; the template's fields are on the pages.
    fireEvent.change(await screen.findByRole("textbox", { name: /^Signer 2 name/ }), { target: { value: "Alan Turing" } });
    fireEvent.change(screen.getByRole("textbox", { name: /^Signer 2 email/ }), { target: { value: "alan@example.com" } });
    const moved = within(overlay(1)).getByRole("button", { name: "Signature for Grace Hopper, page 1, required" });
    expect(within(overlay(2)).getByRole("button", { name: "Signature for Alan Turing, page 2, required" })).toBeTruthy();
    // The broker moves the customer's field one step right.
    fireEvent.keyDown(moved, { key: "ArrowRight" });

    // Save as template: a name, then the PDF and the fields as placed are posted.
    fireEvent.click(screen.getByRole("button", { name: "Save as template" }));
    const save = await screen.findByRole("dialog", { name: "Save as template" });
    fireEvent.change(within(save).getByRole("textbox", { name: /^Template name/ }), { target: { value: "Engagement letter v2" } });
    fireEvent.click(within(save).getByRole("button", { name: "Save template" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const saved = FakeXhr.sent[0]!;
    expect(saved.url).toBe("/api/signature-templates");
    expect(saved.body!.get("name")).toBe("Engagement letter v2");
    expect(JSON.parse(String(saved.body!.get("fields")))[0]).toMatchObject({ x: 0.11, y: 0.5 });
    expect((saved.body!.get("file") as File).name).toBe("engagement.pdf");
    saved.respond(201, { ...template, id: "t2", name: "Engagement letter v2" });
    // The dialog itself, not a search of every role on a page of rendered PDF pages (slow under load).
    await waitFor(() => expect(save.isConnected).toBe(false));

    fireEvent.click(sendButton());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const body = FakeXhr.sent[1]!.body!;
    expect(body.get("file")).toBeNull();
    const request = JSON.parse(String(body.get("request")));
    expect(request).toMatchObject({ name: "Engagement letter", templateId: "t1", signers: [{ email: "grace@example.com" }, { name: "Alan Turing", email: "alan@example.com" }] });
    expect(request.fields.map((f: { x: number; signer: number }) => [f.signer, f.x])).toEqual([
      [0, 0.11],
      [1, 0.5],
    ]);

    // Delete, from the list beside the choice, after a question.
    fireEvent.click(screen.getByRole("button", { name: "Delete template Engagement letter" }));
    const ask = await screen.findByRole("alertdialog", { name: /Delete the template Engagement letter/ });
    fireEvent.click(within(ask).getByRole("button", { name: "Delete template" }));
    await waitFor(() => expect(asked).toContain("DELETE /api/signature-templates/t1"));
  } finally {
    globalThis.fetch = realFetch;
  }
});
