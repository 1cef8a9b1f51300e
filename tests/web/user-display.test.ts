import { expect, test } from "bun:test";
import { customerInitials, displayName, initials } from "@shared/user-display";

test("display name is first and last name", () => {
  expect(displayName({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" })).toBe("Ada Lovelace");
});

test("display name uses a single name when only one is given", () => {
  expect(displayName({ firstName: "Ada", lastName: null, email: "ada@example.com" })).toBe("Ada");
  expect(displayName({ firstName: "  ", lastName: "Lovelace", email: "ada@example.com" })).toBe("Lovelace");
});

test("display name falls back to email, then User", () => {
  expect(displayName({ firstName: null, lastName: null, email: "ada@example.com" })).toBe("ada@example.com");
  expect(displayName({ firstName: "", lastName: "", email: "" })).toBe("User");
  expect(displayName({})).toBe("User");
  expect(displayName(null)).toBe("User");
});

test("initials are the first letters of first and last name, upper case", () => {
  expect(initials({ firstName: "ada", lastName: "lovelace", email: "x@example.com" })).toBe("AL");
  expect(initials({ firstName: "Ada", lastName: null, email: "x@example.com" })).toBe("A");
});

test("initials fall back to the email's first two letters, then U", () => {
  expect(initials({ firstName: null, lastName: null, email: "jo@example.com" })).toBe("JO");
  expect(initials({ email: "q" })).toBe("Q");
  expect(initials({ email: "" })).toBe("U");
  expect(initials(undefined)).toBe("U");
});

test("a customer's initials: first and last word of the name, else the email's first two letters", () => {
  expect(customerInitials("Jane Q. Doe", "jane@example.com")).toBe("JD");
  expect(customerInitials("Carol", "carol@example.com")).toBe("C");
  expect(customerInitials("  ", "zed@example.com")).toBe("ZE");
  // Initials are letters: not markup, not a number at the end of the name.
  expect(customerInitials("Paging Person 03", "p@example.com")).toBe("PP");
  expect(customerInitials("<b>Bold</b> Name", "b@example.com")).toBe("BN");
  expect(customerInitials("Élodie Ørsted", "e@example.com")).toBe("ÉØ");
  expect(customerInitials("007", "bond@example.com")).toBe("BO");
  expect(customerInitials("")).toBe("U");
});
