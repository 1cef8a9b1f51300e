// Upload-link data for the customer portal's component tests, a fake server for it, and a
// render that also shows the current URL (to check that ?reset= is removed).
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import type { CustomerProfileDto, PortalDocumentDto, PortalDto } from "../../src/shared/api-types";
import { createQueryClient } from "../../web/api/query-client";
import { App } from "../../web/App";
import { ToastRegion } from "../../web/components/ui/ToastRegion";
import { json, type FakeRoute } from "../support/render-app";
import { standardWordsOf } from "../../src/shared/i18n/standard-documents";

export const LINK = "link-abc";
export const PORTAL_PATH = `/api/upload/${LINK}`;
const HOUR = 3_600_000;

export const profile: CustomerProfileDto = {
  id: "c1",
  name: "Grace Hopper",
  email: "grace@example.com",
  loanType: "fha",
  invitedBy: ["Ada Lovelace"],
};

export const oneBroker = [{ id: "b1", name: "Ada Lovelace" }];
export const twoBrokers = [...oneBroker, { id: "b2", name: "Alan Turing" }];

/** Which of its words are standard, marked as the server marks them (src/features/portal/service.ts): after a test changes a name or description too. */
export const withStandardWords = ({ standardWords: _old, ...doc }: PortalDocumentDto): PortalDocumentDto => {
  const standardWords = standardWordsOf(doc);
  return standardWords ? { ...doc, standardWords } : doc;
};

/** A document as a guest gets it: no status, no file. */
export function guestDoc(overrides: Partial<PortalDocumentDto> & Pick<PortalDocumentDto, "id" | "name">): PortalDocumentDto {
  return withStandardWords({ brokerId: "b1", description: null, dueDate: null, kind: "upload", canUpload: true, ...overrides });
}

/** A document as the signed-in customer gets it. */
export function fullDoc(
  overrides: Partial<PortalDocumentDto> & Pick<PortalDocumentDto, "id" | "name" | "status">,
): PortalDocumentDto {
  const status = overrides.status!;
  const canUpload = ["requested", "incomplete", "need_to_resubmit", "overdue"].includes(status);
  return withStandardWords({
    brokerId: "b1",
    description: null,
    dueDate: null,
    kind: "upload",
    canUpload,
    fileName: null,
    fileSize: null,
    mimeType: null,
    uploadedAt: null,
    verifiedAt: null,
    rejectionReason: null,
    adminComments: null,
    viewUrl: null,
    downloadUrl: null,
    ...overrides,
  });
}

const withFile = (id: string, fileName: string, mimeType = "application/pdf") => ({
  fileName,
  fileSize: 245_000,
  mimeType,
  uploadedAt: "2025-03-02T10:00:00.000Z",
  viewUrl: `/api/documents/${id}/view`,
  downloadUrl: `/api/documents/${id}/download`,
});

/** The server's default MAX_UPLOAD_MB of 10, in bytes. */
export const TEN_MB = 10 * 1024 * 1024;

export function guestPortal(overrides: Partial<PortalDto> = {}): PortalDto {
  return {
    customer: { id: "c1", name: "Grace Hopper" },
    authenticated: false,
    brokers: oneBroker,
    maxUploadBytes: TEN_MB,
    language: "en",
    documents: [
      guestDoc({ id: "d1", name: "Paystub", description: "Recent pay stubs", dueDate: new Date(Date.now() + 72 * HOUR).toISOString() }),
      guestDoc({ id: "d2", name: "Bank Statement", canUpload: false }),
      guestDoc({ id: "d3", name: "Photo ID" }),
    ],
    ...overrides,
  };
}

export function signedInPortal(overrides: Partial<PortalDto> = {}): PortalDto {
  return {
    customer: profile,
    authenticated: true,
    brokers: oneBroker,
    maxUploadBytes: TEN_MB,
    language: "en",
    documents: [
      fullDoc({ id: "d1", name: "Paystub", status: "requested", description: "Recent pay stubs" }),
      fullDoc({ id: "d2", name: "Bank Statement", status: "approved", ...withFile("d2", "bank.pdf"), verifiedAt: "2025-03-03T10:00:00.000Z" }),
      fullDoc({ id: "d3", name: "Photo ID", status: "need_to_resubmit", rejectionReason: "The photo is blurry", ...withFile("d3", "id.jpg", "image/jpeg") }),
      fullDoc({ id: "d4", name: "Tax Returns", status: "uploaded", ...withFile("d4", "tax.pdf") }),
      fullDoc({ id: "s1", name: "Welcome pack", status: "shared", ...withFile("s1", "welcome.pdf") }),
    ],
    ...overrides,
  };
}

/** Answers GET /api/upload/{LINK} with whatever `state.portal` is now; `extra` answers the rest. */
export function portalRoute(state: { portal: PortalDto }, extra?: FakeRoute): FakeRoute {
  return (request) => {
    const answer = extra?.(request);
    if (answer) return answer;
    if (request.method === "GET" && request.path === PORTAL_PATH) return json(200, state.portal);
    return undefined;
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Like renderApp, plus an <output data-testid="location"> holding the current path and query. */
export function renderPortal(url = `/upload/${LINK}`) {
  const queryClient = createQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <App />
        <LocationProbe />
      </MemoryRouter>
      <ToastRegion />
    </QueryClientProvider>,
  );
}

export const currentLocation = () => screen.getByTestId("location").textContent;

/** What the portal stores after a sign-in on LINK (less than 24 hours ago). */
export function rememberSession(customerId = "c1") {
  localStorage.setItem(`portal:session:${LINK}`, JSON.stringify({ isAuthenticated: true, customerData: { id: customerId }, timestamp: Date.now() }));
}

/** happy-dom's window size, for the responsive layouts (its default is 1024 × 768). */
export function setViewport(width: number) {
  const { happyDOM } = window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } };
  // Media-query listeners re-render the page: let React finish that inside act().
  act(() => happyDOM.setViewport({ width, height: 800 }));
}
