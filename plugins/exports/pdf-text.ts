/**
 * Text the standard PDF fonts can show. They cover WinAnsi (Latin-1 plus curly quotes, dashes,
 * bullet, ellipsis, euro …); anything else would print as a wrong glyph, so it is spelled in
 * WinAnsi where a spelling exists (accents dropped, arrows as ASCII) and shown as `?` otherwise.
 */
const WIN_ANSI_EXTRA = new Set([
  0x0192, 0x02c6, 0x02dc, 0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x2013, 0x2014,
  0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039,
  0x203a, 0x20ac, 0x2122,
]);
const SPELLED: Record<string, string> = {
  "→": "->",
  "←": "<-",
  "↔": "<->",
  "⇒": "=>",
  "≤": "<=",
  "≥": ">=",
  "≠": "!=",
  "≈": "~",
  "−": "-",
  "‐": "-",
  "‑": "-",
  "‒": "-",
  "′": "'",
  "″": '"',
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  ı: "i",

  "\t": "    ",
};

const shows = (code: number) =>
  code === 0x0a ||
  (code >= 0x20 && code <= 0x7e) ||
  (code >= 0xa0 && code <= 0xff) ||
  WIN_ANSI_EXTRA.has(code);

export function pdfText(text: string): string {
  let out = "";
  for (const ch of text.replace(/\r\n?/g, "\n")) {
    const code = ch.codePointAt(0)!;
    if (shows(code)) out += ch;
    else if (SPELLED[ch] !== undefined) out += SPELLED[ch];
    else {
      const plain = ch.normalize("NFKD").replace(/\p{M}/gu, "");
      out += plain && [...plain].every((c) => shows(c.codePointAt(0)!)) ? plain : "?";
    }
  }
  return out;
}
