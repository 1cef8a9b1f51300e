import { afterEach, expect, test } from "bun:test";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { PortalDto } from "../../src/shared/api-types";
import { HelpBlock } from "../../web/features/portal/HelpBlock";
import { PortalHeader } from "../../web/features/portal/PortalHeader";

afterEach(cleanup);

const broker = {
  id: "b1",
  name: "Ada Lovelace",
  company: "Analytical Loans",
  phone: "+1 (555) 010-2030",
  email: "desk@analytical.example",
  logoUrl: "/api/logos/abc123abc123abc123abc123",
  accentColor: "#fde047",
};

test("the help block calls the broker with tel: and writes with mailto:, under their logo and company", () => {
  render(<HelpBlock brokers={[broker]} />);
  const help = screen.getByRole("region", { name: "Need help?" });
  const call = within(help).getByRole("link", { name: /Call Ada Lovelace/ });
  expect(call.getAttribute("href")).toBe("tel:+15550102030");
  expect(call.textContent).toContain("+1 (555) 010-2030");
  const write = within(help).getByRole("link", { name: /Email Ada Lovelace/ });
  expect(write.getAttribute("href")).toBe("mailto:desk@analytical.example");
  expect(within(help).getByRole("img", { name: "Analytical Loans logo" }).getAttribute("src")).toBe(broker.logoUrl);
  expect(within(help).getByText("Analytical Loans")).toBeTruthy();
  // A light accent gets dark text on its icons, so they stay readable.
  const icon = call.querySelector("[aria-hidden=true]") as HTMLElement;
  expect(icon.style.color).toMatch(/#111827|rgb\(17, 24, 39\)/);
});

test("each broker has their own contacts; a broker without a phone gets no call link", () => {
  render(<HelpBlock brokers={[broker, { id: "b2", name: "Olga Other", company: null, phone: null, email: "olga@example.com", logoUrl: null, accentColor: null }]} />);
  expect(screen.getAllByRole("link", { name: /^Call / })).toHaveLength(1);
  expect(screen.getByRole("link", { name: /Email Olga Other/ }).getAttribute("href")).toBe("mailto:olga@example.com");
});

test("a one-broker portal's header wears that broker's logo and accent; several brokers keep the neutral header", () => {
  const portal = (brokers: (typeof broker)[]) =>
    ({ authenticated: false, customer: { name: "Rory", email: "rory@example.com" }, brokers, documents: [] }) as unknown as PortalDto;
  const props = { link: "link-abc", unreadCount: 0, onNotifications: () => {}, onAccount: () => {}, onSignIn: () => {} };
  const { unmount } = render(<PortalHeader portal={portal([broker])} {...props} />);
  const header = screen.getByRole("banner");
  expect(within(header).getByRole("img", { name: "Analytical Loans logo" }).getAttribute("src")).toBe(broker.logoUrl);
  // The stripe and every filled button read the accent from <html> (styles.css), dialogs' too;
  // a light accent gets dark text, so the buttons stay readable.
  const root = document.documentElement.style;
  expect(header.className).toContain("[border-top:4px_solid_var(--accent)]");
  expect(root.getPropertyValue("--accent")).toBe("#fde047");
  expect(root.getPropertyValue("--accent-text")).toBe("#111827");
  unmount();

  render(<PortalHeader portal={portal([{ ...broker, accentColor: "#1e3a8a" }])} {...props} />);
  expect(root.getPropertyValue("--accent")).toBe("#1e3a8a");
  expect(root.getPropertyValue("--accent-text")).toBe("#ffffff");
  cleanup();

  render(<PortalHeader portal={portal([broker, { ...broker, id: "b2", company: "Other Co" }])} {...props} />);
  expect(within(screen.getByRole("banner")).queryByRole("img")).toBeNull();
  expect(root.getPropertyValue("--accent")).toBe("");
  expect(root.getPropertyValue("--accent-text")).toBe("");
});
