// The Send Documents dialog (SPEC 2, 5, 8): validation, refusing a file the server would refuse,
// per-file upload progress, and a new customer created with no required documents.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { json, fakeServer, renderApp } from "../support/render-app";
import { brokerServer, customer } from "./customers-fixtures";
import { FakeXhr } from "../support/fake-xhr";


const RealXhr = globalThis.XMLHttpRequest;
beforeEach(() => {
  FakeXhr.sent = [];
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
});
afterEach(() => {
  globalThis.XMLHttpRequest = RealXhr;
});

const MB = 1024 * 1024;
const jane = customer({ id: "c1", name: "Jane Doe", email: "jane@example.com" });
const bob = customer({ id: "c2", name: "Bob Smith", email: "bob@example.com" });

/** The broker's server, with SHARE_MAX_MB = `maxMb` and whatever `extra` answers. */
function shareServer(options: { maxMb?: number; extra?: Parameters<typeof brokerServer>[2] } = {}) {
  return fakeServer(
    brokerServer([jane, bob], undefined, (request) => {
      const answered = options.extra?.(request);
      if (answered) return answered;
      if (request.path === "/api/documents/share/settings") return json(200, { maxFileBytes: (options.maxMb ?? 10) * MB, maxFiles: 20, maxRecipients: 500 });
      if (request.path === "/api/shared-documents") return json(200, []);
      return undefined;
    }),
  );
}

const file = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });

async function openDialog() {
  renderApp("/dashboard?action=share-document");
  const dialog = await screen.findByRole("dialog", { name: "Send Documents" });
  await within(dialog).findByRole("checkbox", { name: /Jane Doe/ });
  return dialog;
}

const fileInput = (dialog: HTMLElement) => dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
function choose(dialog: HTMLElement, ...files: File[]) {
  fireEvent.change(fileInput(dialog), { target: { files } });
}

test("the dialog shows the accepted types and the server's size limit, and its picker accepts exactly those", async () => {
  shareServer({ maxMb: 25 });
  const dialog = await openDialog();
  expect(await within(dialog).findByText("PDF, JPG, JPEG, PNG, MP4, MOV, AVI, MKV (max 25MB each)")).toBeTruthy();
  const accept = fileInput(dialog).getAttribute("accept")!.split(",");
  for (const ext of [".pdf", ".jpg", ".jpeg", ".png", ".mp4", ".mov", ".avi", ".mkv"]) expect(accept).toContain(ext);
  expect(fileInput(dialog).multiple).toBe(true);
});

test("sending without files, then without recipients, then with a bad email says what is missing and sends nothing", async () => {
  const calls = shareServer();
  const dialog = await openDialog();
  fireEvent.click(within(dialog).getByRole("button", { name: "Send Documents" }));
  expect(await screen.findByText("No Files Selected")).toBeTruthy();
  expect(screen.getByText("Please select at least one file to share.")).toBeTruthy();

  choose(dialog, file("disclosure.pdf", 2048, "application/pdf"));
  expect(await within(dialog).findByText("disclosure.pdf")).toBeTruthy();
  fireEvent.click(within(dialog).getByRole("button", { name: "Send Documents" }));
  expect(await screen.findByText("No Recipients Selected")).toBeTruthy();
  expect(screen.getByText("Please select existing customers or add a new customer.")).toBeTruthy();

  fireEvent.change(within(dialog).getByRole("textbox", { name: /New customer email/ }), { target: { value: "not-an-email" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Send Documents" }));
  expect(await within(dialog).findByText("Invalid email address")).toBeTruthy();
  expect(FakeXhr.sent).toHaveLength(0);
  expect(calls.some((c) => c.method === "POST")).toBe(false);
});

test("a file of the wrong type or over the limit is refused in the browser with the server's message", async () => {
  shareServer({ maxMb: 1 });
  const dialog = await openDialog();
  choose(dialog, file("setup.exe", 100, "application/x-msdownload"));
  const refused = await within(dialog).findByRole("alert", { name: "Files not added" });
  expect(within(refused).getByText(/Only PDF, JPG, PNG, MP4, MOV, AVI and MKV files can be shared\./)).toBeTruthy();

  choose(dialog, file("huge.mp4", MB + 1, "video/mp4"), file("exact.mp4", MB, "video/mp4"));
  await waitFor(() => expect(within(dialog).getByRole("alert", { name: "Files not added" }).textContent).toContain("huge.mp4"));
  expect(within(dialog).getByRole("alert", { name: "Files not added" }).textContent).toContain("The file is larger than 1 MB. Please choose a smaller file.");
  // The file of exactly the limit is kept; the refused ones are not listed to send.
  const list = within(dialog).getByRole("list", { name: "Files to send" });
  expect(within(list).getByText("exact.mp4")).toBeTruthy();
  expect(within(list).queryByText("huge.mp4")).toBeNull();
  expect(within(list).queryByText("setup.exe")).toBeNull();
});

test("the Files not added list passes axe (a list whose items keep their list)", async () => {
  shareServer({ maxMb: 1 });
  const dialog = await openDialog();
  choose(dialog, file("setup.exe", 100, "application/x-msdownload"), file("huge.mp4", MB + 1, "video/mp4"));
  const refused = await within(dialog).findByRole("alert", { name: "Files not added" });
  expect(within(refused).getAllByRole("listitem")).toHaveLength(2);
  const axe = (await import("axe-core")).default;
  const { violations } = await axe.run(refused);
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
});

test("files dropped on the drop area are added, and can be removed again", async () => {
  shareServer();
  const dialog = await openDialog();
  fireEvent.drop(within(dialog).getByTestId("share-drop-zone"), {
    dataTransfer: { files: [file("tour.mov", 4096, "video/quicktime"), file("notes.txt", 10, "text/plain")] },
  });
  const list = await within(dialog).findByRole("list", { name: "Files to send" });
  expect(within(list).getByText("tour.mov")).toBeTruthy();
  expect(within(dialog).getByRole("alert", { name: "Files not added" }).textContent).toContain("notes.txt");
  fireEvent.click(within(list).getByRole("button", { name: "Remove tour.mov" }));
  await waitFor(() => expect(within(dialog).queryByRole("list", { name: "Files to send" })).toBeNull());
});

test("one upload with a progress bar per file, then the success toast; the recipients are searchable", async () => {
  shareServer();
  const dialog = await openDialog();
  choose(dialog, file("report.pdf", 3000, "application/pdf"), file("tour.mp4", 1000, "video/mp4"));
  await within(dialog).findByText("tour.mp4");

  // The search narrows the list to Bob.
  fireEvent.change(within(dialog).getByRole("searchbox", { name: "Search customers" }), { target: { value: "BOB" } });
  // Asked as a boolean: a failing expect on an element prints the whole page, which takes bun minutes.
  await waitFor(() => expect(within(dialog).queryByRole("checkbox", { name: /Jane Doe/ }) === null).toBe(true));
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /Bob Smith/ }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Send Documents" }));

  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  const xhr = FakeXhr.sent[0]!;
  expect(xhr.url).toBe("/api/documents/share");
  expect(JSON.parse(xhr.body!.get("customerIds") as string)).toEqual(["c2"]);
  expect((xhr.body!.getAll("documents") as File[]).map((f) => f.name)).toEqual(["report.pdf", "tour.mp4"]);

  // Half the bytes sent: the first file (3000 of 4000 bytes) is two-thirds through, the second not started.
  xhr.progress(2000, 4000);
  const bar = (name: string) => within(dialog).getByRole("progressbar", { name });
  await waitFor(() => expect(bar("report.pdf").getAttribute("aria-valuenow")).toBe("67"));
  expect(bar("tour.mp4").getAttribute("aria-valuenow")).toBe("0");
  xhr.progress(3600, 4000);
  await waitFor(() => expect(bar("tour.mp4").getAttribute("aria-valuenow")).toBe("60"));
  expect(bar("report.pdf").getAttribute("aria-valuenow")).toBe("100");

  xhr.respond(201, { documents: [], sharedFiles: 2, customers: 1, message: "Shared 2 documents with 1 customer." });
  expect(await screen.findByText("Documents Shared")).toBeTruthy();
  expect(screen.getByText("Shared 2 documents with 1 customer and a consolidated email sent to each.")).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Send Documents" })).toBeNull());
});

test("a new customer by email is created with an empty required-document list (the share follows: one email), then receives the files", async () => {
  const calls = shareServer({
    extra: (request) => (request.method === "POST" && request.path === "/api/customers" ? json(201, { ...customer({ id: "c9", name: "Newbie", email: "newbie@example.com" }), documents: [] }) : undefined),
  });
  const dialog = await openDialog();
  choose(dialog, file("welcome.pdf", 500, "application/pdf"));
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /Jane Doe/ }));
  fireEvent.change(within(dialog).getByRole("textbox", { name: /New customer email/ }), { target: { value: "newbie@example.com" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Send Documents" }));

  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  const created = calls.find((c) => c.method === "POST" && c.path === "/api/customers")!;
  expect(created.body).toEqual({ email: "newbie@example.com", name: "Newbie", requiredDocuments: [], shareFollows: true });
  expect(JSON.parse(FakeXhr.sent[0]!.body!.get("customerIds") as string).sort()).toEqual(["c1", "c9"]);
  FakeXhr.sent[0]!.respond(201, { documents: [], sharedFiles: 1, customers: 2, message: "" });
  expect(await screen.findByText("Shared 1 document with 2 customers and a consolidated email sent to each.")).toBeTruthy();
});

test("a refused share shows the server's message; the dialog keeps everything for a retry", async () => {
  shareServer();
  const dialog = await openDialog();
  choose(dialog, file("a.pdf", 500, "application/pdf"));
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /Jane Doe/ }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Send Documents" }));
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  FakeXhr.sent[0]!.respond(415, { message: "Only PDF, JPG, PNG, MP4, MOV, AVI and MKV files can be shared." });
  expect(await screen.findByText("Failed to share documents: Only PDF, JPG, PNG, MP4, MOV, AVI and MKV files can be shared.")).toBeTruthy();
  expect(within(dialog).getByText("a.pdf")).toBeTruthy();
  expect(within(dialog).getByRole("checkbox", { name: /Jane Doe/ }).closest("label")!.hasAttribute("data-selected")).toBe(true);
});

test("Cancel during the upload stops it and shares nothing", async () => {
  shareServer();
  const dialog = await openDialog();
  choose(dialog, file("a.pdf", 500, "application/pdf"));
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /Jane Doe/ }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Send Documents" }));
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  let aborted = false;
  FakeXhr.sent[0]!.abort = () => {
    aborted = true;
  };
  fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Send Documents" })).toBeNull());
  expect(aborted).toBe(true);
  expect(screen.queryByText("Documents Shared")).toBeNull();
});
