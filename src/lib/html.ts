// Text written into HTML the server builds (emails, the portal's page frame).

/** The text as HTML: a name like `<script>` stays text, also inside a quoted attribute. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
