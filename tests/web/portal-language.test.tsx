// The portal in the customer's language: it starts in the page's <html lang> (the server's
// choice), the header's switcher changes it in place and tells the server, and back again.
import { afterEach, expect, test } from "bun:test";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { activateLanguage } from "../../web/lib/i18n/store";
import { fakeServer } from "../support/render-app";
import { guestPortal, LINK, portalRoute, renderPortal, signedInPortal } from "./portal-fixtures";

afterEach(() => {
  document.documentElement.lang = "";
});

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
