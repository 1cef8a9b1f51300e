// Before a picked file is sent, the portal asks the server what it looks like for the request
// (issue 42) and says so in plain words: on "warn" the customer may choose another file or send it
// anyway with a note; on "refuse" only choose another. Nothing to say, or a failed check, sends
// the file as before.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { guestPortal, LINK, portalRoute, renderPortal } from "./portal-fixtures";
import { fakeServer } from "../support/render-app";
import { FakeXhr } from "../support/fake-xhr";

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

const WRONG_KIND = "This looks like a bank statement; your broker asked for a paystub";
const seen = (verdict: string, messages: string[] = []) => ({
  kind: "bank_statement",
  confidence: 0.97,
  dates: [{ role: "statement_end", date: "2003-06-05" }],
  holderName: "Jane Customer",
  nameMatches: false,
  verdict,
  messages,
});
const statement = (name = "statement.pdf") => new File([new Uint8Array(2048)], name, { type: "application/pdf" });

async function pickFor(documentName: string, file: File) {
  const row = await screen.findByRole("row", { name: new RegExp(documentName) });
  const input = [...row.querySelectorAll<HTMLInputElement>('input[type="file"]')].find((i) => !i.hasAttribute("capture"))!;
  fireEvent.change(input, { target: { files: [file] } });
  return row;
}

/** The request that asks what the newest picked file looks like. */
const checkRequest = () =>
  waitFor(() => {
    const last = FakeXhr.sent.at(-1);
    if (!last?.url.endsWith("/recognition") || last.status !== 0) throw new Error("no check sent yet");
    return last;
  });

test("warned, the customer reads what was seen before anything is sent, and may send it anyway with a note", async () => {
  fakeServer(portalRoute({ portal: guestPortal() }));
  renderPortal();
  const row = await pickFor("Paystub", statement());
  expect(await within(row).findByText("Looking at statement.pdf…")).toBeTruthy();
  const check = await checkRequest();
  expect(check.method).toBe("POST");
  expect(check.url).toBe(`/api/upload/${LINK}/documents/d1/recognition`);
  expect((check.body!.get("file") as File).name).toBe("statement.pdf");
  check.respond(200, { recognition: seen("warn", [WRONG_KIND]) });

  expect(await within(row).findByText("Is this the right document?")).toBeTruthy();
  expect(within(row).getByText(`${WRONG_KIND}.`)).toBeTruthy();
  // Nothing was uploaded: only the check was sent.
  expect(FakeXhr.sent).toHaveLength(1);
  expect(within(row).getByRole("button", { name: "Choose another file" })).toBeTruthy();
  fireEvent.change(within(row).getByLabelText(/Note for your broker/), { target: { value: "My salary is paid into this account." } });
  fireEvent.click(within(row).getByRole("button", { name: "Send anyway" }));

  const upload = await waitFor(() => {
    const last = FakeXhr.sent.at(-1)!;
    if (last === check) throw new Error("not sent yet");
    return last;
  });
  expect(upload.url).toBe(`/api/upload/${LINK}/documents/d1`);
  expect(upload.body!.get("note")).toBe("My salary is paid into this account.");
  expect((upload.body!.get("file") as File).name).toBe("statement.pdf");
  expect(await within(row).findByRole("progressbar", { name: "Uploading statement.pdf" })).toBeTruthy();
});

test("Choose another file checks the new file in turn; the first is never sent", async () => {
  fakeServer(portalRoute({ portal: guestPortal() }));
  renderPortal();
  const row = await pickFor("Paystub", statement());
  const first = await checkRequest();
  first.respond(200, { recognition: seen("warn", [WRONG_KIND]) });
  await within(row).findByText("Is this the right document?");
  const again = within(row).getByRole("button", { name: "Choose another file" });
  const input = again.closest("div")!.parentElement!.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [statement("paystub-november.pdf")] } });
  const second = await checkRequest();
  expect(second).not.toBe(first);
  expect((second.body!.get("file") as File).name).toBe("paystub-november.pdf");
  // All is well with it: it is sent without another word.
  second.respond(200, { recognition: { ...seen("ok"), kind: "paystub" } });
  const upload = await waitFor(() => {
    const last = FakeXhr.sent.at(-1)!;
    if (last === second) throw new Error("not sent yet");
    return last;
  });
  expect((upload.body!.get("file") as File).name).toBe("paystub-november.pdf");
  expect(upload.body!.get("note")).toBeNull();
  expect(FakeXhr.sent.filter((x) => !x.url.endsWith("/recognition"))).toHaveLength(1);
});

test("refused, the only way on is another file", async () => {
  fakeServer(portalRoute({ portal: guestPortal() }));
  renderPortal();
  const row = await pickFor("Paystub", statement());
  (await checkRequest()).respond(200, { recognition: seen("refuse", [WRONG_KIND]) });
  expect(await within(row).findByText("This file cannot be sent for this request")).toBeTruthy();
  expect(within(row).getByText(`${WRONG_KIND}.`)).toBeTruthy();
  expect(within(row).getByRole("button", { name: "Choose another file" })).toBeTruthy();
  expect(within(row).queryByRole("button", { name: "Send anyway" })).toBeNull();
  expect(within(row).queryByLabelText(/Note for your broker/)).toBeNull();
  // Cancel goes back to the buttons, having sent nothing.
  fireEvent.click(within(row).getByRole("button", { name: "Cancel" }));
  expect(await within(row).findByRole("button", { name: "Choose file for Paystub" })).toBeTruthy();
  expect(FakeXhr.sent).toHaveLength(1);
});

test("a check that fails (or could not tell) never stands in the way: the file is sent as before", async () => {
  fakeServer(portalRoute({ portal: guestPortal() }));
  renderPortal();
  const row = await pickFor("Paystub", statement());
  const check = await checkRequest();
  check.respond(503, { message: "Try again shortly." });
  const upload = await waitFor(() => {
    const last = FakeXhr.sent.at(-1)!;
    if (last === check) throw new Error("not sent yet");
    return last;
  });
  expect(upload.url).toBe(`/api/upload/${LINK}/documents/d1`);
  expect(await within(row).findByRole("progressbar", { name: "Uploading statement.pdf" })).toBeTruthy();
});

test("a file the upload's own checks refuse is refused by the check, in the same words, and not sent again", async () => {
  fakeServer(portalRoute({ portal: guestPortal() }));
  renderPortal();
  const row = await pickFor("Paystub", statement("locked.pdf"));
  const locked = "This PDF is protected with a password, so your broker could not open it either.";
  (await checkRequest()).respond(400, { message: locked });
  expect(await within(row).findByText(`Upload failed: ${locked}`)).toBeTruthy();
  expect(screen.getByText("Upload Failed")).toBeTruthy();
  expect(within(row).getByRole("button", { name: "Choose file for Paystub" })).toBeTruthy();
  expect(FakeXhr.sent).toHaveLength(1);
});
