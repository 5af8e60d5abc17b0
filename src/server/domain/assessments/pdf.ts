import PDFDocument from 'pdfkit';
import { partScoreText, TOP_ACTIONS } from '../../../shared/assessment/part-wording';
import { fill } from '../../../shared/assessment/ui-texts';
import { pdfFonts } from './pdf-fonts';
import type { ReportView } from './report-data';
import { formatDay } from '../../../shared/dates';

/** SPEC §4: the downloadable report is titled Summary-Report (document title and file name). */
export const PDF_TITLE = 'Summary-Report';
const BAND_COLOUR = { low: '#1b7a3d', moderate: '#a35a00', high: '#b3261e' } as const;

/**
 * The report as a PDF, made on the server with pdfkit: the same content as the report page
 * (summary, overall and part scores explained, findings with recommendations and their links,
 * discomfort by body region, change since the previous attempt, earlier attempts), in the language
 * the assessment was taken in and set in a font that covers it (pdf-fonts.ts).
 */
export function renderReportPdf(report: ReportView, origin: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: report.language === 'cn' ? 'zh-CN' : report.language,
    info: { Title: PDF_TITLE, Subject: report.title, Author: 'ErgoPortal' },
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const fonts = pdfFonts(report.language);
  doc.registerFont('body', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const { result, change, texts: t } = report;
  const heading = (text: string) => {
    doc.moveDown(0.8).font('bold').fontSize(14).fillColor('#1A191C').text(text).moveDown(0.3).font('body').fontSize(10.5);
  };
  const date = (d: Date) => formatDay(d, report.language, { timeZone: 'UTC' });
  const scoreLine = (score: number, max: number, band: keyof typeof BAND_COLOUR) =>
    `${score} ${fill(t['ui.report.out_of'], { max })}: ${t[`ui.band.${band}`]}`;

  doc.font('bold').fontSize(20).fillColor('#1A191C').text(PDF_TITLE);
  doc
    .font('body')
    .fontSize(11)
    .fillColor('#444')
    .text(
      `${fill(t['ui.report.title'], { title: report.title })}: ${report.employee.first_name} ${report.employee.last_name} (${report.company})`,
    )
    .text(`${fill(t['ui.report.submitted'], { date: date(report.submitted_at) })} · ${report.status}`);

  heading(t['ui.report.overall']);
  doc
    .font('bold')
    .fontSize(16)
    .fillColor(BAND_COLOUR[result.overall.band])
    .text(
      `${scoreLine(result.overall.score, result.overall.max, result.overall.band)}${result.overall.actionNeeded ? `, ${t['ui.report.action']}` : ''}`,
    );
  doc.font('body').fontSize(10.5).fillColor('#1A191C').text(result.summary);

  if (change) {
    heading(t['ui.report.change']);
    doc
      .text(
        fill(t['ui.report.previous'], {
          before: change.previousScore,
          after: result.overall.score,
          delta: `${change.delta > 0 ? '+' : ''}${change.delta}`,
        }),
      )
      .text(change.summary);
    // Words, not an arrow: Helvetica's WinAnsi encoding has no arrow glyph (it printed as "!'").
    for (const part of change.parts)
      doc.text(`• ${part.label}: ${fill(t['ui.report.before_after'], { before: part.before, after: part.after })}`);
    // The findings' own words in the report's language, never their internal ids.
    if (change.resolvedTitles.length) doc.text(`${t['ui.report.resolved']}: ${change.resolvedTitles.join('; ')}`);
    if (change.newTitles.length) doc.text(`${t['ui.report.new']}: ${change.newTitles.join('; ')}`);
  }

  // The three most important actions first, then the other findings by priority (as on the page).
  heading(result.findings.length ? t['ui.report.top_actions'] : t['ui.report.findings']);
  if (result.findings.length === 0) doc.text(t['ui.report.no_findings']);
  for (const [index, finding] of result.findings.entries()) {
    if (index === TOP_ACTIONS) heading(t['ui.report.findings']);
    doc
      .font('bold')
      .fillColor(BAND_COLOUR[finding.severity])
      .text(`${finding.title} (${t[`ui.severity.${finding.severity}`]})`);
    doc.font('body').fillColor('#1A191C').text(finding.recommendation);
    for (const link of finding.links)
      doc.fillColor('#0645ad').text(`${link.label}: ${origin}${link.href}`, { link: `${origin}${link.href}`, underline: true });
    doc.fillColor('#1A191C').moveDown(0.4);
  }

  if (result.parts.length) {
    heading(t['ui.report.parts']);
    doc.fillColor('#444').text(t['ui.report.lower_better']).fillColor('#1A191C').moveDown(0.3);
    for (const part of result.parts) {
      doc
        .font('bold')
        .text(`${part.label}: ${partScoreText(part, (key, values) => fill(t[key], values))}`)
        .font('body')
        .fillColor('#444')
        .text(part.explanation)
        .fillColor('#1A191C')
        .moveDown(0.3);
    }
  }

  const sore = result.bodyMap.filter((r) => r.score > 0);
  if (result.bodyMap.length) {
    // Cornell Musculoskeletal Discomfort Questionnaire (Hedge, Morimoto & McCrobie 1999): 0–90 per region.
    heading(`${t['ui.report.discomfort']} (CMDQ)`);
    if (sore.length === 0) doc.text(t['ui.report.no_discomfort']);
    for (const region of [...sore].sort((a, b) => b.score - a.score)) {
      const y = doc.y;
      doc.text(`${region.label}: ${region.score}`, 50, y, { width: 200 });
      doc
        .rect(260, y + 2, Math.max(2, (region.score / 90) * 250), 8)
        .fill(region.score >= 30 ? BAND_COLOUR.high : region.score >= 10 ? BAND_COLOUR.moderate : BAND_COLOUR.low);
      doc.fillColor('#1A191C').text('', 50, y + 14);
    }
  }
  if (report.history.length > 1) {
    heading(t['ui.report.history']);
    for (const h of report.history)
      doc.text(
        `${date(h.submitted_at)}: ${scoreLine(h.score, h.max, h.band as keyof typeof BAND_COLOUR)}${h.url === report.url ? ` (${t['ui.report.this_report']})` : ''}`,
      );
  }
  doc.end();
  return done;
}
