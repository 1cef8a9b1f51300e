import { expect, test } from "bun:test";
import { render, screen } from "@testing-library/react";
import { DueDateBadge } from "../../web/components/DueDateBadge";
import { StatusBadge } from "../../web/components/StatusBadge";

const now = new Date("2026-03-10T12:00:00");
const inHours = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

function badge(dueDate: Date) {
  const { container } = render(<DueDateBadge dueDate={dueDate} now={now} />);
  const pill = container.querySelector("span[title] > span")!;
  return { pill, title: container.querySelector("span[title]")!.getAttribute("title") };
}

test("a past due date reads Overdue by and is red", () => {
  const { pill, title } = badge(inHours(-50));
  expect(pill.textContent).toStartWith("Overdue by 2 days");
  expect(pill.className).toContain("bg-red-50");
  expect(title).toBe("Mar 8, 2026 at 10:00 AM");
});

test("six hours or less is critical: red, Due in", () => {
  const { pill } = badge(inHours(3));
  expect(pill.textContent).toStartWith("Due in 3 hours");
  expect(pill.className).toContain("bg-red-50");
});

test("a day or less is a warning: amber", () => {
  const { pill } = badge(inHours(20));
  expect(pill.textContent).toStartWith("Due in 20 hours");
  expect(pill.className).toContain("bg-amber-50");
});

test("further away is neutral, and screen readers hear the exact time", () => {
  const { pill } = badge(inHours(24 * 5));
  expect(pill.textContent).toBe("Due in 5 days (due Mar 15, 2026 at 12:00 PM)");
  expect(pill.className).toContain("bg-slate-100");
});

test("status badges use the spec's labels", () => {
  render(
    <>
      <StatusBadge status="uploaded" />
      <StatusBadge status="need_to_resubmit" />
      <StatusBadge status="incomplete" />
    </>,
  );
  expect(screen.getByText("Under Review").className).toContain("bg-blue-50");
  expect(screen.getByText("Request for Re-Submission").className).toContain("bg-amber-50");
  expect(screen.getByText("Requested")).toBeTruthy();
});
