import { contentTypeOf, type ObjectStore } from '../../lib/storage/object-store';
import { type DemoIcon, demoSvg } from './demo-images';

/** Picture kinds, their folder under uploads/demo/ and their size in pixels. */
export const imageKinds = {
  products: { width: 600, height: 600 },
  logos: { width: 600, height: 600 },
  categories: { width: 600, height: 600 },
  brands: { width: 600, height: 600 },
  offers: { width: 600, height: 600 },
  banners: { width: 1600, height: 500 },
  slides: { width: 1600, height: 500 },
  'slides-mobile': { width: 800, height: 800 },
  pages: { width: 1600, height: 500 },
  blog: { width: 1200, height: 630 },
  deals: { width: 1200, height: 630 },
  site: { width: 600, height: 600 },
} as const;
export type ImageKind = keyof typeof imageKinds;

export interface ImageOptions {
  title: string;
  subtitle?: string;
  hue?: number;
  icon?: DemoIcon;
  /** Overrides the kind's size (e.g. the wide site logo). */
  width?: number;
  height?: number;
}

/**
 * Collects the files the demo data refers to (pictures and digital downloads) while the rows
 * are built, then writes them all at once. Each picture's URL is returned straight away.
 */
export class DemoFiles {
  /** Path relative to DATA_DIR -> file content. */
  private readonly files = new Map<string, string>();

  /** Register a picture; returns its public URL '/uploads/demo/<kind>/<slug>.svg'. */
  image(kind: ImageKind, slug: string, options: ImageOptions): string {
    const size = imageKinds[kind];
    const relative = `uploads/demo/${kind}/${slug}.svg`;
    this.files.set(
      relative,
      demoSvg({
        title: options.title,
        subtitle: options.subtitle,
        hue: options.hue,
        icon: options.icon,
        width: options.width ?? size.width,
        height: options.height ?? size.height,
      }),
    );
    return `/${relative}`;
  }

  /** Register a digital download; returns its path relative to DATA_DIR ('digital/<slug>.pdf'). */
  pdf(slug: string, title: string, lines: string[]): string {
    const relative = `digital/${slug}.pdf`;
    this.files.set(relative, minimalPdf(title, lines));
    return relative;
  }

  /** The size in bytes of a registered file, as writeAll writes it. */
  byteLength(relative: string): number {
    const content = this.files.get(relative);
    if (content === undefined) throw new Error(`No demo file ${relative}`);
    return Buffer.byteLength(content, relative.endsWith('.pdf') ? 'latin1' : 'utf8');
  }

  get size(): number {
    return this.files.size;
  }

  /** Write every registered file into the object store, under its path as key (DATA_DIR on local disk). */
  async writeAll(store: ObjectStore): Promise<void> {
    const entries = [...this.files];
    // A few at a time: a bucket over the network takes each PUT in a round trip.
    for (let at = 0; at < entries.length; at += 16) {
      await Promise.all(
        entries.slice(at, at + 16).map(([relative, content]) =>
          store.put(relative, Buffer.from(content, relative.endsWith('.pdf') ? 'latin1' : 'utf8'), {
            contentType: contentTypeOf(relative),
          }),
        ),
      );
    }
  }
}

/** PDF strings hold printable ASCII only here; parentheses and backslashes are escaped. */
function pdfText(text: string): string {
  return text
    .replace(/£/g, 'GBP ')
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[\\()]/g, (ch) => `\\${ch}`);
}

/**
 * A small but valid one-page A4 PDF (Helvetica text, correct cross-reference offsets), written
 * by hand so the demo's digital products have a real file to download.
 */
export function minimalPdf(title: string, lines: string[]): string {
  const body = [
    'BT',
    '/F1 22 Tf',
    '72 760 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 12 Tf',
    '0 -20 Td',
    ...lines.flatMap((line) => ['0 -18 Td', `(${pdfText(line)}) Tj`]),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${body.length} >>\nstream\n${body}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\n`;
  pdf += `startxref\n${xrefOffset}\n%%EOF\n`;
  return pdf;
}
