/** Scrolls a landing section into view (the header's height is kept clear by scroll-padding). */
export function scrollToSection(id: string): void {
  const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  document.getElementById(id)?.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
}
