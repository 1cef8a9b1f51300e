// The signing screen in Spanish (issue 44): every word from the catalog, the fields and what is
// still missing named in Spanish, the server's refusals said in Spanish by their code (its English
// `message` never shows), the outcome and the portal's "Firmar"; another signer's page (/sign/{token})
// in the page's language with the portal's switcher, which switches it in place and saves nothing.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { SIGNING_CONSENT_TEXT, type SignatureField } from "../../src/shared/signatures";
import { createQueryClient } from "../../web/api/query-client";
import type { PdfViewerProps } from "../../web/components/pdf/PdfViewer";
import type { SignerView } from "../../web/features/signing/api";
import { SigningScreen } from "../../web/features/signing/SigningScreen";
import { DeclineDialog } from "../../web/features/signing/DeclineDialog";
import { activateLanguage } from "../../web/lib/i18n/store";
import { fakeServer, json, renderApp } from "../support/render-app";
import { guestDoc, guestPortal, PORTAL_PATH, portalRoute, renderPortal } from "./portal-fixtures";

beforeEach(() => activateLanguage("es"));
afterEach(() => {
  cleanup();
  document.documentElement.lang = "";
});

const field = (f: Partial<SignatureField> & Pick<SignatureField, "type">): SignatureField => ({ page: 1, x: 0.1, y: 0.1, width: 0.3, height: 0.05, signer: 0, required: true, ...f });
const FIELDS: SignatureField[] = [field({ type: "signature", y: 0.8 }), field({ type: "text", y: 0.3 }), field({ type: "date", y: 0.9 }), field({ type: "signature", x: 0.6, y: 0.8, signer: 1 })];

function view(overrides: Partial<SignerView> = {}): SignerView {
  return {
    id: "r1",
    documentId: "d1",
    name: "Carta de compromiso",
    message: null,
    status: "viewed",
    ordered: false,
    dueDate: null,
    pageCount: 1,
    fields: FIELDS,
    you: { index: 0, name: "Lucía Gómez", email: "lucia@example.com", status: "viewed", canSign: true, signedAt: null },
    signers: [
      { name: "Lucía Gómez", status: "viewed" },
      { name: "Mateo Gómez", status: "pending" },
    ],
    consentText: SIGNING_CONSENT_TEXT,
    documentUrl: "/api/upload/link-abc/signature-requests/r1/document",
    ...overrides,
  };
}

function OnePage({ name, pageOverlay }: PdfViewerProps) {
  return (
    <div role="region" aria-label={name}>
      <div style={{ position: "relative", width: 612, height: 792 }}>{pageOverlay?.({ index: 0, size: { width: 612, height: 792 }, scale: 1 })}</div>
    </div>
  );
}

const renderScreen = (v: SignerView = view()) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SigningScreen source={{ kind: "link", link: "link-abc", requestId: "r1" }} view={v} now={new Date("2026-11-28T12:00:00Z")} Viewer={OnePage} />
    </QueryClientProvider>,
  );

/** Visible text and labels with an English word of the screen's in them (none should be left). */
const ENGLISH = /\b(Sign|Signature|Finish|Decline|Type|Draw|Clear|page|required|field|Next|Your|Read|Consent|Cancel|Close|Loading)\b/;
function englishLeft(): string[] {
  const texts = [...document.body.querySelectorAll("*")].flatMap((el) => [
    ...[...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent ?? ""),
    ...["aria-label", "placeholder", "title"].map((a) => el.getAttribute(a) ?? ""),
  ]);
  return texts.filter((t) => ENGLISH.test(t.replaceAll("Lucía Gómez", "").replaceAll("Carta de compromiso", "")));
}

test("the form in Spanish: fields, what is missing, the consent, Finish; a refusal from the server in Spanish, not its English message", async () => {
  const calls = fakeServer(({ method, path }) =>
    method === "POST" && path === "/api/upload/link-abc/signature-requests/r1/sign"
      ? json(409, { message: "The signers sign in order, and it is not your turn yet. You will get an email when it is.", code: "notYourTurn" })
      : undefined,
  );
  renderScreen();
  const labels = [...document.querySelectorAll("[data-field]")].map((el) => el.getAttribute("aria-label"));
  expect(labels).toEqual(["Texto, página 1, obligatorio", "Firma, página 1, obligatorio: Lucía Gómez", "Fecha de firma, página 1, obligatorio, se llena automáticamente"]);
  expect(screen.getByText("Falta 1 campo suyo. Los campos resaltados son los que le tocan.")).toBeTruthy();
  expect(screen.getByText("Campo 2 (Texto) es obligatorio. Llénelo para firmar.")).toBeTruthy();
  expect(screen.getByRole("radiogroup", { name: "Cómo firmar" })).toBeTruthy();
  expect(screen.getByRole("button", { name: "Leer el consentimiento completo" })).toBeTruthy();
  expect(englishLeft()).toEqual([]);

  fireEvent.change(screen.getByRole("textbox", { name: "Texto, página 1, obligatorio" }), { target: { value: "Póliza 4471" } });
  expect(screen.getByText("Ya completó todos los campos.")).toBeTruthy();
  expect(screen.getByText("Para continuar, acepte firmar electrónicamente.")).toBeTruthy();
  fireEvent.click(screen.getByRole("checkbox", { name: /^Acepto firmar este documento de forma electrónica/ }));
  fireEvent.change(screen.getByRole("textbox", { name: "Escriba su nombre" }), { target: { value: "Lucía 東京" } });
  expect(screen.getByText("Su firma escrita tiene caracteres que el PDF firmado no puede mostrar: 東 京")).toBeTruthy();
  fireEvent.change(screen.getByRole("textbox", { name: "Escriba su nombre" }), { target: { value: "Lucía Gómez" } });

  fireEvent.click(screen.getByRole("button", { name: "Terminar" }));
  expect(await screen.findByText("Los firmantes firman en orden y todavía no le toca. Le enviaremos un correo cuando sea su turno.")).toBeTruthy();
  expect(screen.queryByText(/not your turn/)).toBeNull();
  expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
});

test("signed: the outcome in Spanish, who is still to sign listed as Spanish lists them", async () => {
  const signers = [
    { name: "Lucía Gómez", status: "signed" as const },
    { name: "Mateo Gómez", status: "pending" as const },
    { name: "Ana Ruiz", status: "pending" as const },
  ];
  renderScreen(view({ status: "partially_signed", signers, you: { ...view().you, status: "signed", canSign: false, signedAt: "2026-11-28T12:00:00.000Z" } }));
  expect(screen.getByRole("heading", { name: "Firmado" })).toBeTruthy();
  expect(screen.getByText("Gracias, usted ya firmó. Todavía falta la firma de: Mateo Gómez y Ana Ruiz. Cuando todos hayan firmado, recibirá la copia sellada por correo electrónico.")).toBeTruthy();
});

test("declining in Spanish: the reason is asked for in Spanish", async () => {
  fakeServer(() => undefined);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DeclineDialog source={{ kind: "token", token: "t1" }} name="Carta de compromiso" onClose={() => {}} />
    </QueryClientProvider>,
  );
  const dialog = await screen.findByRole("dialog", { name: "¿Rechazar la firma de Carta de compromiso?" });
  fireEvent.click(within(dialog).getByRole("button", { name: "Rechazar la firma" }));
  expect(await within(dialog).findByText("Díganos por qué lo rechaza, para que su asesor sepa qué cambiar.")).toBeTruthy();
  expect(within(dialog).getByRole("button", { name: "Cerrar" })).toBeTruthy();
  expect(englishLeft()).toEqual([]);
});

test("the portal's row says Firmar, then where signing stands, in Spanish", async () => {
  const toSign = guestDoc({ id: "d1", name: "Carta de compromiso", kind: "signature", canUpload: false });
  let state: SignerView = view();
  fakeServer(portalRoute({ portal: guestPortal({ documents: [toSign] }) }, ({ method, path }) => (method === "GET" && path === `${PORTAL_PATH}/signature-requests` ? json(200, [state]) : undefined)));
  const { unmount } = renderPortal();
  expect(await screen.findByRole("button", { name: "Firmar Carta de compromiso" })).toBeTruthy();
  unmount();
  state = view({ ordered: true, you: { ...view().you, index: 1, canSign: false, status: "pending" } });
  renderPortal();
  expect(await screen.findByText("Esperando a otro firmante")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Ver Carta de compromiso" })).toBeTruthy();
});

test("another signer's page: in the page's language with the switcher; a refusal by its code; switching saves nothing", async () => {
  document.documentElement.lang = "es";
  const calls = fakeServer(({ path }) => (path === "/api/sign/t1" ? json(409, { message: "This signature request was withdrawn by your broker.", code: "withdrawn" }) : undefined));
  renderApp("/sign/t1");
  expect(await screen.findByRole("heading", { level: 1, name: "Documento para firmar" })).toBeTruthy();
  expect(await screen.findByRole("heading", { name: "No se puede abrir este documento" })).toBeTruthy();
  expect(screen.getByText("Su asesor retiró esta solicitud de firma.")).toBeTruthy();
  await waitFor(() => expect(document.title.startsWith("Firmar un documento")).toBe(true));

  fireEvent.change(await screen.findByRole("combobox", { name: "Idioma" }), { target: { value: "en" } });
  expect(await screen.findByRole("heading", { level: 1, name: "Document to sign" })).toBeTruthy();
  expect(screen.getByText("This signature request was withdrawn by your broker.")).toBeTruthy();
  expect(document.documentElement.lang).toBe("en");
  expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
});
