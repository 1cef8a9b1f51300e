// A request to sign that was voided or declined (issue 41, "every state visible"): its document is
// no longer asked for, so it leaves Required Documents, and the portal lists it apart with what
// became of it, for guests and signed-in customers alike, under the broker filter.
import { expect, test } from "bun:test";
import { screen, within } from "@testing-library/react";
import { fakeServer, json } from "../support/render-app";
import { guestDoc, guestPortal, PORTAL_PATH, renderPortal } from "./portal-fixtures";

test("voided and declined requests are listed under No longer to sign, each with why nothing is asked", async () => {
  fakeServer(({ path }) =>
    path === PORTAL_PATH
      ? json(
          200,
          guestPortal({
            documents: [guestDoc({ id: "d1", name: "Paystub" })],
            withdrawnSignatures: [
              { id: "r1", brokerId: "b1", name: "Disclosure", status: "voided", declinedBy: null, at: "2026-11-20T10:00:00.000Z" },
              { id: "r2", brokerId: "b1", name: "Authorisation", status: "declined", declinedBy: "Alan Turing", at: "2026-11-21T10:00:00.000Z" },
            ],
          }),
        )
      : undefined,
  );
  renderPortal();
  const section = await screen.findByRole("region", { name: "No longer to sign" }, { timeout: 5000 });
  const items = within(section).getAllByRole("listitem");
  expect(items.map((i) => i.textContent)).toEqual([
    expect.stringContaining("Disclosure"),
    expect.stringContaining("Authorisation"),
  ]);
  expect(within(items[0]!).getByText("Voided")).toBeTruthy();
  expect(within(items[0]!).getByText("Your broker withdrew this request. There is nothing to sign.")).toBeTruthy();
  expect(within(items[1]!).getByText("Declined")).toBeTruthy();
  expect(within(items[1]!).getByText("Alan Turing declined to sign, so no one signs it now. Your broker has been told.")).toBeTruthy();
  // The open request is still where it was.
  expect(screen.getByText("Paystub")).toBeTruthy();
});
