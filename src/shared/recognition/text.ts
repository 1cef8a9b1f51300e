// Text as the rules read it: whatever pdf.js or OCR produced, in one spelling. Accents and case
// go (the rules are written in plain lower case), curly quotes and dashes become straight ones,
// and runs of spaces one space; lines stay, since labels and values sit on lines.

/** Lower case, no accents, straight quotes and dashes, one space between words, lines kept. */
export function normaliseText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\r\n?/g, "\n")
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n ?/g, "\n");
}

