// The portal in the customer's language: it starts in the page's <html lang> (the server's
// choice), the header's switcher changes it in place and tells the server, and back again.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { isDown, reportReachable, reportUnreachable } from "../../web/api/connection";
import { loadingLabel } from "../../web/lib/i18n/loading-label";
import { toastQueue } from "../../web/components/ui/Toast";
import { activateLanguage } from "../../web/lib/i18n/store";
import { fakeServer, json } from "../support/render-app";
import { guestPortal, LINK, portalRoute, renderPortal, signedInPortal, withStandardWords } from "./portal-fixtures";

// The app's one toast queue outlives a test: a toast an earlier file left is not this test's message.
beforeEach(() => toastQueue.clear());
afterEach(() => {
  document.documentElement.lang = "";
  document.documentElement.removeAttribute("data-loading-label");
  reportReachable();
});

const chooseLanguage = (language: string) => fireEvent.change(screen.getByRole("combobox", { name: /^(Language|Idioma)$/ }), { target: { value: language } });

test("a guest switches the portal to Spanish and back to English, without a reload, and the server is told each time", async () => {
  const calls = fakeServer(portalRoute({ portal: guestPortal() }));
  document.documentElement.setAttribute("data-loading-label", "Loading");
  renderPortal();
  expect(await screen.findByRole("heading", { level: 1, name: "Customer Dashboard" })).toBeTruthy();
  const choose = (language: string) => fireEvent.change(screen.getByRole("combobox", { name: /^(Language|Idioma)$/ }), { target: { value: language } });

  choose("es");
  expect(await screen.findByRole("heading", { level: 1, name: "Sus documentos" })).toBeTruthy();
  expect(screen.getByRole("heading", { name: "Hola, Grace" })).toBeTruthy();
  // The standard documents in Spanish; the broker's own description ("Recent pay stubs", not
  // the standard one) as the broker wrote it.
  expect(screen.getByRole("button", { name: "Elegir archivo para Talón de pago" })).toBeTruthy();
  expect(screen.getByRole("row", { name: /Identificación con foto/ })).toBeTruthy();
  expect(screen.getByText("Recent pay stubs")).toBeTruthy();
  expect(screen.queryByText("Paystub")).toBeNull();
  expect(screen.getByText("Vence en 3 días")).toBeTruthy();
  expect(document.documentElement.lang).toBe("es");
  // The spinner's label the server wrote into the page follows the switch (web/lib/i18n/loading-label.ts).
  expect(loadingLabel()).toBe("Cargando");
  expect(screen.queryByText("Required Documents")).toBeNull();

  choose("en");
  expect(await screen.findByRole("heading", { level: 1, name: "Customer Dashboard" })).toBeTruthy();
  expect(screen.getByText("Due in 3 days")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Choose file for Paystub" })).toBeTruthy();
  expect(document.documentElement.lang).toBe("en");
  expect(loadingLabel()).toBe("Loading");
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

test("a Spanish customer's standard documents, in rows and dialogs, in Spanish; the broker's own names and descriptions as written", async () => {
  const portal = signedInPortal();
  portal.documents[1] = withStandardWords({ ...portal.documents[1]!, description: "Latest bank account statements" });
  portal.documents[3] = withStandardWords({ ...portal.documents[3]!, name: "Tax returns 2023 and 2024", description: "Previous year tax returns" });
  fakeServer(portalRoute({ portal }));
  await activateLanguage("es");
  renderPortal();
  const resubmit = await screen.findByRole("row", { name: /Identificación con foto/ });
  expect(within(resubmit).getByText("Debe volver a enviarlo")).toBeTruthy();
  expect(within(resubmit).getByText("The photo is blurry", { exact: false })).toBeTruthy();
  const statement = screen.getByRole("row", { name: /Estado de cuenta/ });
  expect(within(statement).getByText("Sus estados de cuenta bancarios más recientes")).toBeTruthy();
  // A name the broker wrote stays theirs; the standard description under it is ours, in Spanish.
  const taxes = screen.getByRole("row", { name: /Tax returns 2023 and 2024/ });
  expect(within(taxes).getByText("Declaraciones de impuestos del año pasado")).toBeTruthy();
  expect(screen.getByText("Welcome pack")).toBeTruthy();
  for (const english of ["Paystub", "Bank Statement", "Photo ID", "Latest bank account statements", "Previous year tax returns"]) expect(screen.queryByText(english)).toBeNull();

  fireEvent.click(screen.getByRole("button", { name: "No lo tengo: Talón de pago" }));
  expect(await screen.findByRole("dialog", { name: "No tengo Talón de pago" })).toBeTruthy();
});

test("a standard word whose key this page's catalog does not know (a newer server's) shows the server's stored words", async () => {
  const portal = signedInPortal();
  // Marked by hand as a newer server would: a key this build has not got, beside one it has.
  portal.documents[1] = { ...portal.documents[1]!, name: "Future Form", description: "Previous year tax returns", standardWords: { name: "futureForm", description: "taxReturns" } } as (typeof portal.documents)[number];
  portal.documents[3] = { ...portal.documents[3]!, name: "Tax Returns", description: "A newer description", standardWords: { name: "taxReturns", description: "futureForm" } } as (typeof portal.documents)[number];
  fakeServer(portalRoute({ portal }));
  await activateLanguage("es");
  try {
    renderPortal();
    const future = await screen.findByRole("row", { name: /Future Form/ }, { timeout: 10_000 });
    expect(within(future).getByText("Declaraciones de impuestos del año pasado")).toBeTruthy();
    const taxes = screen.getByRole("row", { name: /A newer description/ });
    expect(within(taxes).getByText("Declaraciones de impuestos")).toBeTruthy();
    expect(within(taxes).getByText("A newer description")).toBeTruthy();
    expect(screen.queryByText(/standardDocuments\./)).toBeNull();
  } finally {
    await activateLanguage("en");
  }
});
