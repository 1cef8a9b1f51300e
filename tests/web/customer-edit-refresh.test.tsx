// Issue 39, item 1: "after Edit Customer → Save and Request 1 document the page says 0 of 4, not 5".
// With the real query client and a server whose answers take a while (so a read started before
// the request can land after it): the customer's page, shown again, counts the new document.
import { expect, test } from "bun:test";
import { fireEvent, screen, within } from "@testing-library/react";
import type { DocumentDto } from "@shared/api-types";
import { json, fakeServer, renderApp } from "../support/render-app";
import { doc } from "./customer-detail-fixtures";
import { brokerServer, customer } from "./customers-fixtures";

const jane = customer({ id: "c1", name: "Jane Doe", email: "jane@example.com", loanType: "fha" });

test("Edit Customer → Save and Request 1 document, then back on the customer: 0 of 5, not 0 of 4", async () => {
  const documents: DocumentDto[] = ["Paystub", "Tax Returns", "Photo ID", "Credit Report"].map((name, i) => doc({ id: `d${i}`, name, status: "requested" }));
  // Each read answers what the server held when it was asked, 60 ms later.
  const later = (body: () => unknown) => {
    const answer = json(200, body());
    return new Promise<Response>((resolve) => setTimeout(() => resolve(answer), 60)) as unknown as Response;
  };
  fakeServer(
    brokerServer([jane], undefined, ({ method, path, body }) => {
      if (path === "/api/customer/c1") return later(() => ({ ...jane, documents: [...documents] }));
      if (path === "/api/customers/c1/document-limit") return later(() => ({ currentCount: documents.length, maxAllowed: -1 }));
      if (method === "PUT" && path === "/api/customers/c1") return json(200, { ...jane, documents });
      if (method === "POST" && path === "/api/customers/c1/request-documents") {
        const names = (body as { documentTypes: string[] }).documentTypes;
        for (const name of names) documents.push(doc({ id: `d${documents.length}`, name, status: "requested" }));
        return json(201, { documents: documents.slice(-names.length) });
      }
      return undefined;
    }),
  );
  renderApp("/customer/c1");
  expect(await screen.findByText("0 of 4 Approved")).toBeTruthy();

  fireEvent.click(screen.getAllByRole("link", { name: "All Customers" })[0]!);
  fireEvent.click(await screen.findByRole("button", { name: "Edit Customer Jane Doe" }));
  const dialog = await screen.findByRole("dialog", { name: "Edit Customer" });
  fireEvent.click(await within(dialog).findByRole("checkbox", { name: /^Bank Statement/ }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Save and Request 1 document" }));
  expect(await screen.findByText("Customer details updated successfully")).toBeTruthy();

  fireEvent.click(await screen.findByRole("link", { name: "Jane Doe" }));
  expect(await screen.findByText("0 of 5 Approved")).toBeTruthy();
  // And it stays so once every refetch the change set off has landed.
  await Bun.sleep(800);
  expect(screen.getByText("0 of 5 Approved")).toBeTruthy();
  expect(within(screen.getByRole("list", { name: "Required documents" })).getAllByText("Bank Statement").length).toBeGreaterThan(0);
});
