import { afterEach, beforeEach, expect, test } from "bun:test";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { fakeServer } from "../support/render-app";
import { guestDoc, guestPortal, LINK, oneBroker, portalRoute, renderPortal, twoBrokers } from "./portal-fixtures";

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

const twoBrokerPortal = () =>
  guestPortal({
    brokers: twoBrokers,
    documents: [
      guestDoc({ id: "d1", name: "Paystub", brokerId: "b1" }),
      guestDoc({ id: "d2", name: "Photo ID", brokerId: "b1" }),
      guestDoc({ id: "d3", name: "Insurance Declaration", brokerId: "b2" }),
    ],
  });

const documentNames = () =>
  within(screen.getByRole("table", { name: "Required documents" }))
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]!.querySelector("p")!.textContent);

test("one broker: no selector", async () => {
  fakeServer(portalRoute({ portal: guestPortal({ brokers: oneBroker }) }));
  renderPortal();
  await screen.findByRole("table", { name: "Required documents" });
  expect(screen.queryByLabelText("Documents from")).toBeNull();
});

test("several brokers: the selector filters by broker and is remembered for this link", async () => {
  fakeServer(portalRoute({ portal: twoBrokerPortal() }));
  renderPortal();
  const select = (await screen.findByLabelText("Documents from")) as HTMLSelectElement;
  expect(select.value).toBe("all");
  expect(documentNames()).toEqual(["Paystub", "Photo ID", "Insurance Declaration"]);
  // Seeing everyone's documents, each says who asked.
  expect(screen.getAllByText("Requested by Ada Lovelace")).toHaveLength(2);

  fireEvent.change(select, { target: { value: "b2" } });
  expect(documentNames()).toEqual(["Insurance Declaration"]);
  expect(screen.queryByText("Requested by Alan Turing")).toBeNull();
  expect(localStorage.getItem(`portal:broker:${LINK}`)).toBe("b2");

  // A later visit on the same link starts with the same broker.
  cleanup();
  renderPortal();
  const again = (await screen.findByLabelText("Documents from")) as HTMLSelectElement;
  expect(again.value).toBe("b2");
  expect(documentNames()).toEqual(["Insurance Declaration"]);
});

test("the choice is per link, and a remembered broker who is gone falls back to all", async () => {
  localStorage.setItem("portal:broker:another-link", "b2");
  localStorage.setItem(`portal:broker:${LINK}`, "b-gone");
  fakeServer(portalRoute({ portal: twoBrokerPortal() }));
  renderPortal();
  const select = (await screen.findByLabelText("Documents from")) as HTMLSelectElement;
  expect(select.value).toBe("all");
  expect(documentNames()).toHaveLength(3);
});

test("a broker with nothing requested says so", async () => {
  const portal = twoBrokerPortal();
  portal.documents = portal.documents.filter((d) => d.brokerId === "b1");
  localStorage.setItem(`portal:broker:${LINK}`, "b2");
  fakeServer(portalRoute({ portal }));
  renderPortal();
  expect(await screen.findByText("Alan Turing has not asked you for any documents.")).toBeTruthy();
});
