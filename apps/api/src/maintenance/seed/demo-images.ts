/**
 * Generated demo pictures: plain SVG text, built from a name alone so that every run (and
 * every screenshot) draws the same picture. Nothing is fetched from the network.
 */

export type DemoIcon =
  | 'apple'
  | 'carrot'
  | 'meat'
  | 'bread'
  | 'milk'
  | 'cheese'
  | 'jar'
  | 'bottle'
  | 'cup'
  | 'tool'
  | 'bulb'
  | 'cross'
  | 'book'
  | 'document'
  | 'basket'
  | 'store'
  | 'tag'
  | 'pin'
  | 'news'
  | 'heart';

export interface DemoImageSpec {
  /** The main line of text, usually the product, shop or post name. */
  title: string;
  /** A smaller second line (shop name, caption...). */
  subtitle?: string;
  width: number;
  height: number;
  /** Hue 0-359 for the background; derived from the title when omitted. */
  hue?: number;
  /** A simple drawn icon; the title's initials are shown when omitted. */
  icon?: DemoIcon;
}

/** FNV-1a: a small, stable 32-bit hash of a string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A hue (0-359) that always comes out the same for the same name. */
export function hueFromName(name: string): number {
  return hashString(name) % 360;
}

/** Escape the five XML special characters so any name is safe inside SVG text and attributes. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => {
    switch (ch) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      default:
        return '&apos;';
    }
  });
}

/** Up to two initials: 'Rise & Crumb Bakery' -> 'RC'. */
export function initials(name: string): string {
  const words = name.match(/[A-Za-z0-9]+/g) ?? ['?'];
  return words
    .filter((w) => !/^(and|of|the|with|in|a)$/i.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** Greedy word wrap into at most maxLines lines of about maxChars characters, ending in '...' when cut. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  const words = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= maxChars || !current) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
    if (lines.length === maxLines) {
      const last = lines[maxLines - 1]!;
      lines[maxLines - 1] = `${last.slice(0, Math.max(1, maxChars - 3)).trimEnd()}...`;
      return lines;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** Icon outlines in a 100 x 100 box, drawn in the foreground colour over a white disc. */
const iconShapes: Record<DemoIcon, string> = {
  apple:
    '<path d="M50 30c-8-8-30-6-30 18 0 20 14 36 22 36 4 0 5-2 8-2s4 2 8 2c8 0 22-16 22-36 0-24-22-26-30-18z"/><path d="M50 30c0-8 2-14 8-18" fill="none"/><path d="M54 22c6-8 16-8 18-4-4 6-12 8-18 4z"/>',
  carrot:
    '<path d="M30 78 66 38c6-6 2-14-6-12L24 72c-2 4 2 8 6 6z"/><path d="M64 30l12-14M66 34l16-4M60 28l2-16" fill="none"/>',
  meat: '<path d="M54 62C38 70 18 58 18 38s20-26 36-22 30 18 26 32c-2 8-12 10-26 14z"/><path d="M56 60l14 14" fill="none" stroke-width="8"/><circle cx="74" cy="72" r="6"/><circle cx="70" cy="80" r="6"/>',
  bread:
    '<path d="M18 52c0-16 14-24 32-24s32 8 32 24v22H18z"/><path d="M34 40l6 10M48 38l6 10M62 40l6 10" fill="none"/>',
  milk: '<path d="M36 14h28v12l8 12v48H28V38l8-12z"/><path d="M28 50h44" fill="none"/>',
  cheese:
    '<path d="M14 66 70 30l16 8v28z"/><circle cx="40" cy="58" r="5"/><circle cx="62" cy="52" r="4"/><circle cx="72" cy="60" r="3"/>',
  jar: '<rect x="30" y="14" width="40" height="12" rx="3"/><path d="M26 30h48v50a6 6 0 0 1-6 6H32a6 6 0 0 1-6-6z"/><path d="M34 50h32" fill="none"/>',
  bottle: '<path d="M42 12h16v18l8 12v44H34V42l8-12z"/><rect x="36" y="52" width="28" height="18"/>',
  cup: '<path d="M22 38h46v24c0 12-10 22-23 22S22 74 22 62z"/><path d="M68 44h6a8 8 0 0 1 0 16h-6" fill="none"/><path d="M36 16c-4 6 4 8 0 14M50 16c-4 6 4 8 0 14" fill="none"/>',
  tool: '<path d="M22 30h40v16H22z"/><path d="M62 34h10v8H62z"/><path d="M38 46h10v40H38z"/>',
  bulb: '<path d="M50 14c-16 0-26 12-26 26 0 12 10 18 12 28h28c2-10 12-16 12-28 0-14-10-26-26-26z"/><path d="M38 76h24M40 84h20" fill="none"/>',
  cross: '<path d="M40 16h20v24h24v20H60v24H40V60H16V40h24z"/>',
  book: '<path d="M50 26C40 18 24 18 14 22v56c10-4 26-4 36 4 10-8 26-8 36-4V22c-10-4-26-4-36 4z"/><path d="M50 26v56" fill="none"/>',
  document:
    '<path d="M26 12h34l16 16v60H26z"/><path d="M60 12v16h16" fill="none"/><path d="M36 48h28M36 60h28M36 72h18" fill="none"/>',
  basket:
    '<path d="M14 44h72l-8 38H22z"/><path d="M30 44 42 20M70 44 58 20" fill="none"/><path d="M36 54v18M50 54v18M64 54v18" fill="none"/>',
  store:
    '<path d="M16 40h68v44H16z"/><path d="M12 40l8-22h60l8 22z"/><rect x="42" y="58" width="16" height="26"/><path d="M26 40v-4M40 40v-4M54 40v-4M68 40v-4" fill="none"/>',
  tag: '<path d="M48 14h36v36L48 86 14 52z"/><circle cx="70" cy="28" r="6"/>',
  pin: '<path d="M50 88S22 58 22 38a28 28 0 0 1 56 0c0 20-28 50-28 50z"/><circle cx="50" cy="38" r="10"/>',
  news: '<rect x="16" y="20" width="68" height="60" rx="4"/><rect x="24" y="28" width="24" height="20"/><path d="M54 30h22M54 40h22M24 58h52M24 68h52" fill="none"/>',
  heart:
    '<path d="M50 84S14 62 14 38c0-12 10-22 22-22 8 0 12 4 14 8 2-4 6-8 14-8 12 0 22 10 22 22 0 24-36 46-36 46z"/>',
};

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** Build one demo picture as SVG text: soft background in the hue, an icon or initials, the name. */
export function demoSvg(spec: DemoImageSpec): string {
  const { width: w, height: h } = spec;
  const hash = hashString(spec.title);
  const hue = spec.hue ?? hueFromName(spec.title);
  const background = `hsl(${hue}, 62%, 93%)`;
  const blob = `hsl(${(hue + 18) % 360}, 58%, 86%)`;
  const foreground = `hsl(${hue}, 48%, 26%)`;
  const wide = w / h > 1.4;

  // Where the badge (icon or initials) and the text go: stacked on squares, side by side on wide pictures.
  const badgeRadius = Math.round(wide ? Math.min(h * 0.28, w * 0.1) : Math.min(w, h) * 0.2);
  const badgeX = wide ? Math.round(badgeRadius * 1.6) : Math.round(w / 2);
  const badgeY = wide ? Math.round(h / 2) : Math.round(h * 0.33);
  const titleSize = Math.round(wide ? Math.min(h * 0.13, w * 0.045) : Math.min(w, h) * 0.075);
  const textX = wide ? Math.round(badgeX + badgeRadius + w * 0.05) : Math.round(w / 2);
  const anchor = wide ? 'start' : 'middle';
  const textWidth = wide ? w - textX - w * 0.06 : w * 0.84;
  // A bold system font runs to about 0.62 of its size a character on average (0.56 let "Slow-Cooked
  // Lamb Shoulder" run past a blog cover's edge).
  const maxChars = Math.max(8, Math.floor(textWidth / (titleSize * 0.62)));
  const lines = wrapText(spec.title, maxChars, 3);
  const subtitleSize = Math.round(titleSize * 0.55);
  const lineHeight = Math.round(titleSize * 1.2);
  const subtitleLines = spec.subtitle
    ? wrapText(spec.subtitle, Math.floor(maxChars * 1.7), lines.length >= 3 ? 1 : 2)
    : [];
  const blockHeight = lines.length * lineHeight + subtitleLines.length * subtitleSize * 1.4;
  const firstBaseline = wide
    ? Math.round(h / 2 - blockHeight / 2 + titleSize * 0.9)
    : Math.round(badgeY + badgeRadius + titleSize * 1.6);

  const decorations = [0, 1, 2]
    .map((i) => {
      const cx = ((hash >>> (i * 8)) % 100) / 100;
      const r = 0.18 + (((hash >>> (i * 5)) % 20) / 100) * (i + 1) * 0.5;
      return `<circle cx="${Math.round(cx * w)}" cy="${i % 2 === 0 ? 0 : h}" r="${Math.round(r * Math.max(w, h) * 0.5)}" fill="${blob}"/>`;
    })
    .join('');

  const badge = spec.icon
    ? `<g transform="translate(${badgeX - badgeRadius * 0.62} ${badgeY - badgeRadius * 0.62}) scale(${(badgeRadius * 1.24) / 100})" fill="hsl(${hue}, 60%, 80%)" stroke="${foreground}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round">${iconShapes[spec.icon]}</g>`
    : `<text x="${badgeX}" y="${Math.round(badgeY + badgeRadius * 0.28)}" text-anchor="middle" font-family="${FONT}" font-size="${Math.round(badgeRadius * 0.8)}" font-weight="700" fill="${foreground}">${escapeXml(initials(spec.title))}</text>`;

  const titleLines = lines
    .map(
      (line, i) =>
        `<text x="${textX}" y="${firstBaseline + i * lineHeight}" text-anchor="${anchor}" font-family="${FONT}" font-size="${titleSize}" font-weight="700" fill="${foreground}">${escapeXml(line)}</text>`,
    )
    .join('');
  const subtitleTop = firstBaseline + (lines.length - 1) * lineHeight + subtitleSize * 1.9;
  const subtitle = subtitleLines
    .map(
      (line, i) =>
        `<text x="${textX}" y="${Math.round(subtitleTop + i * subtitleSize * 1.3)}" text-anchor="${anchor}" font-family="${FONT}" font-size="${subtitleSize}" fill="${foreground}" opacity="0.8">${escapeXml(line)}</text>`,
    )
    .join('');

  const label = escapeXml(spec.subtitle ? `${spec.title} - ${spec.subtitle}` : spec.title);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    `<rect width="${w}" height="${h}" fill="${background}"/>`,
    decorations,
    `<circle cx="${badgeX}" cy="${badgeY}" r="${badgeRadius}" fill="#ffffff" opacity="0.85"/>`,
    badge,
    titleLines,
    subtitle,
    '</svg>',
    '',
  ].join('\n');
}
