// The Profile's two-factor card and the REQUIRE_2FA gate: set-up with the QR code and key, the
// first code, the recovery codes shown once; turning it off; a broker required to set it up
// sees only the set-up.
import { expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fakeServer, json, renderApp } from "../support/render-app";
import { brokerServer } from "./customers-fixtures";

const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`.replace(/\d/g, "a"));
const setup = { secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", uri: "otpauth://totp/x", qrSvg: "<svg xmlns='http://www.w3.org/2000/svg'></svg>" };

function type(label: string, value: string, scope: HTMLElement) {
  fireEvent.change(within(scope).getByLabelText(new RegExp(`^${label}\\b`)), { target: { value } });
}

async function card() {
  return (await screen.findByRole("heading", { name: "Two-Factor Authentication" })).closest("section") as HTMLElement;
}

test("set-up: QR code and key, confirmed with the first code, then the recovery codes once", async () => {
  let enabled = false;
  const calls = fakeServer(
    brokerServer([], undefined, ({ path, body }) => {
      if (path === "/api/two-factor") return json(200, { enabled, required: false, recoveryCodesLeft: enabled ? 10 : 0 });
      if (path === "/api/two-factor/setup") return json(200, setup);
      if (path === "/api/two-factor/confirm") {
        if ((body as { code: string }).code !== "123456") return json(401, { message: "That code is not right, or it was already used. Enter the current code from your authenticator app." });
        enabled = true;
        return json(200, { recoveryCodes: codes });
      }
      return undefined;
    }),
  );
  renderApp("/profile");
  const section = await card();
  expect(await within(section).findByText("Off")).toBeTruthy();
  fireEvent.click(within(section).getByRole("button", { name: "Set up two-factor" }));
  fireEvent.click(await within(section).findByRole("button", { name: "Set up authenticator app" }));

  const qr = await within(section).findByRole("img", { name: "QR code for your authenticator app" });
  expect(qr.getAttribute("src")).toStartWith("data:image/svg+xml;utf8,");
  expect(within(section).getByTestId("totp-secret").textContent).toBe("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");

  type("Authentication code", "000000", section);
  fireEvent.click(within(section).getByRole("button", { name: "Turn on two-factor" }));
  expect((await within(section).findByRole("alert")).textContent).toContain("That code is not right");

  type("Authentication code", "123456", section);
  fireEvent.click(within(section).getByRole("button", { name: "Turn on two-factor" }));
  const list = await within(section).findByRole("list", { name: "Recovery codes" });
  expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual(codes);
  expect(calls.filter((c) => c.path === "/api/two-factor/confirm").at(-1)?.body).toEqual({ code: "123456" });

  fireEvent.click(within(section).getByRole("button", { name: "I have saved my codes" }));
  await waitFor(() => expect(within(section).queryByRole("list", { name: "Recovery codes" })).toBeNull());
  expect(await within(section).findByText("On")).toBeTruthy();
  expect(within(section).getByText("10")).toBeTruthy();
});

test("turning it off asks for a code", async () => {
  let enabled = true;
  const calls = fakeServer(
    brokerServer([], undefined, ({ path }) => {
      if (path === "/api/two-factor") return json(200, { enabled, required: false, recoveryCodesLeft: 7 });
      if (path === "/api/two-factor/disable") {
        enabled = false;
        return json(200, { message: "Two-factor authentication is off" });
      }
      return undefined;
    }),
  );
  renderApp("/profile");
  const section = await card();
  fireEvent.click(await within(section).findByRole("button", { name: "Turn off" }));
  type("Authentication code", "123456", section);
  fireEvent.click(within(section).getByRole("button", { name: "Turn off two-factor" }));
  expect(await within(section).findByText("Off")).toBeTruthy();
  expect(calls.find((c) => c.path === "/api/two-factor/disable")?.body).toEqual({ code: "123456" });
});

test("REQUIRE_2FA: a broker without the factor sees the set-up, not the dashboard", async () => {
  fakeServer(
    brokerServer([], undefined, ({ path }) => {
      if (path === "/api/two-factor") return json(200, { enabled: false, required: true, recoveryCodesLeft: 0 });
      return undefined;
    }),
  );
  renderApp("/dashboard");
  expect(await screen.findByRole("heading", { level: 1, name: "Set up two-factor authentication" })).toBeTruthy();
  expect(screen.queryByRole("heading", { name: "Dashboard" })).toBeNull();
  expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy();
  expect(screen.getByRole("button", { name: "Set up authenticator app" })).toBeTruthy();
});
