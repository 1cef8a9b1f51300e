// The welcome the server writes into the portal's page frame (src/features/web/portal-frame.ts)
// must be what React's WelcomeBanner draws in its place: the same box, heading and paragraph, with
// the same classes and words. A drift would change the page under the customer's eyes and, were
// React's paragraph larger, move the Largest Contentful Paint back to the scripts (issue 39, item 4).
import { afterEach, expect, test } from "bun:test";
import { cleanup, render } from "@testing-library/react";
import { welcomeHtml } from "../../src/features/web/portal-frame";
import { WelcomeBanner } from "../../web/features/portal/WelcomeBanner";

afterEach(cleanup);

const welcomes: { name: string; brokers: { name: string }[] }[] = [
  { name: "Fin <b>Frame</b>", brokers: [{ name: "Ada & \"Co\"" }] },
  { name: "", brokers: [] },
  { name: "Cy", brokers: [{ name: "Ann" }, { name: "Bob" }, { name: "Cy's <script>" }] },
];

test.each(welcomes)("the frame's welcome is WelcomeBanner's box, heading and first paragraph: %j", (welcome) => {
  const { container } = render(<WelcomeBanner name={welcome.name} brokers={welcome.brokers} onSignIn={() => {}} />);
  const drawn = container.querySelector("section")!;
  const framed = document.createElement("div");
  framed.innerHTML = welcomeHtml({ name: welcome.name, brokers: welcome.brokers.map((b, i) => ({ id: String(i), ...b })) });
  const server = framed.querySelector("section")!;
  expect(server.className).toBe(drawn.className);
  expect(server.getAttribute("aria-labelledby")).toBe(drawn.getAttribute("aria-labelledby"));
  for (const selector of ["h2", "p"]) {
    const [mine, react] = [server.querySelector(selector)!, drawn.querySelector(selector)!];
    expect(mine.outerHTML).toBe(react.outerHTML);
  }
  // Names stay text.
  expect(server.querySelector("b, script")).toBeNull();
});
