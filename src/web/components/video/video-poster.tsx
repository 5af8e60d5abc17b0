import { useT } from '../../i18n/texts';

/** Category → poster colours (contrast of white text ≥ 4.5:1 on each, WCAG 1.4.3). */
const COLOURS: Record<string, string> = {
  'Workstation set-up': '#1f4e79',
  'Stretches and movement': '#2e6b30',
  'Eyes and screens': '#6b3fa0',
  'Lab work': '#8a4b08',
  'Dashboard tutorials': '#1A191C',
};

/** Splits a title into at most three lines of about 28 characters for the SVG card. */
function lines(title: string): string[] {
  const out: string[] = [];
  for (const word of title.split(/\s+/)) {
    const last = out[out.length - 1];
    if (last !== undefined && (last + ' ' + word).length <= 28) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out.length > 3 ? [...out.slice(0, 2), `${out[2]}…`] : out;
}

/**
 * A poster drawn locally as SVG, so nothing is fetched from the video host before the viewer
 * chooses to play (privacy: no third-party request, cookie or tracking on page load).
 */
export function VideoPoster({ title, category, host }: { title: string; category: string; host: string }) {
  const colour = COLOURS[category] ?? '#1A191C';
  const t = useT();
  return (
    <svg viewBox="0 0 320 180" className="video-poster" aria-hidden="true" focusable="false">
      <rect width="320" height="180" rx="8" fill={colour} />
      <circle cx="270" cy="40" r="70" fill="#ffffff" opacity="0.08" />
      <text x="20" y="32" fill="#ffffff" fontSize="12" fontWeight="600" letterSpacing="1">
        {category.toUpperCase()}
      </text>
      {lines(title).map((line, i) => (
        <text key={i} x="20" y={70 + i * 22} fill="#ffffff" fontSize="18" fontWeight="700">
          {line}
        </text>
      ))}
      <circle cx="276" cy="142" r="24" fill="#FF9500" />
      <path d="M268 130 L290 142 L268 154 Z" fill="#1A191C" />
      <text x="20" y="160" fill="#ffffff" fontSize="11">
        {t('video.plays_from', { host })}
      </text>
    </svg>
  );
}
