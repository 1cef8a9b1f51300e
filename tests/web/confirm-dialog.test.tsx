import { afterEach, expect, test } from "bun:test";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ConfirmDialog } from "../../web/components/ui/ConfirmDialog";

afterEach(cleanup);

test("a double click on the confirm button runs the action once", () => {
  let runs = 0;
  render(
    <ConfirmDialog isOpen onOpenChange={() => {}} title="Delete Customer" confirmLabel="Delete Customer" onConfirm={() => runs++} tone="danger">
      Are you sure?
    </ConfirmDialog>,
  );
  const button = screen.getByRole("button", { name: "Delete Customer" });
  fireEvent.click(button);
  fireEvent.click(button);
  expect(runs).toBe(1);
});
