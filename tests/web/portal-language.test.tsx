// The portal in the customer's language: it starts in the page's <html lang> (the server's
// choice), the header's switcher changes it in place and tells the server, and back again.
import { afterEach, expect, test } from "bun:test";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { isDown, reportReachable, reportUnreachable } from "../../web/api/connection";
import { activateLanguage } from "../../web/lib/i18n/store";
import { fakeServer, json } from "../support/render-app";
import { guestPortal, LINK, portalRoute, renderPortal, signedInPortal } from "./portal-fixtures";

afterEach(() => {
  document.documentElement.lang = "";
  reportReachable();
});

const chooseLanguage = (language: string) => fireEvent.change(screen.getByRole("combobox", { name: /^(Language|Idioma)$/ }), { target: { value: language } });

test("a guest switches the portal to Spanish and back to English, without a reload, and the server is told each time", async () => {
  const calls = fakeServer(portalRoute({ portal: guestPortal() }));
  renderPortal();
  expect(await screen.findByRole("heading", { level: 1, name: "Customer Dashboard" })).toBeTruthy();
  const choose = (language: string) => fireEvent.change(screen.getByRole("combobox", { name: /^(Language|Idioma)$/ }), { target: { value: language } });

  choose("es");
  expect(await screen.findByRole("heading", { level: 1, name: "Sus documentos" })).toBeTruthy();
  expect(screen.getByRole("heading", { name: "Hola, Grace" })).toBeTruthy();
  expect(screen.getByRole("button", { name: "Elegir archivo para Paystub" })).toBeTruthy();
  expect(screen.getByText("Vence en 3 días")).toBeTruthy();
  expect(document.documentElement.lang).toBe("es");
  expect(screen.queryByText("Required Documents")).toBeNull();

  choose("en");
  expect(await screen.findByRole("heading", { level: 1, name: "Customer Dashboard" })).toBeTruthy();
  expect(screen.getByText("Due in 3 days")).toBeTruthy();
  expect(document.documentElement.lang).toBe("en");
  const saved = calls.filter((call) => call.method === "PUT").map((call) => [call.path, call.body]);
  expect(saved).toEqual([
    [`/api/upload/${LINK}/language`, { language: "es" }],
    [`/api/upload/${LINK}/language`, { language: "en" }],
  ]);
});

test("a signed-in customer's statuses, progress and re-submit reason in Spanish", async () => {
  fakeServer(portalRoute({ portal: signedInPortal() }));
  await activateLanguage("es");
  renderPortal();
  // "Hola, Grace" right after an account was made on this link (an earlier test file may have).
  expect(await screen.findByRole("heading", { name: /^Hola( de nuevo)?, Grace$/ })).toBeTruthy();
  expect(screen.getAllByText("Debe volver a enviarlo").length).toBeGreaterThan(0);
  expect(screen.getAllByText("En revisión").length).toBeGreaterThan(0);
  expect(screen.getByText("Por qué debe volver a enviarlo:", { exact: false })).toBeTruthy();
  expect(screen.getByText(/^\d de 4 enviados · \d+%$/)).toBeTruthy();
  await waitFor(() => expect(document.documentElement.lang).toBe("es"));
});

test("the choice is saved through the web app's client: an answer while the portal was marked unreachable counts as it being back, as for every call", async () => {
  const calls = fakeServer(portalRoute({ portal: guestPortal() }, ({ method }) => (method === "PUT" ? json(200, { language: "es" }) : undefined)));
  renderPortal();
  expect(await screen.findByRole("heading", { level: 1, name: "Customer Dashboard" })).toBeTruthy();
  reportUnreachable(); // an earlier call failed; /healthz (404 here) does not say it is back
  chooseLanguage("es");
  expect(await screen.findByRole("heading", { level: 1, name: "Sus documentos" })).toBeTruthy();
  await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
  await waitFor(() => expect(isDown()).toBe(false));
});

test("a refused save changes nothing on the page: it stays in the language chosen, and no message is shown", async () => {
  const refusal = "language must be one of \"en\", \"es\"";
  const calls = fakeServer(portalRoute({ portal: guestPortal() }, ({ method }) => (method === "PUT" ? json(400, { message: refusal }) : undefined)));
  renderPortal();
  expect(await screen.findByRole("heading", { level: 1, name: "Customer Dashboard" })).toBeTruthy();
  chooseLanguage("es");
  expect(await screen.findByRole("heading", { level: 1, name: "Sus documentos" })).toBeTruthy();
  await waitFor(() => expect(calls.filter((call) => call.method === "PUT")).toHaveLength(1));
  expect(screen.queryByText(refusal, { exact: false })).toBeNull();
  expect(screen.queryByRole("alert")).toBeNull();
  expect(document.documentElement.lang).toBe("es");
  expect(isDown()).toBe(false);
});
