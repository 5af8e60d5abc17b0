/**
 * The demo clients' logo and banner: the company name on a shape in the brand colours, as small SVG
 * files that pass the client image rules (SPEC §5: logo at most 400×200, banner at most 1920×600;
 * no scripts, event handlers or external references, see clients/images.ts), so an administrator
 * can open a demo client and save it unchanged.
 */
const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** White on a dark brand colour, the secondary colour on a light one (WCAG 2.x relative luminance). */
function inkOn(background: string, dark: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(background.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.3 ? dark : '#FFFFFF';
}

/** 240×80: a rounded brand-colour badge with the initial, then the name in the secondary colour. */
export function demoLogoSvg(name: string, primary: string, secondary: string): string {
  const n = escapeXml(name);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80" width="240" height="80" role="img" aria-label="${n}">` +
    `<rect x="4" y="12" width="56" height="56" rx="14" fill="${primary}"/>` +
    `<text x="32" y="52" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="32" font-weight="700" fill="${inkOn(primary, secondary)}">${escapeXml(name.charAt(0))}</text>` +
    `<text x="72" y="51" font-family="Helvetica, Arial, sans-serif" font-size="26" font-weight="700" fill="${secondary}">${n}</text></svg>`
  );
}

/** 1200×300: the primary colour with a secondary-colour wave and a welcome line for the employee home page. */
export function demoBannerSvg(name: string, primary: string, secondary: string): string {
  const n = escapeXml(name);
  const ink = inkOn(primary, secondary);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 300" width="1200" height="300" role="img" aria-label="${n} wellbeing at work">` +
    `<rect width="1200" height="300" fill="${primary}"/>` +
    `<path d="M0 230 C300 180 700 290 1200 200 L1200 300 L0 300 Z" fill="${secondary}" fill-opacity="0.85"/>` +
    `<text x="60" y="130" font-family="Helvetica, Arial, sans-serif" font-size="56" font-weight="700" fill="${ink}">${n}</text>` +
    `<text x="60" y="180" font-family="Helvetica, Arial, sans-serif" font-size="28" fill="${ink}">Comfortable, healthy work, wherever you work</text></svg>`
  );
}
