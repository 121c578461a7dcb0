/**
 * Line breaking for table cells and field values, much cheaper than PDFKit's own wrapper (which
 * measures every word with kerning, then again when drawing): widths come from a per-font table
 * of character widths, and a word wider than its column (a hash, an address) is split by
 * characters. Lines are then drawn one by one without re-wrapping. Kerning only narrows
 * standard-font text, so a line measured without it never overflows.
 */
export class LineBreaker {
  private readonly tables = new Map<string, Map<string, number>>();

  constructor(private readonly pdf: PDFKit.PDFDocument) {}

  private table(font: string, size: number): Map<string, number> {
    const key = `${font}\u0000${size}`;
    let t = this.tables.get(key);
    if (!t) {
      t = new Map();
      this.tables.set(key, t);
    }
    return t;
  }

  private charWidth(t: Map<string, number>, ch: string): number {
    let w = t.get(ch);
    if (w === undefined) {
      w = this.pdf.widthOfString(ch);
      t.set(ch, w);
    }
    return w;
  }

  /** Width of one line of text in the document's current font and size as given. */
  width(text: string, font: string, size: number): number {
    this.pdf.font(font).fontSize(size);
    const t = this.table(font, size);
    let w = 0;
    for (const ch of text) w += this.charWidth(t, ch);
    return w;
  }

  /** The lines `text` takes in a column `width` wide (explicit newlines kept). */
  lines(text: string, font: string, size: number, width: number): string[] {
    this.pdf.font(font).fontSize(size);
    const t = this.table(font, size);
    const space = this.charWidth(t, " ");
    const out: string[] = [];
    for (const paragraph of text.split("\n")) {
      let line = "";
      let lineWidth = 0;
      for (const word of paragraph.split(" ")) {
        let w = 0;
        for (const ch of word) w += this.charWidth(t, ch);
        const gap = line ? space : 0;
        if (lineWidth + gap + w <= width) {
          line += (gap ? " " : "") + word;
          lineWidth += gap + w;
          continue;
        }
        if (line) out.push(line);
        line = "";
        lineWidth = 0;
        if (w <= width) {
          line = word;
          lineWidth = w;
          continue;
        }
        // Wider than the column: split by characters.
        for (const ch of word) {
          const cw = this.charWidth(t, ch);
          if (lineWidth + cw > width && line) {
            out.push(line);
            line = "";
            lineWidth = 0;
          }
          line += ch;
          lineWidth += cw;
        }
      }
      out.push(line);
    }
    return out;
  }
}
