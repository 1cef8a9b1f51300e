// The Signatures card on the customer page (issue 41): each request with its status and every
// signer's, the signed PDF once completed, Void behind a confirmation, the empty state; and a
// signer's signature arriving on the live channel refreshes the list.
import { expect, test } from "bun:test";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { SignatureRequestDto } from "@shared/api-types";
import { formatDueDate } from "@shared/due-date";
import { signatureMessages } from "@shared/signatures";
import { applyLiveMessage } from "../../web/api/live";
import { json, fakeServer, renderApp } from "../support/render-app";
import { detailServer } from "./customer-detail-fixtures";

const signer = (position: number, name: string, email: string, status: SignatureRequestDto["signers"][number]["status"], extra: Partial<SignatureRequestDto["signers"][number]> = {}) => ({
  id: `s${position}`,
  position,
  name,
  email,
  status,
  viewedAt: null,
  signedAt: null,
  declinedAt: null,
  declineReason: null,
  ...extra,
});

function request(overrides: Partial<SignatureRequestDto> & Pick<SignatureRequestDto, "id" | "name" | "status" | "signers">): SignatureRequestDto {
  return {
    customerId: "c1",
    documentId: "d9",
    message: null,
    ordered: false,
    dueDate: null,
    pageCount: 1,
    fields: [],
    originalSha256: "0".repeat(64),
    sealedSha256: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    completedAt: null,
    voidedAt: null,
    downloadUrl: null,
    ...overrides,
  };
}

const grace = (status: Parameters<typeof signer>[3], extra = {}) => signer(0, "Grace Hopper", "grace@example.com", status, extra);
const alan = (status: Parameters<typeof signer>[3], extra = {}) => signer(1, "Alan Turing", "alan@example.com", status, extra);

test("lists each request with its status and signers; the completed one downloads, an open one is voided after asking", async () => {
  let requests = [
    request({ id: "r1", name: "Engagement letter", status: "partially_signed", signers: [grace("signed"), alan("viewed")], dueDate: "2030-01-15T17:00:00.000Z" }),
    request({ id: "r2", name: "Disclosure", status: "completed", signers: [grace("signed")], downloadUrl: "/api/signature-requests/r2/download" }),
    request({ id: "r3", name: "Authorisation", status: "declined", signers: [grace("declined", { declineReason: "Wrong amount" })] }),
  ];
  const voided: string[] = [];
  fakeServer(
    detailServer({
      extra: ({ method, path }) => {
        if (path === "/api/customers/c1/signature-requests") return json(200, requests);
        if (method === "POST" && path === "/api/signature-requests/r1/void") {
          voided.push("r1");
          requests = requests.map((r) => (r.id === "r1" ? { ...r, status: "voided" as const } : r));
          return json(200, requests[0]);
        }
        return undefined;
      },
    }),
  );
  renderApp("/customer/c1");
  const list = await screen.findByRole("list", { name: "Signature requests" }, { timeout: 5000 });
  const row = (name: string) => within(list).getByRole("heading", { name }).closest("li")!;

  const letter = row("Engagement letter");
  expect(within(letter).getByText("Partially signed (1 of 2)")).toBeTruthy();
  expect(within(letter).getByText(/^Due Jan 15, 2030/)).toBeTruthy();
  const signers = within(within(letter).getByRole("list", { name: "Signers of Engagement letter" })).getAllByRole("listitem");
  expect(signers.map((s) => s.textContent)).toEqual(["Grace Hopper (grace@example.com)Signed", "Alan Turing (alan@example.com)Viewed"]);
  expect(within(letter).queryByRole("link", { name: /Download signed PDF/ })).toBeNull();

  const disclosure = row("Disclosure");
  expect(within(disclosure).getByText("Completed")).toBeTruthy();
  expect(within(disclosure).getByRole("link", { name: "Download signed PDF of Disclosure" }).getAttribute("href")).toBe("/api/signature-requests/r2/download");
  expect(within(disclosure).queryByRole("button", { name: /Void/ })).toBeNull();

  const declined = row("Authorisation");
  expect(within(declined).getAllByText("Declined")).toHaveLength(2); // the request and its signer
  expect(within(declined).getByText("Reason: Wrong amount")).toBeTruthy();

  fireEvent.click(within(letter).getByRole("button", { name: "Void Engagement letter" }));
  const ask = await screen.findByRole("alertdialog", { name: "Void this signature request?" });
  expect(voided).toEqual([]);
  fireEvent.click(within(ask).getByRole("button", { name: "Void request" }));
  await waitFor(() => expect(voided).toEqual(["r1"]));
  await waitFor(() => expect(within(row("Engagement letter")).getByText("Voided")).toBeTruthy());
});

test("no requests: the empty state and the Request signature button", async () => {
  fakeServer(detailServer({ extra: ({ path }) => (path === "/api/customers/c1/signature-requests" ? json(200, []) : undefined) }));
  renderApp("/customer/c1");
  const section = await screen.findByRole("region", { name: "Signatures" });
  await within(section).findByText("No signature requests yet.");
  expect(within(section).getByRole("button", { name: "Request signature" })).toBeTruthy();
});

test("a signer's signature on the live channel (document_status_changed) refreshes the list", async () => {
  let status: SignatureRequestDto["status"] = "sent";
  fakeServer(
    detailServer({
      extra: ({ path }) =>
        path === "/api/customers/c1/signature-requests"
          ? json(200, [request({ id: "r1", name: "Engagement letter", status, signers: [grace(status === "sent" ? "pending" : "signed")] })])
          : undefined,
    }),
  );
  const { queryClient } = renderApp("/customer/c1");
  const section = await screen.findByRole("region", { name: "Signatures" });
  await within(section).findByText("Sent");
  status = "partially_signed";
  act(() => applyLiveMessage(queryClient, { kind: "broker" }, JSON.stringify({ type: "data_update", updateType: "document_status_changed" })));
  await within(section).findByText("Partially signed (1 of 1)");
  expect(within(section).getByText("Signed")).toBeTruthy();
});

test("Send again on an open request asks the server and says so; a refusal (throttled) is shown in its words", async () => {
  const resent: string[] = [];
  let answer = 200;
  fakeServer(
    detailServer({
      extra: ({ method, path }) => {
        if (path === "/api/customers/c1/signature-requests")
          return json(200, [
            request({ id: "r1", name: "Engagement letter", status: "viewed", signers: [grace("viewed")] }),
            request({ id: "r2", name: "Disclosure", status: "completed", signers: [grace("signed")] }),
          ]);
        if (method === "POST" && path === "/api/signature-requests/r1/resend") {
          resent.push("r1");
          return answer === 200 ? json(200, {}) : json(answer, { message: "A reminder was just sent to this customer. Please wait a minute before sending another." });
        }
        return undefined;
      },
    }),
  );
  renderApp("/customer/c1");
  const list = await screen.findByRole("list", { name: "Signature requests" }, { timeout: 5000 });
  const row = (name: string) => within(list).getByRole("heading", { name }).closest("li")!;
  expect(within(row("Disclosure")).queryByRole("button", { name: /again/ })).toBeNull();
  fireEvent.click(within(row("Engagement letter")).getByRole("button", { name: "Send again: Engagement letter" }));
  await screen.findByText("Signature request sent again");
  expect(resent).toEqual(["r1"]);
  answer = 429;
  fireEvent.click(within(row("Engagement letter")).getByRole("button", { name: "Send again: Engagement letter" }));
  await screen.findByText("A reminder was just sent to this customer. Please wait a minute before sending another.");
});

test("each signer's last step shows when it happened, in the broker's time zone", async () => {
  const signedAt = "2030-01-15T17:05:00.000Z";
  const viewedAt = "2030-01-14T09:00:00.000Z";
  fakeServer(
    detailServer({
      extra: ({ path }) =>
        path === "/api/customers/c1/signature-requests"
          ? json(200, [request({ id: "r1", name: "Engagement letter", status: "partially_signed", signers: [grace("signed", { viewedAt, signedAt }), alan("viewed", { viewedAt }), signer(2, "Ada Byron", "ada@example.com", "pending")] })])
          : undefined,
    }),
  );
  renderApp("/customer/c1");
  const signers = await screen.findByRole("list", { name: "Signers of Engagement letter" }, { timeout: 5000 });
  const items = within(signers).getAllByRole("listitem").map((s) => s.textContent);
  expect(items[0]).toContain(`Signed ${formatDueDate(new Date(signedAt))}`);
  expect(items[1]).toContain(`Viewed ${formatDueDate(new Date(viewedAt))}`);
  expect(items[2]).toBe("Ada Byron (ada@example.com)Waiting");
});

test("a seal that failed for good says so, with Try again, which seals anew", async () => {
  let status: SignatureRequestDto["status"] = "seal_failed";
  const retried: string[] = [];
  fakeServer(
    detailServer({
      extra: ({ method, path }) => {
        const current = request({ id: "r1", name: "Engagement letter", status, signers: [grace("signed"), alan("signed")] });
        if (path === "/api/customers/c1/signature-requests") return json(200, [current]);
        if (method === "POST" && path === "/api/signature-requests/r1/seal") {
          retried.push("r1");
          status = "partially_signed";
          return json(200, { ...current, status });
        }
        return undefined;
      },
    }),
  );
  renderApp("/customer/c1");
  const section = await screen.findByRole("region", { name: "Signatures" });
  await within(section).findByText("Sealing failed");
  expect(within(section).getByRole("alert").textContent).toBe(signatureMessages.sealFailed);
  // Still open: it may be voided instead.
  expect(within(section).getByRole("button", { name: "Void Engagement letter" })).toBeTruthy();
  fireEvent.click(within(section).getByRole("button", { name: "Try again to seal Engagement letter" }));
  await waitFor(() => expect(retried).toEqual(["r1"]));
  await within(section).findByText("Partially signed (2 of 2)");
  expect(within(section).queryByRole("button", { name: /Try again/ })).toBeNull();
});
