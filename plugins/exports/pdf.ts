import PDFDocument from "pdfkit";
import type { Block, Cell, ExportDocument, ManifestEntry, Value } from "./document.js";
import { LineBreaker } from "./pdf-lines.js";
import { pdfText } from "./pdf-text.js";

/**
 * The PDF of an export: a title page (title, subtitle lines, what was exported and how it was
 * redacted, contents with page numbers), the sections (paragraphs, field lists, tables with
 * measured column widths that break across pages and repeat their header), the source
 * manifest as a table, and on every page a header, a footer with page numbers and, for a
 * draft, a diagonal DRAFT watermark. Only the standard PDF fonts (Helvetica, Courier) are used:
 * nothing is embedded or fetched. Metadata and the file id derive from the export, so the same
 * export renders to the same bytes.
 */
export interface PdfMeta {
  exportId: string;
  objectType: string;
  objectId: string;
  redactionProfile: string;
  /** One line saying what the profile hid. */
  redactionNote: string;
  createdAt: Date;
}

const MARGIN = { top: 72, bottom: 64, left: 54, right: 54 };
const FONT = {
  regular: "Helvetica",
  bold: "Helvetica-Bold",
  italic: "Helvetica-Oblique",
  mono: "Courier",
};
const COLOR = {
  text: "#1a1a1a",
  muted: "#5f6368",
  rule: "#b8bcc2",
  head: "#e8ecf1",
  zebra: "#f6f7f9",
  draft: "#c00000",
};
const BODY = 10;
const TABLE = 8;
const CELL_PAD = 3.5;
/** A cell never asks for more than this width before wrapping. */
const MAX_NATURAL = 240;

const textOf = (c: Cell) => pdfText(typeof c === "string" ? c : c.text);
const kindOf = (c: Cell): Value["kind"] => (typeof c === "string" ? "text" : c.kind);
const fontOf = (c: Cell) => (kindOf(c) === "address" ? FONT.mono : FONT.regular);
const isAmount = (c: Cell) => kindOf(c) === "amount" || kindOf(c) === "claimant_amount";

class Renderer {
  readonly pdf: PDFKit.PDFDocument;
  private readonly toc: Array<{ heading: string; page: number }> = [];
  private tocTop = 0;
  private pageCount = 1;
  private readonly breaker: LineBreaker;

  constructor(
    private readonly doc: ExportDocument,
    private readonly meta: PdfMeta,
  ) {
    const title = pdfText(doc.title);
    this.pdf = new PDFDocument({
      size: "LETTER",
      margins: MARGIN,
      bufferPages: true,
      autoFirstPage: true,
      compress: true,
      displayTitle: true,
      lang: "en-US",
      font: FONT.regular,
      info: {
        Title: title,
        Author: "Case Recovery Enforcement API",
        Subject: `${meta.objectType} ${meta.objectId} (export ${meta.exportId})`,
        Keywords: `${meta.objectType}, export, redaction:${meta.redactionProfile}${doc.draft ? ", draft" : ""}`,
        Creator: "Case Recovery Enforcement API",
        Producer: "Case Recovery Enforcement API (PDFKit)",
        CreationDate: meta.createdAt,
        ModDate: meta.createdAt,
      },
    });
    this.breaker = new LineBreaker(this.pdf);
    this.pdf.on("pageAdded", () => {
      this.pageCount++;
      this.pdf.fillColor(COLOR.text);
    });
  }

  private get left() {
    return MARGIN.left;
  }
  private get width() {
    return this.pdf.page.width - MARGIN.left - MARGIN.right;
  }
  private get maxY() {
    return this.pdf.page.height - MARGIN.bottom;
  }
  private get contentHeight() {
    return this.pdf.page.height - MARGIN.top - MARGIN.bottom;
  }

  private newPage() {
    this.pdf.addPage();
    this.pdf.x = this.left;
    this.pdf.y = MARGIN.top;
  }

  private ensure(height: number) {
    if (this.pdf.y + height > this.maxY) this.newPage();
  }

  render(): PDFKit.PDFDocument {
    this.titlePage();
    this.newPage();
    for (const section of this.doc.sections) this.section(section.heading, section.blocks);
    this.manifest(this.doc.source_manifest);
    this.contents();
    this.decorate();
    return this.pdf;
  }

  // ---- title page ----

  private titlePage() {
    const { pdf, meta, doc } = this;
    pdf.y = 120;
    pdf
      .font(FONT.bold)
      .fontSize(9)
      .fillColor(COLOR.muted)
      .text(`${meta.objectType.toUpperCase()} EXPORT`, this.left, pdf.y, {
        width: this.width,
      });
    pdf.moveDown(0.6);
    pdf
      .font(FONT.bold)
      .fontSize(24)
      .fillColor(COLOR.text)
      .text(pdfText(doc.title), { width: this.width, lineGap: 2 });
    pdf.moveDown(0.4);
    pdf.font(FONT.regular).fontSize(12);
    for (const line of doc.subtitle) {
      const cells = Array.isArray(line) ? line : [line];
      const mono = cells.length === 1 && kindOf(cells[0]!) === "address";
      pdf.font(mono ? FONT.mono : FONT.regular);
      pdf.text(cells.map(textOf).join(""), { width: this.width, lineGap: 2 });
    }
    pdf.moveDown(0.8);
    this.rule();
    pdf.moveDown(0.8);
    this.fields([
      { label: "Export", value: meta.exportId },
      { label: "Exported object", value: `${meta.objectType} ${meta.objectId}` },
      { label: "Status", value: doc.draft ? "Not approved (draft)" : "Approved" },
      { label: "Redaction profile", value: `${meta.redactionProfile}: ${meta.redactionNote}` },
      { label: "Generated", value: meta.createdAt.toISOString() },
      { label: "Sources", value: String(doc.source_manifest.length) },
    ]);
    if (doc.draft) this.draftNotice();
    pdf.moveDown(1);
    pdf.font(FONT.bold).fontSize(12).fillColor(COLOR.text).text("Contents", this.left, pdf.y);
    pdf.moveDown(0.4);
    this.tocTop = pdf.y;
  }

  private draftNotice() {
    const { pdf } = this;
    pdf.moveDown(0.8);
    const text =
      "This document has not been approved. It is a working draft: it must not be sent, filed or relied upon until it is approved and exported again.";
    pdf.font(FONT.regular).fontSize(BODY);
    const h = pdf.heightOfString(text, { width: this.width - 24 }) + 30;
    const top = pdf.y;
    pdf.save().lineWidth(1.5).strokeColor(COLOR.draft).rect(this.left, top, this.width, h).stroke();
    pdf.restore();
    pdf
      .font(FONT.bold)
      .fontSize(11)
      .fillColor(COLOR.draft)
      .text("DRAFT", this.left + 12, top + 8, { width: this.width - 24 });
    pdf
      .font(FONT.regular)
      .fontSize(BODY)
      .fillColor(COLOR.text)
      .text(text, this.left + 12, pdf.y + 2, { width: this.width - 24 });
    pdf.x = this.left;
    pdf.y = top + h;
  }

  /** Section headings and their first pages, on the title page once the pages are known. */
  private contents() {
    const { pdf } = this;
    pdf.switchToPage(0);
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const line = 15;
    const fits = Math.floor((this.maxY - this.tocTop) / line);
    const rows = this.toc.length > fits ? this.toc.slice(0, fits - 1) : this.toc;
    pdf.font(FONT.regular).fontSize(BODY).fillColor(COLOR.text);
    rows.forEach((entry, i) => {
      const y = this.tocTop + i * line;
      pdf.text(entry.heading, this.left, y, {
        width: this.width - 50,
        height: line,
        ellipsis: true,
        lineBreak: false,
      });
      pdf.text(String(entry.page), this.left + this.width - 40, y, {
        width: 40,
        align: "right",
        lineBreak: false,
      });
    });
    if (rows.length < this.toc.length) {
      pdf
        .fillColor(COLOR.muted)
        .text(
          `… and ${this.toc.length - rows.length} more sections`,
          this.left,
          this.tocTop + rows.length * line,
          { lineBreak: false },
        );
    }
    pdf.page.margins.bottom = bottom;
  }

  // ---- sections ----

  private section(heading: string, blocks: Block[]) {
    const { pdf } = this;
    if (pdf.y > MARGIN.top) {
      if (pdf.y + 140 > this.maxY) this.newPage();
      else pdf.y += 14;
    }
    this.toc.push({ heading: pdfText(heading), page: this.pageCount });
    pdf
      .font(FONT.bold)
      .fontSize(14)
      .fillColor(COLOR.text)
      .text(pdfText(heading), this.left, pdf.y, { width: this.width });
    pdf.y += 3;
    this.rule();
    pdf.y += 8;
    for (const block of blocks) {
      if (block.type === "paragraph") this.paragraph(block.text);
      else if (block.type === "fields") this.fields(block.rows);
      else this.table(block.columns, block.rows);
      pdf.y += 8;
    }
  }

  private rule() {
    const y = this.pdf.y;
    this.pdf
      .save()
      .lineWidth(0.75)
      .strokeColor(COLOR.rule)
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .stroke()
      .restore();
  }

  private paragraph(cells: Cell[]) {
    const { pdf } = this;
    const text = cells.map(textOf).join("");
    pdf.font(FONT.regular).fontSize(BODY).fillColor(COLOR.text);
    this.ensure(pdf.currentLineHeight(true) * 2);
    pdf.text(text, this.left, pdf.y, { width: this.width, lineGap: 2 });
    pdf.x = this.left;
  }

  /** Draws pre-broken lines from (x, y); right-aligned ones end at x + width. */
  private drawLines(
    lines: string[],
    x: number,
    y: number,
    width: number,
    font: string,
    size: number,
    align: "left" | "right" = "left",
  ) {
    const { pdf } = this;
    pdf.font(font).fontSize(size);
    const lh = pdf.currentLineHeight(true);
    lines.forEach((line, i) => {
      const lx = align === "right" ? x + width - this.breaker.width(line, font, size) : x;
      pdf.text(line, lx, y + i * lh, { lineBreak: false });
    });
  }

  private lineHeight(font: string, size: number) {
    return this.pdf.font(font).fontSize(size).currentLineHeight(true);
  }

  /** At most `max` lines, the last ending in an ellipsis when some were cut. */
  private clip(lines: string[], max: number): string[] {
    if (lines.length <= max) return lines;
    const kept = lines.slice(0, Math.max(1, max));
    kept[kept.length - 1] = `${kept[kept.length - 1]!.slice(0, -1)}…`;
    return kept;
  }

  private fields(rows: Array<{ label: string; value: Cell }>) {
    const { pdf } = this;
    const labelWidth = 130;
    const valueX = this.left + labelWidth + 10;
    const valueWidth = this.width - labelWidth - 10;
    for (const row of rows) {
      const label = this.breaker.lines(pdfText(row.label), FONT.bold, 9, labelWidth);
      const font = fontOf(row.value);
      const value = this.breaker.lines(textOf(row.value), font, BODY, valueWidth);
      const valueHeight = value.length * this.lineHeight(font, BODY);
      const h = Math.max(label.length * this.lineHeight(FONT.bold, 9), valueHeight);
      if (h > this.contentHeight / 2) {
        // A long value flows on over pages under its label.
        this.ensure(40);
        pdf.font(FONT.bold).fontSize(9).fillColor(COLOR.muted).text(label.join(" "), this.left);
        pdf.font(font).fontSize(BODY).fillColor(COLOR.text);
        pdf.text(textOf(row.value), this.left, pdf.y + 2, { width: this.width });
        pdf.y += 4;
        continue;
      }
      this.ensure(h);
      const y = pdf.y;
      pdf.fillColor(COLOR.muted);
      this.drawLines(label, this.left, y + 1, labelWidth, FONT.bold, 9);
      pdf.fillColor(COLOR.text);
      this.drawLines(value, valueX, y, valueWidth, font, BODY);
      pdf.x = this.left;
      pdf.y = y + h + 4;
    }
  }

  /** Column widths from the content: what each column needs, scaled to the page. */
  private columnWidths(columns: string[], rows: Cell[][]): number[] {
    const natural = (text: string, font: string, size: number) => {
      let widest = 0;
      for (const line of text.split("\n"))
        widest = Math.max(widest, this.breaker.width(line, font, size));
      return Math.min(widest, MAX_NATURAL);
    };
    const longestWord = (text: string) =>
      text.split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a), "");
    const desired = columns.map((c) => natural(c, FONT.bold, TABLE) + 2 * CELL_PAD);
    // The narrowest a column may get: its longest word (within reason), so words do not split.
    const minimum = columns.map((c) => Math.min(natural(longestWord(c), FONT.bold, TABLE), 60));
    for (const row of rows) {
      row.forEach((cell, i) => {
        if (i >= columns.length) return;
        const text = textOf(cell);
        const w = natural(text, fontOf(cell), TABLE) + 2 * CELL_PAD;
        if (w > desired[i]!) desired[i] = w;
        if (kindOf(cell) !== "address") {
          const word = Math.min(natural(longestWord(text), fontOf(cell), TABLE), 90);
          if (word > minimum[i]!) minimum[i] = word;
        }
      });
    }
    minimum.forEach((m, i) => {
      minimum[i] = Math.min(m + 2 * CELL_PAD, desired[i]!);
    });
    const total = desired.reduce((a, b) => a + b, 0);
    if (total <= this.width) return desired.map((d) => (d / total) * this.width);
    const floor = minimum.reduce((a, b) => a + b, 0);
    const room = Math.max(0, this.width - floor);
    const wants = desired.map((d, i) => Math.max(0, d - minimum[i]!));
    const wanted = wants.reduce((a, b) => a + b, 0) || 1;
    const widths = minimum.map((m, i) => m + (wants[i]! / wanted) * room);
    const sum = widths.reduce((a, b) => a + b, 0);
    return widths.map((w) => (w / sum) * this.width);
  }

  private table(columns: string[], rows: Cell[][]) {
    const { pdf } = this;
    if (!columns.length) return;
    const headers = columns.map(pdfText);
    const widths = this.columnWidths(headers, rows);
    const xs = widths.map((_, i) => this.left + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const inner = (i: number) => widths[i]! - 2 * CELL_PAD;
    // A column of amounts is right-aligned, its header too.
    const numeric = columns.map(
      (_, i) => rows.length > 0 && rows.every((row) => row[i] !== undefined && isAmount(row[i]!)),
    );
    const align = (i: number) => (numeric[i] ? "right" : "left");

    const headerLines = headers.map((h, i) => this.breaker.lines(h, FONT.bold, TABLE, inner(i)));
    const hh =
      Math.max(...headerLines.map((l) => l.length)) * this.lineHeight(FONT.bold, TABLE) +
      2 * CELL_PAD;
    const drawHeader = () => {
      const y = pdf.y;
      pdf.save().rect(this.left, y, this.width, hh).fill(COLOR.head).restore();
      pdf.fillColor(COLOR.text);
      headerLines.forEach((lines, i) =>
        this.drawLines(
          lines,
          xs[i]! + CELL_PAD,
          y + CELL_PAD,
          inner(i),
          FONT.bold,
          TABLE,
          align(i),
        ),
      );
      pdf.y = y + hh;
    };

    const maxRow = this.contentHeight - hh - 4;
    this.ensure(hh + 3 * TABLE);
    drawHeader();
    rows.forEach((row, r) => {
      const cells = columns.map((_, i) => row[i] ?? "");
      let lines = cells.map((cell, i) =>
        this.breaker.lines(textOf(cell), fontOf(cell), TABLE, inner(i)),
      );
      const heights = cells.map(
        (cell, i) => lines[i]!.length * this.lineHeight(fontOf(cell), TABLE),
      );
      let h = Math.max(...heights) + 2 * CELL_PAD;
      if (h > maxRow) {
        // A row taller than a page is cut to one page, with an ellipsis.
        h = maxRow;
        lines = lines.map((l, i) =>
          this.clip(
            l,
            Math.floor((maxRow - 2 * CELL_PAD) / this.lineHeight(fontOf(cells[i]!), TABLE)),
          ),
        );
      }
      if (pdf.y + h > this.maxY) {
        this.newPage();
        drawHeader();
      }
      const y = pdf.y;
      if (r % 2 === 1) pdf.save().rect(this.left, y, this.width, h).fill(COLOR.zebra).restore();
      pdf.fillColor(COLOR.text);
      cells.forEach((cell, i) =>
        this.drawLines(
          lines[i]!,
          xs[i]! + CELL_PAD,
          y + CELL_PAD,
          inner(i),
          fontOf(cell),
          TABLE,
          isAmount(cell) ? "right" : "left",
        ),
      );
      pdf
        .save()
        .lineWidth(0.4)
        .strokeColor(COLOR.rule)
        .moveTo(this.left, y + h)
        .lineTo(this.left + this.width, y + h)
        .stroke()
        .restore();
      pdf.y = y + h;
    });
    pdf.x = this.left;
  }

  private manifest(entries: ManifestEntry[]) {
    const n = entries.length;
    const intro =
      n === 0
        ? "This document cites no sources."
        : `The ${n} source${n === 1 ? "" : "s"} this document rests on, with the hash and chain-of-custody id of each where one was recorded.`;
    this.section("Source manifest", [
      { type: "paragraph", text: [intro] },
      ...(n
        ? [
            {
              type: "table" as const,
              columns: ["#", "Source", "Title and location", "Hash", "Chain of custody"],
              rows: entries.map((e, i): Cell[] => [
                { kind: "amount", text: String(i + 1) },
                `${e.source_id}\n${e.source_type}`,
                e.uri ? `${e.title}\n${e.uri}` : e.title,
                { kind: "address", text: e.hash ?? "-" },
                e.chain_of_custody_id ?? "-",
              ]),
            },
          ]
        : []),
    ]);
  }

  // ---- every page ----

  private decorate() {
    const { pdf, meta, doc } = this;
    const range = pdf.bufferedPageRange();
    const total = range.count;
    for (let i = range.start; i < range.start + total; i++) {
      pdf.switchToPage(i);
      const bottom = pdf.page.margins.bottom;
      pdf.page.margins.bottom = 0;
      const { width, height } = pdf.page;
      if (doc.draft) this.watermark(width, height);
      pdf.font(FONT.regular).fontSize(8).fillColor(COLOR.muted);
      pdf.text(pdfText(doc.title), this.left, 34, {
        width: this.width - 170,
        height: 10,
        ellipsis: true,
        lineBreak: false,
      });
      if (doc.draft) {
        pdf
          .font(FONT.bold)
          .fontSize(9)
          .fillColor(COLOR.draft)
          .text(pdfText("DRAFT — NOT APPROVED"), this.left + this.width - 160, 33, {
            width: 160,
            align: "right",
            lineBreak: false,
          });
      } else {
        pdf.text(`Redaction: ${meta.redactionProfile}`, this.left + this.width - 160, 34, {
          width: 160,
          align: "right",
          lineBreak: false,
        });
      }
      pdf
        .save()
        .lineWidth(0.5)
        .strokeColor(COLOR.rule)
        .moveTo(this.left, 48)
        .lineTo(this.left + this.width, 48)
        .stroke()
        .restore();
      const footY = height - 42;
      pdf
        .save()
        .lineWidth(0.5)
        .strokeColor(COLOR.rule)
        .moveTo(this.left, footY - 6)
        .lineTo(this.left + this.width, footY - 6)
        .stroke()
        .restore();
      pdf.font(FONT.regular).fontSize(8).fillColor(COLOR.muted);
      pdf.text(
        pdfText(`${meta.objectType} ${meta.objectId} · export ${meta.exportId}`),
        this.left,
        footY,
        {
          width: this.width - 100,
          lineBreak: false,
        },
      );
      pdf.text(`Page ${i - range.start + 1} of ${total}`, this.left + this.width - 100, footY, {
        width: 100,
        align: "right",
        lineBreak: false,
      });
      pdf.page.margins.bottom = bottom;
    }
  }

  /**
   * The diagonal DRAFT, drawn as strokes rather than text so that text extraction (search,
   * copy, screen readers) reads the page's content without stray letters; the header says
   * DRAFT in text on every page.
   */
  private watermark(width: number, height: number) {
    const { pdf } = this;
    const scale = 1.55;
    const span = WATERMARK.length * 60 + (WATERMARK.length - 1) * 22;
    pdf.save();
    pdf.rotate(-52, { origin: [width / 2, height / 2] });
    pdf.translate(width / 2 - (span * scale) / 2, height / 2 - 50 * scale);
    pdf.scale(scale);
    pdf.lineWidth(15).lineCap("round").lineJoin("round").strokeOpacity(0.1);
    WATERMARK.forEach((letter, i) => {
      pdf
        .save()
        .translate(i * 82, 0)
        .path(letter)
        .stroke(COLOR.draft)
        .restore();
    });
    pdf.restore();
  }
}

/** D, R, A, F, T as SVG paths in a 60 × 100 box. */
const WATERMARK = [
  "M0 0 L0 100 L26 100 C52 100 60 80 60 50 C60 20 52 0 26 0 Z",
  "M0 100 L0 0 L34 0 C52 0 60 11 60 26 C60 41 52 52 34 52 L0 52 M30 52 L60 100",
  "M0 100 L30 0 L60 100 M11 64 L49 64",
  "M60 0 L0 0 L0 100 M0 48 L44 48",
  "M0 0 L60 0 M30 0 L30 100",
];

/** Renders the (already redacted) document to PDF bytes. */
export function renderPdf(doc: ExportDocument, meta: PdfMeta): Promise<Uint8Array> {
  const pdf = new Renderer(doc, meta).render();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on("error", reject);
    pdf.end();
  });
}
